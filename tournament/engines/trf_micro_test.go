package engines_test

import (
	"bytes"
	"strings"
	"testing"

	"adiukh/tournament"
	"adiukh/tournament/engines"
	"adiukh/tournament/micromatch"
)

// The file a round of micro-matches is paired from carries the event's
// setting and each board's two games as the report file does, and reads
// back with them: the board's result their sum.
func TestPairingTRFKeepsMicroMatches(t *testing.T) {
	first := tournament.Result{White: 2, EndReason: tournament.Resignation}
	second := tournament.Result{White: 1, Black: 1, EndReason: tournament.Agreement}
	sum := micromatch.Result(first, second)
	in := tournament.PairingInput{
		Event: &tournament.Event{Name: "Первенство клуба", Game: "russian", System: tournament.Swiss, Rounds: 3,
			Scoring: tournament.Scoring{Win: 2, Draw: 1, Bye: 2}, MicroMatch: tournament.DrawPerBoard, MicroCount: tournament.CountGames},
		Players: []tournament.Player{{ID: 1, StartNo: 1, Name: "Хуаде Аслан", FirstRound: 1}, {ID: 2, StartNo: 2, Name: "Нехай Бэла", FirstRound: 1}},
		Rounds: []tournament.Round{{Number: 1, Status: tournament.Done, Games: []tournament.Game{
			{Board: 1, WhiteID: 1, BlackID: 2, WhiteNo: 1, BlackNo: 2, Result: &sum, MicroGames: [2]*tournament.Result{&first, &second}},
		}}},
		Round: 2,
	}
	var file bytes.Buffer
	if err := engines.WriteTRF(&file, in); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(file.String(), "### micro-match: board games") || !strings.Contains(file.String(), "### micro 1 1 2 2:0 resignation 1:1 agreement") {
		t.Errorf("the file does not carry the micro-matches:\n%s", file.String())
	}
	imp, err := engines.ReadTRF(&file, "")
	if err != nil {
		t.Fatal(err)
	}
	if imp.Event.MicroMatch == nil || *imp.Event.MicroMatch != "board" || imp.Event.MicroCount == nil || *imp.Event.MicroCount != "games" {
		t.Errorf("the event read back has micro-matches %v, %v; want board, games", imp.Event.MicroMatch, imp.Event.MicroCount)
	}
	g := imp.Rounds[0].Games[0]
	if *g.Result != sum || g.MicroGames[0] == nil || *g.MicroGames[0] != first || g.MicroGames[1] == nil || *g.MicroGames[1] != second {
		t.Errorf("the board read back: %v with games %v; want %v of %v and %v", g.Result, g.MicroGames, sum, first, second)
	}
}
