package correspondence_test

import (
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"runtime"
	"slices"
	"sync"
	"testing"
	"time"

	"adiukh/api"
	"adiukh/api/apitest"
	"adiukh/api/core"
	"adiukh/rules"
	"adiukh/rules/adiukh"
	"adiukh/tournament"
	"adiukh/tournament/store"
	"adiukh/tournament/store/storetest"
)

// streamServer serves a live blitz event of players, the client's address
// taken from X-Forwarded-For as behind a proxy, with limits.
func streamServer(t *testing.T, name string, limits core.StreamLimits, players int) (*apitest.CorrServer, *apitest.LiveSection, *httptest.Server) {
	t.Helper()
	// The database named alone: most of these tests run on SQLite only,
	// and a PostgreSQL schema claimed for them went unused.
	var st *store.Store
	if name == "sqlite" {
		st = storetest.SQLite(t)
	} else {
		st = storetest.Open(t)[name]
	}
	t0 := time.Date(2026, 12, 5, 15, 0, 0, 0, time.UTC)
	s := apitest.NewCorrServerOn(t, st, st.Correspondence(), t0, nil, func(d *api.Deps) {
		d.TrustedProxies, d.StreamLimits = []string{"127.0.0.1"}, limits
	})
	arbiter := s.User("arbiter@example.org", tournament.ArbiterRole)
	var emails []string
	for i := range players {
		emails = append(emails, fmt.Sprintf("p%d@example.org", i))
	}
	sec := apitest.StartLiveEvent(t, s, arbiter, map[string]any{"name": "Блиц онлайн", "discipline": "blitz", "system": "round-robin", "time_control": "3+2", "online": true},
		map[string]string{}, emails...)
	s.Clock.Set(t0.Add(time.Second))
	srv := httptest.NewServer(s.Handler)
	t.Cleanup(srv.Close)
	return s, sec, srv
}

// retainedKB is what the process holds after a collection: its live heap
// and its goroutines' stacks. (Its resident size says the same less well:
// the runtime keeps freed memory for a while, and the race detector's
// shadow grows with every allocation.)
func retainedKB() int {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return int((m.HeapAlloc + m.StackInuse) >> 10)
}

// Spectators' streams are bounded per game and in all per address, per
// account and on the server: over a limit the answer is 429 with
// Retry-After (TestRefusedStreamsHoldNothing: and holds nothing). A
// player's stream of their own game is let in over every limit, and closes
// the older one of theirs.
func TestLiveStreamCaps(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"sqlite", "postgres"} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			if name == "postgres" {
				storetest.SkipWithoutPostgres(t)
			}
			limits := core.StreamLimits{PerGame: 4, PerAddress: 40, PerAccount: 10, Total: 70}
			s, sec, srv := streamServer(t, name, limits, 20)
			games := sec.Games(s)
			path := func(i int) string { return fmt.Sprintf("/api/v1/games/%d/stream", int(apitest.Num(games[i]["id"]))) }
			refused := func(st *rawStream, what string) {
				t.Helper()
				if st.status != http.StatusTooManyRequests || st.header.Get("Retry-After") == "" {
					t.Fatalf("%s: status %d, Retry-After %q; want 429 with Retry-After", what, st.status, st.header.Get("Retry-After"))
				}
			}
			open := func(p, address, token string) *rawStream {
				t.Helper()
				st := openStream(t, srv, p, address, token)
				if st.status != http.StatusOK {
					t.Fatalf("stream %s from %s: status %d, want 200", p, address, st.status)
				}
				return st
			}

			for range limits.PerGame {
				open(path(0), "10.0.0.1", "")
			}
			refused(openStream(t, srv, path(0), "10.0.0.1", ""), "a fifth stream of a game from one address")

			var fromB []*rawStream
			for i := range limits.PerAddress {
				fromB = append(fromB, open(path(i/limits.PerGame), "10.0.0.2", ""))
			}
			refused(openStream(t, srv, path(len(games)-1), "10.0.0.2", ""), "a 41st stream from one address")
			fromB[0].close()
			for try := 0; ; try++ {
				st := openStream(t, srv, path(0), "10.0.0.2", "")
				st.close()
				if st.status == http.StatusOK {
					break
				}
				if try == 100 {
					t.Fatalf("a closed stream's place is not freed: %d", st.status)
				}
				time.Sleep(20 * time.Millisecond)
			}

			spectator := s.User("carl@example.org", tournament.PlayerRole)
			for i := range limits.PerAccount {
				open(path(1), fmt.Sprintf("10.0.1.%d", i), spectator)
			}
			refused(openStream(t, srv, path(1), "10.0.1.99", spectator), "an 11th stream of one account")

			// A player's own game, from an address over its limits, twice.
			white := sec.Tokens[int(apitest.Num(games[0]["white"]))]
			first := open(path(0), "10.0.0.1", white)
			firstEvents := first.events()
			<-firstEvents
			open(path(0), "10.0.0.1", white)
			select {
			case _, more := <-firstEvents:
				if more {
					t.Error("the player's older stream sent on")
				}
			case <-time.After(5 * time.Second):
				t.Error("the player's older stream was not closed when they opened the game again")
			}

			// 4 + 39 + 10 spectators' streams are open: 17 more fill the
			// server's 70.
			for i := range limits.Total - limits.PerGame - (limits.PerAddress - 1) - limits.PerAccount {
				open(path(2), fmt.Sprintf("10.0.2.%d", i), "")
			}
			refused(openStream(t, srv, path(2), "10.0.3.1", ""), "a stream past the server's limit")
		})
	}
}

