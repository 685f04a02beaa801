package web

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"adiukh/api/core"
	"adiukh/api/web/accounts"
	"adiukh/api/web/composition"
	"adiukh/api/web/desk"
	"adiukh/api/web/entries"
	"adiukh/api/web/events"
	"adiukh/api/web/kit"
	"adiukh/api/web/people"
	"adiukh/api/web/play"
	"adiukh/api/web/ratings"
	"adiukh/api/web/teams"
	"adiukh/static"
	"adiukh/tournament"
)

// handler serves the pages not yet moved to an area package over the
// shared kit.
type handler struct {
	*kit.Kit
}

// Register adds the HTML pages to r; their errors are answered as pages.
// Each area registers its own routes over the one kit.
func Register(s *core.Server, r *gin.Engine) {
	h := &handler{Kit: kit.New(s)}
	h.routes(r)
}

// routes registers the HTML pages, and answers an address no route has.
func (h *handler) routes(r *gin.Engine) {
	staticFS := http.FileServerFS(static.FS)
	r.GET("/static/*file", func(c *gin.Context) {
		c.Header("Cache-Control", "public, max-age=3600")
		c.Request.URL.Path = c.Param("file")
		staticFS.ServeHTTP(c.Writer, c.Request)
	})

	r.NoRoute(kit.SecurityHeaders, func(c *gin.Context) {
		h.Fail(c, tournament.NotFound("there is no page at %s", c.Request.URL.Path))
	})

	g := r.Group("", kit.SecurityHeaders, h.SessionUser)

	m := g.Group("", kit.RequireSignIn)
	events.Routes(h.Kit, g, m)
	accounts.Routes(h.Kit, g, m)
	people.Routes(h.Kit, g, m)
	ratings.Routes(h.Kit, g, m, h.EventReader)
	desk.Routes(h.Kit, g, m)
	m.POST("/events/:id/teams", h.Page(h.addTeam))
	m.POST("/events/:id/team-settings", h.Page(h.setTeamBoards))
	m.POST("/events/:id/team-scoring", h.Page(h.setTeamScoring))
	m.POST("/events/:id/teams/:team", h.Page(h.editTeam))
	m.POST("/events/:id/teams/:team/players", h.Page(h.addReserve))
	m.POST("/events/:id/teams/:team/remove", h.Page(h.removeTeam))
	m.POST("/events/:id/teams/:team/withdraw", h.Page(h.withdrawTeam))
	m.POST("/events/:id/teams/:team/reinstate", h.Page(h.reinstateTeam))
	m.POST("/events/:id/players/:pid/team", h.Page(h.moveToTeam))
	teams.Routes(h.Kit, g, m)
	play.Routes(h.Kit, g, m)
	composition.Routes(h.Kit, g, m)
	entries.Routes(h.Kit, g, m)
}
