package tournament_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"adiukh/tournament"
	"adiukh/tournament/engines"
	registration "adiukh/tournament/players"
	"adiukh/tournament/store/storetest"
)

// lastAudit returns the newest audit entry of an event.
func lastAudit(t *testing.T, ctx context.Context, svc *tournament.Service, eventID int64) tournament.AuditEntry {
	t.Helper()
	entries, err := svc.Audit(ctx, eventID)
	if err != nil {
		t.Fatal(err)
	}
	return entries[len(entries)-1]
}

// TestResultCorrection checks the rules every door of RecordResult obeys:
// a correction needs a reason and is logged, a repeated result or an
// unchanged sheet changes nothing, and a correction after the next round
// was paired stands with a warning.
func TestResultCorrection(t *testing.T) {
	t.Parallel()
	opt := engines.Options()
	opt.Pairing[tournament.Swiss] = pairInOrder
	forEachService(t, opt, func(t *testing.T, ctx context.Context, svc *tournament.Service) {
		e, _ := storetest.Event(t, ctx, svc, "swiss", 3, "А", "Б", "В", "Г")
		if _, err := svc.PairNextRound(ctx, e.ID); err != nil {
			t.Fatal(err)
		}
		if _, err := svc.PublishRound(ctx, e.ID, 1); err != nil {
			t.Fatal(err)
		}
		in := tournament.ResultInput{EventID: e.ID, Round: 1, Board: 1, Score: "17:7", EndReason: "final_position", Version: 1}
		g, err := svc.RecordResult(ctx, in)
		if err != nil {
			t.Fatal(err)
		}
		if g.Version != 2 || len(g.Warnings) != 0 {
			t.Fatalf("first result: version %d, warnings %v; want version 2, none", g.Version, g.Warnings)
		}

		// The same result again (a retried request) is no change at all.
		in.Version = 2
		if g, err = svc.RecordResult(ctx, in); err != nil || g.Version != 2 {
			t.Fatalf("repeated result: %v, version %d; want no error, version still 2", err, g.Version)
		}

		in.Score = "7:17"
		_, err = svc.RecordResult(ctx, in)
		if tournament.ErrorCode(err) != tournament.EINVALID || !strings.Contains(err.Error(), "reason: the game already has the result 17:7") {
			t.Fatalf("correction without a reason: %v; want EINVALID on reason naming 17:7", err)
		}
		in.Reason = "   "
		if _, err = svc.RecordResult(ctx, in); tournament.ErrorCode(err) != tournament.EINVALID {
			t.Fatalf("correction with a blank reason: %v; want EINVALID", err)
		}
		in.Reason = "перепутаны цвета"
		if g, err = svc.RecordResult(ctx, in); err != nil {
			t.Fatal(err)
		}
		if g.Result.Score() != "7:17" || g.Version != 3 || len(g.Warnings) != 0 {
			t.Errorf("correction before round 2: %s version %d warnings %v; want 7:17, version 3, no warning", g.Result.Score(), g.Version, g.Warnings)
		}
		a := lastAudit(t, ctx, svc, e.ID)
		if a.Action != tournament.ActionResultCorrect || a.Reason != "перепутаны цвета" || !strings.Contains(a.Before, `"17:7"`) || !strings.Contains(a.After, `"7:17"`) {
			t.Errorf("audit of the correction = %+v; want result.correct 17:7 → 7:17 with the reason", a)
		}

		// Round 2 is paired on 7:17; correcting round 1 now warns.
		if _, err := svc.RecordResult(ctx, tournament.ResultInput{EventID: e.ID, Round: 1, Board: 2, Score: "12:12", EndReason: "agreement", Version: 1}); err != nil {
			t.Fatal(err)
		}
		if _, err := svc.PairNextRound(ctx, e.ID); err != nil {
			t.Fatal(err)
		}
		in.Score, in.EndReason, in.Version, in.Reason = "24:0", "resignation", 3, "судья ошибся при вводе"
		if g, err = svc.RecordResult(ctx, in); err != nil {
			t.Fatal(err)
		}
		if len(g.Warnings) != 1 || !strings.Contains(g.Warnings[0].Message, "round 2 was already paired on the old result 7:17 of board 1 in round 1") {
			t.Errorf("correction after round 2 was paired: warnings %v; want one naming round 2 and 7:17", g.Warnings)
		}
		if g.Warnings[0].Format == "" {
			t.Errorf("the warning has no format to translate it by")
		}
	})
}