// The stream caps count an IPv6 client by its /64 (issue 59.4): addresses
// of one /64 share its streams of a game and in all, where 100 addresses
// of one /64 held 400 streams; another /64 has its own.
func TestLiveStreamCapsCountAnIPv6NetworkAsOne(t *testing.T) {
	t.Parallel()
	limits := core.StreamLimits{PerGame: 2, PerAddress: 3, PerAccount: 10, Total: 70}
	s, sec, srv := streamServer(t, "sqlite", limits, 6)
	games := sec.Games(s)
	path := func(i int) string { return fmt.Sprintf("/api/v1/games/%d/stream", int(apitest.Num(games[i]["id"]))) }
	status := func(p, address string) int {
		t.Helper()
		return openStream(t, srv, p, address, "").status
	}
	for i := range limits.PerGame {
		if code := status(path(0), fmt.Sprintf("2001:db8:1:2::%d", i+1)); code != http.StatusOK {
			t.Fatalf("stream %d of game 1 from the /64: %d", i+1, code)
		}
	}
	if code := status(path(0), "2001:db8:1:2:ffff::1"); code != http.StatusTooManyRequests {
		t.Errorf("a third stream of game 1 from another address of the /64: %d, want 429", code)
	}
	if code := status(path(0), "2001:db8:1:3::1"); code != http.StatusOK {
		t.Errorf("a stream of game 1 from another /64: %d, want 200", code)
	}
	if code := status(path(1), "2001:db8:1:2::3"); code != http.StatusOK {
		t.Fatalf("the /64's third stream in all: %d", code)
	}
	if code := status(path(2), "2001:db8:1:2::4"); code != http.StatusTooManyRequests {
		t.Errorf("a fourth stream in all from the /64: %d, want 429", code)
	}
}

// A flood of streams past the limits leaves nothing held: after the first
// thousand refused, three thousand more leave what the process holds after
// a collection (its live heap and goroutine stacks) and its goroutines
// flat, where as many held streams took some 60 KB and a goroutine or two
// each. Not parallel: the measure is the whole process's, which tests
// running beside it would move. (A spectator is refused before the
// database is asked anything: SQLite alone.)
func TestRefusedStreamsHoldNothing(t *testing.T) {
	s, sec, srv := streamServer(t, "sqlite", core.StreamLimits{PerGame: 4, PerAddress: 40, PerAccount: 10, Total: 70}, 2)
	stream := fmt.Sprintf("/api/v1/games/%d/stream", int(apitest.Num(sec.Games(s)[0]["id"])))
	for range 4 {
		if st := openStream(t, srv, stream, "10.0.0.1", ""); st.status != http.StatusOK {
			t.Fatalf("a spectator's stream: %d", st.status)
		}
	}
	client := &http.Client{}
	flood := func(n int) {
		for range n {
			req, _ := http.NewRequest("GET", srv.URL+stream, nil)
			req.Header.Set("X-Forwarded-For", "10.0.0.1")
			resp, err := client.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			if resp.StatusCode != http.StatusTooManyRequests {
				t.Fatalf("a stream past the limits: %d", resp.StatusCode)
			}
		}
	}
	flood(1000)
	before, goroutines := retainedKB(), runtime.NumGoroutine()
	flood(3000)
	if grew := retainedKB() - before; grew > 8<<10 {
		t.Errorf("3,000 more refused streams grew what the process holds by %d KB; want it flat (under 8 MB, where held ones took some 180 MB)", grew)
	}
	if more := runtime.NumGoroutine() - goroutines; more > 50 {
		t.Errorf("3,000 more refused streams left %d more goroutines running", more)
	}
}

