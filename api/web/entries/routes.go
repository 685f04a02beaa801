// Package entries is the area of an event's entries page: a signed-in
// player enters and withdraws there, the event's arbiter sets the terms
// and decides. Each form calls the use case the JSON API calls.
package entries

import (
	"github.com/gin-gonic/gin"

	"adiukh/api/web/kit"
)

// handler serves the entries page over the shared kit.
type handler struct {
	*kit.Kit
}

// Routes registers the entries page and its forms, all behind the sign-in
// gate (signedIn); public has none of them.
func Routes(k *kit.Kit, public, signedIn gin.IRoutes) {
	h := &handler{Kit: k}
	signedIn.GET("/events/:id/entries", h.Page(h.eventEntriesPage))
	signedIn.POST("/events/:id/entries", h.Page(h.enterEvent))
	signedIn.POST("/events/:id/entries/settings", h.Page(h.setEntries))
	signedIn.POST("/events/:id/entries/accept", h.Page(h.acceptAllEntries))
	signedIn.POST("/events/:id/entries/:eid/accept", h.Page(h.acceptEntry))
	signedIn.POST("/events/:id/entries/:eid/decline", h.Page(h.declineEntry))
	signedIn.POST("/events/:id/entries/:eid/withdraw", h.Page(h.withdrawEventEntry))
	signedIn.POST("/events/:id/entries/:eid/withdraw/confirm", h.Page(h.confirmWithdrawal))
	signedIn.POST("/events/:id/entries/:eid/withdraw/cancel", h.Page(h.takeBackWithdrawal))
}
