package report

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"

	"adiukh/internal/testtool"
	"adiukh/tournament/catalog"
)

// lineOf returns the first line of text that mentions name.
func lineOf(t *testing.T, text, name string) string {
	t.Helper()
	for line := range strings.SplitSeq(text, "\n") {
		if strings.Contains(line, name) {
			return line
		}
	}
	t.Fatalf("no line mentions %q in:\n%s", name, text)
	return ""
}

// fieldsInOrder checks that want appear in line as whole words, left to right.
func fieldsInOrder(t *testing.T, line string, want ...string) {
	t.Helper()
	rest := " " + line + " "
	for _, w := range want {
		i := strings.Index(rest, " "+w+" ")
		if i < 0 {
			t.Fatalf("line %q: want %q (after the fields before it, in order %q)", line, w, want)
		}
		rest = rest[i+len(w)+1:]
	}
}

func TestStandingsPDF(t *testing.T) {
	t.Parallel()
	s := testStandings(24, 9)
	shareSecondPlace(&s)
	for _, tc := range []struct {
		loc                           catalog.Lang
		title, heading, points, dates string
		tieBreaks, chiefArbiter       string
		legend                        string // the abbreviated headings spelled out
	}{
		{catalog.Russian, "Итоговое положение участников", "Участник", "Очки", "20.11.2026 – 22.11.2026", "Адиюх Солк.", "Главный судья",
			"Адиюх — Сумма очков (адиюх); Солк. — Коэффициент Солкофа"},
		{catalog.English, "Final standings", "Player", "Pts", "20 Nov 2026 – 22 Nov 2026", "AP Bh", "Chief arbiter", "Bh — Buchholz"},
	} {
		t.Run(string(tc.loc), func(t *testing.T) {
			text := pdfText(t, "standings-"+string(tc.loc), render(t, func(b *bytes.Buffer) error { return StandingsPDF(b, tc.loc, s) }))
			for _, want := range []string{s.Event.Name, "Майкоп", tc.dates, tc.title, tc.chiefArbiter, s.Event.ChiefArbiter, tc.legend} {
				if !strings.Contains(text, want) {
					t.Errorf("standings PDF lacks %q", want)
				}
			}
			fieldsInOrder(t, lineOf(t, text, tc.heading), append([]string{tc.heading, tc.points}, strings.Fields(tc.tieBreaks)...)...)
			for _, r := range s.Rows {
				line := lineOf(t, text, nameCell(tc.loc, r.Player))
				fieldsInOrder(t, line, formatPlace(r), strconv.Itoa(r.Player.StartNo))
				fieldsInOrder(t, line, formatPoints(tc.loc, r.Points), formatPoints(tc.loc, r.TieBreaks[0]), formatPoints(tc.loc, r.TieBreaks[1]))
			}
		})
	}
	t.Run("after a round before the last", func(t *testing.T) {
		s := testStandings(6, 3)
		s.Event.Rounds = 9
		text := pdfText(t, "standings-round3", render(t, func(b *bytes.Buffer) error { return StandingsPDF(b, catalog.Russian, s) }))
		if !strings.Contains(text, "Положение участников после 3-го тура") {
			t.Errorf("title of standings after round 3 of 9 missing:\n%s", text)
		}
	})
}

