package openings_test

import (
	"bufio"
	"bytes"
	"encoding/csv"
	"os"
	"slices"
	"strings"
	"testing"

	"adiukh/rules/russian"
	"adiukh/tournament/openings"
)

// Every opening of the default table is legal from the start, and its FEN
// is the position its moves reach.
func TestDefaultOpeningsAreLegal(t *testing.T) {
	tab := openings.Default(russian.Variant)
	if len(tab.Openings) != 344 {
		t.Fatalf("the default table has %d openings, want the 344 of the FMJD table reached by moves", len(tab.Openings))
	}
	if !strings.Contains(tab.Source, "FMJD Drawing Table 64") || !strings.Contains(tab.Source, "DrawTablesFMJD.scala") {
		t.Errorf("the default table's source does not cite the FMJD table and its transcription: %q", tab.Source)
	}
	for i, o := range tab.Openings {
		if o.Number != i+1 {
			t.Errorf("opening %s is numbered %d, want %d", o.Name, o.Number, i+1)
		}
		p := russian.Start()
		for ply, m := range o.Moves {
			var found *russian.Move
			for _, legal := range p.LegalMoves() {
				if legal.String() == m {
					found = &legal
				}
			}
			if found == nil {
				t.Fatalf("opening %d (%s), ply %d: %s is not a legal move in %s", o.Number, o.Name, ply+1, m, p.FEN())
			}
			p = p.Play(found)
		}
		if p.FEN() != o.FEN {
			t.Errorf("opening %d (%s): its FEN is %s, its moves reach %s", o.Number, o.Name, o.FEN, p.FEN())
		}
		if len(o.Moves) < 1 || len(o.Moves) > openings.MaxPlies {
			t.Errorf("opening %d (%s) has %d plies", o.Number, o.Name, len(o.Moves))
		}
	}
}

