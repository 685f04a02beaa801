package correspondence_test

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"adiukh/api"
	"adiukh/api/apitest"
	"adiukh/api/core"
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
			s := apitest.NewCorrServerOn(t, st, hooked, t0, nil)
			arbiter := s.User("arbiter@example.org", tournament.ArbiterRole)
			sec := apitest.StartLiveEvent(t, s, arbiter, map[string]any{"name": "Блиц онлайн", "discipline": "blitz", "system": "round-robin", "time_control": "3+2", "online": true},
				map[string]string{}, "anna@example.org", "boris@example.org")
			g := sec.Games(s)[0]
			path := fmt.Sprintf("/api/v1/games/%d", int(apitest.Num(g["id"])))
			white, black := sec.Tokens[int(apitest.Num(g["white"]))], sec.Tokens[int(apitest.Num(g["black"]))]
			s.Clock.Set(t0.Add(time.Second))
			move := func() { s.Must(http.StatusOK, white, "POST", path+"/moves", map[string]any{"move": "c3-d4", "ply": 0}) }
			hooked.armed.Store(&move)

			srv := httptest.NewServer(s.Handler)
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
	dsn := storetest.MigratedDSNs(t)["postgres"]
	t0 := time.Date(2026, 12, 5, 15, 0, 0, 0, time.UTC)
	var instances [2]*apitest.CorrServer
	// B polls the versions of the games its streams watch only every
	// hour: what reaches it in seconds came by the feed.
	var onB *correspondence.Service
	for i := range instances {
		st, err := store.Open(dsn)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { st.Close() })
		instances[i] = apitest.NewCorrServerOn(t, st, st.Correspondence(), t0, nil, func(d *api.Deps) {
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
	arbiter := a.User("arbiter@example.org", tournament.ArbiterRole)
	sec := apitest.StartLiveEvent(t, a, arbiter, map[string]any{"name": "Блиц онлайн", "discipline": "blitz", "system": "round-robin", "time_control": "3+2", "online": true},
		map[string]string{}, "anna@example.org", "boris@example.org")
	g := sec.Games(a)[0]
	path := fmt.Sprintf("/api/v1/games/%d", int(apitest.Num(g["id"])))
	white, black := sec.Tokens[int(apitest.Num(g["white"]))], sec.Tokens[int(apitest.Num(g["black"]))]

	srv := httptest.NewServer(b.Handler)
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
	a.Clock.Set(t0.Add(time.Second))
	sent := time.Now()
	a.Must(http.StatusOK, white, "POST", path+"/moves", map[string]any{"move": "c3-d4", "ply": 0})
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

// rawStream is a live-game stream read over a connection of its own, as a
// browser holds one: no transport goroutines, so that thousands fit in a
// test under the race detector.
type rawStream struct {
	conn   net.Conn
	status int
	header http.Header
	body   io.ReadCloser
}

// openStream asks for the stream at path as the client at address (sent
// through the trusted proxy's X-Forwarded-For), with token ("" for none).
func openStream(t *testing.T, srv *httptest.Server, path, address, token string) *rawStream {
	t.Helper()
	conn, err := net.Dial("tcp", srv.Listener.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	req := "GET " + path + " HTTP/1.1\r\nHost: adiukh.test\r\nX-Forwarded-For: " + address + "\r\n"
	if token != "" {
		req += "Authorization: Bearer " + token + "\r\n"
	}
	if _, err := io.WriteString(conn, req+"\r\n"); err != nil {
		t.Fatal(err)
	}
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatal(err)
	}
	s := &rawStream{conn: conn, status: resp.StatusCode, header: resp.Header, body: resp.Body}
	t.Cleanup(s.close)
	return s
}

func (s *rawStream) close() { s.conn.Close() }

// events reads the stream's games as they come, each with the moment it
// arrived, until the stream ends.
func (s *rawStream) events() <-chan streamEvent {
	out := make(chan streamEvent, 64)
	go func() {
		defer close(out)
		lines := bufio.NewScanner(s.body)
		for lines.Scan() {
			if data, ok := strings.CutPrefix(lines.Text(), "data: "); ok {
				var g map[string]any
				if json.Unmarshal([]byte(data), &g) == nil {
					out <- streamEvent{ply: apitest.Num(g["ply"]), at: time.Now()}
				}
			}
		}
	}()
	return out
}

type streamEvent struct {
	ply int
	at  time.Time
}

// Issue 64: a player's stream closed by their newer one is told so, with
// an event "replaced" whose data is not empty (a browser dispatches no
// event without data): the page then asks for the game instead of taking
// the stream back, which would close the newer in turn.
func TestLiveStreamReplacedIsTold(t *testing.T) {
	t.Parallel()
	s, sec, srv := streamServer(t, "sqlite", core.DefaultStreamLimits(), 2)
	g := sec.Games(s)[0]
	path := fmt.Sprintf("/api/v1/games/%d/stream", int(apitest.Num(g["id"])))
	white := sec.Tokens[int(apitest.Num(g["white"]))]
	older := openStream(t, srv, path, "10.0.0.1", white)
	// A stream not closed ends the test at the deadline, not hung.
	if err := older.conn.SetReadDeadline(time.Now().Add(15 * time.Second)); err != nil {
		t.Fatal(err)
	}
	lines := bufio.NewScanner(older.body)
	for lines.Scan() && !strings.HasPrefix(lines.Text(), "data: ") {
		// up to the first event: the game
	}
	openStream(t, srv, path, "10.0.0.1", white)
	var rest []string
	for lines.Scan() {
		rest = append(rest, lines.Text())
	}
	if got := strings.Join(rest, "\n"); !strings.HasSuffix(strings.TrimSpace(got), "event: replaced\ndata: replaced") {
		t.Errorf("the older stream ended with:\n%s\nwant the event replaced, with data", got)
	}
}
