package exports_test

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os/exec"
	"regexp"
	"slices"
	"strings"
	"testing"

	"adiukh/api"
	"adiukh/api/apitest"
	"adiukh/internal/testtool"
	"adiukh/rules"
	"adiukh/rules/adiukh"
	"adiukh/tournament"
	"adiukh/tournament/account"
	"adiukh/tournament/engines"
	"adiukh/tournament/store"
	"adiukh/tournament/store/storetest"
	"adiukh/tournament/trf"
)

const publicURL = "https://adiukh.example.org"

// pairInStartOrder is a stand-in Swiss engine for these tests: it pairs the
// players of the round in start-number order, 1–2, 3–4 …, the last one
// alone getting the bye. The exports only need a Swiss event with games.
func pairInStartOrder(in tournament.PairingInput) ([]tournament.Pairing, error) {
	var ids []int64
	for _, p := range in.Players {
		if p.PlaysIn(in.Round) {
			ids = append(ids, p.ID)
		}
	}
	var out []tournament.Pairing
	for i := 0; i < len(ids); i += 2 {
		if i+1 == len(ids) {
			out = append(out, tournament.Pairing{WhiteID: ids[i]})
			break
		}
		out = append(out, tournament.Pairing{WhiteID: ids[i], BlackID: ids[i+1]})
	}
	return out, nil
}

// newExportServer is the application as apitest.NewServer builds it, with a
// Swiss engine and a configured public address.
func newExportServer(t *testing.T, st *store.Store) *apitest.Server {
	s := apitest.NewServer(t, st)
	opt := engines.Options()
	opt.Pairing[tournament.Swiss] = pairInStartOrder
	s.Handler = apitest.NewRouter(api.Deps{
		PublicURL: publicURL + "/",
		DB:        st, Events: tournament.NewService(st, opt), Accounts: apitest.Accounts(st, account.Options{}),
		Log: slog.New(slog.NewTextHandler(io.Discard, nil)),
	})
	return s
}

// pdfPages counts the pages of a PDF with poppler's pdfinfo.
func pdfPages(t *testing.T, name string, pdf []byte) int {
	t.Helper()
	out, err := exec.Command(testtool.Need(t, "poppler-utils", "pdfinfo"), apitest.WritePDF(t, name, pdf)).CombinedOutput()
	if err != nil {
		t.Fatalf("pdfinfo %s: %v\n%s", name, err, out)
	}
	var pages int
	if m := regexp.MustCompile(`(?m)^Pages:\s+(\d+)`).FindSubmatch(out); m != nil {
		fmt.Sscan(string(m[1]), &pages)
	}
	return pages
}

// playedGame names one game of an event by round and board.
type playedGame struct{ round, board, white, black int }

// playEvent creates an event, registers the players (start numbers follow
// the order given, by falling rating) and plays every round: the lower start
// number wins 17:7. The first game the lower number has White in carries
// the sample game's sheet (§7.2, 17:7 on the board); the second has a sheet
// that does not replay, accepted as a resignation (24:0) by override.
func playEvent(t *testing.T, s *apitest.Server, event map[string]any, names []string) (id int, sample, invalid playedGame) {
	t.Helper()
	const arbiter = tournament.ArbiterRole
	id = apitest.Num(s.Must(http.StatusCreated, arbiter, "POST", "/api/v1/events", event)["id"])
	for i, name := range names {
		s.Must(http.StatusCreated, arbiter, "POST", fmt.Sprintf("/api/v1/events/%d/players", id), map[string]any{
			"name": name, "rating": 1900 - 100*i, "birth_year": 1990 + i, "club": "СШОР № 1", "city": "Майкоп", "federation_id": fmt.Sprintf("ADG-%03d", i+1),
		})
	}
	for n := 1; ; n++ {
		code, round := s.Do(arbiter, "POST", fmt.Sprintf("/api/v1/events/%d/rounds", id), nil)
		if code == http.StatusConflict {
			break
		}
		if code != http.StatusCreated {
			t.Fatalf("pair round %d: status %d, %v", n, code, round)
		}
		s.Must(http.StatusOK, arbiter, "POST", fmt.Sprintf("/api/v1/events/%d/rounds/%d/publish", id, n), nil)
		for _, g := range round["games"].([]any) {
			g := g.(map[string]any)
			if g["black"] == nil {
				continue
			}
			white, black, board := apitest.Num(g["white"]), apitest.Num(g["black"]), apitest.Num(g["board"])
			body := map[string]any{"score": "17:7", "end_reason": "final_position", "version": apitest.Num(g["version"])}
			if white > black {
				body["score"] = "7:17"
			}
			switch {
			case white < black && sample.round == 0:
				body["sheet"], sample = apitest.SampleGame, playedGame{n, board, white, black}
			case white < black && invalid.round == 0:
				body["score"], body["end_reason"], body["sheet"], body["override_reason"] = "24:0", "resignation", apitest.InvalidSheet, "чёрные сдались, бланк заполнен с ошибкой"
				invalid = playedGame{n, board, white, black}
			}
			s.Must(http.StatusOK, arbiter, "PUT", fmt.Sprintf("/api/v1/events/%d/rounds/%d/games/%d/result", id, n, board), body)
		}
		if rounds, ok := event["rounds"].(int); ok && n == rounds {
			break
		}
	}
	return id, sample, invalid
}

