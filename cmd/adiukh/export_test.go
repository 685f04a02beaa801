package main

import (
	"bytes"
	"context"
	"encoding/csv"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"adiukh/internal/testtool"
	"adiukh/rules"
	"adiukh/rules/adiukh"
	"adiukh/tournament"
	"adiukh/tournament/account"
	"adiukh/tournament/engines"
	registration "adiukh/tournament/players"
	"adiukh/tournament/store"
	"adiukh/tournament/trf"
)

// sampleSheet is the game of rules §7.2: a final position at 17:7.
const sampleSheet = `1. c3-b4 b6-c5 2. b4-a5 a7-b6 3. b2-c3 c5-b4 4. a3:a7 c7-b6 5. a5:e5 f6:b2
6. a1:c3 d8-c7 7. g3-f4 e5:g3 8. h2:f4 g3:e5 9. e3:g5 h6:f4 10. d2-e3 f4:b4
11. b2:h6 g7-f6 12. e5:g7 h8:f6 13. g7:e5 f8-e7 14. f6:d8 b8-c7 15. d8:a5.`

// fillDatabase plays a four-player round robin to the end in a new SQLite
// file and finishes it: the lower start number wins 17:7, and the first game
// the lower number plays with White carries the sample sheet.
func fillDatabase(t *testing.T, visibility string) (db string, eventID int64, sheetRound, sheetBoard int) {
	t.Helper()
	db = filepath.Join(t.TempDir(), "adiukh.db")
	st, err := store.Open(db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	arbiter := &tournament.User{Email: "arbiter@example.org", Role: tournament.ArbiterRole}
	if err := st.Accounts().Update(context.Background(), func(tx account.Tx) error { return tx.CreateUser(arbiter) }); err != nil {
		t.Fatal(err)
	}
	ctx := tournament.NewContextWithUser(context.Background(), arbiter)
	svc := tournament.NewService(st, engines.Options())
	text := func(s string) *string { return &s }
	e, err := svc.CreateEvent(ctx, tournament.EventInput{
		Name: text("Кубок Адыгеи"), Discipline: text("rapid"), System: text("round-robin"), TimeControl: text("8+4"),
		StartDate: text("2026-04-11"), EndDate: text("2026-04-12"), Visibility: &visibility,
	})
	if err != nil {
		t.Fatal(err)
	}
	for i, name := range []string{"Хуаде Аслан", "Тлехас Мурат", "Шхалахов Руслан", "Ёлкин Пётр"} {
		rating := 1900 - 100*i
		if _, err := registration.NewService(svc).RegisterPlayer(ctx, e.ID, tournament.PlayerInput{Name: &name, Rating: &rating}); err != nil {
			t.Fatal(err)
		}
	}
	for n := 1; n <= 3; n++ {
		r, err := svc.PairNextRound(ctx, e.ID)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := svc.PublishRound(ctx, e.ID, n); err != nil {
			t.Fatal(err)
		}
		for _, g := range r.Games {
			in := tournament.ResultInput{EventID: e.ID, Round: n, Board: g.Board, Score: "7:17", EndReason: "final_position", Version: g.Version}
			if g.WhiteNo < g.BlackNo {
				in.Score = "17:7"
				if sheetRound == 0 {
					in.Sheet, sheetRound, sheetBoard = sampleSheet, n, g.Board
				}
			}
			if _, err := svc.RecordResult(ctx, in); err != nil {
				t.Fatal(err)
			}
		}
	}
	if _, err := svc.UpdateEvent(ctx, e.ID, tournament.EventInput{Status: text("finished")}, ""); err != nil {
		t.Fatal(err)
	}
	return db, e.ID, sheetRound, sheetBoard
}

func TestExportCommand(t *testing.T) {
	// The command reads as an administrator: a private event's documents
	// are there. The federation export publishes public events only.
	db, id, sheetRound, sheetBoard := fillDatabase(t, "private")
	publicDB, _, _, _ := fillDatabase(t, "public")
	event := fmt.Sprint(id)
	out := filepath.Join(t.TempDir(), "standings.pdf")
	for _, tc := range []struct {
		name     string
		args     []string
		wantCode int
		check    func(t *testing.T, stdout []byte) // on success
		wantErr  string                            // in stderr, on failure
	}{
		{"standings as CSV", []string{"standings", "--event", event, "--format", "csv"}, 0, func(t *testing.T, stdout []byte) {
			records, err := csv.NewReader(bytes.NewReader(stdout)).ReadAll()
			if err != nil {
				t.Fatal(err)
			}
			points := slices.Index(records[0], "points")
			if len(records) != 5 || points < 0 || records[1][3] != "Хуаде Аслан" || records[1][points] != "6" || records[4][3] != "Ёлкин Пётр" || records[4][0] != "4" {
				t.Errorf("standings CSV = %q, want Хуаде first with 6 points and Ёлкин fourth", records)
			}
		}, ""},
		{"standings PDF to a file", []string{"standings", "--event", event, "-o", out}, 0, func(t *testing.T, stdout []byte) {
			if len(stdout) != 0 {
				t.Errorf("-o still writes %d bytes to standard output", len(stdout))
			}
			pdf, err := os.ReadFile(out)
			if err != nil {
				t.Fatal(err)
			}
			if text := pdfText(t, pdf); !strings.Contains(text, "Итоговое положение участников") || !strings.Contains(text, "Хуаде Аслан") {
				t.Errorf("standings PDF reads:\n%s", text)
			}
		}, ""},
		{"crosstable in English", []string{"crosstable", "--event", event, "--lang", "en"}, 0, func(t *testing.T, stdout []byte) {
			if text := pdfText(t, stdout); !strings.Contains(text, "Crosstable") || !strings.Contains(text, "17:7") {
				t.Errorf("crosstable PDF reads:\n%s", text)
			}
		}, ""},
		{"pairings", []string{"pairings", "--event", event, "--round", "2", "--public-url", "https://adiukh.example.org"}, 0, func(t *testing.T, stdout []byte) {
			if text := pdfText(t, stdout); !strings.Contains(text, "Жеребьёвка 2-го тура") || !strings.Contains(text, fmt.Sprintf("https://adiukh.example.org/events/%d?round=2", id)) {
				t.Errorf("pairings PDF reads:\n%s", text)
			}
		}, ""},
		{"score sheets of a round", []string{"scoresheets", "--event", event, "--round", "3"}, 0, func(t *testing.T, stdout []byte) {
			if text := pdfText(t, stdout); strings.Count(text, "Бланк записи партии") != 2 {
				t.Errorf("want two score sheets, got:\n%s", text)
			}
		}, ""},
		{"blank score sheets", []string{"scoresheets", "--event", "0", "--blank", "3"}, 0, func(t *testing.T, stdout []byte) {
			if text := pdfText(t, stdout); strings.Count(text, "Бланк записи партии") != 3 || strings.Contains(text, "Кубок") {
				t.Errorf("want three blank sheets without the event, got:\n%s", text)
			}
		}, ""},
		{"game record", []string{"record", "--event", event, "--round", fmt.Sprint(sheetRound), "--board", fmt.Sprint(sheetBoard)}, 0, func(t *testing.T, stdout []byte) {
			if text := pdfText(t, stdout); !strings.Contains(text, "Запись партии") || !strings.Contains(text, "d8:a5") {
				t.Errorf("game record PDF reads:\n%s", text)
			}
		}, ""},
		{"no such board", []string{"record", "--event", event, "--round", "1", "--board", "9"}, 1, nil, "board 9 of round 1"},
		{"a game numbered below 1", []string{"record", "--event", event, "--round", "1", "--board", "1", "--game", "-1"}, 2, nil, "--game: games are numbered from 1, not -1"},
		{"a game of a board of one game", []string{"record", "--event", event, "--round", fmt.Sprint(sheetRound), "--board", fmt.Sprint(sheetBoard), "--game", "1"}, 1, nil, "is one game, not a micro-match"},
		{"pdn", []string{"pdn", "--event", event}, 0, func(t *testing.T, stdout []byte) {
			// Every game played; the one with a sheet with its moves.
			all := adiukh.ParsePDN(string(stdout))
			games := slices.DeleteFunc(slices.Clone(all), func(g *rules.Sheet) bool { return len(g.Moves) == 0 })
			if len(all) != 6 || len(games) != 1 {
				t.Fatalf("%d PDN games, %d with moves, want the 6 played and 1 with its sheet:\n%s", len(all), len(games), stdout)
			}
			for i, g := range all {
				if r := adiukh.Validate(g); !r.Valid {
					t.Errorf("PDN game %d does not validate: %v", i+1, r.Errors)
				}
			}
			if r := adiukh.Validate(games[0]); !r.Valid || r.Result == nil || r.Result.String() != "17:7" || games[0].Header("Event") != "Кубок Адыгеи" {
				t.Errorf("PDN game does not validate back to 17:7 of Кубок Адыгеи: %v %v\n%s", r.Valid, r.Errors, stdout)
			}
		}, ""},
		{"trf", []string{"trf", "--event", event}, 0, func(t *testing.T, stdout []byte) {
			file, err := trf.Read(bytes.NewReader(stdout))
			if err != nil {
				t.Fatalf("TRF does not read back: %v\n%s", err, stdout)
			}
			if len(file.Players) != 4 || file.Players[0].Name != "Хуаде Аслан" || file.Players[0].Points != 60 || len(file.Players[0].Results) != 3 {
				t.Errorf("TRF players = %+v", file.Players)
			}
		}, ""},
		{"federation leaves private events out", []string{"federation"}, 0, func(t *testing.T, stdout []byte) {
			if !strings.Contains(string(stdout), `"events": []`) {
				t.Errorf("a private event is exported:\n%s", stdout)
			}
		}, ""},
		{"federation in the period", []string{"federation", "--db", publicDB, "--from", "2026-04-12", "--to", "2026-04-30", "--format", "csv"}, 0, func(t *testing.T, stdout []byte) {
			records, err := csv.NewReader(bytes.NewReader(stdout)).ReadAll()
			if err != nil {
				t.Fatal(err)
			}
			if len(records) != 5 || records[1][1] != "Кубок Адыгеи" || records[1][17] != "Хуаде Аслан" {
				t.Errorf("federation CSV = %q", records)
			}
		}, ""},
		{"federation for Excel", []string{"federation", "--db", publicDB, "--format", "csv", "--dialect", "excel"}, 0, func(t *testing.T, stdout []byte) {
			r := csv.NewReader(bytes.NewReader(bytes.TrimPrefix(stdout, []byte("\ufeff"))))
			r.Comma = ';'
			records, err := r.ReadAll()
			if err != nil || !bytes.HasPrefix(stdout, []byte("\ufeff")) || len(records) != 5 {
				t.Errorf("federation CSV for Excel (%v) = %q", err, records)
			}
		}, ""},
		{"federation games", []string{"federation", "--db", publicDB, "--format", "games-csv"}, 0, func(t *testing.T, stdout []byte) {
			records, err := csv.NewReader(bytes.NewReader(stdout)).ReadAll()
			// Four players meet once each: six games.
			if err != nil || len(records) != 7 || records[0][0] != "event_id" {
				t.Errorf("federation games (%v) = %q", err, records)
			}
		}, ""},
		{"federation before the event", []string{"federation", "--db", publicDB, "--to", "2026-04-11"}, 0, func(t *testing.T, stdout []byte) {
			if !strings.Contains(string(stdout), `"events": []`) {
				t.Errorf("an event ending 2026-04-12 is exported up to 2026-04-11:\n%s", stdout)
			}
		}, ""},
		{"unknown kind", []string{"trophies"}, 2, nil, `unknown kind "trophies"`},
		{"no event", []string{"standings"}, 2, nil, "--event: give the ID"},
		{"no round", []string{"pairings", "--event", event}, 2, nil, "--round: give the round's number"},
		{"bad format", []string{"standings", "--event", event, "--format", "xml"}, 2, nil, `standings is written as pdf, csv, json, xlsx, not "xml"`},
		{"bad language", []string{"crosstable", "--event", event, "--lang", "de"}, 2, nil, `ru or en, not "de"`},
		{"unknown event", []string{"crosstable", "--event", "99"}, 1, nil, "event 99 not found"},
		{"bad date", []string{"federation", "--from", "12.04.2026"}, 2, nil, `--from: "12.04.2026" is not a date`},
		{"empty period", []string{"federation", "--from", "2026-05-01", "--to", "2026-04-30"}, 2, nil, "--from 2026-05-01 is after --to 2026-04-30"},
		{"bad public URL", []string{"pairings", "--event", event, "--round", "1", "--public-url", "adiukh.example.org"}, 2, nil, `--public-url: "adiukh.example.org" is not the address of a site`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			// --db of the case, when it has one, comes later and wins; so
			// does its --lang over Russian documents (the tests' commands
			// speak English, see TestMain).
			args := []string{"export", tc.args[0], "--db", db}
			if slices.Contains(exportKinds[tc.args[0]].flags, "lang") {
				args = append(args, "--lang", "ru")
			}
			code := run(append(args, tc.args[1:]...), &stdout, &stderr)
			if code != tc.wantCode {
				t.Fatalf("exit %d, want %d; stderr: %s", code, tc.wantCode, stderr.String())
			}
			if code != 0 {
				if !strings.Contains(stderr.String(), tc.wantErr) {
					t.Errorf("stderr %q, want %q", stderr.String(), tc.wantErr)
				}
				return
			}
			tc.check(t, stdout.Bytes())
		})
	}
}