func TestCrosstablePDF(t *testing.T) {
	t.Parallel()
	s := testStandings(10, 9)
	shareSecondPlace(&s)
	text := pdfText(t, "crosstable", render(t, func(b *bytes.Buffer) error { return CrosstablePDF(b, catalog.Russian, s) }))
	if !strings.Contains(text, "Турнирная таблица") {
		t.Fatalf("crosstable title missing:\n%s", text)
	}
	for _, r := range s.Rows {
		// Cells run in start-number order of the opponents, then points,
		// tie-breaks and place.
		cells := make([]string, 11)
		for _, g := range r.Games {
			cells[g.Opponent] = formatScore(catalog.Russian, g.Score)
		}
		var want []string
		for _, c := range cells {
			if c != "" {
				want = append(want, c)
			}
		}
		want = append(want, formatPoints(catalog.Russian, r.Points), formatPoints(catalog.Russian, r.TieBreaks[0]), formatPoints(catalog.Russian, r.TieBreaks[1]), formatPlace(r))
		line := lineOf(t, text, nameCell(catalog.Russian, r.Player))
		fieldsInOrder(t, line, append([]string{strconv.Itoa(r.Player.StartNo), r.Player.Name}, want...)...)
	}
	for _, mark := range []string{"+:−", "−:+", "−:−"} {
		if !strings.Contains(text, mark) {
			t.Errorf("crosstable lacks the forfeit mark %q", mark)
		}
	}
	// Ranks and titles print in a column of their own after the names, as
	// the rule book writes them; the federation after the name, as FMJD
	// lists print it (issue 64).
	fieldsInOrder(t, lineOf(t, text, "Разр."), "№", "Участник", "Разр.", "1")
	for _, p := range []Player{testPlayer(4), testPlayer(3), testPlayer(2)} {
		fieldsInOrder(t, lineOf(t, text, p.Name), withFederation(p.Name, p.Federation), p.Title)
		if strings.Contains(text, p.Title+" "+p.Name) {
			t.Errorf("crosstable prints the rank %q before the name %q", p.Title, p.Name)
		}
	}
}

func TestCrosstableDoubleRoundRobin(t *testing.T) {
	t.Parallel()
	// Two games against each opponent print as two scores in one cell.
	s := testStandings(4, 6)
	text := pdfText(t, "crosstable-double", render(t, func(b *bytes.Buffer) error { return CrosstablePDF(b, catalog.English, s) }))
	for _, r := range s.Rows {
		var first, second string
		for _, g := range r.Games {
			if g.Opponent != 1 {
				continue
			}
			if first == "" {
				first = formatScore(catalog.English, g.Score)
			} else {
				second = formatScore(catalog.English, g.Score)
			}
		}
		if r.Player.StartNo == 1 {
			continue
		}
		fieldsInOrder(t, lineOf(t, text, r.Player.Name), r.Player.Name, first, second)
	}
}

func TestProgressPDF(t *testing.T) {
	t.Parallel()
	// 21 rounds do not fit one landscape page even in the smallest font:
	// the rounds continue on a second page that repeats place, number and
	// name.
	s := testStandings(23, 21)
	byes := 0
	for i := range s.Rows {
		for j, g := range s.Rows[i].Games {
			if g.Score.Kind == PairingBye {
				byes++
				switch byes {
				case 2:
					s.Rows[i].Games[j].Score.Kind = HalfPointBye
				case 3:
					s.Rows[i].Games[j].Score.Kind = ZeroPointBye
				}
			}
		}
	}
	rank := map[int]int{}
	for i, r := range s.Rows {
		rank[r.Player.StartNo] = i + 1
	}
	text := pdfText(t, "progress", render(t, func(b *bytes.Buffer) error { return ProgressPDF(b, catalog.Russian, s) }))
	pages := strings.Split(strings.TrimRight(text, "\f"), "\f")
	if len(pages) < 2 {
		t.Fatalf("progress table of 21 rounds on %d page, want it split over pages", len(pages))
	}
	last := pages[len(pages)-1]
	if !strings.Contains(pages[0], "1 тур") || strings.Contains(pages[0], "21 тур") || !strings.Contains(last, "21 тур") {
		t.Errorf("rounds should run from page 1 to the last page")
	}
	for _, mark := range []string{"бай +", "бай =", "бай −"} {
		if !strings.Contains(text, mark) {
			t.Errorf("progress table lacks the bye %q", mark)
		}
	}
	for _, r := range s.Rows {
		for _, page := range pages {
			fieldsInOrder(t, lineOf(t, page, nameCell(catalog.Russian, r.Player)), formatPlace(r), strconv.Itoa(r.Player.StartNo))
		}
		var entries []string
		for _, g := range r.Games {
			c := progressCell(catalog.Russian, g, rank[g.Opponent])
			entries = append(entries, strings.Fields(c.text+" "+c.second)...)
		}
		tail := append(entries[len(entries)-2:], formatPoints(catalog.Russian, r.Points), formatPoints(catalog.Russian, r.TieBreaks[0]))
		fieldsInOrder(t, lineOf(t, last, nameCell(catalog.Russian, r.Player)), tail...)
		fieldsInOrder(t, lineOf(t, pages[0], nameCell(catalog.Russian, r.Player)), entries[:4]...)
	}
}

