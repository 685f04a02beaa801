// Package teams is the area of the pages of team events' arbiters: the
// line-ups of a round's matches.
package teams

import (
	"github.com/gin-gonic/gin"

	"adiukh/api/web/kit"
)

// handler serves the team pages over the shared kit.
type handler struct {
	*kit.Kit
}

// Routes registers the team pages, all behind the sign-in gate (signedIn);
// public has none of them.
func Routes(k *kit.Kit, public, signedIn gin.IRoutes) {
	h := &handler{Kit: k}
	signedIn.GET("/events/:id/rounds/:n/lineups", h.Page(h.lineupsPage))
	signedIn.POST("/events/:id/rounds/:n/lineups/:team", h.Page(h.setLineup))
}
