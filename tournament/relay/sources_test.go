package relay_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"adiukh/tournament"
	"adiukh/tournament/account"
	"adiukh/tournament/relay"
	"adiukh/tournament/store/storetest"
)

// An international (10×10) board relayed from a polled address: a PDN
// file growing on another web server, read by the poller; a source that
// stops answering is shown silent since its last answer and read again
// later (backoff); garbled text stops the board; a second source for the
// board is refused, naming the source it has.
func TestPollInternationalBoard(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			now := time.Date(2026, 11, 27, 10, 0, 0, 0, time.UTC)
			var mu sync.Mutex
			clock := func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
			advance := func(d time.Duration) { mu.Lock(); now = now.Add(d); mu.Unlock() }
			var body string
			status := http.StatusOK
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
				mu.Lock()
				defer mu.Unlock()
				w.WriteHeader(status)
				_, _ = w.Write([]byte(body))
			}))
			defer srv.Close()
			serve := func(text string, code int) { mu.Lock(); body, status = text, code; mu.Unlock() }

			r := newRelayed(t, st, storetest.Arbiter(t, st), "international", relay.Options{Now: clock})
			if _, err := r.relay.SetSource(r.arbiter, relay.SourceInput{EventID: r.event.ID, Round: 1, Board: 1, Kind: relay.Poll, URL: srv.URL + "/board1.pdn"}); err != nil {
				t.Fatal(err)
			}
			board := func() *relay.BoardView {
				t.Helper()
				v, err := r.relay.Round(r.arbiter, r.event.ID, 1)
				if err != nil {
					t.Fatal(err)
				}
				return v.Board(1)
			}
			serve(r.pdn(1, "1. 32-28 19-23 *"), http.StatusOK)
			r.relay.PollOnce(context.Background())
			if b := board(); len(b.Plies) != 2 || b.Status != relay.Playing || b.LastMove.Move != "19-23" {
				t.Fatalf("after the first read: %+v", b)
			}
			serve(r.pdn(1, "1. 32-28 19-23 2. 28x19 14x23 *"), http.StatusOK)
			r.relay.PollOnce(context.Background()) // not due yet: read within PollEvery
			if b := board(); len(b.Plies) != 2 {
				t.Fatalf("read before it was due: %d plies", len(b.Plies))
			}
			advance(relay.PollEvery)
			r.relay.PollOnce(context.Background())
			if b := board(); len(b.Plies) != 4 || !b.SilentSince.IsZero() {
				t.Fatalf("the file grew: %+v", b)
			}
			// The source goes away: its board shows it silent since its last answer.
			serve("", http.StatusServiceUnavailable)
			heard := clock()
			for range 5 {
				advance(relay.MaxBackoff)
				r.relay.PollOnce(context.Background())
			}
			if b := board(); !b.SilentSince.Equal(heard) || len(b.Plies) != 4 {
				t.Fatalf("a silent source: silent since %v (want %v), %d plies", b.SilentSince, heard, len(b.Plies))
			}
			// Garbled text stops the board; the moves stay.
			serve("<html>Service page</html>", http.StatusOK)
			advance(relay.MaxBackoff)
			r.relay.PollOnce(context.Background())
			if b := board(); b.Status != relay.Stopped || len(b.Plies) != 4 || b.Stop == nil || b.Stop.Format != "note.relay.garbled" {
				t.Fatalf("garbled text: %+v", b)
			}
			// A push to the polled board is refused, naming its source.
			_, err := r.relay.Push(r.arbiter, relay.PushInput{EventID: r.event.ID, Round: 1, Board: 1, PDN: r.pdn(1, "1. 32-28 *")})
			if tournament.ErrorCode(err) != tournament.ECONFLICT || !strings.Contains(err.Error(), "poll") {
				t.Errorf("a second source: %v, want ECONFLICT naming the polled source", err)
			}
			// The file put right: the board goes on, and ends with a result proposed.
			serve(r.pdn(1, "1. 32-28 19-23 2. 28x19 14x23 0-2"), http.StatusOK)
			advance(relay.MaxBackoff)
			r.relay.PollOnce(context.Background())
			if b := board(); b.Status != relay.Ended || b.Proposed == nil || b.Proposed.Score() != "0:2" {
				t.Fatalf("a result in the file: %+v", b)
			}
		})
	}
}

