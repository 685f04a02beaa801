package trf_test

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"adiukh/internal/testcorpus"
	"adiukh/tournament/trf"
)

// TestRoundTrip reads every file of the trimmed corpus, writes it and reads
// it back: the two readings must be equal, and writing again must give the
// same bytes.
func TestRoundTrip(t *testing.T) {
	roundTrip(t, testcorpus.Trimmed(), filepath.Join("testdata", "extensions.trf"))
}

// TestFullCorpusRoundTrip does the same with every file of the whole corpus.
func TestFullCorpusRoundTrip(t *testing.T) {
	roundTrip(t, testcorpus.Full(t))
}

func roundTrip(t *testing.T, corpus string, extra ...string) {
	files, _ := filepath.Glob(filepath.Join(corpus, "rounds", "*", "*.trf"))
	more, _ := filepath.Glob(filepath.Join(corpus, "tournaments", "*.trf"))
	files = append(files, more...)
	if len(files) == 0 {
		t.Fatalf("no TRF files under %s", corpus)
	}
	files = append(files, extra...)
	for _, path := range files {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		first, err := trf.Read(bytes.NewReader(data))
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		var out bytes.Buffer
		if err := trf.Write(&out, first); err != nil {
			t.Fatal(err)
		}
		second, err := trf.Read(bytes.NewReader(out.Bytes()))
		if err != nil {
			t.Fatalf("%s: reading the written file: %v\n%s", path, err, out.String())
		}
		if !reflect.DeepEqual(first, second) {
			t.Fatalf("%s: written file reads differently\n%s", path, out.String())
		}
		var again bytes.Buffer
		trf.Write(&again, second)
		if again.String() != out.String() {
			t.Fatalf("%s: writing is not stable", path)
		}
	}
}

// TestWriteKeepsPlayerLines checks the 001 layout column by column against a
// corpus line.
func TestWriteKeepsPlayerLines(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(testcorpus.Trimmed(), "rounds", "t000-n13-r5", "r03.trf"))
	if err != nil {
		t.Fatal(err)
	}
	tour, err := trf.Read(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	trf.Write(&out, tour)
	for _, line := range strings.Split(strings.ReplaceAll(string(data), "\r", "\n"), "\n") {
		if strings.HasPrefix(line, "001") && !strings.Contains(out.String(), line+"\n") {
			t.Errorf("player line not written back unchanged:\n%q", line)
		}
	}
}

func TestReadErrors(t *testing.T) {
	player := "001    1      Test0001 Player0001               2399                             1.0    1"
	for _, tc := range []struct {
		name, file string
		line, col  int
		message    string
	}{
		{"bad opponent", player + "    x7 b 1", 1, 92, `opponent "x7"`},
		{"bad colour", player + "     7 q 1", 1, 97, "colour"},
		{"bad result", player + "     7 w ?", 1, 99, "unknown result"},
		{"game without colour", player + "     7 - 1", 1, 99, "needs an opponent and a colour"},
		{"self pairing", player + "     1 w 1", 1, 92, "against himself"},
		// Said in words, not the format's «NNNN c r» (issue 60, item 6).
		{"round out of its columns", player + "     7  w 1", 1, 92, "the opponent's start number in four columns, a space, the colour"},
		{"bad points", "012 x\n" + strings.Replace(player, "1.0", "1,5", 1), 2, 81, "points"},
		{"bad start number", "001   x1", 1, 5, "start number"},
		{"bad rounds", "XXR many", 1, 4, "number of rounds"},
		{"bad XXC", "XXC purple", 1, 5, "XXC option"},
		{"bad 152", "152 G", 1, 5, "initial colour"},
		{"bad scoring letter", "162  Q 1.0", 1, 6, "scoring letter"},
		{"bad bye kind", "240 Q   2    3", 1, 5, "bye kind"},
		{"bad forbidden range", "260   3   2    1    2", 1, 5, "round range"},
		{"bad XXP", "XXP 1 two", 1, 7, "pairing number"},
		{"not UTF-8", "012 \xff", 1, 0, "UTF-8"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := trf.Read(strings.NewReader(tc.file))
			var e *trf.Error
			if !errors.As(err, &e) {
				t.Fatalf("Read error = %v, want a *trf.Error", err)
			}
			if e.Line != tc.line || e.Column != tc.col || !strings.Contains(e.Message, tc.message) {
				t.Fatalf("error = line %d column %d %q, want line %d column %d containing %q", e.Line, e.Column, e.Message, tc.line, tc.col, tc.message)
			}
		})
	}
}

// maxFuzzTRF is the largest input the TRF fuzz targets try: a file of a
// dozen players. Larger inputs only slow the fuzzer down (it stalled at 26
// executions in 30 s on whole tournaments) without reaching new code.
const maxFuzzTRF = 2 << 10