func TestPairingsPDF(t *testing.T) {
	t.Parallel()
	p := testPairings(12)
	for _, tc := range []struct {
		loc               catalog.Lang
		title, bye, board string
	}{
		{catalog.Russian, "Жеребьёвка 3-го тура", "свободен от игры (бай)", "Доска"},
		{catalog.English, "Pairings of round 3", "bye", "Board"},
	} {
		t.Run(string(tc.loc), func(t *testing.T) {
			text := pdfText(t, "pairings-"+string(tc.loc), render(t, func(b *bytes.Buffer) error { return PairingsPDF(b, tc.loc, p) }))
			for _, want := range []string{tc.title, tc.board, p.PublicURL} {
				if !strings.Contains(text, want) {
					t.Errorf("pairings PDF lacks %q", want)
				}
			}
			for _, b := range p.Boards {
				line := lineOf(t, text, b.White.Name)
				if b.Bye {
					fieldsInOrder(t, line, strconv.Itoa(b.Number), strconv.Itoa(b.White.StartNo), b.White.Name, "1", tc.bye)
					continue
				}
				want := []string{strconv.Itoa(b.Number), strconv.Itoa(b.White.StartNo), b.White.Name, "4"}
				if b.Result.Kind != NotPlayed {
					want = append(want, formatScore(tc.loc, b.Result))
				}
				fieldsInOrder(t, line, append(want, "3½", b.Black.Name, strconv.Itoa(b.Black.StartNo))...)
			}
		})
	}
}

// TestPairingsQRCodeDecodes rasterises the pairing list and reads the QR
// code back with zbarimg: it must lead to the public pairings page.
func TestPairingsQRCodeDecodes(t *testing.T) {
	t.Parallel()
	testtool.Need(t, "poppler-utils", "pdftoppm")
	testtool.Need(t, "zbar-tools", "zbarimg")
	p := testPairings(4)
	dir := t.TempDir()
	pdf := filepath.Join(dir, "pairings.pdf")
	if err := os.WriteFile(pdf, render(t, func(b *bytes.Buffer) error { return PairingsPDF(b, catalog.Russian, p) }), 0o644); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command("pdftoppm", "-png", "-r", "200", "-singlefile", pdf, filepath.Join(dir, "page")).CombinedOutput(); err != nil {
		t.Fatalf("pdftoppm: %v\n%s", err, out)
	}
	out, err := exec.Command("zbarimg", "-q", "--raw", filepath.Join(dir, "page.png")).Output()
	if err != nil {
		t.Fatalf("zbarimg found no QR code: %v", err)
	}
	if got := strings.TrimSpace(string(out)); got != p.PublicURL {
		t.Errorf("QR code reads %q, want %q", got, p.PublicURL)
	}
}

