package tournament_test

import (
	"errors"
	"strings"
	"testing"

	"adiukh/tournament"
	"adiukh/tournament/catalog"
)

// oneHalfZero is a Russian draughts event scored 1-½-0, as Russian
// federations score their events.
func oneHalfZero(game tournament.GameKind) *tournament.Event {
	return &tournament.Event{Game: game, Discipline: tournament.Standard, System: tournament.RoundRobin,
		Scoring: tournament.Scoring{Win: 1, Draw: 0.5, ForfeitWin: 1}}
}

// TestResultsInTheEventsOwnScale: a 1-½-0 event of a game of a win, a
// draw and a loss reads its results as its pages show them (1:0, ½:½,
// 0:1) besides the game's own, shows them so, and its refusals name them
// in both languages, never Adiukh's 0–24 nor the game's 2:0; an Adiukh
// event keeps its checkers; a 2-1-0 event shows 2:0.
func TestResultsInTheEventsOwnScale(t *testing.T) {
	t.Parallel()
	e := oneHalfZero("russian")
	for _, tc := range []struct {
		score, reason string
		want          tournament.Result
	}{
		{"1:0", "final_position", tournament.Result{White: 2, EndReason: tournament.FinalPosition}},
		{"1 - 0", "resignation", tournament.Result{White: 2, EndReason: tournament.Resignation}},
		{"½:½", "agreement", tournament.Result{White: 1, Black: 1, EndReason: tournament.Agreement}},
		{"1/2:1/2", "final_position", tournament.Result{White: 1, Black: 1, EndReason: tournament.FinalPosition}},
		{"0.5-0.5", "final_position", tournament.Result{White: 1, Black: 1, EndReason: tournament.FinalPosition}},
		{"0:1", "time", tournament.Result{Black: 2, EndReason: tournament.LossOnTime}},
		{"2:0", "final_position", tournament.Result{White: 2, EndReason: tournament.FinalPosition}},
		{"+:-", "", tournament.Result{White: 2, EndReason: tournament.Forfeit}},
		{"-:+", "final_position", tournament.Result{Black: 2, EndReason: tournament.Forfeit}},
		{"0:0", "double_forfeit", tournament.Result{EndReason: tournament.DoubleForfeit}},
	} {
		got, err := e.ParseResult(tc.score, tc.reason)
		if err != nil || got != tc.want {
			t.Errorf("%q %s read as %+v, %v; want %+v", tc.score, tc.reason, got, err, tc.want)
		}
	}
	for _, tc := range []struct{ score, reason, en, ru string }{
		{"½", "final_position", "like 1:0,", "например 1:0,"},
		{"3:0", "final_position", "scores 1:0, ½:½ or 0:1; got 3:0", "со счётом 1:0, ½:½ или 0:1"},
		{"½:0", "final_position", "a game scores 1:0, ½:½ or 0:1", "со счётом 1:0, ½:½ или 0:1"},
		{"½:½", "resignation", "scores 1:0 or 0:1", "со счётом 1:0 или 0:1"},
		{"1:0", "agreement", "scores ½:½", "со счётом ½:½"},
	} {
		_, err := e.ParseResult(tc.score, tc.reason)
		var bad *tournament.Error
		if !errors.As(err, &bad) {
			t.Fatalf("%q %s: %v, want a refusal", tc.score, tc.reason, err)
		}
		en, ru := catalog.For(catalog.English).Phrase(bad), catalog.For(catalog.Russian).Phrase(bad)
		if !strings.Contains(en, tc.en) || !strings.Contains(ru, tc.ru) || strings.Contains(en+ru, "24") || strings.Contains(en+ru, "2:0") {
			t.Errorf("%q %s refused with\n  %s\n  %s\nwant %q and %q, nothing of 24 or 2:0", tc.score, tc.reason, en, ru, tc.en, tc.ru)
		}
	}
	for _, tc := range []struct {
		r            tournament.Result
		white, black string
	}{
		{tournament.Result{White: 2, EndReason: tournament.FinalPosition}, "1:0", "0:1"},
		{tournament.Result{White: 1, Black: 1, EndReason: tournament.Agreement}, "½:½", "½:½"},
		{tournament.Result{Black: 2, EndReason: tournament.ScoreUnknown}, "0:1", "1:0"},
		{tournament.Result{White: 2, EndReason: tournament.Forfeit}, "+:−", "−:+"},
		{tournament.Result{EndReason: tournament.DoubleForfeit}, "−:−", "−:−"},
		{tournament.Result{EndReason: tournament.Bye}, "", ""},
	} {
		if w, b := e.ScoreText(tc.r), e.ScoreTextFor(tc.r, false); w != tc.white || b != tc.black {
			t.Errorf("%+v shown %q and %q, want %q and %q", tc.r, w, b, tc.white, tc.black)
		}
	}
	twoOneZero := oneHalfZero("international")
	twoOneZero.Scoring = tournament.DefaultScoring(tournament.RoundRobin)
	if got := twoOneZero.ScoreTextFor(tournament.Result{White: 1, Black: 1, EndReason: tournament.FinalPosition}, true); got != "1:1" {
		t.Errorf("a 2-1-0 event shows a draw %q, want 1:1", got)
	}
	if got := twoOneZero.ScoreTextFor(tournament.Result{Black: 2, EndReason: tournament.FinalPosition}, false); got != "2:0" {
		t.Errorf("a 2-1-0 event shows Black's win from Black's side %q, want 2:0", got)
	}
	adiukh := oneHalfZero("adiukh")
	if got := adiukh.ScoreText(tournament.Result{White: 17, Black: 7, EndReason: tournament.FinalPosition}); got != "17:7" {
		t.Errorf("an Adiukh event shows %q, want its checkers 17:7", got)
	}
	if _, err := adiukh.ParseResult("1:0", "final_position"); err == nil {
		t.Error("an Adiukh event read 1:0 as a result: its games score the 24 checkers")
	}
}

// TestCorrectionNamesTheResultInTheEventsScale: a correction refused for
// want of a reason names the result stored as the event shows it.
func TestCorrectionNamesTheResultInTheEventsScale(t *testing.T) {
	t.Parallel()
	e := oneHalfZero("russian")
	old := tournament.Result{White: 2, EndReason: tournament.Resignation}
	_, err := tournament.DecideResult(tournament.ResultEntry{Event: e, Round: 1, Board: 2, Old: &old, New: tournament.Result{White: 1, Black: 1, EndReason: tournament.Agreement}})
	var bad *tournament.Error
	if !errors.As(err, &bad) {
		t.Fatalf("a correction without a reason: %v, want a refusal", err)
	}
	if ru := catalog.For(catalog.Russian).Phrase(bad); !strings.Contains(bad.Message, "result 1:0;") || !strings.Contains(ru, "1:0") || strings.Contains(ru, "2:0") {
		t.Errorf("the correction refused with %q / %q, want the stored 1:0", bad.Message, ru)
	}
}
