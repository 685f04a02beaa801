package review_test

import (
	"context"
	"testing"

	"adiukh/tournament"
	"adiukh/tournament/engines"
	"adiukh/tournament/review"
	"adiukh/tournament/store/storetest"
)

// forEachReview runs test on each store (storetest.Open) with an arbiter
// signed in, the events' service and the review of their rounds.
func forEachReview(t *testing.T, test func(t *testing.T, ctx context.Context, svc *tournament.Service, rev *review.Service)) {
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			svc := tournament.NewService(st, engines.Options())
			test(t, storetest.Arbiter(t, st), svc, review.NewService(st.Review(), svc, engines.ReviewOptions()))
		})
	}
}

func TestSwapSeats(t *testing.T) {
	t.Parallel()
	forEachReview(t, func(t *testing.T, ctx context.Context, svc *tournament.Service, rev *review.Service) {
		e, _ := storetest.Event(t, ctx, svc, "round-robin", 0, "А", "Б", "В", "Г", "Д")
		r, err := svc.PairNextRound(ctx, e.ID)
		if err != nil {
			t.Fatal(err)
		}
		board := func(r *tournament.Round, n int) [2]int { return [2]int{r.Games[n-1].WhiteNo, r.Games[n-1].BlackNo} }
		b1, b2 := board(r, 1), board(r, 2)
		bye := 0
		for _, g := range r.Games {
			if g.IsBye() {
				bye = g.Board
			}
		}
		if bye == 0 {
			t.Fatal("a round robin of 5 players has no bye in round 1")
		}

		r, err = rev.SwapSeats(ctx, e.ID, 1, review.Seat{Board: 1, White: true}, review.Seat{Board: 1}, "цвета перепутаны")
		if err != nil {
			t.Fatal(err)
		}
		if got := board(r, 1); got != [2]int{b1[1], b1[0]} {
			t.Errorf("after swapping the colours of board 1: %v, want %v", got, [2]int{b1[1], b1[0]})
		}
		r, err = rev.SwapSeats(ctx, e.ID, 1, review.Seat{Board: 1, White: true}, review.Seat{Board: 2, White: true}, "")
		if err != nil {
			t.Fatal(err)
		}
		if got1, got2 := board(r, 1), board(r, 2); got1 != [2]int{b2[0], b1[0]} || got2 != [2]int{b1[1], b2[1]} {
			t.Errorf("after exchanging the white players of boards 1 and 2: %v %v", got1, got2)
		}

		for _, tc := range []struct {
			name string
			a, b review.Seat
			code string
		}{
			{"the same seat", review.Seat{Board: 1, White: true}, review.Seat{Board: 1, White: true}, tournament.EINVALID},
			{"no such board", review.Seat{Board: 1, White: true}, review.Seat{Board: 9, White: true}, tournament.EINVALID},
			{"the empty seat of the bye", review.Seat{Board: 1, White: true}, review.Seat{Board: bye}, tournament.EINVALID},
		} {
			if _, err := rev.SwapSeats(ctx, e.ID, 1, tc.a, tc.b, ""); tournament.ErrorCode(err) != tc.code {
				t.Errorf("%s: error %v, want %s", tc.name, err, tc.code)
			}
		}
		if _, err := svc.PublishRound(ctx, e.ID, 1); err != nil {
			t.Fatal(err)
		}
		if _, err := rev.SwapSeats(ctx, e.ID, 1, review.Seat{Board: 1, White: true}, review.Seat{Board: 1}, ""); tournament.ErrorCode(err) != tournament.ECONFLICT {
			t.Errorf("swapping in a published round: error %v, want ECONFLICT", err)
		}
		entries, err := svc.Audit(ctx, e.ID)
		if err != nil {
			t.Fatal(err)
		}
		swaps := 0
		for _, a := range entries {
			if a.Action == review.ActionRoundSwap {
				swaps++
				if swaps == 1 && a.Reason != "цвета перепутаны" {
					t.Errorf("the swap's reason in the audit log is %q", a.Reason)
				}
			}
		}
		if swaps != 2 {
			t.Errorf("%d swaps in the audit log, want 2", swaps)
		}
	})
}