var roundRobinNames = []string{"Хуаде Аслан", "Тлехас Мурат", "Шхалахов Руслан", "Ёлкин Пётр", "Нехай Бэла"}

func roundRobinEvent(extra map[string]any) map[string]any {
	event := map[string]any{
		"name": "Первенство Майкопа по адиюх", "discipline": "rapid", "system": "round-robin", "time_control": "8+4",
		"start_date": "2026-05-09", "end_date": "2026-05-09", "city": "Майкоп", "venue": "Шахматный клуб",
		"chief_arbiter": "Пшизов Р. А.",
	}
	for k, v := range extra {
		event[k] = v
	}
	return event
}

// TestExportDocuments plays a five-player round robin (a bye every round,
// worth nothing) and a five-player Swiss event through the API and reads
// every document back: PDFs as text, CSV, JSON and PDN parsed.
func TestExportDocuments(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			s := newExportServer(t, st)
			id, sample, invalid := playEvent(t, s, roundRobinEvent(nil), roundRobinNames)
			if sample.round == 0 || invalid.round == 0 {
				t.Fatalf("no games for the sheets: sample %v, invalid %v", sample, invalid)
			}
			base := fmt.Sprintf("/api/v1/events/%d", id)

			t.Run("standings.pdf", func(t *testing.T) {
				text := apitest.Spaced(apitest.PDFToText(t, "standings", s.MustDownload(base+"/standings.pdf", "application/pdf")))
				// 5 rounds of 2/1/0: 1 wins four games, 2 three …; the bye scores nothing.
				for _, want := range []string{apitest.RuDoc("report.standings_final"), "Первенство Майкопа по адиюх", apitest.RuT("discipline_full.rapid"),
					"1 1 Хуаде Аслан 1900", "2 2 Тлехас Мурат", "5 5 Нехай Бэла", apitest.RuDoc("report.chief_arbiter"), "Пшизов Р. А."} {
					if !strings.Contains(text, want) {
						t.Errorf("standings.pdf lacks %q:\n%s", want, text)
					}
				}
				if !regexp.MustCompile(`1 1 Хуаде Аслан 1900 1990 СШОР № 1 Майкоп 8 `).MatchString(text) {
					t.Errorf("standings.pdf does not give Хуаде place 1 with 8 points:\n%s", text)
				}
			})
			t.Run("standings.pdf in English", func(t *testing.T) {
				for _, tc := range []struct {
					query  string
					header map[string]string
				}{
					{"?lang=en", nil},
					{"", map[string]string{"Accept-Language": "de-DE, en-GB;q=0.8, ru;q=0.5"}},
				} {
					rec := s.Download("", base+"/standings.pdf"+tc.query, tc.header)
					text := apitest.PDFToText(t, "standings-en", rec.Body.Bytes())
					if !strings.Contains(text, "Final standings") || !strings.Contains(text, "Adiukh — rapid") || !strings.Contains(text, "Хуаде Аслан") {
						t.Errorf("standings.pdf%s %v is not in English:\n%s", tc.query, tc.header, text)
					}
				}
			})
			t.Run("standings after round 2", func(t *testing.T) {
				text := apitest.Spaced(apitest.PDFToText(t, "standings-2", s.MustDownload(base+"/standings.pdf?round=2", "application/pdf")))
				if !strings.Contains(text, apitest.RuDoc("report.standings_after", 2)) {
					t.Errorf("standings.pdf?round=2 is not titled after round 2:\n%s", text)
				}
			})
			t.Run("crosstable.pdf", func(t *testing.T) {
				text := apitest.Spaced(apitest.PDFToText(t, "crosstable", s.MustDownload(base+"/crosstable.pdf", "application/pdf")))
				// Row of 1: the shaded own cell, then 17:7 or 24:0 against everyone, 8 points, place 1.
				for _, want := range []string{apitest.RuDoc("report.crosstable"), "Нехай Бэла", "7:17", "24:0", "0:24"} {
					if !strings.Contains(text, want) {
						t.Errorf("crosstable.pdf lacks %q:\n%s", want, text)
					}
				}
				if !regexp.MustCompile(`1 Хуаде Аслан ((17:7|24:0) ){4}8 .*1\n`).MatchString(text) {
					t.Errorf("crosstable.pdf row of Хуаде is not four wins, 8 points, place 1:\n%s", text)
				}
			})
			t.Run("standings.csv", func(t *testing.T) {
				records, err := csv.NewReader(bytes.NewReader(s.MustDownload(base+"/standings.csv", "text/csv"))).ReadAll()
				if err != nil {
					t.Fatal(err)
				}
				if len(records) != 6 {
					t.Fatalf("%d CSV rows, want a header and 5 players", len(records))
				}
				for i, want := range [][]string{{"1", "1", "1", "Хуаде Аслан", "1900", "1990", "СШОР № 1", "Майкоп", "ADG-001", "", "", "false", "false", "8"}, {"5", "5", "5", "Нехай Бэла"}} {
					row := records[[]int{1, 5}[i]]
					if !slices.Equal(row[:len(want)], want) {
						t.Errorf("CSV row %v, want it to start %v", row, want)
					}
				}
				// The form a Russian Excel opens: BOM, semicolons.
				excel := s.MustDownload(base+"/standings.csv?dialect=excel", "text/csv")
				r := csv.NewReader(bytes.NewReader(bytes.TrimPrefix(excel, []byte("\ufeff"))))
				r.Comma = ';'
				records, err = r.ReadAll()
				if err != nil || !bytes.HasPrefix(excel, []byte("\ufeff")) || len(records) != 6 || records[1][3] != "Хуаде Аслан" {
					t.Errorf("the Excel CSV (%v) reads as %v", err, records)
				}
			})
			t.Run("standings.json", func(t *testing.T) {
				var got struct {
					Event struct {
						Name      string `json:"name"`
						StartDate string `json:"start_date"`
					} `json:"event"`
					Standings []struct {
						Place  int     `json:"place"`
						Name   string  `json:"name"`
						Points float64 `json:"points"`
					} `json:"standings"`
				}
				if err := json.Unmarshal(s.MustDownload(base+"/standings.json", "application/json"), &got); err != nil {
					t.Fatal(err)
				}
				if got.Event.Name != "Первенство Майкопа по адиюх" || got.Event.StartDate != "2026-05-09" || len(got.Standings) != 5 ||
					got.Standings[0].Name != "Хуаде Аслан" || got.Standings[0].Points != 8 || got.Standings[4].Points != 0 {
					t.Errorf("standings.json = %+v", got)
				}
			})
			t.Run("pairings.pdf", func(t *testing.T) {
				pdf := s.MustDownload(base+"/rounds/2/pairings.pdf", "application/pdf")
				text := apitest.Spaced(apitest.PDFToText(t, "pairings", pdf))
				for _, want := range []string{apitest.RuDoc("report.pairings", 2), "09.05.2026", apitest.RuDoc("report.bye_board"), apitest.RuDoc("report.qr_caption")} {
					if !strings.Contains(text, want) {
						t.Errorf("pairings.pdf lacks %q:\n%s", want, text)
					}
				}
				if testtool.Find(t, "the QR code read back", "zbar-tools", "zbarimg") != "" {
					checkQRCode(t, pdf, fmt.Sprintf("%s/events/%d?round=2", publicURL, id))
				}
			})
			t.Run("scoresheets.pdf", func(t *testing.T) {
				pdf := s.MustDownload(base+"/rounds/1/scoresheets.pdf", "application/pdf")
				// Two games and a bye: two sheets.
				if pages := pdfPages(t, "scoresheets", pdf); pages != 2 {
					t.Errorf("%d score sheets for round 1, want 2 (the bye has none)", pages)
				}
				text := apitest.Spaced(apitest.PDFToText(t, "scoresheets", pdf))
				for _, want := range []string{apitest.RuDoc("report.score_sheet"), "Первенство Майкопа по адиюх", "8 " + apitest.RuDoc("report.minutes") + " + 4 " + apitest.RuDoc("report.seconds") + "/" + apitest.RuDoc("report.per_move"), "09.05.2026", apitest.RuDoc("report.signature_arbiter")} {
					if !strings.Contains(text, want) {
						t.Errorf("scoresheets.pdf lacks %q:\n%s", want, text)
					}
				}
			})
			t.Run("blank score sheets", func(t *testing.T) {
				for _, tc := range []struct {
					path  string
					pages int
					event bool
				}{{base + "/scoresheets.pdf?count=3", 3, true}, {"/api/v1/scoresheets.pdf", 1, false}} {
					pdf := s.MustDownload(tc.path, "application/pdf")
					if pages := pdfPages(t, "blank", pdf); pages != tc.pages {
						t.Errorf("%s: %d pages, want %d", tc.path, pages, tc.pages)
					}
					if text := apitest.PDFToText(t, "blank", pdf); strings.Contains(text, "Первенство Майкопа") != tc.event {
						t.Errorf("%s: event named = %v, want %v:\n%s", tc.path, !tc.event, tc.event, text)
					}
				}
			})
			t.Run("record.pdf", func(t *testing.T) {
				path := fmt.Sprintf("%s/rounds/%d/games/%d/record.pdf", base, sample.round, sample.board)
				text := apitest.Spaced(apitest.PDFToText(t, "record", s.MustDownload(path, "application/pdf")))
				for _, want := range []string{apitest.RuDoc("report.game_record"), roundRobinNames[sample.white-1], roundRobinNames[sample.black-1], "c3-b4", "d8:a5", apitest.RuDoc("report.final_position"), "17:7"} {
					if !strings.Contains(text, want) {
						t.Errorf("record.pdf lacks %q:\n%s", want, text)
					}
				}
			})
			t.Run("games.pdn", func(t *testing.T) {
				rec := s.Download("", base+"/games.pdn", nil)
				if rec.Code != http.StatusOK {
					t.Fatalf("games.pdn: status %d: %s", rec.Code, rec.Body.String())
				}
				wantSkipped := fmt.Sprintf("round %d board %d", invalid.round, invalid.board)
				if got := rec.Header().Get("X-Adiukh-Skipped-Games"); got != wantSkipped {
					t.Errorf("skipped games header = %q, want %q", got, wantSkipped)
				}
				// Every game played is in the file: the one whose sheet
				// replays with its moves, the others as their tags and
				// results; each validates.
				all := adiukh.ParsePDN(rec.Body.String())
				games := slices.DeleteFunc(slices.Clone(all), func(g *rules.Sheet) bool { return len(g.Moves) == 0 })
				if len(games) != 1 || len(all) != 10 {
					t.Fatalf("games.pdn holds %d games, %d of them with moves, want the 10 played and the one sheet that replays:\n%s", len(all), len(games), rec.Body.String())
				}
				for i, g := range all {
					if r := adiukh.Validate(g); !r.Valid || r.Result == nil {
						t.Errorf("game %d of games.pdn does not validate: %v", i+1, r.Errors)
					}
				}
				r := adiukh.Validate(games[0])
				if !r.Valid || r.Result == nil || r.Result.String() != "17:7" {
					t.Errorf("the PDN game does not validate back to 17:7: valid %v, result %v, errors %v", r.Valid, r.Result, r.Errors)
				}
				for key, want := range map[string]string{"Event": "Первенство Майкопа по адиюх", "White": roundRobinNames[sample.white-1], "Black": roundRobinNames[sample.black-1], "Round": fmt.Sprint(sample.round),
					"Board": fmt.Sprint(sample.board), "Date": "2026.05.09", "Site": "Майкоп, Шахматный клуб", "GameType": "49,W,8,8,A0,0", "Variant": "Adiukh"} {
					if got := games[0].Header(key); got != want {
						t.Errorf("PDN tag %s = %q, want %q", key, got, want)
					}
				}
			})
			t.Run("export.trf", func(t *testing.T) {
				file, err := trf.Read(bytes.NewReader(s.MustDownload(base+"/export.trf", "text/plain")))
				if err != nil {
					t.Fatalf("export.trf does not read back: %v", err)
				}
				if len(file.Players) != 5 || file.TotalRounds != 5 || len(file.Scoring) == 0 {
					t.Fatalf("export.trf has %d players, %d rounds, scoring %v", len(file.Players), file.TotalRounds, file.Scoring)
				}
				first, last := file.Players[0], file.Players[4]
				// 2/1/0 scoring: four wins are 8 points, written 8.0.
				if first.Name != "Хуаде Аслан" || first.Rating != 1900 || first.Points != 80 || first.Rank != 1 || len(first.Results) != 5 ||
					last.Name != "Нехай Бэла" || last.Points != 0 || last.Rank != 5 {
					t.Errorf("players = %+v … %+v", first, last)
				}
				codes := map[byte]int{}
				for _, p := range file.Players {
					for _, r := range p.Results {
						codes[r.Code]++
					}
				}
				// 10 games (one of them the 24:0 resignation), 5 byes.
				if codes['1'] != 10 || codes['0'] != 10 || codes['U'] != 5 {
					t.Errorf("result codes %v, want 10 wins, 10 losses and 5 byes", codes)
				}
			})
			t.Run("refusals", func(t *testing.T) {
				for _, tc := range []struct {
					path      string
					status    int
					field     string
					inMessage string
				}{
					{base + "/standings.pdf?lang=de", 400, "lang", `not "de"`},
					{base + "/standings.csv?round=9", 400, "round", "round 9"},
					{base + "/standings.csv?dialect=xlsx", 400, "dialect", `not "xlsx"`},
					{"/api/v1/federation/export.csv?dialect=tsv", 400, "dialect", `not "tsv"`},
					{base + "/rounds/9/pairings.pdf", 404, "", "round 9"},
					{fmt.Sprintf("%s/rounds/%d/games/%d/record.pdf", base, invalid.round, invalid.board), 409, "sheet", "does not replay (line 1, move 2"},
					{base + "/rounds/1/games/3/record.pdf", 404, "", "bye"},
					{base + "/scoresheets.pdf?count=0", 400, "count", "from 1 to 200"},
					{"/api/v1/events/999/crosstable.pdf", 404, "", "event 999"},
					{"/api/v1/federation/export.json?from=2026-13-01", 400, "from", "YYYY-MM-DD"},
					{"/api/v1/federation/export.csv?from=2026-06-01&to=2026-01-01", 400, "to", "ends (2026-01-01) before it starts"},
				} {
					t.Run(tc.path, func(t *testing.T) {
						code, body := s.Do("", "GET", tc.path, nil)
						msg, _ := body["message"].(string)
						if code != tc.status || body["field"] != nil && body["field"] != tc.field || !strings.Contains(msg, tc.inMessage) {
							t.Errorf("status %d, answer %v; want %d naming %q with %q", code, body, tc.status, tc.field, tc.inMessage)
						}
					})
				}
			})

			t.Run("refusal in Russian", func(t *testing.T) {
				req := httptest.NewRequest("GET", fmt.Sprintf("%s/rounds/%d/games/%d/record.pdf", base, invalid.round, invalid.board), nil)
				req.Header.Set("Accept-Language", "ru")
				rec := httptest.NewRecorder()
				s.Handler.ServeHTTP(rec, req)
				var body map[string]any
				if err := json.Unmarshal(rec.Body.Bytes(), &body); err != nil {
					t.Fatalf("%d %s: %v", rec.Code, rec.Body.String(), err)
				}
				msg, _ := body["message"].(string)
				// The message up to the rules' own words on the move, which
				// stand where the mark \x00 does.
				want, _, _ := strings.Cut(apitest.RuF("the score sheet of board %d in round %d does not replay (%s); correct it first", invalid.board, invalid.round, apitest.RuF("line %d, move %d: %s", 1, 2, "\x00")), "\x00")
				if rec.Code != http.StatusConflict || !strings.Contains(msg, want) || regexp.MustCompile(`[A-Za-z]{3}`).MatchString(msg) {
					t.Errorf("status %d, message %q; want 409 in Russian naming line 1, move 2", rec.Code, msg)
				}
			})

			t.Run("Swiss progress table", func(t *testing.T) {
				swiss, _, _ := playEvent(t, s, map[string]any{"name": "Кубок Адыгеи", "discipline": "blitz", "system": "swiss", "rounds": 2, "time_control": "3+2"}, roundRobinNames)
				text := apitest.Spaced(apitest.PDFToText(t, "progress", s.MustDownload(fmt.Sprintf("/api/v1/events/%d/crosstable.pdf", swiss), "application/pdf")))
				// Start order pairs 1–2 and 3–4 every round; 5 has the bye, worth a win in Swiss.
				// Opponents go by place: Хуаде (3rd) beat Тлехас (4th) twice with White.
				bye := apitest.RuDoc("report.bye_cell")
				for _, want := range []string{apitest.RuDoc("report.progress_after", 2), "5 Нехай Бэла 1500 " + bye + " + " + bye + " + 4 ", "3 1 Хуаде Аслан 1900 4○ 17:7 4○ 17:7 4 "} {
					if !strings.Contains(text, want) {
						t.Errorf("progress table lacks %q:\n%s", want, text)
					}
				}
			})
		})
	}
}

