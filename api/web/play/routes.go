// Package play is the area of the pages of games played on the site, by
// correspondence or live: a player's games and inbox, the game page with
// its move entry, clocks and the arbiter's decisions, a section's games
// and the arbiter's view of a correspondence section. The forms call the
// same use cases as the API.
package play

import (
	"github.com/gin-gonic/gin"

	"adiukh/api/web/kit"
)

// handler serves the pages of play over the shared kit.
type handler struct {
	*kit.Kit
}

// Routes registers the pages of play: public to every reader, signedIn
// behind the sign-in gate. The groups are routers' own (not gin.IRoutes):
// what a player sends against a running clock is registered by its full
// path in the urgent lane (core.Server.AtTheClock).
func Routes(k *kit.Kit, public, signedIn *gin.RouterGroup) {
	h := &handler{Kit: k}
	public.GET("/games/:gid", h.Page(h.corrGamePage))
	public.GET("/events/:id/games", h.Page(h.sectionGamesPage))
	signedIn.GET("/my/games", h.Page(h.myGamesPage))
	h.AtTheClock(signedIn, "/games/:gid/move", h.Page(h.submitMove))
	h.AtTheClock(signedIn, "/games/:gid/draw", h.Page(h.gameForm(h.Correspondence.OfferDraw)))
	h.AtTheClock(signedIn, "/games/:gid/draw/accept", h.Page(h.gameForm(h.Correspondence.AcceptDraw)))
	h.AtTheClock(signedIn, "/games/:gid/draw/decline", h.Page(h.gameForm(h.Correspondence.DeclineDraw)))
	h.AtTheClock(signedIn, "/games/:gid/resign", h.Page(h.submitResign))
	h.AtTheClock(signedIn, "/games/:gid/claim", h.Page(h.gameForm(h.Correspondence.ClaimFlag)))
	signedIn.POST("/games/:gid/decide", h.Page(h.submitDecision))
	signedIn.POST("/games/:gid/reopen", h.Page(h.submitReopen))
	signedIn.POST("/games/:gid/adjourn", h.Page(h.submitAdjourn))
	signedIn.POST("/games/:gid/time", h.Page(h.submitGiveTime))
	signedIn.GET("/events/:id/correspondence", h.Page(h.arbiterGamesPage))
	signedIn.POST("/events/:id/correspondence/start", h.Page(h.startSection))
	signedIn.POST("/events/:id/correspondence/settings", h.Page(h.saveCorrSettings))
	signedIn.POST("/events/:id/players/:pid/leave", h.Page(h.submitLeave))
	signedIn.POST("/events/:id/leave", h.Page(h.submitLeave))
}
