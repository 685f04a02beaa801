package entries_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"adiukh/tournament"
	"adiukh/tournament/correspondence"
	"adiukh/tournament/engines"
	"adiukh/tournament/store/storetest"
)

// An account's personal calendar holds its events (played in, followed)
// and its games of published rounds, dated the day the round was
// published in the event's zone and revised by each change of the result.
// Only the latest token opens it; a revoked one opens nothing.
func TestMyFeed(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			c := &clock{at: time.Date(2026, 12, 4, 21, 30, 0, 0, time.UTC)} // 5 December in Moscow
			opt := engines.Options()
			opt.Now = c.now
			svc, ent := services(st, opt)
			arbiter := storetest.Arbiter(t, st)
			played, players := storetest.Event(t, arbiter, svc, "round-robin", 0, "Анна Тлехас", "Борис Нехай")
			followed, _ := storetest.Event(t, arbiter, svc, "swiss", 5)
			storetest.Event(t, arbiter, svc, "swiss", 5) // neither played nor followed
			ann := playerAccount(t, st, "ann@example.org", "Анна Тлехас")
			if err := svc.LinkPlayer(arbiter, played.ID, players[0].ID, "ann@example.org"); err != nil {
				t.Fatal(err)
			}
			if err := ent.SetFollowing(ann, followed.ID, 0, true); err != nil {
				t.Fatal(err)
			}
			if _, err := ent.NewFeedToken(t.Context()); tournament.ErrorCode(err) != tournament.EUNAUTHORIZED {
				t.Errorf("an anonymous token: %v, want EUNAUTHORIZED", err)
			}
			old, err := ent.NewFeedToken(ann)
			if err != nil {
				t.Fatal(err)
			}
			token, err := ent.NewFeedToken(ann)
			if err != nil {
				t.Fatal(err)
			}
			_, err = ent.MyFeed(t.Context(), old)
			wantCode(t, "the replaced token", err, tournament.ENOTFOUND)

			r, err := svc.PairNextRound(arbiter, played.ID)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := svc.PublishRound(arbiter, played.ID, 1); err != nil {
				t.Fatal(err)
			}
			feed, err := ent.MyFeed(t.Context(), token)
			if err != nil {
				t.Fatal(err)
			}
			if feed.Owner.Email != "ann@example.org" || len(feed.Events) != 2 || feed.Events[0].ID != played.ID || feed.Events[1].ID != followed.ID {
				t.Fatalf("the feed of %s: events %+v, want events %d and %d", feed.Owner.Email, feed.Events, played.ID, followed.ID)
			}
			if len(feed.Games) != 1 {
				t.Fatalf("games %+v, want Анна's game of round 1", feed.Games)
			}
			g := feed.Games[0]
			if g.Round != 1 || g.Opponent != "Борис Нехай" || g.Day.Format(time.DateOnly) != "2026-12-05" || g.Sequence != 0 || !g.Revised.Equal(c.now()) {
				t.Errorf("the game %+v (day %s), want round 1 against Борис on 2026-12-05, revised when published", g, g.Day.Format(time.DateOnly))
			}
			c.set(c.now().Add(2 * time.Hour))
			game := r.Games[0]
			if _, err := svc.RecordResult(arbiter, tournament.ResultInput{EventID: played.ID, Round: 1, Board: game.Board, Score: "17:7", EndReason: "final_position", Version: game.Version}); err != nil {
				t.Fatal(err)
			}
			feed, err = ent.MyFeed(t.Context(), token)
			if err != nil {
				t.Fatal(err)
			}
			if g := feed.Games[0]; g.Sequence != 1 || !g.Revised.Equal(c.now()) || g.Score() == "" {
				t.Errorf("after the result: %+v, want sequence 1 revised at %v with the score", g, c.now())
			}
			if err := ent.RevokeFeedToken(ann); err != nil {
				t.Fatal(err)
			}
			_, err = ent.MyFeed(t.Context(), token)
			wantCode(t, "a revoked token", err, tournament.ENOTFOUND)
			if made, err := ent.FeedTokenMade(ann); err != nil || !made.IsZero() {
				t.Errorf("after revoking: token made %v (%v), want none", made, err)
			}
		})
	}
}

