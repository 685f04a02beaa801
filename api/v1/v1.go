package api

import (
	"net/http"
	"strconv"

	"github.com/gin-gonic/gin"

	"adiukh/tournament"
)

// routesV1 registers the JSON API. Reads go to anyone (the service hides
// private events); writes need an API token.
func (h *handler) routesV1(g *gin.RouterGroup) {
	g.Use(h.bearerAuth)
	g.POST("/tokens", h.jsonHandler(h.postToken))
	g.GET("/tiebreaks", h.jsonHandler(h.getTieBreaks))
	g.GET("/events", h.jsonHandler(h.getEvents))
	g.GET("/search", h.jsonHandler(h.getSearch))
	g.GET("/events/:id", h.cached, h.jsonHandler(h.getEvent))
	g.GET("/events/:id/players", h.cached, h.jsonHandler(h.getPlayers))
	g.GET("/events/:id/rounds", h.cached, h.jsonHandler(h.getRounds))
	g.GET("/events/:id/rounds/:n", h.cached, h.jsonHandler(h.getRound))
	g.GET("/events/:id/standings", h.cached, h.jsonHandler(h.getStandings))
	g.GET("/events/:id/crosstable", h.cached, h.jsonHandler(h.getCrosstable))
	h.routesExports(g)

	w := g.Group("", h.requireUser)
	w.GET("/me", h.jsonHandler(h.getMe))
	h.accountRoutesV1(w)
	h.usersRoutesV1(w)
	w.GET("/events/:id/audit", h.jsonHandler(h.getAudit))
	w.POST("/events", h.jsonHandler(h.postEvent))
	w.PATCH("/events/:id", h.jsonHandler(h.patchEvent))
	w.POST("/events/:id/players", h.jsonHandler(h.postPlayer))
	w.PATCH("/events/:id/players/:pid", h.jsonHandler(h.patchPlayer))
	w.DELETE("/events/:id/players/:pid", h.jsonHandler(h.deletePlayer))
	w.POST("/events/:id/players/renumber", h.jsonHandler(h.postRenumber))
	w.POST("/events/:id/players/bulk", h.jsonHandler(h.postPlayers))
	w.POST("/events/:id/rounds", h.jsonHandler(h.postRound))
	w.POST("/events/:id/rounds/:n/publish", h.jsonHandler(h.postPublish))
	w.DELETE("/events/:id/rounds/:n", h.jsonHandler(h.deleteRound))
	w.PUT("/events/:id/rounds/:n/games/:board/result", h.jsonHandler(h.putResult))
	w.POST("/events/:id/rounds/:n/sheets", h.jsonHandler(h.postSheets))
	h.teamRoutesV1(g, w)
	h.reviewRoutesV1(w)
	h.swissRoutesV1(g, w)
	h.correspondenceRoutesV1(g, w)
	h.compositionRoutesV1(g, w)
	h.solvingRoutesV1(g, w)
}

// pathInt reads a positive whole-number path parameter.
func pathInt(c *gin.Context, name string) (int64, error) {
	v, err := strconv.ParseInt(c.Param(name), 10, 64)
	if err != nil || v <= 0 {
		return 0, tournament.Invalid(name, "%q in the path is not a positive whole number", c.Param(name))
	}
	return v, nil
}

// pathInts reads several path parameters, stopping at the first bad one.
func pathInts(c *gin.Context, names ...string) ([]int64, error) {
	values := make([]int64, len(names))
	for i, name := range names {
		v, err := pathInt(c, name)
		if err != nil {
			return nil, err
		}
		values[i] = v
	}
	return values, nil
}

func (h *handler) getMe(c *gin.Context) error {
	c.JSON(http.StatusOK, meView(tournament.UserFromContext(c.Request.Context())))
	return nil
}

// meView is the reader's own account as the API shows it.
func meView(u *tournament.User) gin.H {
	return gin.H{"id": u.ID, "email": u.Email, "name": u.Name, "role": u.Role, "locale": u.Locale}
}

type tieBreakView struct {
	ID     string `json:"id"`
	NameRU string `json:"name_ru"`
	NameEN string `json:"name_en"`
}

func tieBreakViews(tbs []tournament.TieBreakInfo) []tieBreakView {
	views := make([]tieBreakView, len(tbs))
	for i, tb := range tbs {
		views[i] = tieBreakView{tb.ID, tb.NameRU, tb.NameEN}
	}
	return views
}

func (h *handler) getTieBreaks(c *gin.Context) error {
	c.JSON(http.StatusOK, gin.H{"tiebreaks": tieBreakViews(h.Events.TieBreaks())})
	return nil
}

// queryInt reads an optional whole-number query parameter.
func queryInt(c *gin.Context, name string) (int, error) {
	s := c.Query(name)
	if s == "" {
		return 0, nil
	}
	v, err := strconv.Atoi(s)
	if err != nil {
		return 0, tournament.Invalid(name, "%q is not a whole number", s)
	}
	return v, nil
}
