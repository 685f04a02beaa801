package report

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"adiukh/tournament/catalog"
)

// TestRanksInAColumnOfTheirOwn renders every document that names players,
// in Russian and in English, with a candidate master (КМС) and an FMJD
// grandmaster (GMI) among them: each prints the rank in a column (a field,
// on a form) of its own after the name, under its heading, the English
// ones in the Latin form (KMS); a document whose players hold no rank has
// no rank column at all (issue 64).
func TestRanksInAColumnOfTheirOwn(t *testing.T) {
	t.Parallel()
	kms := Player{StartNo: 1, Name: "Хуаде Аскер", Latin: "Khuade Asker", Title: "КМС", LatinTitle: "KMS"}
	gmi := Player{StartNo: 2, Name: "Баляков Александр", Latin: "Baliakin Alexander", Federation: "NED", Title: "GMI", LatinTitle: "GMI"}
	plain := Player{StartNo: 3, Name: "Набоков Иван", Latin: "Nabokov Ivan"}
	standings := func(players ...Player) Standings {
		s := testStandings(len(players), 1)
		for i := range s.Rows {
			s.Rows[i].Player = players[i]
			s.Rows[i].Games = nil
		}
		s.AfterRound = 0
		return s
	}
	pairings := func(white, black Player) Pairings {
		p := testPairings(1)
		p.Boards = p.Boards[:1] // without the fixture's bye
		p.Boards[0].White, p.Boards[0].Black = white, black
		return p
	}
	boards := func(players ...Player) BoardStandings {
		b := BoardStandings{Event: testEvent(5), AfterRound: 1, Boards: []BoardTable{{Board: 1}}}
		for i, p := range players {
			b.Boards[0].Rows = append(b.Boards[0].Rows, BoardRow{Place: i + 1, Player: p, Team: "Нарт", Games: 1, Points: 1, Percent: 50})
		}
		return b
	}
	card := func(home, away Player) []MatchCard {
		return []MatchCard{{Event: testEvent(5), Round: 1, Table: 1, Home: Team{StartNo: 1, Name: "Нарт"}, Away: Team{StartNo: 2, Name: "Эльбрус"},
			Boards: []MatchCardBoard{{Board: 1, HomeWhite: true, Home: home, Away: away}}}}
	}
	sheet := func(white, black Player) []ScoreSheet {
		return []ScoreSheet{{Event: testEvent(5), Round: 1, Board: 1, White: white, Black: black}}
	}
	record := func(white, black Player) GameRecord {
		g := sampleGame()
		g.White, g.Black = white, black
		return g
	}
	documents := []struct {
		name string
		make func(loc catalog.Lang, a, b Player) func(*bytes.Buffer) error
	}{
		{"standings", func(loc catalog.Lang, a, b Player) func(*bytes.Buffer) error {
			return func(w *bytes.Buffer) error { return StandingsPDF(w, loc, standings(a, b, plain)) }
		}},
		{"progress", func(loc catalog.Lang, a, b Player) func(*bytes.Buffer) error {
			return func(w *bytes.Buffer) error { return ProgressPDF(w, loc, standings(a, b, plain)) }
		}},
		{"crosstable", func(loc catalog.Lang, a, b Player) func(*bytes.Buffer) error {
			return func(w *bytes.Buffer) error { return CrosstablePDF(w, loc, standings(a, b, plain)) }
		}},
		{"pairings", func(loc catalog.Lang, a, b Player) func(*bytes.Buffer) error {
			return func(w *bytes.Buffer) error { return PairingsPDF(w, loc, pairings(a, b)) }
		}},
		{"board standings", func(loc catalog.Lang, a, b Player) func(*bytes.Buffer) error {
			return func(w *bytes.Buffer) error { return BoardStandingsPDF(w, loc, boards(a, b, plain)) }
		}},
		{"match card", func(loc catalog.Lang, a, b Player) func(*bytes.Buffer) error {
			return func(w *bytes.Buffer) error { return MatchCardsPDF(w, loc, card(a, b)) }
		}},
		{"score sheet", func(loc catalog.Lang, a, b Player) func(*bytes.Buffer) error {
			return func(w *bytes.Buffer) error { return ScoreSheetsPDF(w, loc, sheet(a, b)) }
		}},
		{"game record", func(loc catalog.Lang, a, b Player) func(*bytes.Buffer) error {
			return func(w *bytes.Buffer) error { return GameRecordPDF(w, loc, record(a, b)) }
		}},
	}
	for _, doc := range documents {
		for _, loc := range []catalog.Lang{catalog.Russian, catalog.English} {
			t.Run(doc.name+"/"+string(loc), func(t *testing.T) {
				t.Parallel()
				out := spacedText(pdfText(t, "ranks-"+strings.ReplaceAll(doc.name, " ", "-")+"-"+string(loc), render(t, doc.make(loc, kms, gmi))))
				heading := text(loc, msgTitleColumn)
				if doc.name == "score sheet" {
					heading = text(loc, msgTitleField)
				}
				if doc.name != "game record" && !strings.Contains(out, heading) {
					t.Errorf("no heading %q of the rank column in:\n%s", heading, out)
				}
				flat := strings.Join(strings.Fields(out), " ")
				for _, p := range []Player{kms, gmi} {
					name := listedName(loc, p.Name, p.Latin)
					rank := p.printedTitle(loc)
					if doc.name == "game record" {
						// The record names the players in a line of text.
						if want := fmt.Sprintf("%s (%d), %s", name, p.StartNo, rank); !strings.Contains(flat, want) {
							t.Errorf("no %q in:\n%s", want, out)
						}
						continue
					}
					// A name too long for its cell of a match card wraps:
					// the rank is on the line of its first word.
					surname, _, _ := strings.Cut(name, " ")
					line := lineOf(t, out, surname)
					if !strings.Contains(line[strings.Index(line, surname):]+" ", " "+rank+" ") {
						t.Errorf("%s's rank %q is not after the name in %q", p.Name, rank, line)
					}
					if strings.Contains(flat, rank+" "+name) {
						t.Errorf("the rank %q is printed before the name %q:\n%s", rank, name, out)
					}
				}
				if loc == catalog.English && strings.Contains(out, "КМС") {
					t.Errorf("the English %s prints the rank in Cyrillic:\n%s", doc.name, out)
				}
				bare := spacedText(pdfText(t, "ranks-none-"+strings.ReplaceAll(doc.name, " ", "-")+"-"+string(loc), render(t, doc.make(loc, Player{StartNo: 1, Name: "Петров Пётр"}, Player{StartNo: 2, Name: "Кушхов Аслан"}))))
				if strings.Contains(bare, heading) {
					t.Errorf("a %s with no rank has the rank column %q:\n%s", doc.name, heading, bare)
				}
			})
		}
	}
}