func TestScoreSheetsPDF(t *testing.T) {
	t.Parallel()
	sheets := append(testSheets(3), ScoreSheet{})
	text := pdfText(t, "scoresheets", render(t, func(b *bytes.Buffer) error { return ScoreSheetsPDF(b, catalog.Russian, sheets) }))
	pages := strings.Split(strings.TrimRight(text, "\f"), "\f")
	if len(pages) != len(sheets) {
		t.Fatalf("%d pages for %d score sheets, want one each", len(pages), len(sheets))
	}
	for i, s := range sheets {
		t.Run(fmt.Sprintf("sheet %d", i+1), func(t *testing.T) {
			page := pages[i]
			for _, want := range []string{"Бланк записи партии", "Счёт партии", "Подпись белых", "Подпись чёрных", "Подпись судьи", "Соревнование:", "Контроль времени:"} {
				if !strings.Contains(page, want) {
					t.Errorf("sheet lacks %q", want)
				}
			}
			// The move grid: 60 numbered moves in two blocks, White and
			// Black columns in each (§7.2).
			fieldsInOrder(t, lineOf(t, page, "№"), "№", "Белые", "Чёрные", "№", "Белые", "Чёрные")
			for n := 1; n <= 30; n++ {
				if !regexp.MustCompile(`(?m)^\s*` + strconv.Itoa(n) + `\s+` + strconv.Itoa(n+30) + `\s*$`).MatchString(page) {
					t.Fatalf("move grid row %d | %d missing", n, n+30)
				}
			}
			if s.White.Name == "" {
				if filled := testEvent(9); strings.Contains(page, filled.Name) || strings.Contains(page, "8 мин") {
					t.Errorf("blank sheet has pre-filled data")
				}
				return
			}
			for _, want := range []string{s.Event.Name, "Адиюх — быстрая игра", "8 мин + 4 с/ход", "21.11.2026", playerLabel(catalog.Russian, s.White), playerLabel(catalog.Russian, s.Black)} {
				if !strings.Contains(page, want) {
					t.Errorf("sheet lacks %q", want)
				}
			}
			fieldsInOrder(t, lineOf(t, page, "Тур:"), "Тур:", "3", "Доска:", strconv.Itoa(s.Board))
		})
	}
}

func TestGameRecordPDF(t *testing.T) {
	t.Parallel()
	withStart := sampleGame()
	start := figure4()
	withStart.Start = &start
	for _, tc := range []struct {
		name      string
		game      GameRecord
		wantStart bool
	}{
		{"from the initial position", sampleGame(), false},
		{"from figure 4", withStart, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			pdf := render(t, func(b *bytes.Buffer) error { return GameRecordPDF(b, catalog.Russian, tc.game) })
			text := pdfText(t, "record", pdf)
			flat := strings.Join(strings.Fields(pdfTextAs(t, "record", pdf, "-raw")), " ")
			for _, want := range []string{
				"Запись партии", "Белые: Иванов Иван (1)", "Чёрные: Петров Пётр (2)", "Счёт партии 17:7",
				"Конечная позиция (ход чёрных)",
				// The final position of the sample game as §7.2 (spec §7) writes it.
				"белые: a5-1/2, a7-1/2, b4-3, c1-1, e1-1, e5-1/2, f2-1, g1-1, h6-2/6; чёрные: —",
			} {
				if !strings.Contains(flat, want) {
					t.Errorf("game record lacks %q in:\n%s", want, text)
				}
			}
			if got := strings.Contains(flat, "белые: a5-1, d4-1, e5-2/1, f8-3/1, g5-1/1; чёрные: a1-1, b6-2/3, c7-3"); got != tc.wantStart {
				t.Errorf("figure 4 start position printed = %v, want %v", got, tc.wantStart)
			}
			if got := strings.Contains(text, "Начальная позиция"); got != tc.wantStart {
				t.Errorf("start diagram printed = %v, want %v", got, tc.wantStart)
			}
			fieldsInOrder(t, lineOf(t, text, "c3-b4"), "1", "c3-b4", "b6-c5", "6", "a1:c3", "d8-c7", "11", "b2:h6", "g7-f6")
			fieldsInOrder(t, lineOf(t, text, "d8:a5"), "5", "a5:e5", "f6:b2", "10", "d2-e3", "f4:b4", "15", "d8:a5")
		})
	}
}

