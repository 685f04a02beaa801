// Package composition is the area of the pages of a composition contest:
// the contest's page, the author's entries with the board editor, the
// jury's anonymous list, the director's desk and the public award, and
// the solving contest's page. A composition event has no rounds or games:
// its event page and desk are these pages (the desk's address, the event's
// manage page, is the arbiter's desk's: it shows this one through
// kit.Kit.ContestDesk). The forms call the same composition.Service use
// cases as the JSON API.
package composition

import (
	"github.com/gin-gonic/gin"

	"adiukh/api/web/kit"
)

// handler serves the pages of composition contests over the shared kit.
type handler struct {
	*kit.Kit
}

// Routes registers the pages of composition and solving contests: public
// to every reader, signedIn behind the sign-in gate; and the contest's
// desk in the kit, for the arbiter's desk to show.
func Routes(k *kit.Kit, public, signedIn gin.IRoutes) {
	h := &handler{Kit: k}
	k.SetContestDesk(h.renderDesk)
	public.GET("/events/:id/contest", h.Page(h.contestPage))
	public.GET("/events/:id/contest/award", h.Page(h.awardPage))
	signedIn.GET("/events/:id/contest/entries", h.Page(h.entriesPage))
	signedIn.POST("/events/:id/contest/entries", h.Page(h.submitEntry))
	signedIn.POST("/contest-entries/:eid", h.Page(h.editEntry))
	signedIn.POST("/contest-entries/:eid/withdraw", h.Page(h.withdrawEntry))
	signedIn.GET("/events/:id/contest/judging", h.Page(h.judgingPage))
	signedIn.POST("/events/:id/contest/marks/:code", h.Page(h.submitMark))
	signedIn.POST("/events/:id/contest/settings", h.Page(h.saveContest))
	signedIn.POST("/events/:id/contest/judges", h.Page(h.saveJudges))
	signedIn.POST("/events/:id/contest/award", h.Page(h.publishProvisional))
	signedIn.POST("/events/:id/contest/award/edit", h.Page(h.editAward))
	signedIn.POST("/events/:id/contest/award/text", h.Page(h.editAwardText))
	signedIn.POST("/events/:id/contest/award/final", h.Page(h.publishFinal))
	signedIn.POST("/events/:id/contest/claims", h.Page(h.fileClaim))
	signedIn.POST("/contest-claims/:cid/decision", h.Page(h.decideClaim))

	public.GET("/events/:id/solving", h.Page(h.solvingPage))
	signedIn.POST("/events/:id/solving/problems/:n/answer", h.Page(h.submitSolvingAnswer))
	signedIn.POST("/events/:id/solving", h.Page(h.saveSolving))
	signedIn.POST("/events/:id/solving/problems/:n/answers/:user/ruling", h.Page(h.ruleSolvingAnswer))
}
