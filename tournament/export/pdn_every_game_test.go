package export

import (
	"strings"
	"testing"

	"adiukh/tournament"
)

// An event's games.pdn holds every game played: a game without a sheet as
// its tags and result; a forfeit, not played, is not written. The file
// validates by the game's own rules, each game with its result.
func TestPDNHoldsEveryGamePlayed(t *testing.T) {
	t.Parallel()
	f := newDocFixture(t)
	e, r := f.russianRound(8)
	games := []struct {
		sheet, score, reason string
		written              bool
	}{
		{"1. c3-d4 f6-g5 2. g3-h4 g7-f6\n2:0 resignation", "2:0", "resignation", true},
		{"", "0:2", "time", true},
		{"", "1:1", "agreement", true},
		{"", "2:0", "forfeit", false},
	}
	for i, g := range r.Games {
		in := tournament.ResultInput{EventID: e.ID, Round: r.Number, Board: g.Board, Version: g.Version,
			Sheet: games[i].sheet, Score: games[i].score, EndReason: games[i].reason}
		_, err := f.svc.RecordResult(f.ctx, in)
		f.must(err)
	}
	var pdn strings.Builder
	skipped, err := New(f.svc, f.teams).PDN(f.ctx, &pdn, e.ID)
	if err != nil || len(skipped) != 0 {
		t.Fatalf("skipped %+v, %v", skipped, err)
	}
	verdicts := e.Game.Rules().ValidateGames(pdn.String())
	var want []string
	for _, g := range games {
		if g.written {
			want = append(want, g.score)
		}
	}
	if len(verdicts) != len(want) || strings.Count(pdn.String(), `[Board "`) != len(want) {
		t.Fatalf("%d games read back, want the %d played:\n%s", len(verdicts), len(want), pdn.String())
	}
	for i, v := range verdicts {
		if !v.Valid || v.Result == nil || v.Result.String() != want[i] {
			t.Errorf("game %d: valid %v, result %v, errors %+v; want %s\n%s", i+1, v.Valid, v.Result, v.Errors, want[i], pdn.String())
		}
	}
	if !strings.Contains(pdn.String(), `[Board "2"]`) || !strings.Contains(pdn.String(), `[Result "0-2"]`) {
		t.Errorf("the game without a sheet is not written with its board and result:\n%s", pdn.String())
	}
}
