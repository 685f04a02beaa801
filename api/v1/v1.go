package v1

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"adiukh/api/core"
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
	w := g.Group("", h.RequireUser)
	events.Routes(k, g, w)
	rounds.Routes(k, g, w)
	exports.Routes(k, g)
	w.GET("/me", h.JSON(h.getMe))
	h.accountRoutesV1(w)
	h.usersRoutesV1(w)
	teams.Routes(k, g, w)
	submissions.Routes(k, w)
	correspondence.Routes(k, g, w)
	h.compositionRoutesV1(g, w)
	h.solvingRoutesV1(g, w)
	entries.Routes(k, w)
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
