package entries_test

import (
	"testing"
	"time"

	"adiukh/tournament"
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