// The default table's positions are those the source gives, read from its
// own FENs (testdata): the pieces always, the side to move but where the
// transcription slipped (45-IX gives Black to move after six plies).
func TestDefaultOpeningsMatchTheSource(t *testing.T) {
	f, err := os.Open("testdata/fmjd_source_fens.tsv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	tab := openings.Default(russian.Variant)
	byName := map[string]openings.Opening{}
	for _, o := range tab.Openings {
		byName[sourceCode(o.Name)] = o
	}
	slips := map[string]bool{"45-IX": true}
	sc := bufio.NewScanner(f)
	rows := 0
	for sc.Scan() {
		if strings.HasPrefix(sc.Text(), "#") {
			continue
		}
		code, fen, _ := strings.Cut(sc.Text(), "\t")
		rows++
		o, ok := byName[code]
		if !ok {
			t.Errorf("the source's %s is not in the default table", code)
			continue
		}
		src, err := russian.ParseFEN(fen)
		if err != nil {
			t.Fatalf("%s: %v", code, err)
		}
		got, want := o.FEN, src.FEN()
		if slips[code] {
			got, want = got[1:], want[1:]
		}
		if got != want {
			t.Errorf("%s: the default table gives %s, the source %s", code, o.FEN, src.FEN())
		}
	}
	if rows != len(tab.Openings) {
		t.Errorf("the source gives %d positions reached by moves, the default table %d", rows, len(tab.Openings))
	}
}

// sourceCode is the FMJD code in a default opening's name: the name itself
// ("46-XVI"), or what its brackets hold after a debut's name ("Городская
// партия (41-XIV)").
func sourceCode(name string) string {
	if i := strings.LastIndex(name, " ("); i >= 0 && strings.HasSuffix(name, ")") {
		return name[i+2 : len(name)-1]
	}
	return name
}

// The shipped file is written as WriteJSON writes it, so that a table an
// arbiter saves and the default read alike.
func TestDefaultFileIsAsWritten(t *testing.T) {
	raw := russian.Variant.MicroMatch.Openings
	var b bytes.Buffer
	if err := openings.Default(russian.Variant).WriteJSON(&b); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(raw, b.Bytes()) {
		t.Error("rules/russian/openings.json is not as WriteJSON writes the table it holds")
	}
}

// Default gives each caller its own copy.
func TestDefaultIsACopy(t *testing.T) {
	a := openings.Default(russian.Variant)
	a.Openings[0].Moves[0] = "h2-g3"
	a.Openings = a.Openings[:1]
	if b := openings.Default(russian.Variant); len(b.Openings) != 344 || b.Openings[0].Moves[0] != "a3-b4" {
		t.Fatalf("a change to one copy reached the next: %d openings, first move %s", len(b.Openings), b.Openings[0].Moves[0])
	}
}

func TestTableRoundTrips(t *testing.T) {
	def := openings.Default(russian.Variant)
	for _, format := range []string{"csv", "json"} {
		t.Run(format, func(t *testing.T) {
			var b bytes.Buffer
			write, read := def.WriteCSV, openings.ReadCSV
			if format == "json" {
				write, read = def.WriteJSON, openings.ReadJSON
			}
			if err := write(&b); err != nil {
				t.Fatal(err)
			}
			got, err := read(bytes.NewReader(b.Bytes()), russian.Rules{})
			if err != nil {
				t.Fatal(err)
			}
			if got.Source != def.Source {
				t.Errorf("the source reads back as %q", got.Source)
			}
			if !slices.EqualFunc(got.Openings, def.Openings, func(a, b openings.Opening) bool {
				return a.Number == b.Number && a.Name == b.Name && a.NameEn == b.NameEn && a.FEN == b.FEN && slices.Equal(a.Moves, b.Moves)
			}) {
				t.Errorf("the openings read back differ: first %+v", got.Openings[0])
			}
		})
	}
}

// An arbiter's file as a spreadsheet in Russian saves it: semicolons, a
// header in Russian, move numbers, a name with a comma in quotes; the
// moves are kept as the rules write them.
func TestReadCSVAsArbitersWriteIt(t *testing.T) {
	file := "\ufeff# Таблица клуба\nномер;название;ходы\n1;Дебют А;1. c3-d4 d6-c5 2. b2-c3\n2;\"Дебют Б; вариант\";c3-d4 f6-g5 g3-f4\n"
	tab, err := openings.ReadCSV(strings.NewReader(file), russian.Rules{})
	if err != nil {
		t.Fatal(err)
	}
	if tab.Source != "Таблица клуба" || len(tab.Openings) != 2 {
		t.Fatalf("read %q with %d openings", tab.Source, len(tab.Openings))
	}
	o := tab.Openings[1]
	if o.Number != 2 || o.Name != "Дебют Б; вариант" || strings.Join(o.Moves, " ") != "c3-d4 f6-g5 g3-f4" ||
		o.FEN != "B:Wa1,a3,b2,c1,d2,d4,e1,e3,f2,f4,g1,h2:Ba7,b6,b8,c7,d6,d8,e7,f8,g5,g7,h6,h8" {
		t.Errorf("read %+v", o)
	}
	if o, _ := tab.Opening(1); strings.Join(o.Moves, " ") != "c3-d4 d6-c5 b2-c3" {
		t.Errorf("the move numbers stay among the moves: %v", o.Moves)
	}
}

// A table may give each opening an English name, a fourth CSV column or
// "name_en" in JSON; pages in English show it, others the name. A table
// without English names writes the three columns it always had.
func TestEnglishNames(t *testing.T) {
	tab, err := openings.ReadCSV(strings.NewReader("number,name,moves,name_en\n1,Городская партия,c3-d4 d6-c5 b2-c3 f6-g5 c3-b4,City game\n2,Дебют Б,c3-d4 f6-g5\n"), russian.Rules{})
	if err != nil {
		t.Fatal(err)
	}
	city, plain := tab.Openings[0], tab.Openings[1]
	if city.NameEn != "City game" || city.Title("en") != "City game" || city.Title("ru") != "Городская партия" {
		t.Errorf("read %+v: titles %q, %q", city, city.Title("en"), city.Title("ru"))
	}
	if plain.NameEn != "" || plain.Title("en") != "Дебют Б" {
		t.Errorf("an opening without an English name reads as %+v, titled %q in English", plain, plain.Title("en"))
	}
	var csv, js bytes.Buffer
	if err := tab.WriteCSV(&csv); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(csv.String(), "number,name,moves,name_en\n1,Городская партия,c3-d4 d6-c5 b2-c3 f6-g5 c3-b4,City game\n2,Дебют Б,c3-d4 f6-g5,\n") {
		t.Errorf("written as %q", csv.String())
	}
	if err := tab.WriteJSON(&js); err != nil {
		t.Fatal(err)
	}
	back, err := openings.ReadJSON(&js, russian.Rules{})
	if err != nil {
		t.Fatal(err)
	}
	if back.Openings[0].NameEn != "City game" || back.Openings[1].NameEn != "" {
		t.Errorf("JSON reads back %+v", back.Openings)
	}
	old, err := openings.ReadCSV(strings.NewReader("1,A,c3-d4 d6-c5 b2-c3\n"), russian.Rules{})
	if err != nil {
		t.Fatal(err)
	}
	csv.Reset()
	if err := old.WriteCSV(&csv); err != nil {
		t.Fatal(err)
	}
	if csv.String() != "number,name,moves\n1,A,c3-d4 d6-c5 b2-c3\n" {
		t.Errorf("a table without English names is written as %q", csv.String())
	}
}

func TestBadTables(t *testing.T) {
	for _, tc := range []struct {
		name, format, file string
		want               string
	}{
		{"illegal move", "csv", "number,name,moves\n1,A,c3-d4 d6-c5 b2-c3\n2,B,c3-d4 f6-g5 c3-b4\n",
			"line 3, moves, ply 3: c3-b4: there is no piece on c3"},
		{"capture compulsory", "csv", "1,A,c3-d4 f6-e5 b2-c3\n",
			"line 1, moves, ply 3: b2-c3 is not legal: capturing is compulsory (RD 3)"},
		{"not a move", "csv", "1,A,c3-d4 xx\n", "line 1, moves, ply 2: "},
		{"no moves", "csv", "1,A,\n", "line 1, moves: no moves"},
		{"too long", "csv", "1,A,c3-d4 d6-c5 b2-c3 c7-d6 c3-b4 b6-a5 d4:b6\n", "line 1, moves: 7 plies"},
		{"bad number", "csv", "1,A,c3-d4\nII,B,c3-b4\n", "line 2, number: \"II\" is not a number"},
		{"zero number", "csv", "0,A,c3-d4\n", "line 1, number: 0 is not an opening's number"},
		{"number twice", "csv", "1,A,c3-d4\n1,B,c3-b4\n", "line 2, number: number 1 is given twice: opening A has it"},
		{"name twice", "csv", "1,A,c3-d4\n2,A,c3-b4\n", "line 2, name: the name A is given twice: opening 1 has it"},
		{"no name", "csv", "1, ,c3-d4\n", "line 1, name: the name is missing"},
		// Issue 59.5: a name is checked as every name of the project is.
		{"NUL in a name", "csv", "1,A\x00B,c3-d4\n", "line 1, name: character 2 is a control character (U+0000): a name is one line of text"},
		{"tab in an English name", "csv", "1,A,c3-d4,City\tgame\n", "line 1, English name: character 5 is a control character (U+0009)"},
		{"long name", "csv", "1," + strings.Repeat("Я", 101) + ",c3-d4\n", "line 1, name: the name is 101 characters long; at most 100 are allowed"},
		{"not UTF-8", "csv", "1,\xff,c3-d4\n", "line 1, name: the text is not valid UTF-8"},
		{"JSON line break in a name", "json", `{"openings": [{"number": 1, "name": "A\nB", "moves": "c3-d4"}]}`,
			"opening 1 of the list, name: character 2 is a control character (U+000A)"},
		{"JSON long English name", "json", `{"openings": [{"number": 1, "name": "A", "name_en": "` + strings.Repeat("x", 100000) + `", "moves": "c3-d4"}]}`,
			"opening 1 of the list, English name: the name is 100000 characters long; at most 100 are allowed"},
		{"same position", "csv", "1,A,c3-d4 d6-c5 b2-c3 f6-g5\n2,B,c3-d4 f6-g5 b2-c3 d6-c5\n",
			"line 2, moves: the moves reach the position of opening 1 (A)"},
		{"columns", "csv", "1,A\n", "line 1: 2 cells: a row is an opening's number, name and moves, then its English name if it has one"},
		{"bad quotes", "csv", "1,\"A,c3-d4\n", "line 1: the line does not read as CSV"},
		{"empty", "csv", "# nothing\n", "the table has no openings"},
		{"JSON illegal move", "json", `{"openings": [{"number": 1, "name": "A", "moves": ["c3-d4"]}, {"number": 2, "name": "B", "moves": ["c3-d4", "f6-e5", "d4-c5"]}]}`,
			"opening 2 of the list, moves, ply 3: d4-c5 is not legal: capturing is compulsory (RD 3)"},
		{"JSON wrong FEN", "json", `{"openings": [{"number": 1, "name": "A", "moves": "c3-d4", "fen": "W:Wa1:Bh8"}]}`,
			"opening 1 of the list, FEN: W:Wa1:Bh8 is not the position after the moves, B:"},
		{"JSON moves not strings", "json", `{"openings": [{"number": 1, "name": "A", "moves": [1, 2]}]}`,
			"opening 1 of the list, moves: the moves are a list of strings"},
		{"JSON syntax", "json", "{\n  \"openings\": [\n    {\"number\": 1,}\n  ]\n}", "line 3: not a table in JSON"},
		{"JSON type", "json", "{\n  \"openings\": [\n    {\"number\": \"one\"}\n  ]\n}", "line 3: not a table in JSON"},
		{"JSON unknown field", "json", `{"openings": [{"number": 1, "name": "A", "move": "c3-d4"}]}`, "not a table in JSON: json: unknown field \"move\""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			read := openings.ReadCSV
			if tc.format == "json" {
				read = openings.ReadJSON
			}
			_, err := read(strings.NewReader(tc.file), russian.Rules{})
			if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
				t.Fatalf("error = %v, want it to start %q", err, tc.want)
			}
		})
	}
}