// A game that stopped short of a final position (here resigned after
// Black's 14th move) is not said to end in one: its last position is
// labelled as such, and the score says how the game ended.
func TestGameRecordOfAResignedGame(t *testing.T) {
	t.Parallel()
	g := sampleGame()
	g.Moves = g.Moves[:28]
	g.Ended, g.EndReason = false, "resignation"
	g.Result = GameScore{Kind: Played, Own: 24, Opponent: 0}
	for loc, want := range map[catalog.Lang][]string{
		catalog.Russian: {"Позиция после последнего хода", "Счёт партии 24:0 (сдача)"},
		catalog.English: {"Position after the last move", "(resignation)"},
	} {
		pdf := render(t, func(b *bytes.Buffer) error { return GameRecordPDF(b, loc, g) })
		flat := strings.Join(strings.Fields(pdfTextAs(t, "record-resigned", pdf, "-raw")), " ")
		for _, w := range want {
			if !strings.Contains(flat, w) {
				t.Errorf("%s: the record of a resigned game lacks %q in:\n%s", loc, w, flat)
			}
		}
		if strings.Contains(flat, "Конечная позиция") || strings.Contains(flat, "Final position") {
			t.Errorf("%s: the record of a resigned game calls its last position final", loc)
		}
	}
}

func TestGameRecordLongGameContinues(t *testing.T) {
	t.Parallel()
	g := sampleGame()
	g.Moves = nil
	for i := range 300 {
		g.Moves = append(g.Moves, fmt.Sprintf("m%d", i+1))
	}
	text := pdfText(t, "record-long", render(t, func(b *bytes.Buffer) error { return GameRecordPDF(b, catalog.English, g) }))
	if pages := strings.Count(strings.TrimRight(text, "\f"), "\f") + 1; pages < 2 {
		t.Errorf("150 moves on %d page, want them to continue on a second page", pages)
	}
	fieldsInOrder(t, lineOf(t, text, "m299"), "150", "m299", "m300")
}