// An operator named by the arbiter taps a board's moves; another account
// may not; the round's link taps them too and nothing else, and expires
// when the round's results are all in. A game of other players stops a
// pushed board; a 10 MB feed is refused before it is read.
func TestOperatorsAndBadFeeds(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			r := newRelayed(t, st, storetest.Arbiter(t, st), "russian", relay.Options{})
			as := map[string]context.Context{}
			for _, email := range []string{"operator@example.org", "stranger@example.org"} {
				u := &tournament.User{Email: email, Role: tournament.PlayerRole}
				if err := st.Accounts().Update(context.Background(), func(tx account.Tx) error { return tx.CreateUser(u) }); err != nil {
					t.Fatal(err)
				}
				as[email] = tournament.NewContextWithUser(context.Background(), u)
			}
			if err := r.relay.NameOperator(r.arbiter, r.event.ID, 1, "operator@example.org", true); err != nil {
				t.Fatal(err)
			}
			move := func(ctx context.Context, board, ply int, m string) (*relay.Taken, error) {
				return r.relay.Move(ctx, relay.MoveInput{EventID: r.event.ID, Round: 1, Board: board, Ply: ply, Move: m})
			}
			if _, err := move(as["stranger@example.org"], 1, 1, "c3-d4"); tournament.ErrorCode(err) != tournament.EFORBIDDEN {
				t.Errorf("a stranger's move: %v, want EFORBIDDEN", err)
			}
			if got, err := move(as["operator@example.org"], 1, 1, "c3-d4"); err != nil || got.Plies != 1 {
				t.Fatalf("the operator's move: %+v, %v", got, err)
			}
			if _, err := move(as["operator@example.org"], 1, 1, "c3-d4"); tournament.ErrorCode(err) != tournament.ECONFLICT {
				t.Errorf("a tap sent twice: %v, want ECONFLICT", err)
			}
			if _, err := move(as["operator@example.org"], 1, 2, "a1-b2"); tournament.ErrorCode(err) != tournament.EINVALID {
				t.Errorf("an illegal tap: %v, want EINVALID", err)
			}
			key, err := r.relay.MakeLink(r.arbiter, r.event.ID, 1)
			if err != nil {
				t.Fatal(err)
			}
			link := relay.WithKey(context.Background(), key)
			if got, err := move(link, 1, 2, "f6-e5"); err != nil || got.Plies != 2 {
				t.Fatalf("a move through the link: %+v, %v", got, err)
			}
			if _, err := r.relay.Push(link, relay.PushInput{EventID: r.event.ID, Round: 1, Board: 2, PDN: r.pdn(2, "1. c3-d4 *")}); tournament.ErrorCode(err) != tournament.EFORBIDDEN {
				t.Errorf("the operator link pushing: %v, want EFORBIDDEN", err)
			}
			if _, err := r.relay.SetSource(link, relay.SourceInput{EventID: r.event.ID, Round: 1, Board: 2, Kind: relay.Push}); tournament.ErrorCode(err) != tournament.EUNAUTHORIZED {
				t.Errorf("the operator link setting a source: %v, want EUNAUTHORIZED", err)
			}
			// The operator page's board ends in a take-back and a resignation proposed.
			if got, err := r.relay.TakeBack(link, r.event.ID, 1, 1, 2); err != nil || got.Plies != 1 {
				t.Fatalf("a take-back: %+v, %v", got, err)
			}
			if got, err := r.relay.ProposeResult(link, r.event.ID, 1, 1, "0:2", "resignation"); err != nil || got.Status != relay.Ended {
				t.Fatalf("a resignation proposed: %+v, %v", got, err)
			}

			// Board 2 pushed: a game of other players stops it; a 10 MB feed is refused.
			other := "[White \"Смирнов\"]\n[Black \"Попов\"]\n\n1. c3-d4 *"
			got, err := r.relay.Push(r.arbiter, relay.PushInput{EventID: r.event.ID, Round: 1, Board: 2, PDN: other})
			if err != nil || got.Status != relay.Stopped || !strings.Contains(got.Stop, "note.relay.other_game") {
				t.Fatalf("a game of other players: %+v, %v", got, err)
			}
			huge := r.pdn(2, strings.Repeat("{comment} ", relay.MaxFeedBytes/10+1))
			if _, err := r.relay.Push(r.arbiter, relay.PushInput{EventID: r.event.ID, Round: 1, Board: 2, PDN: huge}); tournament.ErrorCode(err) != tournament.ETOOLARGE {
				t.Errorf("a 10 MB feed: %v, want ETOOLARGE", err)
			}
			// A whole round's PDN: each game to its board by its players' names.
			round := r.pdn(2, "1. c3-d4 f6-g5 *") + "\n" + r.pdn(1, "1. c3-d4 f6-g5 *")
			taken, err := r.relay.PushRound(r.arbiter, relay.PushInput{EventID: r.event.ID, Round: 1, PDN: round})
			if err != nil || len(taken) != 2 || taken[0].Board != 2 || taken[0].Status != relay.Playing || taken[0].Plies != 2 || taken[1].Err == nil {
				t.Fatalf("a round's PDN: %+v, %v (board 1 is the operator's)", taken, err)
			}

			// The results all in: the link expires.
			round1, err := r.events.Round(r.arbiter, r.event.ID, 1)
			if err != nil {
				t.Fatal(err)
			}
			for _, g := range round1.Games {
				if _, err := r.events.RecordResult(r.arbiter, tournament.ResultInput{EventID: r.event.ID, Round: 1, Board: g.Board, Score: "1:1", EndReason: "agreement", Version: g.Version}); err != nil {
					t.Fatal(err)
				}
			}
			if _, err := r.relay.TakeBack(link, r.event.ID, 1, 2, 2); tournament.ErrorCode(err) != tournament.EUNAUTHORIZED {
				t.Errorf("the link after the round's results: %v, want EUNAUTHORIZED", err)
			}
		})
	}
}

