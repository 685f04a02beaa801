package core

import (
	"net/http"
	"strings"
	"sync"

	"github.com/gin-gonic/gin"

	"adiukh/tournament"
)

// urgentPerAddress is how many requests of one address may be in the
// urgent lane at once: a club's players behind one address make a few
// moves in the same instant, a flood of made-up ones many more, which go
// in the ordinary lane instead (their tokens are checked only after they
// are marked, docs/security.md).
const urgentPerAddress = 8

// urgentLane counts each address's requests in the urgent lane. Paths are
// the routes of what a player sends against a running clock, as they are
// registered (AtTheClock): the route list is the one place that says which
// they are.
type urgentLane struct {
	mu     sync.Mutex
	inLane map[string]int
	paths  map[string]bool
}

// post registers a POST route whose requests go in the urgent lane.
func (l *urgentLane) post(g gin.IRoutes, base, path string, handlers ...gin.HandlerFunc) {
	if l.paths == nil {
		l.paths = map[string]bool{}
	}
	l.paths[strings.TrimSuffix(base, "/")+path] = true
	g.POST(path, handlers...)
}

// AtTheClock registers a POST route of what a player sends against a
// running clock (a move, a draw offer, a resignation, a claim), on a game's
// page or in the API: its requests go in the urgent lane. Routes are
// registered before the server serves, so the paths are only read after.
func (s *Server) AtTheClock(g *gin.RouterGroup, path string, handlers ...gin.HandlerFunc) {
	s.urgent.post(g, g.BasePath(), path, handlers...)
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
	if c.Request.Method == http.MethodPost && l.paths[c.FullPath()] {
		address := ClientAddress(c)
		if l.enter(address) {
			defer l.leave(address)
			c.Request = c.Request.WithContext(tournament.WithUrgency(c.Request.Context()))
		}
	}
	c.Next()
}
