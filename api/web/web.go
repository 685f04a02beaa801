package web

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"adiukh/api/core"
	"adiukh/api/web/accounts"
	"adiukh/api/web/composition"
	"adiukh/api/web/kit"
	"adiukh/api/web/play"
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
	g.GET("/", h.Page(h.eventsPage))
	g.GET("/search", h.Page(h.searchPage))
	g.GET("/events/:id", h.EventPage(h.eventReader, h.eventOrICS, "round", "page"))
	g.GET("/events/:id/standings", h.EventPage(h.eventReader, h.standingsPage, "round", "page"))
	g.GET("/events/:id/crosstable", h.EventPage(h.eventReader, h.crosstablePage, "round", "page"))
	g.GET("/events/:id/players/:pid", h.EventPage(h.playerReader, h.playerPage))
	g.GET("/events/:id/rounds/:n/boards/:board", h.EventPage(h.eventReader, h.gamePage, "game"))

	m := g.Group("", kit.RequireSignIn)
	accounts.Routes(h.Kit, g, m)
	h.myRoutesWeb(m)
	h.regulationsRoutesWeb(g, m)
	h.micromatchRoutesWeb(g, m)
	h.peopleRoutesWeb(g, m)
	h.peopleMergesRoutesWeb(m)
	h.peopleClaimsRoutesWeb(m)
	h.peoplePhotosRoutesWeb(g, m)
	h.peopleMatchesRoutesWeb(m)
	h.ratingsRoutesWeb(g, m)
	m.GET("/manage/events/new", h.Page(h.newEventPage))
	m.POST("/manage/events", h.Page(h.createEvent))
	m.GET("/events/:id/manage", h.Page(h.managePage))
	m.POST("/events/:id/settings", h.Page(h.updateSettings))
	m.POST("/events/:id/players", h.Page(h.addPlayer))
	m.POST("/events/:id/players/csv", h.Page(h.addPlayersCSV))
	m.POST("/events/:id/teams", h.Page(h.addTeam))
	m.POST("/events/:id/team-settings", h.Page(h.setTeamBoards))
	m.POST("/events/:id/team-scoring", h.Page(h.setTeamScoring))
	m.POST("/events/:id/teams/:team", h.Page(h.editTeam))
	m.POST("/events/:id/teams/:team/players", h.Page(h.addReserve))
	m.POST("/events/:id/teams/:team/remove", h.Page(h.removeTeam))
	m.POST("/events/:id/teams/:team/withdraw", h.Page(h.withdrawTeam))
	m.POST("/events/:id/teams/:team/reinstate", h.Page(h.reinstateTeam))
	m.POST("/events/:id/players/:pid/team", h.Page(h.moveToTeam))
	m.GET("/events/:id/rounds/:n/lineups", h.Page(h.lineupsPage))
	m.POST("/events/:id/rounds/:n/lineups/:team", h.Page(h.setLineup))
	m.POST("/events/:id/players/:pid/withdraw", h.Page(h.withdrawPlayer))
	m.POST("/events/:id/players/:pid/reinstate", h.Page(h.reinstatePlayer))
	m.POST("/events/:id/rounds", h.Page(h.pairRound))
	m.POST("/events/:id/rounds/:n/publish", h.Page(h.publishRound))
	m.POST("/events/:id/live/start-position", h.Page(h.saveLiveStart))
	m.POST("/events/:id/rounds/:n/start", h.Page(h.setRoundStart))
	m.POST("/events/:id/rounds/:n/swap", h.Page(h.swapSeats))
	m.POST("/events/:id/rounds/:n/delete", h.Page(h.deleteDraftRound))
	m.POST("/events/:id/rounds/:n/unpublish", h.Page(h.unpublishRound))
	m.POST("/events/:id/players/:pid/remove", h.Page(h.removePlayer))
	m.GET("/events/:id/players/:pid/edit", h.Page(h.playerEditPage))
	m.POST("/events/:id/players/:pid/edit", h.Page(h.savePlayer))
	m.GET("/events/:id/rounds/:n/results", h.Page(h.resultsPage))
	m.POST("/events/:id/rounds/:n/results", h.Page(h.enterResult))
	m.POST("/events/:id/rounds/:n/sheets", h.Page(h.enterSheets))
	m.GET("/events/:id/rounds/:n/boards/:board/edit", h.Page(h.gameEditPage))
	m.POST("/events/:id/rounds/:n/boards/:board/edit", h.Page(h.saveGame))
	m.POST("/events/:id/finish", h.Page(h.finishEvent))
	m.POST("/events/:id/cancel", h.Page(h.cancelEvent))
	m.POST("/events/:id/reopen", h.Page(h.reopenEvent))
	m.GET("/manage/time-control", h.Page(h.timeControlCheck))
	m.GET("/events/:id/audit", h.Page(h.auditPage))
	m.GET("/events/:id/audit.csv", h.Page(h.auditCSV))
	m.GET("/events/:id/audit.json", h.Page(h.auditJSON))
	m.POST("/events/:id/submissions", h.Page(h.setSubmissions))
	m.POST("/events/:id/players/:pid/account", h.Page(h.linkPlayer))
	m.POST("/events/:id/submissions/:sid/decide", h.Page(h.decideSubmission))
	m.GET("/events/:id/rounds/:n/boards/:board/report", h.Page(h.reportPage))
	m.POST("/events/:id/rounds/:n/boards/:board/report", h.Page(h.submitReport))
	h.swissRoutesWeb(m)
	play.Routes(h.Kit, g, m)
	composition.Routes(h.Kit, g, m)
	h.calendarRoutesWeb(g)
	h.myFeedRoutesWeb(g)
	h.entriesRoutesWeb(m)
}
