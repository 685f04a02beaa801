package v1

import (
	"github.com/gin-gonic/gin"

	"adiukh/api/core"
	"adiukh/api/v1/accounts"
	"adiukh/api/v1/correspondence"
	"adiukh/api/v1/entries"
	"adiukh/api/v1/events"
	"adiukh/api/v1/exports"
	"adiukh/api/v1/kit"
	"adiukh/api/v1/people"
	"adiukh/api/v1/ratings"
	"adiukh/api/v1/rounds"
	"adiukh/api/v1/submissions"
	"adiukh/api/v1/teams"
)

// handler serves the areas not yet in packages of their own, over the kit
// every area shares.
type handler struct {
	*kit.Kit
}

// Register adds the JSON API to g (mounted at /api/v1). Reads go to anyone
// (the service hides private events); writes need an API token.
func Register(s *core.Server, g *gin.RouterGroup) {
	k := kit.New(s)
	h := &handler{Kit: k}
	g.Use(h.BearerAuth)
	w := g.Group("", h.RequireUser)
	accounts.Routes(k, g, w)
	events.Routes(k, g, w)
	rounds.Routes(k, g, w)
	exports.Routes(k, g)
	teams.Routes(k, g, w)
	submissions.Routes(k, w)
	correspondence.Routes(k, g, w)
	h.compositionRoutesV1(g, w)
	h.solvingRoutesV1(g, w)
	entries.Routes(k, w)
	people.Routes(k, g, w)
	ratings.Routes(k, g, w)
}
