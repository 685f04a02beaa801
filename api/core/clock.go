package core

import (
	"net/http"
	"strings"
	"sync"

	"github.com/gin-gonic/gin"

	"adiukh/tournament"
)

// clockActions are the last parts of the paths of what a player sends
// against a running clock, on a game's page (/games/{gid}/…) and in the
// API (/api/v1/games/{gid}/…).
var clockActions = map[string]bool{
	"move": true, "moves": true, "draw": true, "draw/accept": true, "draw/decline": true, "resign": true, "claim": true,
}

// urgentPerAddress is how many requests of one address may be in the
// urgent lane at once: a club's players behind one address make a few
// moves in the same instant, a flood of made-up ones many more, which go
// in the ordinary lane instead (their tokens are checked only after they
// are marked, docs/security.md).
const urgentPerAddress = 8

// urgentLane counts each address's requests in the urgent lane.
type urgentLane struct {
	mu     sync.Mutex
	inLane map[string]int
}

// enter takes a place in the lane for address, or reports there is none.
func (l *urgentLane) enter(address string) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.inLane[address] >= urgentPerAddress {
		return false
	}
	if l.inLane == nil {
		l.inLane = map[string]int{}
	}
	l.inLane[address]++
	return true
}

func (l *urgentLane) leave(address string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.inLane[address]--; l.inLane[address] <= 0 {
		delete(l.inLane, address)
	}
}

// atTheClock marks those requests urgent (tournament.WithUrgency), from
// the signing in on: a player's move must not wait for a database
// connection behind the crowd of streams that open as a round starts. An
// address with urgentPerAddress requests in the lane already sends the
// next in the ordinary one.
func (l *urgentLane) atTheClock(c *gin.Context) {
	if c.Request.Method == http.MethodPost {
		path := strings.TrimPrefix(c.FullPath(), "/api/v1")
		if action, ok := strings.CutPrefix(path, "/games/:gid/"); ok && clockActions[action] {
			address := c.ClientIP()
			if l.enter(address) {
				defer l.leave(address)
				c.Request = c.Request.WithContext(tournament.WithUrgency(c.Request.Context()))
			}
		}
	}
	c.Next()
}