// A round's address: one file with the round's games, each taken on the
// board its players' names match; a board confirmed is read no more.
func TestPollRoundFile(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			now := time.Date(2026, 11, 27, 10, 0, 0, 0, time.UTC)
			var mu sync.Mutex
			clock := func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
			var body string
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
				mu.Lock()
				defer mu.Unlock()
				_, _ = w.Write([]byte(body))
			}))
			defer srv.Close()
			r := newRelayed(t, st, storetest.Arbiter(t, st), "russian", relay.Options{Now: clock})
			set, err := r.relay.SetSource(r.arbiter, relay.SourceInput{EventID: r.event.ID, Round: 1, Kind: relay.Poll, URL: srv.URL + "/round1.pdn"})
			if err != nil || len(set) != 2 {
				t.Fatalf("the round's address set on %d boards: %v", len(set), err)
			}
			mu.Lock()
			body = r.pdn(2, "1. c3-d4 f6-e5 *") + "\n" + r.pdn(1, "1. a3-b4 f6-g5 2. b4-a5 1-1")
			mu.Unlock()
			r.relay.PollOnce(context.Background())
			v, err := r.relay.Round(r.arbiter, r.event.ID, 1)
			if err != nil {
				t.Fatal(err)
			}
			if b1, b2 := v.Board(1), v.Board(2); len(b1.Plies) != 3 || b1.Status != relay.Ended || len(b2.Plies) != 2 || b2.Status != relay.Playing {
				t.Fatalf("the round's file read: board 1 %+v, board 2 %+v", b1, b2)
			}
		})
	}
}