func TestBadInputIsRefused(t *testing.T) {
	t.Parallel()
	standings := func(change func(*Standings)) Standings {
		s := testStandings(6, 5)
		change(&s)
		return s
	}
	record := func(change func(*GameRecord)) GameRecord {
		g := sampleGame()
		change(&g)
		return g
	}
	var buf bytes.Buffer
	for _, tc := range []struct {
		name    string
		render  func() error
		wantErr string
	}{
		{"tie-break values missing", func() error {
			return StandingsPDF(&buf, catalog.Russian, standings(func(s *Standings) { s.Rows[2].TieBreaks = s.Rows[2].TieBreaks[:1] }))
		}, "standings row 3 (start no"},
		{"duplicate tie-break ID", func() error {
			return StandingsCSV(&buf, PlainCSV, catalog.Russian, standings(func(s *Standings) { s.TieBreaks[1].ID = s.TieBreaks[0].ID }))
		}, `tie-break 2 ("adiukh-points"): IDs must be present and unique`},
		{"unknown opponent", func() error {
			return CrosstablePDF(&buf, catalog.Russian, standings(func(s *Standings) { s.Rows[0].Games[0].Opponent = 99 }))
		}, "game 1: opponent start no 99 is not another player"},
		{"duplicate start number", func() error {
			return ProgressPDF(&buf, catalog.Russian, standings(func(s *Standings) { s.Rows[1].Player.StartNo = s.Rows[0].Player.StartNo }))
		}, "standings row 2"},
		{"score not adding up to 24", func() error {
			return ProgressPDF(&buf, catalog.Russian, standings(func(s *Standings) {
				s.Rows[0].Games[0].Score = GameScore{Kind: Played, Own: 14, Opponent: 11}
			}))
		}, "score 14:11: the two scores must be 0–24 and add up to 24"},
		{"round zero", func() error {
			return ProgressPDF(&buf, catalog.Russian, standings(func(s *Standings) { s.Rows[0].Games[0].Round = 0 }))
		}, "round 0 is not a round number"},
		{"two games in one round", func() error {
			return ProgressPDF(&buf, catalog.Russian, standings(func(s *Standings) { s.Rows[0].Games[1].Round = s.Rows[0].Games[0].Round }))
		}, "two games in round 1"},
		{"forfeit not 24:0", func() error {
			p := testPairings(3)
			p.Boards[1].Result = GameScore{Kind: Forfeit, Own: 20, Opponent: 4}
			return PairingsPDF(&buf, catalog.Russian, p)
		}, "pairings board 2 (row 2): forfeit 20:4: a forfeit scores 24:0 or 0:24"},
		{"URL too long for a QR code", func() error {
			p := testPairings(3)
			p.PublicURL = "https://adiukh.example/" + strings.Repeat("x", 5000)
			return PairingsPDF(&buf, catalog.Russian, p)
		}, "cannot encode as a QR code"},
		{"unknown result kind", func() error {
			return GameRecordPDF(&buf, catalog.Russian, record(func(g *GameRecord) { g.Result.Kind = 9 }))
		}, "result kind 9 is not one of"},
		{"tower on a light square", func() error {
			return GameRecordPDF(&buf, catalog.Russian, record(func(g *GameRecord) { g.Final.Towers[0].Square = "a4" }))
		}, `final position: tower 1 (a4): square "a4" is a light square`},
		{"tower off the board", func() error {
			return GameRecordPDF(&buf, catalog.Russian, record(func(g *GameRecord) { g.Final.Towers[2].Square = "i9" }))
		}, `tower 3 (i9): square "i9" is not a1–h8`},
		{"two towers on one square", func() error {
			return GameRecordPDF(&buf, catalog.Russian, record(func(g *GameRecord) { g.Final.Towers[1].Square = "a5" }))
		}, "tower 2 (a5): a second tower on the same square"},
		{"tower without an owner", func() error {
			return GameRecordPDF(&buf, catalog.Russian, record(func(g *GameRecord) { g.Final.Towers[0].Owner = NoColour }))
		}, "owner must be White or Black"},
		{"tower of 25", func() error {
			return GameRecordPDF(&buf, catalog.Russian, record(func(g *GameRecord) { g.Final.Towers[0].Other = 24 }))
		}, "counts 1/24"},
		{"start position side to move", func() error {
			return GameRecordPDF(&buf, catalog.Russian, record(func(g *GameRecord) { g.Start = &Position{ToMove: 7} }))
		}, "start position: side to move 7"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.render()
			if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
				t.Fatalf("error = %v, want one containing %q", err, tc.wantErr)
			}
		})
	}
}

// TestCharactersOutsideTheFont checks that a name with characters the Go
// font lacks (an emoji makes fpdf itself panic) prints with what they stand
// for where the font has it (full-width forms, a letter whose
// accent it lacks) and "?" for the rest.
func TestCharactersOutsideTheFont(t *testing.T) {
	t.Parallel()
	s := testStandings(4, 3)
	s.Rows[0].Player.Name = "Ωмега 😀 中文\tЖ ＝Ｔｅａｍ ǵ"
	s.Event.Name = "Кубок 😀 \xff\xfe"
	for name, f := range map[string]func(*bytes.Buffer) error{
		"standings": func(b *bytes.Buffer) error { return StandingsPDF(b, catalog.Russian, s) },
		"sheet": func(b *bytes.Buffer) error {
			return ScoreSheetsPDF(b, catalog.Russian, []ScoreSheet{{Event: s.Event, White: s.Rows[0].Player}})
		},
	} {
		t.Run(name, func(t *testing.T) {
			text := pdfText(t, "outside-font-"+name, render(t, f))
			if !strings.Contains(text, "Ωмега ? ?? Ж =Team g") || !strings.Contains(text, "Кубок") {
				t.Errorf("want the name as \"Ωмега ? ?? Ж =Team g\" and the event name in:\n%s", text)
			}
		})
	}
}

