package players_test

import (
	"context"
	"strings"
	"testing"

	"adiukh/tournament"
	"adiukh/tournament/engines"
	registration "adiukh/tournament/players"
	"adiukh/tournament/store/storetest"
)

// TestWithdrawAndUndo: withdrawing and taking a withdrawal back need a
// reason, go to the audit log, and are possible only while they change no
// paired round.
func TestWithdrawAndUndo(t *testing.T) {
	t.Parallel()
	opt := engines.Options()
	opt.Pairing[tournament.Swiss] = pairInOrder
	forEachService(t, opt, func(t *testing.T, ctx context.Context, svc *tournament.Service) {
		e, players := storetest.Event(t, ctx, svc, "swiss", 5, "А", "Б", "В", "Г")
		leaver := players[3]
		withdraw := func(n int, reason string) (*tournament.Player, error) {
			return registration.NewService(svc).UpdatePlayer(ctx, e.ID, leaver.ID, tournament.PlayerInput{WithdrawFromRound: ptr(n)}, reason)
		}
		if _, err := withdraw(2, " "); tournament.ErrorCode(err) != tournament.EINVALID || !strings.HasPrefix(err.Error(), "reason: say why Г is withdrawn") {
			t.Fatalf("withdrawal without a reason: %v; want EINVALID on reason", err)
		}
		if _, err := withdraw(2, "заболел"); err != nil {
			t.Fatal(err)
		}
		if a := lastAudit(t, ctx, svc, e.ID); a.Action != tournament.ActionPlayerWithdraw || a.Reason != "заболел" {
			t.Errorf("audit of the withdrawal = %+v", a)
		}
		if _, err := withdraw(0, ""); tournament.ErrorCode(err) != tournament.EINVALID {
			t.Fatalf("undo without a reason: %v; want EINVALID", err)
		}
		// Round 1 is paired with the player; round 2 is not yet: undo works.
		if _, err := svc.PairNextRound(ctx, e.ID); err != nil {
			t.Fatal(err)
		}
		p, err := withdraw(0, "выздоровел")
		if err != nil {
			t.Fatal(err)
		}
		if p.WithdrawnFrom != 0 || lastAudit(t, ctx, svc, e.ID).Action != tournament.ActionPlayerReinstate {
			t.Errorf("after the undo: withdrawn from %d, last audit %q", p.WithdrawnFrom, lastAudit(t, ctx, svc, e.ID).Action)
		}
		// Round 1 is a draft paired with the player: a withdrawal from it
		// is told to pair it again, not to forfeit a game that has no
		// result to take (issue 60, item 6).
		if _, err := withdraw(1, "заболел"); tournament.ErrorCode(err) != tournament.ECONFLICT || !strings.Contains(err.Error(), "round 1 is a draft, paired with Г: delete the draft") {
			t.Errorf("withdrawal from the draft round 1: %v; want ECONFLICT telling to pair it again", err)
		}
		// Withdrawn again from round 2, and round 2 is paired without them:
		// the withdrawal stands.
		if _, err := withdraw(2, "снова заболел"); err != nil {
			t.Fatal(err)
		}
		if _, err := svc.PublishRound(ctx, e.ID, 1); err != nil {
			t.Fatal(err)
		}
		r1, err := svc.Round(ctx, e.ID, 1)
		if err != nil {
			t.Fatal(err)
		}
		for _, g := range r1.Games {
			if _, err := svc.RecordResult(ctx, tournament.ResultInput{EventID: e.ID, Round: 1, Board: g.Board, Score: "12:12", EndReason: "agreement", Version: g.Version}); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := svc.PairNextRound(ctx, e.ID); err != nil {
			t.Fatal(err)
		}
		if _, err := withdraw(0, "передумал"); tournament.ErrorCode(err) != tournament.ECONFLICT || !strings.Contains(err.Error(), "round 2 was paired without the player") {
			t.Errorf("undo after round 2 was paired without the player: %v; want ECONFLICT", err)
		}
	})
}

func TestRemovePlayerNeedsReason(t *testing.T) {
	t.Parallel()
	forEachService(t, engines.Options(), func(t *testing.T, ctx context.Context, svc *tournament.Service) {
		e, players := storetest.Event(t, ctx, svc, "round-robin", 0, "А", "Б", "В")
		if err := registration.NewService(svc).RemovePlayer(ctx, e.ID, players[1].ID, ""); tournament.ErrorCode(err) != tournament.EINVALID || !strings.HasPrefix(err.Error(), "reason: say why Б is removed") {
			t.Fatalf("removal without a reason: %v; want EINVALID on reason", err)
		}
		if err := registration.NewService(svc).RemovePlayer(ctx, e.ID, players[1].ID, "не приехал"); err != nil {
			t.Fatal(err)
		}
		if a := lastAudit(t, ctx, svc, e.ID); a.Action != tournament.ActionPlayerDelete || a.Reason != "не приехал" {
			t.Errorf("audit of the removal = %+v", a)
		}
	})
}
