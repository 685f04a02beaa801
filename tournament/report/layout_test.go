package report

import (
	"adiukh/tournament/catalog"
	"bytes"
	"strconv"
	"strings"
	"testing"
)

// longName is a real kind of name (a double surname, a patronymic) longer
// than the old name columns.
const longName = "Константинопольский-Хуаде Аскербий Мухамедович"

func pagesOf(text string) []string {
	return strings.Split(strings.TrimRight(text, "\f"), "\f")
}

// TestTwentyPlayerCrosstableOnePage checks that a 20-player round robin,
// with a long name among them, fits one landscape page with every score.
func TestTwentyPlayerCrosstableOnePage(t *testing.T) {
	t.Parallel()
	s := testStandings(20, 19)
	s.Rows[3].Player.Name = longName
	text := pdfText(t, "crosstable-20", render(t, func(b *bytes.Buffer) error { return CrosstablePDF(b, catalog.Russian, s) }))
	if pages := pagesOf(text); len(pages) != 1 {
		t.Fatalf("the crosstable of 20 players takes %d pages, want 1", len(pages))
	}
	for _, r := range s.Rows {
		line := lineOf(t, text, r.Player.Name)
		if n := strings.Count(line, ":"); n != 19 {
			t.Errorf("%s has %d scores on its line, want 19: %q", r.Player.Name, n, line)
		}
	}
}

// TestProgressTableMarks checks the progress table: opponents by place,
// a colour mark that is no digit, a rating column.
func TestProgressTableMarks(t *testing.T) {
	t.Parallel()
	s := testStandings(9, 5)
	text := pdfText(t, "progress-marks", render(t, func(b *bytes.Buffer) error { return ProgressPDF(b, catalog.Russian, s) }))
	rank := map[int]int{}
	for i, r := range s.Rows {
		rank[r.Player.StartNo] = i + 1
	}
	first := s.Rows[0]
	line := lineOf(t, text, first.Player.Name)
	want := []string{first.Player.Name, strconv.Itoa(first.Player.Rating)}
	for _, g := range first.Games {
		if g.Opponent == 0 {
			continue
		}
		want = append(want, strconv.Itoa(rank[g.Opponent])+map[Colour]string{White: "○", Black: "●"}[g.Colour])
	}
	fieldsInOrder(t, line, want...)
	if strings.Contains(text, "б ") || !strings.Contains(text, "○ белыми, ● чёрными") {
		t.Errorf("the progress table marks colours with letters or does not explain its marks:\n%s", text)
	}
}

// TestLegendNeverAlone renders tables of every length around a page break:
// the last page always holds rows of the table, never the legend alone,
// nor a lone row (issue 60).
func TestLegendNeverAlone(t *testing.T) {
	t.Parallel()
	for n := 24; n <= 34; n++ {
		s := testStandings(n, 7)
		for name, render := range map[string]func(*bytes.Buffer) error{
			"progress":  func(b *bytes.Buffer) error { return ProgressPDF(b, catalog.Russian, s) },
			"standings": func(b *bytes.Buffer) error { return StandingsPDF(b, catalog.Russian, s) },
		} {
			pdf := render
			var buf bytes.Buffer
			if err := pdf(&buf); err != nil {
				t.Fatal(err)
			}
			pages := pagesOf(pdfText(t, "legend", buf.Bytes()))
			last := pages[len(pages)-1]
			rows := 0
			for _, r := range s.Rows {
				if strings.Contains(last, r.Player.Name) {
					rows++
				}
			}
			if rows < 2 && len(pages) > 1 {
				t.Errorf("%s of %d players: the last of %d pages holds %d rows:\n%s", name, n, len(pages), rows, last)
			}
		}
	}
}