// TestConcurrentRendering renders 32 PDFs of every kind at once; run under
// -race it shows that documents share nothing mutable (the embedded font
// bytes are only read).
func TestConcurrentRendering(t *testing.T) {
	t.Parallel()
	s := testStandings(16, 7)
	p := testPairings(8)
	sheets := testSheets(4)
	g := sampleGame()
	jobs := []func(*bytes.Buffer) error{
		func(b *bytes.Buffer) error { return StandingsPDF(b, catalog.Russian, s) },
		func(b *bytes.Buffer) error { return CrosstablePDF(b, catalog.English, s) },
		func(b *bytes.Buffer) error { return ProgressPDF(b, catalog.Russian, s) },
		func(b *bytes.Buffer) error { return PairingsPDF(b, catalog.Russian, p) },
		func(b *bytes.Buffer) error { return ScoreSheetsPDF(b, catalog.English, sheets) },
		func(b *bytes.Buffer) error { return GameRecordPDF(b, catalog.Russian, g) },
	}
	const renders = 32
	outputs := make([][]byte, renders)
	var wg sync.WaitGroup
	for i := range renders {
		wg.Go(func() {
			var buf bytes.Buffer
			if err := jobs[i%len(jobs)](&buf); err != nil {
				t.Errorf("render %d: %v", i, err)
			}
			outputs[i] = buf.Bytes()
		})
	}
	wg.Wait()
	for i, out := range outputs {
		if !bytes.HasPrefix(out, []byte("%PDF-")) || !bytes.Contains(out, []byte("%%EOF")) {
			t.Fatalf("render %d is not a complete PDF (%d bytes)", i, len(out))
		}
	}
	// Same input, same kind: the text read back must be the same, whatever
	// else ran at the same time.
	first := pdfText(t, "concurrent-0", outputs[0])
	if again := pdfText(t, "concurrent-6", outputs[len(jobs)]); again != first {
		t.Errorf("two concurrent renders of the same standings read back differently")
	}
	if !strings.Contains(first, s.Rows[0].Player.Name) {
		t.Errorf("concurrently rendered standings lack the leader %q", s.Rows[0].Player.Name)
	}
}

// TestGameRecordKeepsLongCaptures checks that a capture over many squares is
// printed whole: in a wider column, or wrapped after a square.
func TestGameRecordKeepsLongCaptures(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, move string
	}{
		{"the sample game's capture", "b2:d4:f6:d8:a5:d2:h6"},
		{"longer than a column of two", "a1:c3:e5:g7:h6:f8:d6:b8:a7:c5:e3:g1:h2:f4:d2:b4:a3:c1:e3"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := sampleGame()
			g.Moves[20] = tc.move
			flat := strings.Join(strings.Fields(pdfTextAs(t, "record-capture", render(t, func(b *bytes.Buffer) error { return GameRecordPDF(b, catalog.Russian, g) }), "-raw")), " ")
			if joined := strings.ReplaceAll(flat, ": ", ":"); !strings.Contains(joined, tc.move) || strings.Contains(flat, "…") {
				t.Errorf("the record lacks %s or cuts a move:\n%s", tc.move, flat)
			}
		})
	}
}

