package v1

import (
	"github.com/gin-gonic/gin"

	"adiukh/api/core"
	"adiukh/api/v1/accounts"
	"adiukh/api/v1/checkin"
	"adiukh/api/v1/composition"
	"adiukh/api/v1/correspondence"
	"adiukh/api/v1/entries"
	"adiukh/api/v1/events"
	"adiukh/api/v1/exports"
	"adiukh/api/v1/hall"
	"adiukh/api/v1/kit"
	"adiukh/api/v1/knockout"
	"adiukh/api/v1/people"
	"adiukh/api/v1/playoffs"
	"adiukh/api/v1/ratings"
	"adiukh/api/v1/relay"
	"adiukh/api/v1/rounds"
	"adiukh/api/v1/submissions"
	"adiukh/api/v1/teams"
)

// Register adds the JSON API to g (mounted at /api/v1), each area registering
// its own routes over the kit they share. Reads go to anyone (the service
// hides private events); writes need an API token.
func Register(s *core.Server, g *gin.RouterGroup) {
	k := kit.New(s)
	g.Use(k.BearerAuth)
	w := g.Group("", k.RequireUser)
	accounts.Routes(k, g, w)
	events.Routes(k, g, w)
	rounds.Routes(k, g, w)
	checkin.Routes(k, g, w)
	knockout.Routes(k, g, w)
	hall.Routes(k, g)
	exports.Routes(k, g)
	teams.Routes(k, g, w)
	submissions.Routes(k, w)
	correspondence.Routes(k, g, w)
	composition.Routes(k, g, w)
	entries.Routes(k, w)
	people.Routes(k, g, w)
	ratings.Routes(k, g, w)
	playoffs.Routes(k, g, w)
	relay.Routes(k, g, w)
}