func FuzzRead(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join(testcorpus.Trimmed(), "rounds", "t00*", "r0[12].trf"))
	for _, path := range files {
		if data, err := os.ReadFile(path); err == nil && len(data) <= maxFuzzTRF {
			f.Add(data)
		}
	}
	f.Add([]byte("001    1      A                                 2000                             1.0    1  0000 - U\nXXR 3\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > maxFuzzTRF {
			return
		}
		tour, err := trf.Read(bytes.NewReader(data))
		if err != nil {
			return
		}
		var out bytes.Buffer
		if err := trf.Write(&out, tour); err != nil {
			return // values a TRF field cannot hold are refused, not written
		}
		if _, err := trf.Read(bytes.NewReader(out.Bytes())); err != nil {
			t.Fatalf("written file does not read back: %v\n%s", err, out.String())
		}
	})
}

// TestCyrillicNames writes and reads back players whose names are not
// ASCII: the columns after the name count characters, not bytes.
func TestCyrillicNames(t *testing.T) {
	in := &trf.Tournament{
		Info: []trf.InfoLine{{Code: "012", Text: "Кубок Адыгеи"}},
		Players: []trf.Player{
			{StartNo: 1, Name: "Хуаде Аслан", Rating: 1900, BirthDate: "1990", Points: 20, Rank: 1, Results: []trf.Result{{Opponent: 2, Color: 'w', Code: '1'}}},
			{StartNo: 2, Name: "Ёлкин Пётр Александрович", Points: 0, Rank: 2, Results: []trf.Result{{Opponent: 1, Color: 'b', Code: '0'}}},
		},
	}
	var out bytes.Buffer
	if err := trf.Write(&out, in); err != nil {
		t.Fatal(err)
	}
	got, err := trf.Read(bytes.NewReader(out.Bytes()))
	if err != nil {
		t.Fatalf("reading back: %v\n%s", err, out.String())
	}
	if !reflect.DeepEqual(got.Players, in.Players) || got.Info[0] != in.Info[0] {
		t.Errorf("read back %+v\nwant %+v\n%s", got.Players, in.Players, out.String())
	}
	if _, err := trf.Read(strings.NewReader("001    1      Хуаде                             1900                             2.0    1     2 ѷ 1\n")); err == nil {
		t.Error("a colour that is not a Latin letter was read")
	}
}

// TestWriteFitsHostileFields writes text that would break the file: a line
// break that starts a fake player, names and IDs longer than their fields.
// The file must read back with the same players, every field in its
// columns, cut to its width.
func TestWriteFitsHostileFields(t *testing.T) {
	long := "Константинопольский-Хуаде Аскербий Мухамедович"
	in := &trf.Tournament{
		Info: []trf.InfoLine{
			{Code: "012", Text: "Кубок\n001    9 m    Подставной игрок                   2999"},
			{Code: "022", Text: "Майкоп\r\n142 99"},
		},
		TotalRounds: 3,
		Players: []trf.Player{
			{StartNo: 1, Name: long, Rating: 1900, FideID: "123456789012345", BirthDate: "1990/01/01 и ещё", Title: "GMXX", Points: 10,
				Results: []trf.Result{{Opponent: 2, Color: 'w', Code: '1'}}},
			{StartNo: 2, Name: "Тлехас\n001    3      Фальшивый", Rating: 1850, Rank: 2,
				Results: []trf.Result{{Opponent: 1, Color: 'b', Code: '0'}}},
		},
		Extra: []string{"XXX extra\nline"},
	}
	var out bytes.Buffer
	if err := trf.Write(&out, in); err != nil {
		t.Fatal(err)
	}
	if lines := strings.Count(out.String(), "\n"); lines != 6 {
		t.Errorf("%d lines, want 6 (2 header lines, 2 players, 142, 1 extra line):\n%s", lines, out.String())
	}
	got, err := trf.Read(&out)
	if err != nil {
		t.Fatalf("the written file does not read back: %v", err)
	}
	if len(got.Players) != 2 || got.TotalRounds != 3 {
		t.Fatalf("read back %d players and %d rounds, want 2 and 3", len(got.Players), got.TotalRounds)
	}
	p := got.Players[0]
	if p.Name != string([]rune(long)[:33]) || p.Rating != 1900 || p.FideID != "12345678901" || p.BirthDate != "1990/01/01" || p.Title != "GMX" || p.Points != 10 ||
		len(p.Results) != 1 || p.Results[0] != (trf.Result{Opponent: 2, Color: 'w', Code: '1'}) {
		t.Errorf("player 1 read back as %+v", p)
	}
	if q := got.Players[1]; q.Name != "Тлехас 001    3      Фальшивый" || q.Rating != 1850 || q.Rank != 2 {
		t.Errorf("player 2 read back as %+v", q)
	}
	if got.Info[0].Text != "Кубок 001    9 m    Подставной игрок                   2999" || got.Info[1].Text != "Майкоп  142 99" {
		t.Errorf("header read back as %+v", got.Info)
	}
	if err := trf.Write(io.Discard, &trf.Tournament{Players: []trf.Player{{StartNo: 10000, Name: "А"}}}); err == nil || !strings.Contains(err.Error(), "start number 10000 does not fit") {
		t.Errorf("start number 10000: error %v", err)
	}
}
