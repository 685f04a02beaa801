package core

import (
	"net/http"
	"strings"

	"github.com/gin-gonic/gin"

	"adiukh/tournament"
	"adiukh/tournament/relay"
)

// BearerAuth puts the owner of the request's API token into the request
// context. Without an Authorization header the request is anonymous; a
// wrong token is refused rather than treated as anonymous, so a script with
// an expired token learns it at once.
func (h *Server) BearerAuth(c *gin.Context) {
	header := c.GetHeader("Authorization")
	if header == "" {
		c.Next()
		return
	}
	token, ok := strings.CutPrefix(header, "Bearer ")
	if !ok || strings.TrimSpace(token) == "" {
		h.FailJSON(c, tournament.Unauthorized("the Authorization header must be \"Bearer <token>\""))
		return
	}
	if relay.IsKey(token) {
		// A relay key signs nobody in: the relay's use cases read it from
		// the context and every other route sees an anonymous request.
		c.Request = c.Request.WithContext(relay.WithKey(c.Request.Context(), strings.TrimSpace(token)))
		c.Next()
		return
	}
	u, err := h.Accounts.Authenticate(c.Request.Context(), strings.TrimSpace(token))
	if err != nil {
		h.FailJSON(c, err)
		return
	}
	signedIn(c, u)
	c.Next()
}

// SessionReader lets the documents linked from the web pages be read with
// the browser's session when no API token is sent, so an arbiter downloads
// the PDFs of a private event or a draft round from its pages. Only reads
// use it: a session never authorises a write through the API, which would
// bypass the pages' cross-origin protection.
func (h *Server) SessionReader(c *gin.Context) {
	if tournament.UserFromContext(c.Request.Context()) != nil {
		c.Next()
		return
	}
	h.SessionUser(c)
}

// RequireUser refuses anonymous requests: every write needs a token, and
// so do the reads that are not public (one's account, an audit log).
func (h *Server) RequireUser(c *gin.Context) {
	if tournament.UserFromContext(c.Request.Context()) == nil {
		if c.Request.Method == http.MethodGet || c.Request.Method == http.MethodHead {
			h.FailJSON(c, tournament.Unauthorized("this request needs an account: send an API token as \"Authorization: Bearer <token>\""))
			return
		}
		h.FailJSON(c, tournament.Unauthorized("this request changes data: send an API token as \"Authorization: Bearer <token>\""))
		return
	}
	c.Next()
}
