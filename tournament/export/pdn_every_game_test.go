package export

import (
	"strings"
	"testing"

	"adiukh/tournament"
	"adiukh/tournament/micromatch"
)

// An event's games.pdn holds every game played: a game without a sheet as
// its tags and result; a forfeit, not played, is not written. The file
// validates by the game's own rules, each game with its result. A sheet
// from lidraughts keeps none of its site's tags the event knows better:
// the players' titles and ratings and the clock are the event's.
func TestPDNHoldsEveryGamePlayed(t *testing.T) {
	t.Parallel()
	f := newDocFixture(t)
	e, r := f.russianRound(8)
	games := []struct {
		sheet, score, reason string
		written              bool
	}{
		{"[Site \"https://lidraughts.org/abcdefgh\"]\n[WhiteTitle \"GM\"]\n[WhiteElo \"1500\"]\n[BlackElo \"1520\"]\n[TimeControl \"180+2\"]\n[UTCDate \"2019.03.04\"]\n[UTCTime \"10:11:12\"]\n[GameType \"25\"]\n[Result \"2-0\"]\n[Termination \"resignation\"]\n\n1. c3-d4 f6-g5 2. g3-h4 g7-f6 2-0", "2:0", "resignation", true},
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
	skipped, err := f.exporter().PDN(f.ctx, &pdn, e.ID)
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
	first := pdnGames(pdn.String())[0]
	for _, tag := range []string{"lidraughts", `"GM"`, `"1500"`, `"1520"`, `"180+2"`, "UTCDate", "UTCTime"} {
		if strings.Contains(first, tag) {
			t.Errorf("the game keeps its sheet's %s:\n%s", tag, first)
		}
	}
	if !strings.Contains(first, `[TimeControl "900+10"]`) || !strings.Contains(first, `[WhiteElo "`) {
		t.Errorf("the game does not carry the event's clock and ratings:\n%s", first)
	}
}

// So does an event of micro-matches: each game played of a board's two,
// with its moves after the opening or as its tags and result, a game that
// ended off the board with its Termination; a forfeit's two games are not
// written.
func TestMicroMatchPDNHoldsEveryGamePlayed(t *testing.T) {
	t.Parallel()
	f := newDocFixture(t)
	e, err := f.svc.CreateEvent(f.ctx, tournament.EventInput{Name: ptr("Микроматчи"), Game: ptr("russian"), Discipline: ptr("rapid"),
		System: ptr("round-robin"), TimeControl: ptr("15+10"), MicroMatch: ptr("round")})
	f.must(err)
	_, err = f.micro.LoadTable(f.ctx, e.ID, "csv", []byte("1,1-I,a3-b4 b6-a5 b2-a3 a7-b6 a1-b2 d6-c5\n"))
	f.must(err)
	f.players(e.ID, 4)
	r := f.pair(e.ID)
	_, err = f.svc.PublishRound(f.ctx, e.ID, r.Number)
	f.must(err)
	games := [][2]micromatch.GameInput{
		{{Sheet: "4. b4:d6 e7:c5 5. g3-h4 f6-g5\n2:0 resignation"}, {Score: "0:2", EndReason: "time"}},
		{{Score: "2:0", EndReason: "forfeit"}, {Score: "0:2", EndReason: "forfeit"}},
	}
	for i, b := range r.Games {
		version := b.Version
		for game, in := range games[i] {
			in.EventID, in.Round, in.Board, in.Game, in.Version = e.ID, r.Number, b.Board, game+1, version
			g, err := f.micro.RecordGame(f.ctx, in)
			f.must(err)
			version = g.Version
		}
	}
	var pdn strings.Builder
	skipped, err := f.exporter().PDN(f.ctx, &pdn, e.ID)
	if err != nil || len(skipped) != 0 {
		t.Fatalf("skipped %+v, %v", skipped, err)
	}
	verdicts := e.Game.Rules().ValidateGames(pdn.String())
	want := []struct{ score, reason string }{{"2:0", "resignation"}, {"0:2", "time"}}
	if len(verdicts) != len(want) {
		t.Fatalf("%d games read back, want the 2 played:\n%s", len(verdicts), pdn.String())
	}
	for i, v := range verdicts {
		if !v.Valid || v.Result == nil || v.Result.String() != want[i].score || string(v.Reason) != want[i].reason || len(v.Warnings) > 0 {
			t.Errorf("game %d: valid %v, result %v (%s), errors %+v, warnings %+v; want %s (%s)\n%s", i+1, v.Valid, v.Result, v.Reason, v.Errors, v.Warnings, want[i].score, want[i].reason, pdn.String())
		}
	}
}
