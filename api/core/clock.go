package core

import (
	"net/http"
	"strings"

	"github.com/gin-gonic/gin"

	"adiukh/tournament"
)

// clockActions are the last parts of the paths of what a player sends
// against a running clock, on a game's page (/games/{gid}/…) and in the
// API (/api/v1/games/{gid}/…).
var clockActions = map[string]bool{
	"move": true, "moves": true, "draw": true, "draw/accept": true, "draw/decline": true, "resign": true, "claim": true,
}

// atTheClock marks those requests urgent (tournament.WithUrgency), from
// the signing in on: a player's move must not wait for a database
// connection behind the crowd of streams that open as a round starts.
func atTheClock(c *gin.Context) {
	if c.Request.Method == http.MethodPost {
		path := strings.TrimPrefix(c.FullPath(), "/api/v1")
		if action, ok := strings.CutPrefix(path, "/games/:gid/"); ok && clockActions[action] {
			c.Request = c.Request.WithContext(tournament.WithUrgency(c.Request.Context()))
		}
	}
	c.Next()
}
