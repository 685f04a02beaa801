// Package events is the area of the pages of events as their readers see
// them: the list of events, search, one event's pairings, standings,
// crosstable (a team event's too), a knockout's bracket, games and players' cards, its
// regulations and micro-match openings, the calendar and its iCalendar
// feeds, and the reader's own page with what they follow.
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
	public.GET("/", h.Page(h.eventsPage))
	public.GET("/search", h.Page(h.searchPage))
	public.GET("/events/:id", h.EventPage(h.EventReader, h.eventOrICS, "round", "page"))
	public.GET("/events/:id/standings", h.EventPage(h.EventReader, h.standingsPage, "round", "page"))
	public.GET("/events/:id/crosstable", h.EventPage(h.EventReader, h.crosstablePage, "round", "page"))
	public.GET("/events/:id/knockout", h.EventPage(h.EventReader, h.knockoutPage))
	signedIn.POST("/events/:id/knockout/games", h.Page(h.enterKnockoutGame))
	signedIn.POST("/events/:id/knockout/lots", h.Page(h.decideKnockoutLot))
	signedIn.POST("/events/:id/knockout/ties/lot", h.Page(h.decideTieLot))
	signedIn.POST("/events/:id/knockout/sheets", h.Page(h.submitKnockoutSheet))
	public.GET("/events/:id/knockout/:n/:board/games/:number", h.EventPage(h.EventReader, h.knockoutGamePage))
	public.GET("/events/:id/players/:pid", h.EventPage(h.playerReader, h.playerPage))
	public.GET("/events/:id/rounds/:n/boards/:board", h.EventPage(h.EventReader, h.gamePage, "game"))

	// The signed-in player's own page and following events, players and
	// people.
	signedIn.GET("/my", h.Page(h.myPage))
	signedIn.POST("/events/:id/follow", h.Page(h.followEvent))
	signedIn.POST("/events/:id/players/:pid/follow", h.Page(h.followPlayer))
	signedIn.POST("/people/:pid/follow", h.Page(h.followPerson))

	// An event's regulations: the PDF for everyone who may read the
	// event, its upload and removal at the desk.
	public.GET("/events/:id/regulations.pdf", h.Page(h.RegulationsPDF))
	signedIn.POST("/events/:id/regulations", h.Page(h.uploadRegulations))
	h.ReshowTooLarge("/events/:id/regulations", h.regulationsTooLarge)
	signedIn.POST("/events/:id/regulations/remove", h.Page(h.removeRegulations))

	// A micro-match event's table of openings and the result of one game
	// of a micro-match.
	public.GET("/events/:id/openings", h.EventPage(h.EventReader, h.openingsPage))
	signedIn.POST("/events/:id/openings", h.Page(h.loadOpenings))
	signedIn.POST("/events/:id/openings/reset", h.Page(h.resetOpenings))
	signedIn.POST("/events/:id/rounds/:n/micro", h.Page(h.enterMicroGame))

	// The calendar page and its iCalendar feed. The feed is kept in the
	// page cache: the data alone decides it. The page is not, since it
	// tells whether entries are open, which a deadline passing changes
	// without any write.
	public.GET("/calendar", h.Page(h.calendarPage))
	public.GET("/calendar.ics", h.Cached("game", "discipline", "city", "region", "month", "open"), h.Page(h.calendarICS))

	// The personal calendar feed, which calendar programs fetch without
	// signing in (its token is its key); the account page makes and
	// revokes its address.
	public.GET("/my.ics", h.Page(h.myICS))
}