// TestExportDocumentLanguage: a document is in the command's language
// (adiukh --lang, ADIUKH_LANG) unless the kind's own --lang says otherwise.
func TestExportDocumentLanguage(t *testing.T) {
	db, id, _, _ := fillDatabase(t, "private")
	event := fmt.Sprint(id)
	for _, tc := range []struct {
		env  string
		args []string
		want string
	}{
		{"en", []string{"export", "crosstable"}, "Crosstable"},
		{"ru", []string{"export", "crosstable"}, "Круговая система"},
		{"ru", []string{"--lang", "en", "export", "crosstable"}, "Crosstable"},
		{"en", []string{"--lang", "ru", "export", "crosstable"}, "Круговая система"},
		{"en", []string{"--lang", "en", "export", "crosstable", "--lang", "ru"}, "Круговая система"},
	} {
		t.Setenv("ADIUKH_LANG", tc.env)
		var stdout, stderr bytes.Buffer
		if code := run(append(tc.args, "--event", event, "--db", db), &stdout, &stderr); code != 0 {
			t.Fatalf("ADIUKH_LANG=%s %v: exit %d, %s", tc.env, tc.args, code, stderr.String())
		}
		if text := pdfText(t, stdout.Bytes()); !strings.Contains(text, tc.want) {
			t.Errorf("ADIUKH_LANG=%s %v: the crosstable reads\n%.300s\nwant %q", tc.env, tc.args, text, tc.want)
		}
	}
}

// pdfText reads a PDF back with poppler's pdftotext. Without it the test is
// skipped, except in CI (env CI set), where scripts/test installs it.
func pdfText(t *testing.T, pdf []byte) string {
	t.Helper()
	cmd := exec.Command(testtool.Need(t, "poppler-utils", "pdftotext"), "-enc", "UTF-8", "-", "-")
	cmd.Stdin = bytes.NewReader(pdf)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("pdftotext: %v\n%s", err, out)
	}
	return string(out)
}