// TestNothingCutThatFits checks that names and event particulars print
// whole: the English standings, the pairing list, score sheets and match
// cards.
func TestNothingCutThatFits(t *testing.T) {
	t.Parallel()
	s := testStandings(12, 5)
	s.Rows[2].Player.Name = longName
	s.Rows[2].Player.Withdrawn = true
	event := testEvent(5)
	event.Name = "Первенство Республики Адыгея по шашкам адиюх среди мужчин и женщин, посвящённое Дню Республики"
	event.Discipline = "rapid-team"
	p := testPairings(8)
	p.Boards[1].White.Name, p.Boards[2].Black.Name = longName, longName+" (2)"
	p.Boards[2].Black.Withdrawn = true
	sheet := ScoreSheet{Event: event, Round: 2, Board: 1, White: Player{StartNo: 3, Name: longName}, Black: testPlayer(4), WhiteTeam: "Сборная Республики Адыгея", BlackTeam: "Кубань"}
	card := MatchCard{Event: event, Round: 1, Table: 1, Home: Team{StartNo: 1, Name: "Сборная Республики Адыгея «Нарт»"}, Away: Team{StartNo: 2, Name: "Кубань"},
		Boards: []MatchCardBoard{{Board: 1, HomeWhite: true, Home: Player{Name: longName}, Away: testPlayer(2)}}}
	for _, tc := range []struct {
		name   string
		render func(*bytes.Buffer) error
		want   []string
	}{
		{"standings-en", func(b *bytes.Buffer) error { return StandingsPDF(b, catalog.English, s) }, []string{longName + " (withdrawn)"}},
		{"standings-ru", func(b *bytes.Buffer) error { return StandingsPDF(b, catalog.Russian, s) }, []string{longName + " (выбыл)"}},
		{"pairings", func(b *bytes.Buffer) error { return PairingsPDF(b, catalog.Russian, p) }, []string{longName, longName + " (2) (выбыл)"}},
		{"score sheet", func(b *bytes.Buffer) error { return ScoreSheetsPDF(b, catalog.Russian, []ScoreSheet{sheet}) }, []string{event.Name, disciplineName(catalog.Russian, event), longName + " (3)"}},
		{"match card", func(b *bytes.Buffer) error { return MatchCardsPDF(b, catalog.Russian, []MatchCard{card}) }, []string{disciplineName(catalog.Russian, event), longName, "Сборная Республики Адыгея «Нарт»"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			text := pdfTextAs(t, tc.name, render(t, tc.render), "-raw")
			flat := strings.Join(strings.Fields(text), " ")
			for _, want := range tc.want {
				if !strings.Contains(flat, want) {
					t.Errorf("%q is cut or missing:\n%s", want, text)
				}
			}
			if strings.Contains(text, "…") {
				t.Errorf("something is cut:\n%s", text)
			}
		})
	}
}

// TestDirectEncounterNote checks that a table ranked by direct encounter
// says how the ranking used it.
func TestDirectEncounterNote(t *testing.T) {
	t.Parallel()
	s := testStandings(6, 5)
	s.TieBreaks = append(s.TieBreaks, TieBreak{ID: "direct-encounter"})
	for i := range s.Rows {
		s.Rows[i].TieBreaks = append(s.Rows[i].TieBreaks, 0)
	}
	for loc, want := range map[catalog.Lang]string{catalog.Russian: "Личн. — очки в партиях с участниками, равными по очкам", catalog.English: "DE — points scored against the players equal on points"} {
		text := strings.Join(strings.Fields(pdfText(t, "direct-encounter", render(t, func(b *bytes.Buffer) error { return StandingsPDF(b, loc, s) }))), " ")
		if !strings.Contains(text, want) {
			t.Errorf("%s standings lack %q:\n%s", loc, want, text)
		}
	}
}

// A score sheet's score and signatures stay above the footer, a
// micro-match's sheet (its game and opening a row more) and a team
// match's (its table) too: the grid's rows give way.
func TestScoreSheetSignaturesAboveTheFooter(t *testing.T) {
	event := testEvent(5)
	for name, s := range map[string]ScoreSheet{
		"plain":       {Event: event, Round: 1, Board: 1, White: testPlayer(1), Black: testPlayer(2)},
		"team":        {Event: event, Round: 1, Table: 2, Board: 1, White: testPlayer(1), Black: testPlayer(2), WhiteTeam: "Адыгея", BlackTeam: "Кубань"},
		"micro-match": {Event: event, Round: 1, Board: 1, White: testPlayer(1), Black: testPlayer(2), Game: 2, Opening: "225. 39-IX: 1. c3-b4 b6-a5 2. b4-c5 d6:b4 3. a3:c5 c7-b6"},
	} {
		d := newDocument(catalog.Russian, event, text(catalog.Russian, msgScoreSheet))
		d.scoreSheet(s)
		if y := d.pdf.GetY() + 4; y > d.bottom()+0.01 { // the labels under the lines, 4 mm high
			t.Errorf("%s: the signatures end at %.1f mm, below the footer's top at %.1f mm", name, y, d.bottom())
		}
	}
}
