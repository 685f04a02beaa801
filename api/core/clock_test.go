package core

import (
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/gin-gonic/gin"

	"adiukh/tournament"
)

// TestAtTheClock marks what a player sends against a running clock, on
// the pages and in the API, as its route is registered, and nothing else.
func TestAtTheClock(t *testing.T) {
	releaseMode()
	r := gin.New()
	var lane urgentLane
	r.Use(lane.atTheClock)
	urgent := map[string]bool{}
	note := func(c *gin.Context) {
		urgent[c.Request.Method+" "+c.Request.URL.Path] = tournament.Urgent(c.Request.Context())
	}
	api := r.Group("/api/v1")
	for _, path := range []string{"/games/:gid/move", "/games/:gid/claim"} {
		lane.post(r, "", path, note)
	}
	for _, path := range []string{"/games/:gid/moves", "/games/:gid/draw/accept", "/games/:gid/resign"} {
		lane.post(api, "/api/v1", path, note)
	}
	r.POST("/games/:gid/decide", note)
	api.POST("/games/:gid/time", note)
	api.POST("/events/:id/players", note)
	r.GET("/api/v1/games/:gid/stream", note)
	want := map[string]bool{
		"POST /games/7/move": true, "POST /games/7/claim": true, "POST /games/7/decide": false,
		"POST /api/v1/games/7/moves": true, "POST /api/v1/games/7/draw/accept": true, "POST /api/v1/games/7/resign": true,
		"POST /api/v1/games/7/time": false, "POST /api/v1/events/7/players": false, "GET /api/v1/games/7/stream": false,
	}
	for request := range want {
		method, path, _ := strings.Cut(request, " ")
		r.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest(method, path, nil))
	}
	for request, w := range want {
		if got, ok := urgent[request]; !ok || got != w {
			t.Errorf("%s: urgent %v (served %v), want %v", request, got, ok, w)
		}
	}
}

// An address holds at most urgentPerAddress places in the urgent lane at
// once: a flood of move requests from one address (made-up tokens are
// checked only once marked) goes in the ordinary lane past them, and
// another address's move is urgent all the same.
func TestUrgentLanePerAddress(t *testing.T) {
	releaseMode()
	r := gin.New()
	var lane urgentLane
	r.Use(lane.atTheClock)
	held := make(chan struct{})
	marked := make(chan bool)
	lane.post(r, "", "/api/v1/games/:gid/moves", func(c *gin.Context) {
		marked <- tournament.Urgent(c.Request.Context())
		<-held
	})
	send := func(address string) {
		req := httptest.NewRequest("POST", "/api/v1/games/7/moves", nil)
		req.RemoteAddr = address + ":4000"
		go r.ServeHTTP(httptest.NewRecorder(), req)
	}
	for i := range urgentPerAddress + 2 {
		send("10.0.0.1")
		if got, want := <-marked, i < urgentPerAddress; got != want {
			t.Errorf("request %d of one address: urgent %v, want %v", i+1, got, want)
		}
	}
	send("10.0.0.2")
	if !<-marked {
		t.Error("another address's move is not urgent while the first floods the lane")
	}
	close(held)
}
