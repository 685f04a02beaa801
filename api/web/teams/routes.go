// Package teams is the area of the pages of team events' arbiters: the
// team forms of the desk (the number of boards, the teams and their
// rosters, the team scoring, a withdrawal) and the line-ups of a round's
// matches.
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
	signedIn.POST("/events/:id/teams", h.Page(h.addTeam))
	signedIn.POST("/events/:id/team-settings", h.Page(h.setTeamBoards))
	signedIn.POST("/events/:id/team-scoring", h.Page(h.setTeamScoring))
	signedIn.POST("/events/:id/teams/:team", h.Page(h.editTeam))
	signedIn.POST("/events/:id/teams/:team/players", h.Page(h.addReserve))
	signedIn.POST("/events/:id/teams/:team/remove", h.Page(h.removeTeam))
	signedIn.POST("/events/:id/teams/:team/withdraw", h.Page(h.withdrawTeam))
	signedIn.POST("/events/:id/teams/:team/reinstate", h.Page(h.reinstateTeam))
	signedIn.POST("/events/:id/players/:pid/team", h.Page(h.moveToTeam))
	signedIn.GET("/events/:id/rounds/:n/lineups", h.Page(h.lineupsPage))
	signedIn.POST("/events/:id/rounds/:n/lineups/:team", h.Page(h.setLineup))
}
