package engines_test

import (
	"bytes"
	"testing"

	"adiukh/tournament"
	"adiukh/tournament/engines"
	"adiukh/tournament/trf"
)

// A TRF another program wrote gives its players' sex, full birth date and
// federation, names them "Surname, Given", and tells a withdrawal by the
// player's absence from the rounds after it: adiukh reads them all (issue
// 64).
func TestTRFImportReadsPeople(t *testing.T) {
	res := func(opp int, colour, code byte) trf.Result {
		return trf.Result{Opponent: opp, Color: colour, Code: code}
	}
	file := &trf.Tournament{
		Info:        []trf.InfoLine{{Code: "012", Text: "Open"}},
		TotalRounds: 3,
		Players: []trf.Player{
			{StartNo: 1, Sex: "w", Name: "Sadowska, Natalia", Federation: "POL", BirthDate: "1995/03/08", Points: 20, Results: []trf.Result{res(3, 'w', '1'), res(2, 'b', '1')}},
			{StartNo: 2, Sex: "m", Name: "Baliakin, Alexander", Federation: "NED", BirthDate: "1990", Points: 10, Results: []trf.Result{res(4, 'b', '1'), res(1, 'w', '0')}},
			{StartNo: 3, Name: "Ndiaye Mamadou", Federation: "SEN", Points: 0, Results: []trf.Result{res(1, 'b', '0'), res(0, '-', '-')}},
			{StartNo: 4, Sex: "m", Name: "Ivanov, Ivan", Points: 10, Results: []trf.Result{res(2, 'w', '0'), res(0, '-', 'U'), res(0, '-', '-')}},
		},
	}
	var buf bytes.Buffer
	if err := trf.Write(&buf, file); err != nil {
		t.Fatal(err)
	}
	imp, err := engines.ReadTRF(&buf, "")
	if err != nil {
		t.Fatal(err)
	}
	want := []tournament.Player{
		{Name: "Sadowska Natalia", Sex: tournament.Women, BirthDate: "1995-03-08", BirthYear: 1995, Federation: "POL"},
		{Name: "Baliakin Alexander", Sex: tournament.Men, BirthYear: 1990, Federation: "NED"},
		{Name: "Ndiaye Mamadou", Federation: "SEN", WithdrawnFrom: 2},
		{Name: "Ivanov Ivan", Sex: tournament.Men, WithdrawnFrom: 3},
	}
	for i, p := range imp.Players {
		w := want[i]
		if p.Name != w.Name || p.Sex != w.Sex || p.BirthDate != w.BirthDate || p.BirthYear != w.BirthYear || p.Federation != w.Federation || p.WithdrawnFrom != w.WithdrawnFrom {
			t.Errorf("player %d read as %q, sex %q, born %q (%d), %q, withdrawn from %d; want %q, %q, %q (%d), %q, %d", i+1,
				p.Name, p.Sex, p.BirthDate, p.BirthYear, p.Federation, p.WithdrawnFrom, w.Name, w.Sex, w.BirthDate, w.BirthYear, w.Federation, w.WithdrawnFrom)
		}
	}
}

// The file a round is paired from carries the players' sex, birth date,
// federation and withdrawal, and reads back with them (issue 64).
func TestPairingTRFKeepsPeople(t *testing.T) {
	in := tournament.PairingInput{
		Event: &tournament.Event{Name: "Кубок", Game: "international", System: tournament.Swiss, Rounds: 5, Scoring: tournament.Scoring{Win: 1, Draw: 0.5, Bye: 1}},
		Players: []tournament.Player{
			{ID: 1, StartNo: 1, Name: "Хуаде Аслан", FirstRound: 1, Sex: tournament.Men, BirthDate: "2001-12-31", BirthYear: 2001, Federation: "RUS"},
			{ID: 2, StartNo: 2, Name: "Нехай Бэла", FirstRound: 1, Sex: tournament.Women, BirthYear: 2003, Federation: "FRA"},
			{ID: 3, StartNo: 3, Name: "Тлехас Мурат", FirstRound: 1, WithdrawnFrom: 1},
			{ID: 4, StartNo: 4, Name: "Ачмиз Заур", FirstRound: 1},
		},
		Round: 1,
	}
	var file bytes.Buffer
	if err := engines.WriteTRF(&file, in); err != nil {
		t.Fatal(err)
	}
	imp, err := engines.ReadTRF(bytes.NewReader(file.Bytes()), "")
	if err != nil {
		t.Fatal(err)
	}
	for i, p := range imp.Players {
		w := in.Players[i]
		if p.Sex != w.Sex || p.BirthDate != w.BirthDate || p.BirthYear != w.BirthYear || p.Federation != w.Federation || p.WithdrawnFrom != w.WithdrawnFrom {
			t.Errorf("%s read back as sex %q, born %q (%d), %q, withdrawn from %d; want %q, %q (%d), %q, %d\n%s", w.Name,
				p.Sex, p.BirthDate, p.BirthYear, p.Federation, p.WithdrawnFrom, w.Sex, w.BirthDate, w.BirthYear, w.Federation, w.WithdrawnFrom, file.String())
		}
	}
}
