package export

import (
	"strings"
	"testing"

	"adiukh/tournament"
)

// A Russian draughts event's games.pdn validates with the game's own
// rules, as `adiukh validate --game russian` reads it: an agreed draw; a
// draw the sheet gives in words; a resignation the arbiter entered for a
// sheet that stops before the end. Each keeps its result and how it came,
// which the file writes in a Termination tag where the moves stop before
// the end (a loss on time must not read back as a resignation).
func TestRussianPDNValidates(t *testing.T) {
	t.Parallel()
	f := newDocFixture(t)
	e, r := f.russianRound(6)
	games := []struct{ sheet, score, reason string }{
		{"1. c3-d4 f6-g5 2. g3-h4 g7-f6\n1:1 agreement", "1:1", "agreement"},
		{"1. c3-d4 f6-g5 2. g3-h4 g7-f6\nНичья", "1:1", "agreement"},
		{"1. c3-d4 f6-g5 2. g3-h4", "2:0", "resignation"},
	}
	for i, g := range r.Games {
		in := tournament.ResultInput{EventID: e.ID, Round: r.Number, Board: g.Board, Version: g.Version,
			Sheet: games[i].sheet, Score: games[i].score, EndReason: games[i].reason}
		_, err := f.svc.RecordResult(f.ctx, in)
		f.must(err)
	}
	var pdn strings.Builder
	skipped, err := f.exporter().PDN(f.ctx, &pdn, e.ID)
	if err != nil || len(skipped) != 0 {
		t.Fatalf("skipped %+v, %v", skipped, err)
	}
	// Only the resignation says how it ended; 1-1 is the agreed draw.
	if strings.Count(pdn.String(), "[Termination") != 1 || !strings.Contains(pdn.String(), `[Termination "resignation"]`) || strings.Count(pdn.String(), `[Result "1-1"]`) != 2 {
		t.Fatalf("the agreed draws are not written 1-1 without a Termination tag:\n%s", pdn.String())
	}
	verdicts := e.Game.Rules().ValidateGames(pdn.String())
	if len(verdicts) != len(games) {
		t.Fatalf("%d games read back, want %d:\n%s", len(verdicts), len(games), pdn.String())
	}
	for i, v := range verdicts {
		if !v.Valid || v.Result == nil || v.Result.String() != games[i].score || string(v.Reason) != games[i].reason {
			t.Errorf("game %d: valid %v, result %v (%s), errors %+v; want %s (%s)\n%s", i+1, v.Valid, v.Result, v.Reason, v.Errors, games[i].score, games[i].reason, pdn.String())
		}
	}
}

// russianRound is a one-day round robin of Russian draughts of n players
// with its first round paired and published.
func (f *docFixture) russianRound(n int) (*tournament.Event, *tournament.Round) {
	e, err := f.svc.CreateEvent(f.ctx, tournament.EventInput{Name: ptr("Первенство города"), Game: ptr("russian"), Discipline: ptr("rapid"),
		System: ptr("round-robin"), TimeControl: ptr("15+10"), StartDate: ptr("2026-05-09"), EndDate: ptr("2026-05-09")})
	f.must(err)
	f.players(e.ID, n)
	r := f.pair(e.ID)
	_, err = f.svc.PublishRound(f.ctx, e.ID, r.Number)
	f.must(err)
	return e, r
}