// An arbiter's edit is checked as a file is: the moves written as the
// rules write them, the FEN filled in, a duplicate refused by its place.
func TestCheckAnEditedTable(t *testing.T) {
	tab := openings.Default(russian.Variant)
	tab.Openings = append(tab.Openings[:2], openings.Opening{Number: 900, Name: "Городская партия", Moves: []string{"c3-d4", "d6-c5", "b2-c3", "f6-g5"}})
	if err := tab.Check(); err != nil {
		t.Fatal(err)
	}
	if o, _ := tab.Opening(900); o.FEN != "W:Wa1,a3,c1,c3,d2,d4,e1,e3,f2,g1,g3,h2:Ba7,b6,b8,c5,c7,d8,e7,f8,g5,g7,h6,h8" {
		t.Errorf("the edited opening's FEN is %q", o.FEN)
	}
	tab.Openings = append(tab.Openings, openings.Opening{Number: 901, Name: "again", Moves: []string{"c3-d4", "f6-g5", "b2-c3", "d6-c5"}})
	if err := tab.Check(); err == nil || err.Error() != "opening 4 of the list, moves: the moves reach the position of opening 900 (Городская партия)" {
		t.Errorf("a transposition of opening 900: %v", err)
	}
}

// Issue 59.5: the table's CSV is written as every CSV of the project is:
// a name a spreadsheet would run as a formula is neutralised, with any
// separator a spreadsheet may split on, and reads back as it was.
func TestCSVNeutralisesFormulas(t *testing.T) {
	hostile := []string{`=cmd|' /C calc'!A0`, "+1+1", "@SUM(1)", "Дебют; =1+2", "-2+3"}
	tab := &openings.Table{Source: "клуб, =HYPERLINK(1)", Game: russian.Rules{}}
	for i, name := range hostile {
		tab.Openings = append(tab.Openings, openings.Opening{Number: i + 1, Name: name, NameEn: name + " en", Moves: openings.Default(russian.Variant).Openings[i].Moves})
	}
	if err := tab.Check(); err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := tab.WriteCSV(&b); err != nil {
		t.Fatal(err)
	}
	for _, comma := range []rune{',', ';', '\t'} {
		r := csv.NewReader(bytes.NewReader(b.Bytes()))
		r.Comma, r.LazyQuotes, r.FieldsPerRecord = comma, true, -1
		records, err := r.ReadAll()
		if err != nil {
			t.Fatalf("read with %q: %v", comma, err)
		}
		for _, record := range records {
			for _, cell := range record {
				if c := strings.TrimLeft(cell, ` "`); c != "" && strings.ContainsRune("=+-@", rune(c[0])) {
					t.Errorf("read with %q, a cell starts a formula: %q", comma, cell)
				}
			}
		}
	}
	back, err := openings.ReadCSV(bytes.NewReader(b.Bytes()), russian.Rules{})
	if err != nil {
		t.Fatal(err)
	}
	if back.Source != tab.Source {
		t.Errorf("the source reads back as %q", back.Source)
	}
	for i, o := range back.Openings {
		if o.Name != hostile[i] || o.NameEn != hostile[i]+" en" {
			t.Errorf("opening %d reads back as %q, %q; want %q", o.Number, o.Name, o.NameEn, hostile[i])
		}
	}
}
