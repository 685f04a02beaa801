package entries_test

import (
	"context"
	"reflect"
	"sync/atomic"
	"testing"

	"adiukh/tournament"
	"adiukh/tournament/engines"
	"adiukh/tournament/entries"
	"adiukh/tournament/store/storetest"
)

// readingStore counts the reads of an event's part an account's page or
// calendar is made of: its rounds, a player's games and the player, the
// audit entries of their rounds.
type readingStore struct {
	entries.Store
	reads *atomic.Int64
}

func (s readingStore) View(ctx context.Context, fn func(tx entries.Tx) error) error {
	return s.Store.View(ctx, func(tx entries.Tx) error { return fn(readingTx{tx, s.reads}) })
}

type readingTx struct {
	entries.Tx
	reads *atomic.Int64
}

func (t readingTx) RoundHeads(eventID int64) ([]tournament.Round, error) {
	t.reads.Add(1)
	return t.Tx.RoundHeads(eventID)
}

func (t readingTx) PlayerGames(eventID, playerID int64) ([]tournament.Game, error) {
	t.reads.Add(1)
	return t.Tx.PlayerGames(eventID, playerID)
}

func (t readingTx) Player(eventID, playerID int64) (*tournament.Player, error) {
	t.reads.Add(1)
	return t.Tx.Player(eventID, playerID)
}

func (t readingTx) AuditOf(eventID int64, subjects []string) ([]tournament.AuditEntry, error) {
	t.reads.Add(1)
	return t.Tx.AuditOf(eventID, subjects)
}

// Issue 65: the account's page and calendar read each event's part once
// a version of the event: asked again, they read none of it, and are
// what a service keeping nothing gives; after a result in the event they
// read it again, the result in it.
func TestMyPartsAreReadOnceAVersion(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			svc, fresh := services(st, engines.Options())
			var reads atomic.Int64
			kept := entries.NewService(readingStore{st.Entries(), &reads}, entries.Options{KeepParts: true})
			arbiter := storetest.Arbiter(t, st)
			played, players := storetest.Event(t, arbiter, svc, "round-robin", 0, "Анна Тлехас", "Борис Нехай", "Вера Шеуджен", "Гиса Хут")
			ann := playerAccount(t, st, "ann@example.org", "Анна Тлехас")
			if err := svc.LinkPlayer(arbiter, played.ID, players[0].ID, "ann@example.org"); err != nil {
				t.Fatal(err)
			}
			if err := kept.SetFollowing(ann, played.ID, players[1].ID, true); err != nil {
				t.Fatal(err)
			}
			token, err := kept.NewFeedToken(ann)
			if err != nil {
				t.Fatal(err)
			}
			var round *tournament.Round
			for n := 1; n <= 2; n++ {
				if round, err = svc.PairNextRound(arbiter, played.ID); err != nil {
					t.Fatal(err)
				}
				if _, err := svc.PublishRound(arbiter, played.ID, n); err != nil {
					t.Fatal(err)
				}
			}
			// read is the page and calendar of the kept service, compared
			// with the fresh one's, and how many reads of parts they made.
			read := func(when string) (int64, *entries.MyFeed) {
				t.Helper()
				before := reads.Load()
				page, err := kept.MyPage(ann)
				if err != nil {
					t.Fatal(err)
				}
				feed, err := kept.MyFeed(t.Context(), token)
				if err != nil {
					t.Fatal(err)
				}
				wantPage, err := fresh.MyPage(ann)
				if err != nil {
					t.Fatal(err)
				}
				wantFeed, err := fresh.MyFeed(t.Context(), token)
				if err != nil {
					t.Fatal(err)
				}
				page.Notices, wantPage.Notices = nil, nil // marked read between
				if !reflect.DeepEqual(page, wantPage) || !reflect.DeepEqual(feed, wantFeed) {
					t.Errorf("%s: the kept parts gave\n%+v\n%+v\nwant\n%+v\n%+v", when, page, feed, wantPage, wantFeed)
				}
				return reads.Load() - before, feed
			}
			if made, _ := read("first"); made == 0 {
				t.Fatal("the first page and calendar read no part of the event: the counter counts nothing")
			}
			if again, _ := read("again"); again != 0 {
				t.Errorf("asked again, the page and calendar read %d parts of the event, want none", again)
			}
			var mine tournament.Game
			for _, g := range round.Games {
				if g.WhiteID == players[0].ID || g.BlackID == players[0].ID {
					mine = g
				}
			}
			if _, err := svc.RecordResult(arbiter, tournament.ResultInput{EventID: played.ID, Round: 2, Board: mine.Board, Score: "17:7", EndReason: "final_position", Version: mine.Version}); err != nil {
				t.Fatal(err)
			}
			made, feed := read("after a result")
			if made == 0 || len(feed.Games) != 2 || feed.Games[1].Score() == "" {
				t.Errorf("after a result of the player's: %d parts read, games %+v; want the parts read again with the result", made, feed.Games)
			}
		})
	}
}