// checkQRCode renders the first page of a PDF and decodes its QR code with
// zbarimg.
func checkQRCode(t *testing.T, pdf []byte, want string) {
	t.Helper()
	path := apitest.WritePDF(t, "qr", pdf)
	png := strings.TrimSuffix(path, ".pdf")
	if out, err := exec.Command(testtool.Need(t, "poppler-utils", "pdftoppm"), "-png", "-r", "150", "-f", "1", "-l", "1", "-singlefile", path, png).CombinedOutput(); err != nil {
		t.Fatalf("pdftoppm: %v\n%s", err, out)
	}
	// zbarimg chatters on stderr where it finds no D-Bus; the code is on stdout.
	out, err := exec.Command(testtool.Need(t, "zbar-tools", "zbarimg"), "--quiet", "--raw", png+".png").Output()
	if err != nil {
		t.Fatalf("zbarimg found no QR code: %v", err)
	}
	if got := strings.TrimSpace(string(out)); got != want {
		t.Errorf("QR code reads %q, want %q", got, want)
	}
}

// A sheet whose final position gives 17:7, accepted by the arbiter as 18:6:
// the PDN keeps the moves' own ending, which a reader checks them against,
// and gives the result that counts as ArbiterScore; the game record prints
// both with the arbiter's reason.
func TestOverriddenResultInTheRecords(t *testing.T) {
	t.Parallel()
	apitest.ForEachServer(t, func(t *testing.T, s *apitest.Server) {
		const arbiter = tournament.ArbiterRole
		id := apitest.StandardEvent(t, s, nil)
		base := fmt.Sprintf("/api/v1/events/%d", id)
		round := s.Must(http.StatusCreated, arbiter, "POST", base+"/rounds", nil)
		s.Must(http.StatusOK, arbiter, "POST", base+"/rounds/1/publish", nil)
		g := round["games"].([]any)[0].(map[string]any)
		s.Must(http.StatusOK, arbiter, "PUT", fmt.Sprintf("%s/rounds/1/games/%d/result", base, apitest.Num(g["board"])), map[string]any{
			"score": "18:6", "end_reason": "final_position", "sheet": apitest.SampleGame, "override_reason": "в бланке пропущен ход", "version": apitest.Num(g["version"])})
		rec := s.Download("", base+"/games.pdn", nil)
		games := adiukh.ParsePDN(rec.Body.String())
		if len(games) != 1 {
			t.Fatalf("games.pdn holds %d games:\n%s", len(games), rec.Body.String())
		}
		if r := adiukh.Validate(games[0]); !r.Valid || r.Result == nil || r.Result.String() != "17:7" || games[0].Header("ArbiterScore") != "18:6" {
			t.Errorf("the PDN: valid %v, result %v, ArbiterScore %q, errors %v\n%s", r.Valid, r.Result, games[0].Header("ArbiterScore"), r.Errors, rec.Body.String())
		}
		text := apitest.Spaced(apitest.PDFToText(t, "record-override", s.MustDownload(fmt.Sprintf("%s/rounds/1/games/%d/record.pdf", base, apitest.Num(g["board"])), "application/pdf")))
		for _, want := range []string{apitest.RuDoc("report.score") + " 18:6", apitest.RuDoc("report.override_sheet_score", "17:7", "в бланке пропущен ход")} {

			if !strings.Contains(text, want) {
				t.Errorf("the record lacks %q:\n%s", want, text)
			}
		}
	})
}