// TestResultCorrectionInRoundRobin: a round robin's later rounds do not
// depend on results, so a correction after them warns of nothing.
func TestResultCorrectionInRoundRobin(t *testing.T) {
	t.Parallel()
	forEachService(t, engines.Options(), func(t *testing.T, ctx context.Context, svc *tournament.Service) {
		e, _ := storetest.Event(t, ctx, svc, "round-robin", 0, "А", "Б", "В", "Г")
		for n := 1; n <= 2; n++ {
			if _, err := svc.PairNextRound(ctx, e.ID); err != nil {
				t.Fatal(err)
			}
			if _, err := svc.PublishRound(ctx, e.ID, n); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := svc.RecordResult(ctx, tournament.ResultInput{EventID: e.ID, Round: 1, Board: 1, Score: "24:0", EndReason: "resignation", Version: 1}); err != nil {
			t.Fatal(err)
		}
		g, err := svc.RecordResult(ctx, tournament.ResultInput{EventID: e.ID, Round: 1, Board: 1, Score: "0:24", EndReason: "resignation", Version: 2, Reason: "сдались чёрные, а не белые"})
		if err != nil {
			t.Fatal(err)
		}
		if len(g.Warnings) != 0 {
			t.Errorf("round-robin correction warns %v; want nothing", g.Warnings)
		}
	})
}

// TestUnchangedSheetIsKept: sending back the stored sheet (as a form does,
// perhaps with other line ends) keeps it and its report, and needs no
// reason; a different sheet for a game with a sheet is a correction.
func TestUnchangedSheetIsKept(t *testing.T) {
	t.Parallel()
	forEachService(t, engines.Options(), func(t *testing.T, ctx context.Context, svc *tournament.Service) {
		e := publishedGame(t, ctx, svc)
		const sheet = "1. c3-d4 f6-e5\n"
		in := tournament.ResultInput{EventID: e.ID, Round: 1, Board: 1, Score: "24:0", EndReason: "resignation", Sheet: sheet, Version: 1}
		g, err := svc.RecordResult(ctx, in)
		if err != nil {
			t.Fatal(err)
		}
		report := g.SheetReport
		in.Sheet, in.Version = "  "+strings.ReplaceAll(sheet, "\n", "\r\n")+"\n\n", g.Version
		if g, err = svc.RecordResult(ctx, in); err != nil || g.Version != 2 || g.Sheet != sheet || g.SheetReport == nil || g.SheetReport.Valid != report.Valid {
			t.Fatalf("the stored sheet sent back: %v, version %d, sheet %q; want no change", err, g.Version, g.Sheet)
		}
		in.Sheet = "1. c3-d4 f6-g5\n"
		if _, err = svc.RecordResult(ctx, in); tournament.ErrorCode(err) != tournament.EINVALID {
			t.Fatalf("another sheet without a reason: %v; want EINVALID", err)
		}
	})
}

// A sheet sent without the score, to give it, that has an illegal move is
// refused for its move, not for the score or the ending it cannot give.
func TestScoreFromIllegalSheet(t *testing.T) {
	t.Parallel()
	forEachService(t, engines.Options(), func(t *testing.T, ctx context.Context, svc *tournament.Service) {
		e := publishedGame(t, ctx, svc)
		for _, sheet := range []string{"1. c3-b4 b6-c5\n2. a1-h8 a7-b6\n", "1. c3-b4 b6-c5\n2. a1-h8 a7-b6\nСчёт 12:12\n"} {
			_, err := svc.RecordResult(ctx, tournament.ResultInput{EventID: e.ID, Round: 1, Board: 1, Sheet: sheet, Version: 1})
			var ierr *tournament.Error
			if !errors.As(err, &ierr) || ierr.Field != "sheet" || !strings.Contains(ierr.Error(), "line 2, move 2 (ply 3): a1-h8") {
				t.Errorf("sheet %q without a score: %v; want EINVALID on sheet naming a1-h8", sheet, err)
			}
		}
	})
}

// So is a sheet whose start cannot be read, though it writes its result
// («Ничья»): the FEN's error stops the check, and is what is said.
func TestScoreFromSheetWithBadStart(t *testing.T) {
	t.Parallel()
	forEachService(t, engines.Options(), func(t *testing.T, ctx context.Context, svc *tournament.Service) {
		for _, game := range []string{"russian", "brazilian"} {
			e := publishedGameOf(t, ctx, svc, game)
			_, err := svc.RecordResult(ctx, tournament.ResultInput{EventID: e.ID, Round: 1, Board: 1, Sheet: "FEN: W:Wz9\n1. c3-d4 Ничья\n", Version: 1})
			var ierr *tournament.Error
			if !errors.As(err, &ierr) || ierr.Field != "sheet" || !strings.Contains(ierr.Error(), `the FEN "W:Wz9" cannot be read`) {
				t.Errorf("%s: a sheet with a bad FEN without a score: %v; want EINVALID on sheet naming the FEN", game, err)
			}
		}
	})
}

// publishedGame creates a standard round robin of two players and pairs
// and publishes round 1: its one game is board 1, at version 1.
func publishedGame(t *testing.T, ctx context.Context, svc *tournament.Service) *tournament.Event {
	return publishedGameOf(t, ctx, svc, "adiukh")
}

// publishedGameOf is publishedGame of a game.
func publishedGameOf(t *testing.T, ctx context.Context, svc *tournament.Service, game string) *tournament.Event {
	t.Helper()
	e, err := svc.CreateEvent(ctx, tournament.EventInput{Name: ptr("Турнир"), Game: ptr(game), Discipline: ptr("standard"), System: ptr("round-robin"), TimeControl: ptr("30+30")})
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"А", "Б"} {
		if _, err := registration.NewService(svc).RegisterPlayer(ctx, e.ID, tournament.PlayerInput{Name: ptr(name)}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := svc.PairNextRound(ctx, e.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := svc.PublishRound(ctx, e.ID, 1); err != nil {
		t.Fatal(err)
	}
	return e
}

// An illegal sheet with the score and the arbiter's reason to override it,
// but the ending left to the sheet, is not refused again with "override
// with a reason": the ending is what the sheet cannot give, so that is
// asked for; with it, the result is recorded against the sheet.
func TestIllegalSheetOverrideAsksForTheEnding(t *testing.T) {
	t.Parallel()
	forEachService(t, engines.Options(), func(t *testing.T, ctx context.Context, svc *tournament.Service) {
		e := publishedGame(t, ctx, svc)
		in := tournament.ResultInput{EventID: e.ID, Round: 1, Board: 1, Score: "17:7", Sheet: "1. c3-b4 b6-c5\n2. a1-h8 a7-b6\n", Version: 1, Reason: "счёт подписан обоими"}
		_, err := svc.RecordResult(ctx, in)
		var ierr *tournament.Error
		if !errors.As(err, &ierr) || ierr.Field != "end_reason" {
			t.Fatalf("illegal sheet, score and reason, no ending: %v; want EINVALID on end_reason", err)
		}
		in.EndReason = "final_position"
		g, err := svc.RecordResult(ctx, in)
		if err != nil {
			t.Fatalf("with the ending too: %v", err)
		}
		if g.Result == nil || g.Result.Score() != "17:7" || g.OverrideReason != in.Reason {
			t.Fatalf("recorded %+v, override %q; want 17:7 overriding the sheet", g.Result, g.OverrideReason)
		}
	})
}
