package core

import (
	"fmt"
	"net/http"
	"strings"

	"github.com/gin-gonic/gin"

	"adiukh/tournament"
)

// RenamedGame answers a request for a game played on the server by an ID it
// no longer has (a micro-match's second game had its board's ID plus 2^40,
// and a link kept from then names it so) with a permanent redirect to the
// same address with its ID now, when err is the game not found and the
// reader may see the game. It reports whether it answered.
func (h *Server) RenamedGame(c *gin.Context, gid int64, err error) bool {
	if tournament.ErrorCode(err) != tournament.ENOTFOUND {
		return false
	}
	id, err := h.Correspondence.RenamedGame(c.Request.Context(), gid)
	if err != nil {
		return false
	}
	to := *c.Request.URL
	to.Path = strings.Replace(to.Path, fmt.Sprintf("/games/%d", gid), fmt.Sprintf("/games/%d", id), 1)
	c.Redirect(http.StatusMovedPermanently, to.RequestURI())
	return true
}
