package api_test

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"adiukh/api"
	"adiukh/api/apitest"
	"adiukh/tournament"
	"adiukh/tournament/correspondence"
	"adiukh/tournament/engines"
	"adiukh/tournament/store"
	"adiukh/tournament/store/storetest"
)

// afterGameRead is a correspondence store that, once armed, runs a
// function right after the first read transaction that read a game's
// moves: the moment a stream has read the game it is to send.
type afterGameRead struct {
	correspondence.Store
	armed atomic.Pointer[func()]
}

func (s *afterGameRead) View(ctx context.Context, fn func(tx correspondence.Tx) error) error {
	var read bool
	err := s.Store.View(ctx, func(tx correspondence.Tx) error { return fn(movesRead{tx, &read}) })
	if read {
		if then := s.armed.Swap(nil); then != nil {
			(*then)()
		}
	}
	return err
}

type movesRead struct {
	correspondence.Tx
	read *bool
}

func (m movesRead) Moves(gameID int64) ([]correspondence.Move, error) {
	*m.read = true
	return m.Tx.Moves(gameID)
}

// A move made just after the opponent's stream read the game, before it
// could be told of changes, still reaches the opponent: the stream is
// registered before it reads (the round's first move was lost so, and the
// opponent lost on time unless they reloaded the page).
func TestStreamMissesNoMoveMadeAsItOpens(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			t0 := time.Date(2026, 12, 5, 15, 0, 0, 0, time.UTC)
			hooked := &afterGameRead{Store: st.Correspondence()}
			s := newCorrServerOn(t, st, hooked, t0, nil)
			arbiter := s.user("arbiter@example.org", tournament.ArbiterRole)
			sec := startLiveEvent(t, s, arbiter, map[string]any{"name": "Блиц онлайн", "discipline": "blitz", "system": "round-robin", "time_control": "3+2", "online": true},
				map[string]string{}, "anna@example.org", "boris@example.org")
			g := sec.games(s)[0]
			path := fmt.Sprintf("/api/v1/games/%d", int(apitest.Num(g["id"])))
			white, black := sec.tokens[int(apitest.Num(g["white"]))], sec.tokens[int(apitest.Num(g["black"]))]
			s.clock.Set(t0.Add(time.Second))
			move := func() { s.must(http.StatusOK, white, "POST", path+"/moves", map[string]any{"move": "c3-d4", "ply": 0}) }
			hooked.armed.Store(&move)

			srv := httptest.NewServer(s.handler)
			defer srv.Close()
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			defer cancel()
			req, _ := http.NewRequestWithContext(ctx, "GET", srv.URL+path+"/stream", nil)
			req.Header.Set("Authorization", "Bearer "+black)
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			var plies []int
			lines := bufio.NewScanner(resp.Body)
			for lines.Scan() {
				data, ok := strings.CutPrefix(lines.Text(), "data: ")
				if !ok {
					continue
				}
				var got map[string]any
				if err := json.Unmarshal([]byte(data), &got); err != nil {
					t.Fatal(err)
				}
				if plies = append(plies, apitest.Num(got["ply"])); apitest.Num(got["ply"]) == 1 {
					break
				}
			}
			if hooked.armed.Load() != nil {
				t.Fatal("the move was never made: the stream read no game")
			}
			if len(plies) == 0 || plies[len(plies)-1] != 1 {
				t.Fatalf("Black's stream sent plies %v and never White's first move", plies)
			}
		})
	}
}

// A move made on one instance reaches a stream held by another on the same
// PostgreSQL database as the move commits, through LISTEN/NOTIFY: the other
// instance's poll that backs the feed up runs only every hour here.
func TestStreamHearsAMoveMadeOnAnotherInstance(t *testing.T) {
	t.Parallel()
	storetest.SkipWithoutPostgres(t)
	dsn := storetest.DSNs(t)["postgres"]
	t0 := time.Date(2026, 12, 5, 15, 0, 0, 0, time.UTC)
	var instances [2]*corrServer
	// B polls the versions of the games its streams watch only every
	// hour: what reaches it in seconds came by the feed.
	var onB *correspondence.Service
	for i := range instances {
		st, err := store.Open(dsn)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { st.Close() })
		instances[i] = newCorrServerOn(t, st, st.Correspondence(), t0, nil, func(d *api.Deps) {
			if i == 1 {
				onB = correspondence.NewService(st.Correspondence(), correspondence.Options{Pairing: engines.Options().Pairing, Now: d.Now, Backstop: time.Hour})
				d.Correspondence = onB
			}
		})
	}
	a, b := instances[0], instances[1]
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go onB.ListenForChanges(ctx, func(err error) { t.Errorf("the change feed: %v", err) })
	for try := 0; !onB.Listening(); try++ {
		if try == 500 {
			t.Fatal("instance B's change feed does not listen")
		}
		time.Sleep(10 * time.Millisecond)
	}
	arbiter := a.user("arbiter@example.org", tournament.ArbiterRole)
	sec := startLiveEvent(t, a, arbiter, map[string]any{"name": "Блиц онлайн", "discipline": "blitz", "system": "round-robin", "time_control": "3+2", "online": true},
		map[string]string{}, "anna@example.org", "boris@example.org")
	g := sec.games(a)[0]
	path := fmt.Sprintf("/api/v1/games/%d", int(apitest.Num(g["id"])))
	white, black := sec.tokens[int(apitest.Num(g["white"]))], sec.tokens[int(apitest.Num(g["black"]))]

	srv := httptest.NewServer(b.handler)
	defer srv.Close()
	req, _ := http.NewRequestWithContext(ctx, "GET", srv.URL+path+"/stream", nil)
	req.Header.Set("Authorization", "Bearer "+black)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	plies := make(chan int, 8)
	go func() {
		lines := bufio.NewScanner(resp.Body)
		for lines.Scan() {
			if data, ok := strings.CutPrefix(lines.Text(), "data: "); ok {
				var got map[string]any
				if json.Unmarshal([]byte(data), &got) == nil {
					plies <- apitest.Num(got["ply"])
				}
			}
		}
	}()
	if first := <-plies; first != 0 {
		t.Fatalf("the stream's first game: ply %d", first)
	}
	a.clock.Set(t0.Add(time.Second))
	sent := time.Now()
	a.must(http.StatusOK, white, "POST", path+"/moves", map[string]any{"move": "c3-d4", "ply": 0})
	for {
		select {
		case ply := <-plies:
			if ply != 1 {
				continue
			}
			return
		case <-time.After(30 * time.Second):
			t.Fatalf("the move made on one instance had not reached the other's stream %v after it was sent", time.Since(sent))
		}
	}
}
