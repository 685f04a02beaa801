// Package events is the area of the pages of events as their readers see
// them: the list of events, search, one event's pairings, standings,
// crosstable, games and players' cards, its regulations and micro-match
// openings, the calendar and its iCalendar feeds, and the reader's own
// page with what they follow.
package events

import (
	"github.com/gin-gonic/gin"

	"adiukh/api/web/kit"
)

// handler serves the pages of events over the shared kit.
type handler struct {
	*kit.Kit
}

// Routes registers the pages of events: public to every reader, signedIn
// behind the sign-in gate.
func Routes(k *kit.Kit, public, signedIn gin.IRoutes) {
	h := &handler{Kit: k}
	public.GET("/search", h.Page(h.searchPage))

	// The signed-in player's own page and following events, players and
	// people.
	signedIn.GET("/my", h.Page(h.myPage))
	signedIn.POST("/events/:id/follow", h.Page(h.followEvent))
	signedIn.POST("/events/:id/players/:pid/follow", h.Page(h.followPlayer))
	signedIn.POST("/people/:pid/follow", h.Page(h.followPerson))
}