// A game over the board is on the day its round was published, within
// the event's days: round 1 paired the evening before is on the first
// day. A live round's games are at their start, for as long as their
// clocks likely run (3+2: five minutes a side).
func TestMyFeedDatesGames(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			c := &clock{at: time.Date(2026, 12, 6, 17, 0, 0, 0, time.UTC)} // 20:00 in Moscow, the day before
			opt := engines.Options()
			opt.Now = c.now
			corr := correspondence.NewService(st.Correspondence(), correspondence.Options{Pairing: opt.Pairing, Now: c.now})
			opt.LiveRound = corr.StartLiveRound
			svc, ent := services(st, opt)
			arbiter := storetest.Arbiter(t, st)
			ann := playerAccount(t, st, "ann@example.org", "Тлехас Анна")

			board, players := storetest.Event(t, arbiter, svc, "round-robin", 0, "Тлехас Анна", "Нехай Борис", "Шеуджен Вера", "Хут Гоща")
			first, last := "2026-12-07", "2026-12-09"
			if _, err := svc.UpdateEvent(arbiter, board.ID, tournament.EventInput{StartDate: &first, EndDate: &last}, ""); err != nil {
				t.Fatal(err)
			}
			if err := svc.LinkPlayer(arbiter, board.ID, players[0].ID, "ann@example.org"); err != nil {
				t.Fatal(err)
			}
			if _, err := svc.PairNextRound(arbiter, board.ID); err != nil {
				t.Fatal(err)
			}
			if _, err := svc.PublishRound(arbiter, board.ID, 1); err != nil {
				t.Fatal(err)
			}

			blitz, control, online := "blitz", "3+2", true
			live, livePlayers := storetest.Event(t, arbiter, svc, "round-robin", 0, "Тлехас Анна", "Нехай Борис")
			if _, err := svc.UpdateEvent(arbiter, live.ID, tournament.EventInput{Discipline: &blitz, TimeControl: &control, Online: &online}, ""); err != nil {
				t.Fatal(err)
			}
			if err := svc.LinkPlayer(arbiter, live.ID, livePlayers[0].ID, "ann@example.org"); err != nil {
				t.Fatal(err)
			}
			if _, err := svc.PairNextRound(arbiter, live.ID); err != nil {
				t.Fatal(err)
			}
			starts := time.Date(2026, 12, 8, 16, 0, 0, 0, time.UTC)
			if _, err := svc.PublishRoundAt(arbiter, live.ID, 1, starts); err != nil {
				t.Fatal(err)
			}

			token, err := ent.NewFeedToken(ann)
			if err != nil {
				t.Fatal(err)
			}
			feed, err := ent.MyFeed(t.Context(), token)
			if err != nil {
				t.Fatal(err)
			}
			if len(feed.Games) != 2 {
				t.Fatalf("games %+v, want one of each event", feed.Games)
			}
			over, played := feed.Games[0], feed.Games[1]
			if over.Event.ID != board.ID || over.Day.Format(time.DateOnly) != first || !over.Starts.IsZero() {
				t.Errorf("the game over the board: event %d on %s starting %v, want event %d on %s, no hour", over.Event.ID, over.Day.Format(time.DateOnly), over.Starts, board.ID, first)
			}
			if played.Event.ID != live.ID || !played.Starts.Equal(starts) || !played.Ends.Equal(starts.Add(10*time.Minute)) {
				t.Errorf("the live game: event %d from %v to %v, want event %d from %v for 10 minutes", played.Event.ID, played.Starts, played.Ends, live.ID, starts)
			}

			// Round 2 published on the second day, round 3 after the last.
			// In order: a map's would pair round 3 before round 2 at times.
			for n, at := range []time.Time{2: time.Date(2026, 12, 8, 6, 0, 0, 0, time.UTC), 3: time.Date(2026, 12, 10, 6, 0, 0, 0, time.UTC)} {
				if n < 2 {
					continue
				}
				c.set(at)
				finishRound(t, svc, arbiter, board.ID, n-1)
				if _, err := svc.PairNextRound(arbiter, board.ID); err != nil {
					t.Fatal(err)
				}
				if _, err := svc.PublishRound(arbiter, board.ID, n); err != nil {
					t.Fatal(err)
				}
			}
			if feed, err = ent.MyFeed(t.Context(), token); err != nil {
				t.Fatal(err)
			}
			var days []string
			for _, g := range feed.Games {
				if g.Event.ID == board.ID {
					days = append(days, g.Day.Format(time.DateOnly))
				}
			}
			if want := []string{"2026-12-07", "2026-12-08", "2026-12-09"}; !slices.Equal(days, want) {
				t.Errorf("the days of rounds 1-3: %v, want %v", days, want)
			}
		})
	}
}

// finishRound enters a draw on every board of the event's round n.
func finishRound(t *testing.T, svc *tournament.Service, arbiter context.Context, eventID int64, n int) {
	t.Helper()
	r, err := svc.Round(arbiter, eventID, n)
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range r.Games {
		if g.IsBye() {
			continue
		}
		if _, err := svc.RecordResult(arbiter, tournament.ResultInput{EventID: eventID, Round: n, Board: g.Board, Score: "12:12", EndReason: "agreement", Version: g.Version}); err != nil {
			t.Fatal(err)
		}
	}
}
