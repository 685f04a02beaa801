package web

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"adiukh/api/core"
	"adiukh/api/web/accounts"
	"adiukh/api/web/checkin"
	"adiukh/api/web/composition"
	"adiukh/api/web/desk"
	"adiukh/api/web/entries"
	"adiukh/api/web/events"
	"adiukh/api/web/hall"
	"adiukh/api/web/kit"
	"adiukh/api/web/people"
	"adiukh/api/web/play"
	"adiukh/api/web/playoffs"
	"adiukh/api/web/ratings"
	"adiukh/api/web/relay"
	"adiukh/api/web/teams"
	"adiukh/static"
	"adiukh/tournament"
)

// Register adds the HTML pages to r over one kit, and answers an address
// no route has; their errors are answered as pages. Each area registers
// its own routes: this package serves none itself.
func Register(s *core.Server, r *gin.Engine) {
	k := kit.New(s)
	staticFS := http.FileServerFS(static.FS)
	r.GET("/static/*file", func(c *gin.Context) {
		c.Header("Cache-Control", "public, max-age=3600")
		c.Request.URL.Path = c.Param("file")
		staticFS.ServeHTTP(c.Writer, c.Request)
	})

	r.NoRoute(kit.SecurityHeaders, func(c *gin.Context) {
		k.Fail(c, tournament.NotFound("there is no page at %s", c.Request.URL.Path))
	})

	g := r.Group("", kit.SecurityHeaders, k.SessionUser)

	m := g.Group("", kit.RequireSignIn)
	events.Routes(k, g, m)
	accounts.Routes(k, g, m)
	people.Routes(k, g, m)
	ratings.Routes(k, g, m)
	desk.Routes(k, g, m)
	teams.Routes(k, g, m)
	play.Routes(k, g, m)
	composition.Routes(k, g, m)
	entries.Routes(k, g, m)
	playoffs.Routes(k, g, m)
	checkin.Routes(k, g, m)
	hall.Routes(k, g, m)
	relay.Routes(k, g, m)
}
