package engines_test

import (
	"bytes"
	"strings"
	"testing"

	"adiukh/tournament"
	"adiukh/tournament/engines"
)

// The file a round is paired from carries the players' titles as the
// report file does — an FMJD title of three letters in its field, any
// other in a comment — and reads back with them.
func TestPairingTRFKeepsTitles(t *testing.T) {
	in := tournament.PairingInput{
		Event: &tournament.Event{Name: "Кубок", Game: "international", System: tournament.Swiss, Rounds: 5, Scoring: tournament.Scoring{Win: 1, Draw: 0.5, Bye: 1}},
		Players: []tournament.Player{
			{ID: 1, StartNo: 1, Name: "Хуаде Аслан", FirstRound: 1, Title: "GMI"},
			{ID: 2, StartNo: 2, Name: "Нехай Бэла", FirstRound: 1, Title: "GMIF"},
			{ID: 3, StartNo: 3, Name: "Тлехас Мурат", FirstRound: 1, Title: "КМС"},
			{ID: 4, StartNo: 4, Name: "Ачмиз Заур", FirstRound: 1},
		},
		Round: 1,
	}
	var file bytes.Buffer
	if err := engines.WriteTRF(&file, in); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(file.String(), " GMI Хуаде Аслан") || !strings.Contains(file.String(), "### title 3 КМС") {
		t.Errorf("the file does not carry the titles as the report file does:\n%s", file.String())
	}
	imp, err := engines.ReadTRF(&file, "")
	if err != nil {
		t.Fatal(err)
	}
	for i, p := range imp.Players {
		if p.Title != in.Players[i].Title {
			t.Errorf("%s read back with title %q, want %q", p.Name, p.Title, in.Players[i].Title)
		}
	}
}
