package relay_test

import (
	"testing"

	"adiukh/tournament"
	"adiukh/tournament/relay"
	"adiukh/tournament/store/storetest"
)

// A bridge pushes a Russian game move by move: each push checked by the
// rules, the board read with its moves, last move and clocks; an illegal
// move stops it at its ply with the moves before kept; a correction
// replaces from the ply it differs; the end proposes the result, which
// the arbiter confirms with the record as the board's sheet.
func TestPushRussianBoard(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			r := newRelayed(t, st, storetest.Arbiter(t, st), "russian", relay.Options{})
			ch, stopWatch := r.relay.Watch(r.event.ID, 1)
			defer stopWatch()
			push := func(moves string) *relay.Taken {
				t.Helper()
				got, err := r.relay.Push(r.arbiter, relay.PushInput{EventID: r.event.ID, Round: 1, Board: 1, PDN: r.pdn(1, moves)})
				if err != nil {
					t.Fatal(err)
				}
				return got
			}
			got := push("1. c3-d4 {[%clock w0:14:50 B0:15:00]} f6-e5 {[%clock w0:14:50 B0:14:40]} *")
			if got.Plies != 2 || got.Status != relay.Playing || got.Proposed != nil {
				t.Fatalf("two plies pushed: %+v", got)
			}
			select {
			case <-ch:
			default:
				t.Error("the round's watchers were not told of the push")
			}
			view, err := r.relay.Round(r.arbiter, r.event.ID, 1)
			if err != nil {
				t.Fatal(err)
			}
			b := view.Board(1)
			if b == nil || len(b.Plies) != 2 || b.LastMove.Move != "f6-e5" || b.Clock == nil || b.Clock.Black.Seconds() != 880 || b.White != r.names[1][0] {
				t.Fatalf("board 1 read back: %+v", b)
			}
			if other := view.Board(2); other == nil || other.Status != relay.Waiting || other.White != r.names[2][0] {
				t.Errorf("board 2, not relayed, shows its pairing: %+v", other)
			}

			// An illegal move stops the board at its ply; the moves before stay.
			got = push("1. c3-d4 f6-e5 2. d4-c5 *")
			if got.Status != relay.Stopped || got.StopPly != 3 || got.Plies != 2 {
				t.Fatalf("an illegal third ply: %+v", got)
			}
			// The bridge puts it right: the stop is lifted, the game goes on.
			got = push("1. c3-d4 f6-e5 2. d4xf6 g7xe5 3. b2-c3 *")
			if got.Status != relay.Playing || got.Plies != 5 || got.Stop != "" {
				t.Fatalf("the feed put right: %+v", got)
			}
			// A correction from ply 5: audited, the moves from there replaced.
			got = push("1. c3-d4 f6-e5 2. d4xf6 g7xe5 3. g3-f4 e5xg3 4. h2xf4 *")
			if got.Plies != 7 {
				t.Fatalf("a correction: %+v", got)
			}
			log, err := r.events.Audit(r.arbiter, r.event.ID)
			if err != nil {
				t.Fatal(err)
			}
			corrections := 0
			for _, a := range log {
				if a.Action == relay.ActionCorrection {
					corrections++
				}
			}
			if corrections != 1 {
				t.Errorf("%d corrections in the audit log, want 1", corrections)
			}
			// A result in the feed proposes it; the arbiter confirms it.
			final := "1. c3-d4 f6-e5 2. d4xf6 g7xe5 3. g3-f4 e5xg3 4. h2xf4 2-0"
			got = push(final)
			if got.Status != relay.Ended || got.Proposed == nil || got.Proposed.Score() != "2:0" {
				t.Fatalf("a result pushed: %+v", got)
			}
			rec, err := r.relay.Confirm(r.arbiter, r.event.ID, 1, 1)
			if err != nil {
				t.Fatal(err)
			}
			if rec.Result == nil || rec.Result.Score() != "2:0" || rec.Sheet == "" || rec.SheetReport == nil || !rec.SheetReport.Valid {
				t.Fatalf("confirmed: %+v", rec.Game)
			}
			// The record is the sheet a player would upload: the same game read
			// from it, checked alike.
			round1, err := r.events.Round(r.arbiter, r.event.ID, 1)
			if err != nil {
				t.Fatal(err)
			}
			uploaded, err := r.events.RecordResult(r.arbiter, tournament.ResultInput{EventID: r.event.ID, Round: 1, Board: 2, Sheet: r.pdn(1, final), Version: round1.Games[1].Version})
			if err != nil {
				t.Fatal(err)
			}
			if u, c := uploaded.SheetReport, rec.SheetReport; u.Valid != c.Valid || u.FinalReached != c.FinalReached || u.ClaimedScore != c.ClaimedScore ||
				u.ClaimedReason != c.ClaimedReason || len(u.Errors)+len(c.Errors) != 0 || *uploaded.Result != *rec.Result {
				t.Errorf("the relayed record's report %+v, result %+v; the uploaded sheet's %+v, %+v", rec.SheetReport, rec.Result, uploaded.SheetReport, uploaded.Result)
			}
			if _, err := r.relay.Push(r.arbiter, relay.PushInput{EventID: r.event.ID, Round: 1, Board: 1, PDN: r.pdn(1, final)}); tournament.ErrorCode(err) != tournament.ECONFLICT {
				t.Errorf("a push after the result: %v, want ECONFLICT", err)
			}
		})
	}
}
