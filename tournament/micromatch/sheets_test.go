package micromatch_test

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"

	"adiukh/tournament"
	"adiukh/tournament/micromatch"
	"adiukh/tournament/store/storetest"
)

// The sheets of a game played from opening 1-I: its moves after the
// opening, and the whole game with the opening's moves first.
const (
	afterOpening1I = "4. b4:d6 e7:c5 5. g3-h4 f6-g5 6. h4:f6 g7:e5\n1:1 agreement"
	whole1I        = "1. a3-b4 b6-a5 2. b2-a3 a7-b6 3. a1-b2 d6-c5\n" + afterOpening1I
)

// sheetEvent is an event of micro-matches whose own table has opening 1-I
// alone, so that its first round plays from it; the round is published.
func sheetEvent(t *testing.T, ctx context.Context, events *tournament.Service, svc *micromatch.Service) (*tournament.Event, *tournament.Round) {
	t.Helper()
	e := russianEvent(t, ctx, events, "round", "games")
	if _, err := svc.LoadTable(ctx, e.ID, "csv", []byte("1,1-I,a3-b4 b6-a5 b2-a3 a7-b6 a1-b2 d6-c5\n")); err != nil {
		t.Fatal(err)
	}
	return e, storetest.PublishNextRound(t, ctx, events, e.ID)
}

// A game's sheet is entered with its result, in either form, replayed from
// the board's opening, and kept with its report; a sheet alone gives the
// result it records.
func TestMicroSheetRecorded(t *testing.T) {
	forEachService(t, func(t *testing.T, ctx context.Context, events *tournament.Service, svc *micromatch.Service) {
		e, r := sheetEvent(t, ctx, events, svc)
		g, err := svc.RecordGame(ctx, micromatch.GameInput{EventID: e.ID, Round: 1, Board: 1, Game: 1, Sheet: afterOpening1I, Version: r.Games[0].Version})
		if err != nil {
			t.Fatal(err)
		}
		if res := g.MicroGames[0]; res == nil || res.Score() != "1:1" || res.EndReason != tournament.Agreement {
			t.Fatalf("game 1's result from its sheet: %+v, want 1:1 by agreement", res)
		}
		if g, err = svc.RecordGame(ctx, micromatch.GameInput{EventID: e.ID, Round: 1, Board: 1, Game: 2, Score: "1:1", EndReason: "agreement", Sheet: whole1I, Version: g.Version}); err != nil {
			t.Fatal(err)
		}
		stored := storedRound(t, ctx, events, e.ID, 1).Games[0]
		for i, want := range []string{afterOpening1I, whole1I} {
			ms := stored.MicroSheets[i]
			if ms.Sheet != want || ms.Report == nil || !ms.Report.Valid || ms.Report.ClaimedScore != "1:1" || ms.Report.ClaimedReason != "agreement" {
				t.Errorf("game %d's stored sheet: %+v, report %+v", i+1, ms, ms.Report)
			}
		}
		if stored.Result == nil || stored.Result.Score() != "2:2" {
			t.Errorf("board 1's result is %+v, want 2:2", stored.Result)
		}
		// The same sheet again changes nothing; a new sheet for a game
		// that has one is a correction and needs a reason.
		if again, err := svc.RecordGame(ctx, micromatch.GameInput{EventID: e.ID, Round: 1, Board: 1, Game: 2, Score: "1:1", EndReason: "agreement", Sheet: whole1I + "\r\n", Version: stored.Version}); err != nil || again.Version != stored.Version {
			t.Errorf("the same sheet again: version %d, %v; want %d unchanged", again.Version, err, stored.Version)
		}
		if _, err := svc.RecordGame(ctx, micromatch.GameInput{EventID: e.ID, Round: 1, Board: 1, Game: 2, Sheet: strings.Replace(afterOpening1I, "1:1 agreement", "1:1 соглашение", 1), Version: stored.Version}); code(err) != tournament.EINVALID {
			t.Errorf("another sheet for game 2 without a reason: %v, want EINVALID", err)
		}
	})
}

