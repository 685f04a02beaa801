// Package hall is the area of an event's hall for its readers (issue 67):
// the hall page of the round (every board with its players and result, a
// multiboard), the hall screen for a projector (big boards in pages that
// rotate, the pairings by name, the round's timer) and a board's page.
// The pages follow the hall's stream (static/hall.js) as a live game's
// page follows its game's.
package hall

import (
	"github.com/gin-gonic/gin"

	"adiukh/api/web/kit"
)

// handler serves the hall's pages over the shared kit.
type handler struct {
	*kit.Kit
}

// Routes registers the hall's pages, public to every reader who may read
// the event. None is kept in the page cache: the timer reads the clock.
func Routes(k *kit.Kit, public, _ gin.IRoutes) {
	h := &handler{Kit: k}
	public.GET("/events/:id/hall", h.Page(h.hallPage))
	public.GET("/events/:id/hall/screen", h.Page(h.screenPage))
	public.GET("/events/:id/hall/rounds/:n/boards/:board", h.Page(h.boardPage))
}
