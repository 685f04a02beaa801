package api

import (
	"net/http"
	"strings"

	"github.com/gin-gonic/gin"

	"adiukh/tournament"
)

// bearerAuth puts the owner of the request's API token into the request
// context. Without an Authorization header the request is anonymous; a
// wrong token is refused rather than treated as anonymous, so a script with
// an expired token learns it at once.
func (h *handler) bearerAuth(c *gin.Context) {
	header := c.GetHeader("Authorization")
	if header == "" {
		c.Next()
		return
	}
	token, ok := strings.CutPrefix(header, "Bearer ")
	if !ok || strings.TrimSpace(token) == "" {
		h.failJSON(c, tournament.Unauthorized("the Authorization header must be \"Bearer <token>\""))
		return
	}
	u, err := h.Accounts.Authenticate(c.Request.Context(), strings.TrimSpace(token))
	if err != nil {
		h.failJSON(c, err)
		return
	}
	c.Request = c.Request.WithContext(tournament.NewContextWithUser(c.Request.Context(), u))
	c.Next()
}

// sessionReader lets the documents linked from the web pages be read with
// the browser's session when no API token is sent, so an arbiter downloads
// the PDFs of a private event or a draft round from its pages. Only reads
// use it: a session never authorises a write through the API, which would
// bypass the pages' cross-origin protection.
func (h *handler) sessionReader(c *gin.Context) {
	if tournament.UserFromContext(c.Request.Context()) != nil {
		c.Next()
		return
	}
	h.sessionUser(c)
}

// requireUser refuses anonymous requests: every write needs a token, and
// so do the reads that are not public (one's account, an audit log).
func (h *handler) requireUser(c *gin.Context) {
	if tournament.UserFromContext(c.Request.Context()) == nil {
		if c.Request.Method == http.MethodGet || c.Request.Method == http.MethodHead {
			h.failJSON(c, tournament.Unauthorized("this request needs an account: send an API token as \"Authorization: Bearer <token>\""))
			return
		}
		h.failJSON(c, tournament.Unauthorized("this request changes data: send an API token as \"Authorization: Bearer <token>\""))
		return
	}
	c.Next()
}