// A round still being played shows its results, and says they are not yet
// in the points, which stop at AfterRound.
func TestProgressPDFOfAnUnfinishedRound(t *testing.T) {
	t.Parallel()
	s := testStandings(6, 4)
	s.AfterRound = 3
	for _, loc := range []catalog.Lang{catalog.Russian, catalog.English} {
		pdf := pdfText(t, "progress-unfinished", render(t, func(b *bytes.Buffer) error { return ProgressPDF(b, loc, s) }))
		if want := strings.Fields(text(loc, msgNotCountedYet, 3))[:4]; !strings.Contains(strings.Join(strings.Fields(pdf), " "), strings.Join(want, " ")) {
			t.Errorf("%s: the progress table with round 4 unfinished does not say so:\n%s", loc, pdf)
		}
	}
	s.AfterRound = 4
	pdf := pdfText(t, "progress-finished", render(t, func(b *bytes.Buffer) error { return ProgressPDF(b, catalog.Russian, s) }))
	if strings.Contains(pdf, "незаконченного") {
		t.Errorf("a finished round is said to be unfinished:\n%s", pdf)
	}
}

// A requested bye is named by its points where the opponent would stand,
// as the pairing page names it; the pairing's bye stays "bye".
func TestPairingsPDFNamesRequestedByes(t *testing.T) {
	t.Parallel()
	p := testPairings(12)
	p.Boards = append(p.Boards,
		Board{Number: len(p.Boards) + 1, White: Player{StartNo: 20, Name: "Просил Пол-очка"}, WhitePoints: 1, Bye: true, ByeRequested: true, Result: GameScore{Kind: HalfPointBye}},
		Board{Number: len(p.Boards) + 2, White: Player{StartNo: 21, Name: "Просил Без Очков"}, WhitePoints: 1, Bye: true, ByeRequested: true, Result: GameScore{Kind: ZeroPointBye}},
		// A round robin's rest day scores nothing, but is the pairing's bye.
		Board{Number: len(p.Boards) + 3, White: Player{StartNo: 22, Name: "Отдыхает Туром"}, WhitePoints: 1, Bye: true, Result: GameScore{Kind: ZeroPointBye}})
	for _, tc := range []struct {
		loc        catalog.Lang
		half, zero string
	}{
		{catalog.Russian, "бай за пол-очка", "бай без очков"},
		{catalog.English, "half-point bye", "zero-point bye"},
	} {
		text := pdfText(t, "pairings-requested-"+string(tc.loc), render(t, func(b *bytes.Buffer) error { return PairingsPDF(b, tc.loc, p) }))
		if line := lineOf(t, text, "Просил Пол-очка"); !strings.Contains(line, tc.half) {
			t.Errorf("%s: the half-point bye's line %q", tc.loc, line)
		}
		if line := lineOf(t, text, "Просил Без Очков"); !strings.Contains(line, tc.zero) {
			t.Errorf("%s: the zero-point bye's line %q", tc.loc, line)
		}
		if line := lineOf(t, text, "Отдыхает Туром"); strings.Contains(line, tc.zero) {
			t.Errorf("%s: a rest day named as a requested bye: %q", tc.loc, line)
		}
	}
}

// An English crosstable prints the national ranks in their Latin form,
// never in Cyrillic (issue 64).
func TestCrosstablePDFInEnglishPrintsLatinRanks(t *testing.T) {
	t.Parallel()
	s := testStandings(6, 5)
	text := pdfText(t, "crosstable-en", render(t, func(b *bytes.Buffer) error { return CrosstablePDF(b, catalog.English, s) }))
	for no, rank := range map[int]string{4: "KMS", 3: "1j", 2: "I"} {
		p := testPlayer(no)
		fieldsInOrder(t, lineOf(t, text, listedName(catalog.English, p.Name, p.Latin)), withFederation(listedName(catalog.English, p.Name, p.Latin), p.Federation), rank)
	}
	fieldsInOrder(t, lineOf(t, text, "Title"), "No", "Player", "Title", "1")
	for _, cyrillic := range []string{"КМС", "1ю"} {
		if strings.Contains(text, cyrillic) {
			t.Errorf("the English crosstable prints the rank %q in Cyrillic", cyrillic)
		}
	}
}