// While 2,000 spectators watch a game, each move still reaches both of its
// players: the players are told first, the game is read once per change
// for all of them, and its event made once per language.
func TestLiveMoveReachesPlayersAmongSpectators(t *testing.T) {
	t.Parallel()
	// On SQLite alone: the fan-out reads nothing from the database (a move
	// made through the server comes with the game as it left it), and each
	// database's own path from a move to its watchers is tested by
	// TestStreamMissesNoMoveMadeAsItOpens.
	for _, name := range []string{"sqlite"} {
		t.Run(name, func(t *testing.T) {
			s, sec, srv := streamServer(t, name, core.DefaultStreamLimits(), 2)
			g := sec.Games(s)[0]
			gid := int(apitest.Num(g["id"]))
			stream := fmt.Sprintf("/api/v1/games/%d/stream", gid)
			tokens := [2]string{sec.Tokens[int(apitest.Num(g["white"]))], sec.Tokens[int(apitest.Num(g["black"]))]}
			var players [2]<-chan streamEvent
			for side, token := range tokens {
				players[side] = openStream(t, srv, stream, "10.1.0.1", token).events()
				if e := <-players[side]; e.ply != 0 {
					t.Fatalf("the stream's first game: ply %d", e.ply)
				}
			}
			var spectators sync.WaitGroup
			for i := range 2000 {
				st := openStream(t, srv, stream, fmt.Sprintf("10.2.%d.%d", i/4/250, i/4%250), "")
				if st.status != http.StatusOK {
					t.Fatalf("spectator %d: status %d", i, st.status)
				}
				spectators.Add(1)
				go func() {
					defer spectators.Done()
					io.Copy(io.Discard, st.body)
				}()
			}

			const plies = 20
			position := g["position"].(string)
			var seen []time.Duration
			for ply := range plies {
				pos, err := adiukh.ParsePosition(position)
				if err != nil {
					t.Fatal(err)
				}
				side := rules.White
				if ply%2 == 1 {
					side = rules.Black
				}
				mv := pos.LegalMoves(side)[0].String()
				sent := time.Now()
				code, body := s.Call(tokens[ply%2], "POST", fmt.Sprintf("/api/v1/games/%d/moves", gid), map[string]any{"move": mv, "ply": ply})
				if code != http.StatusOK {
					t.Fatalf("move %d %s: %d %v", ply+1, mv, code, body)
				}
				position = body.(map[string]any)["position"].(string)
				for side := range players {
					for e := range players[side] {
						if e.ply == ply+1 {
							seen = append(seen, e.at.Sub(sent))
							break
						}
					}
				}
			}
			if len(seen) != 2*plies {
				t.Fatalf("the players saw %d of the %d moves' arrivals", len(seen), 2*plies)
			}
			// The time is measured here, but held to the 100 ms of p99 in
			// docs/benchmarks.md, on a quiet machine: this test shares the
			// cores with the rest of the suite and the race detector, and
			// its 2,000 readers run in its own process.
			slices.Sort(seen)
			t.Logf("with 2,000 spectators a move reached its players in %v at p50, %v at p99, %v at most", seen[len(seen)/2], seen[len(seen)*99/100], seen[len(seen)-1])
			srv.CloseClientConnections()
			spectators.Wait()
		})
	}
}