// A sheet is refused as a board's is: a wrong move with its ply and move
// number in the whole game, a result that disagrees with the score entered;
// the arbiter may override the sheet with a reason, which stays with the
// game.
func TestMicroSheetRefused(t *testing.T) {
	forEachService(t, func(t *testing.T, ctx context.Context, events *tournament.Service, svc *micromatch.Service) {
		e, r := sheetEvent(t, ctx, events, svc)
		version := r.Games[0].Version
		_, err := svc.RecordGame(ctx, micromatch.GameInput{EventID: e.ID, Round: 1, Board: 1, Game: 1, Score: "2:0", EndReason: "resignation",
			Sheet: "4. b4:d6 e7:c5 5. g3-g5", Version: version})
		var te *tournament.Error
		if !errors.As(err, &te) || te.Field != "sheet" || !strings.Contains(te.Message, "move 5 (ply 9)") {
			t.Fatalf("a wrong move: %v, want the sheet refused at move 5 (ply 9)", err)
		}
		_, err = svc.RecordGame(ctx, micromatch.GameInput{EventID: e.ID, Round: 1, Board: 1, Game: 1, Score: "2:0", EndReason: "resignation",
			Sheet: afterOpening1I, Version: version})
		if !errors.As(err, &te) || te.Field != "score" || !strings.Contains(te.Message, "records 1:1, but 2:0 was entered") {
			t.Fatalf("a score against the sheet: %v, want it refused at score", err)
		}
		g, err := svc.RecordGame(ctx, micromatch.GameInput{EventID: e.ID, Round: 1, Board: 1, Game: 1, Score: "2:0", EndReason: "resignation",
			Sheet: afterOpening1I, Version: version, Reason: "Чёрные сдались, не записав"})
		if err != nil {
			t.Fatal(err)
		}
		if ms := g.MicroSheets[0]; ms.OverrideReason != "Чёрные сдались, не записав" || g.MicroGames[0].Score() != "2:0" {
			t.Errorf("overridden: %+v, result %+v", ms, g.MicroGames[0])
		}
		log, err := events.Audit(ctx, e.ID)
		if err != nil {
			t.Fatal(err)
		}
		if last := log[len(log)-1]; last.Action != tournament.ActionResultOverride || !strings.Contains(last.After, `"sheet":true`) {
			t.Errorf("the audit log's last entry: %+v", last)
		}
	})
}

// A micro-match game's result comes through the same rules as a board's:
// a correction after the next round was paired on the board's old result
// says so, and a sheet naming others than the board's players is warned
// about, as tournament.RecordResult warns.
func TestMicroGameWarnsAsABoardDoes(t *testing.T) {
	forEachService(t, func(t *testing.T, ctx context.Context, events *tournament.Service, svc *micromatch.Service) {
		e := russianEvent(t, ctx, events, "round", "games")
		r := storetest.PublishNextRound(t, ctx, events, e.ID)
		for _, g := range r.Games {
			if g.IsBye() {
				continue
			}
			version := g.Version
			for game := 1; game <= 2; game++ {
				out, err := svc.RecordGame(ctx, micromatch.GameInput{EventID: e.ID, Round: 1, Board: g.Board, Game: game, Score: "2:0", EndReason: "resignation", Version: version})
				if err != nil {
					t.Fatal(err)
				}
				if len(out.Warnings) != 0 {
					t.Fatalf("board %d game %d: warnings %+v before round 2 is paired", g.Board, game, out.Warnings)
				}
				version = out.Version
			}
		}
		storetest.PublishNextRound(t, ctx, events, e.ID)
		board := storedRound(t, ctx, events, e.ID, 1).Games[0]
		out, err := svc.RecordGame(ctx, micromatch.GameInput{EventID: e.ID, Round: 1, Board: board.Board, Game: 2, Score: "1:1", EndReason: "agreement",
			Version: board.Version, Reason: "the sheet was misread"})
		if err != nil {
			t.Fatal(err)
		}
		if len(out.Warnings) != 1 || out.Warnings[0].Field != "score" || !strings.Contains(out.Warnings[0].Message, "round 2 was already paired") {
			t.Errorf("a correction after round 2 was paired: warnings %+v", out.Warnings)
		}
		sheet := "[White \"Незнакомец\"]\n[Black \"Посторонний\"]\n[Result \"2-0\"]\n[Termination \"resignation\"]\n\n2-0\n"
		out, err = svc.RecordGame(ctx, micromatch.GameInput{EventID: e.ID, Round: 1, Board: board.Board, Game: 1, Sheet: sheet,
			Version: out.Version, Reason: "the sheet came in"})
		if err != nil {
			t.Fatal(err)
		}
		if !slices.ContainsFunc(out.Warnings, func(w tournament.Warning) bool {
			return w.Field == "sheet" && strings.Contains(w.Message, "Незнакомец")
		}) {
			t.Errorf("a sheet naming others: warnings %+v", out.Warnings)
		}
	})
}
