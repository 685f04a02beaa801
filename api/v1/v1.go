package v1

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"adiukh/api/core"
	"adiukh/api/v1/correspondence"
	"adiukh/api/v1/entries"
	"adiukh/api/v1/kit"
	"adiukh/api/v1/people"
	"adiukh/api/v1/ratings"
	"adiukh/api/v1/shapes"
	"adiukh/api/v1/submissions"
	"adiukh/api/v1/teams"
	"adiukh/tournament"
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
	g.POST("/tokens", h.JSON(h.postToken))
	g.GET("/tiebreaks", h.JSON(h.getTieBreaks))
	g.GET("/events", h.JSON(h.getEvents))
	g.GET("/search", h.JSON(h.getSearch))
	g.GET("/events/:id", h.EventJSON(h.JSON(h.getEvent)))
	g.GET("/events/:id/players", h.EventJSON(h.JSON(h.getPlayers)))
	g.GET("/events/:id/rounds", h.EventJSON(h.JSON(h.getRounds)))
	g.GET("/events/:id/rounds/:n", h.EventJSON(h.JSON(h.getRound)))
	g.GET("/events/:id/standings", h.EventJSON(h.JSON(h.getStandings), "round"))
	g.GET("/events/:id/crosstable", h.EventJSON(h.JSON(h.getCrosstable)))
	h.routesExports(g)

	w := g.Group("", h.RequireUser)
	w.GET("/me", h.JSON(h.getMe))
	h.accountRoutesV1(w)
	h.usersRoutesV1(w)
	w.GET("/events/:id/audit", h.JSON(h.getAudit))
	w.POST("/events", h.JSON(h.postEvent))
	w.PATCH("/events/:id", h.JSON(h.patchEvent))
	w.POST("/events/:id/players", h.JSON(h.postPlayer))
	w.PATCH("/events/:id/players/:pid", h.JSON(h.patchPlayer))
	w.DELETE("/events/:id/players/:pid", h.JSON(h.deletePlayer))
	w.POST("/events/:id/players/renumber", h.JSON(h.postRenumber))
	w.POST("/events/:id/players/bulk", h.JSON(h.postPlayers))
	w.POST("/events/:id/rounds", h.JSON(h.postRound))
	w.POST("/events/:id/rounds/:n/publish", h.JSON(h.postPublish))
	w.PUT("/events/:id/rounds/:n/start", h.JSON(h.putRoundStart))
	w.DELETE("/events/:id/rounds/:n", h.JSON(h.deleteRound))
	w.PUT("/events/:id/rounds/:n/games/:board/result", h.JSON(h.putResult))
	teams.Routes(k, g, w)
	submissions.Routes(k, w)
	h.swissRoutesV1(g, w)
	correspondence.Routes(k, g, w)
	h.compositionRoutesV1(g, w)
	h.solvingRoutesV1(g, w)
	entries.Routes(k, w)
	h.regulationsRoutesV1(g, w)
	h.openingsRoutesV1(g, w)
	people.Routes(k, g, w)
	ratings.Routes(k, g, w)
}

func (h *handler) getMe(c *gin.Context) error {
	c.JSON(http.StatusOK, meView(tournament.UserFromContext(c.Request.Context())))
	return nil
}

// meView is the reader's own account as the API shows it: name is how
// it is shown, surname first when the name is in parts.
func meView(u *tournament.User) meAccountView {
	return meAccountView{ID: u.ID, Email: u.Email, Name: u.Name, Surname: u.Surname, GivenNames: u.GivenNames,
		Patronymic: u.Patronymic, Sex: u.Sex, Role: u.Role, Locale: u.Locale}
}

func (h *handler) getTieBreaks(c *gin.Context) error {
	c.JSON(http.StatusOK, shapes.TieBreaksView{TieBreaks: shapes.TieBreakViews(h.Events.TieBreaks())})
	return nil
}
