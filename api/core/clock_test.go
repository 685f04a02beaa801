package core

import (
	"fmt"
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

// The urgent lane counts an IPv6 client by its /64: addresses of one /64
// share its places, and another /64's move is urgent all the same.
func TestUrgentLaneCountsAnIPv6NetworkAsOne(t *testing.T) {
	releaseMode()
	r := gin.New()
	var lane urgentLane
	r.Use(lane.atTheClock)
	held := make(chan struct{})
	defer close(held)
	marked := make(chan bool)
	lane.post(r, "", "/api/v1/games/:gid/moves", func(c *gin.Context) {
		marked <- tournament.Urgent(c.Request.Context())
		<-held
	})
	send := func(address string) bool {
		req := httptest.NewRequest("POST", "/api/v1/games/7/moves", nil)
		req.RemoteAddr = "[" + address + "]:4000"
		go r.ServeHTTP(httptest.NewRecorder(), req)
		return <-marked
	}
	for i := range urgentPerAddress {
		if !send(fmt.Sprintf("2001:db8:1:2::%x", i+1)) {
			t.Fatalf("move %d of the /64: not urgent", i+1)
		}
	}
	if send("2001:db8:1:2:ffff::1") {
		t.Error("another address of the same /64 is urgent past the /64's places")
	}
	if !send("2001:db8:1:3::1") {
		t.Error("an address of another /64 is not urgent while the first /64 fills the lane")
	}
}

// ClientAddress keys the client as gin reads it: the connecting address,
// or what a trusted proxy forwards; an IPv6 client by its /64.
func TestClientAddress(t *testing.T) {
	releaseMode()
	r := gin.New()
	if err := r.SetTrustedProxies([]string{"10.0.0.1"}); err != nil {
		t.Fatal(err)
	}
	var got string
	r.GET("/", func(c *gin.Context) { got = ClientAddress(c) })
	for _, tc := range []struct{ remote, forwarded, want string }{
		{"192.0.2.7:4000", "", "192.0.2.7"},
		{"[2001:db8:1:2::7]:4000", "", "2001:db8:1:2::/64"},
		{"[::ffff:192.0.2.7]:4000", "", "192.0.2.7"},
		{"10.0.0.1:4000", "2001:db8:9:9:1:2:3:4", "2001:db8:9:9::/64"},
		{"192.0.2.8:4000", "2001:db8:9:9:1:2:3:4", "192.0.2.8"},
	} {
		req := httptest.NewRequest("GET", "/", nil)
		req.RemoteAddr = tc.remote
		if tc.forwarded != "" {
			req.Header.Set("X-Forwarded-For", tc.forwarded)
		}
		r.ServeHTTP(httptest.NewRecorder(), req)
		if got != tc.want {
			t.Errorf("from %s forwarding %q: %q, want %q", tc.remote, tc.forwarded, got, tc.want)
		}
	}
}
