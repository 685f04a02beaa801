// Package desk is the area of the arbiter's desk of an event: the new
// event and its settings, the players, pairing and publishing rounds and
// their review, the results and score sheets, the players' reports, the
// audit log, and finishing, cancelling and reopening the event. Its forms
// call the same service methods as the JSON API; the service checks the
// user's role on every write.
package desk

import (
	"github.com/gin-gonic/gin"

	"adiukh/api/web/kit"
)

// handler serves the pages of the desk over the shared kit.
type handler struct {
	*kit.Kit
}

// Routes registers the pages of the desk, every one behind the sign-in
// gate (signedIn); the desk has no page for every reader (public).
func Routes(k *kit.Kit, public, signedIn gin.IRoutes) {
	h := &handler{Kit: k}
	m := signedIn
	m.GET("/manage/events/new", h.Page(h.newEventPage))
	m.POST("/manage/events", h.Page(h.createEvent))
	m.GET("/events/:id/manage", h.Page(h.managePage))
	m.POST("/events/:id/settings", h.Page(h.updateSettings))
	m.POST("/events/:id/players", h.Page(h.addPlayer))
	m.POST("/events/:id/players/csv", h.Page(h.addPlayersCSV))
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
	m.GET("/events/:id/prizes", h.Page(h.prizesPage))
	m.POST("/events/:id/prizes", h.Page(h.savePrizes))
	m.GET("/manage/time-control", h.Page(h.timeControlCheck))
	m.GET("/events/:id/audit", h.Page(h.auditPage))
	m.GET("/events/:id/audit.csv", h.Page(h.auditCSV))
	m.GET("/events/:id/audit.json", h.Page(h.auditJSON))
	m.POST("/events/:id/submissions", h.Page(h.setSubmissions))
	m.POST("/events/:id/players/:pid/account", h.Page(h.linkPlayer))
	m.POST("/events/:id/submissions/:sid/decide", h.Page(h.decideSubmission))
	m.GET("/events/:id/rounds/:n/boards/:board/report", h.Page(h.reportPage))
	m.POST("/events/:id/rounds/:n/boards/:board/report", h.Page(h.submitReport))

	// The Swiss parts: requested byes, a pairing typed by hand, and a new
	// event from a TRF file.
	m.POST("/manage/events/import.trf", h.Page(h.importTRF))
	m.POST("/events/:id/players/:pid/bye", h.Page(h.requestBye))
	m.POST("/events/:id/rounds/:n/pairing", h.Page(h.editPairing))
}
