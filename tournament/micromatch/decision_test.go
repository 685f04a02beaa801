package micromatch_test

import (
	"context"
	"errors"
	"testing"

	"adiukh/tournament"
	"adiukh/tournament/micromatch"
	"adiukh/tournament/store/storetest"
)

// The same entries decide the same at the board's door and a micro-match
// game's (issue 64): the first result is stored; the same result sent
// again from the page it was sent from (a stale version) changes nothing
// and is no error; another result from that page is refused as stale; a
// correction needs a reason, and with one is stored.
func TestOneResultDecisionAtEveryDoor(t *testing.T) {
	type door func(ctx context.Context, score, reason, why string, version int) (*tournament.RecordedResult, error)
	forEachService(t, func(t *testing.T, ctx context.Context, events *tournament.Service, svc *micromatch.Service) {
		board := russianEvent(t, ctx, events, "", "")
		micro := russianEvent(t, ctx, events, "round", "games")
		doors := map[string]struct {
			start int
			enter door
		}{
			"board": {storetest.PublishNextRound(t, ctx, events, board.ID).Games[0].Version, func(ctx context.Context, score, reason, why string, version int) (*tournament.RecordedResult, error) {
				return events.RecordResult(ctx, tournament.ResultInput{EventID: board.ID, Round: 1, Board: 1, Score: score, EndReason: reason, Reason: why, Version: version})
			}},
			"micro-match game": {storetest.PublishNextRound(t, ctx, events, micro.ID).Games[0].Version, func(ctx context.Context, score, reason, why string, version int) (*tournament.RecordedResult, error) {
				return svc.RecordGame(ctx, micromatch.GameInput{EventID: micro.ID, Round: 1, Board: 1, Game: 1, Score: score, EndReason: reason, Reason: why, Version: version})
			}},
		}
		for name, d := range doors {
			first, err := d.enter(ctx, "2:0", "resignation", "", d.start)
			if err != nil {
				t.Fatalf("%s: the first result: %v", name, err)
			}
			if again, err := d.enter(ctx, "2:0", "resignation", "", d.start); err != nil || again.Version != first.Version {
				t.Errorf("%s: the same result sent again: %v, version %v, want no error and version %d", name, err, again, first.Version)
			}
			if _, err := d.enter(ctx, "1:1", "agreement", "misread", d.start); code(err) != tournament.ECONFLICT {
				t.Errorf("%s: another result from a stale page: %v, want ECONFLICT", name, err)
			}
			var bad *tournament.Error
			if _, err := d.enter(ctx, "1:1", "agreement", "", first.Version); !errors.As(err, &bad) || bad.Code != tournament.EINVALID || bad.Field != "reason" {
				t.Errorf("%s: a correction without a reason: %v, want EINVALID on reason", name, err)
			}
			if corrected, err := d.enter(ctx, "1:1", "agreement", "misread", first.Version); err != nil || corrected.Version == first.Version {
				t.Errorf("%s: a correction with a reason: %v, want it stored under a new version", name, err)
			}
		}
	})
}
