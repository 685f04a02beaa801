package review_test

import (
	"context"
	"errors"
	"testing"

	"adiukh/tournament"
	registration "adiukh/tournament/players"
	"adiukh/tournament/review"
	"adiukh/tournament/store/storetest"
)

// A round published by mistake goes back to a draft while nothing has been
// entered; it can then be deleted and paired again.
func TestUnpublishRound(t *testing.T) {
	t.Parallel()
	forEachReview(t, func(t *testing.T, ctx context.Context, svc *tournament.Service, rev *review.Service) {
		e, _ := storetest.Event(t, ctx, svc, "round-robin", 0, "А", "Б", "В", "Г")
		if _, err := svc.PairNextRound(ctx, e.ID); err != nil {
			t.Fatal(err)
		}
		if _, err := rev.UnpublishRound(ctx, e.ID, 1, ""); tournament.ErrorCode(err) != tournament.ECONFLICT {
			t.Errorf("taking back a draft: error %v, want ECONFLICT", err)
		}
		if _, err := svc.PublishRound(ctx, e.ID, 1); err != nil {
			t.Fatal(err)
		}
		var noReason *tournament.Error
		if _, err := rev.UnpublishRound(ctx, e.ID, 1, " "); !errors.As(err, &noReason) || noReason.Field != "reason" {
			t.Errorf("taking back without a reason: error %v, want one on the reason", err)
		}
		r, err := rev.UnpublishRound(ctx, e.ID, 1, "опубликовали не тот тур")
		if err != nil {
			t.Fatal(err)
		}
		if r.Status != tournament.Draft {
			t.Fatalf("status after taking back: %s", r.Status)
		}
		if err := rev.DeleteDraftRound(ctx, e.ID, 1, ""); err != nil {
			t.Fatalf("delete the round taken back: %v", err)
		}

		r, err = svc.PairNextRound(ctx, e.ID)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := svc.PublishRound(ctx, e.ID, 1); err != nil {
			t.Fatal(err)
		}
		g := r.Games[0]
		if _, err := svc.RecordResult(ctx, tournament.ResultInput{EventID: e.ID, Round: 1, Board: g.Board, Score: "17:7", EndReason: "final_position", Version: g.Version}); err != nil {
			t.Fatal(err)
		}
		if _, err := rev.UnpublishRound(ctx, e.ID, 1, ""); tournament.ErrorCode(err) != tournament.ECONFLICT {
			t.Errorf("taking back a round with a result: error %v, want ECONFLICT", err)
		}
	})
}

func TestDeleteDraftRound(t *testing.T) {
	t.Parallel()
	forEachReview(t, func(t *testing.T, ctx context.Context, svc *tournament.Service, rev *review.Service) {
		e, _ := storetest.Event(t, ctx, svc, "swiss", 3, "А", "Б", "В")
		if _, err := svc.PairNextRound(ctx, e.ID); err != nil {
			t.Fatal(err)
		}
		if err := rev.DeleteDraftRound(ctx, e.ID, 1, "забыли игрока"); err != nil {
			t.Fatal(err)
		}
		if _, err := registration.NewService(svc).RegisterPlayer(ctx, e.ID, tournament.PlayerInput{Name: ptr("Г")}); err != nil {
			t.Fatal(err)
		}
		r, err := svc.PairNextRound(ctx, e.ID)
		if err != nil {
			t.Fatal(err)
		}
		if r.Number != 1 || len(r.Games) != 2 || r.Games[1].IsBye() {
			t.Errorf("round paired again = %+v; want round 1 with two games and no bye", r)
		}
		if _, err := svc.PublishRound(ctx, e.ID, 1); err != nil {
			t.Fatal(err)
		}
		if err := rev.DeleteDraftRound(ctx, e.ID, 1, ""); tournament.ErrorCode(err) != tournament.ECONFLICT {
			t.Errorf("deleting a published round: error %v, want ECONFLICT", err)
		}
	})
}
