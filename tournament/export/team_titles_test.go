package export

import (
	"bytes"
	"fmt"
	"os/exec"
	"slices"
	"strings"
	"testing"

	"adiukh/internal/testtool"
	"adiukh/rules"
	"adiukh/tournament"
	"adiukh/tournament/catalog"
	"adiukh/tournament/teams"
)

// A team event's match cards, score sheets and board standings, made from
// its stored rosters, print each player's rank or title in a column (on a
// sheet, a field) of its own beside the name, in every game; the English
// ones in the Latin form (KMS). Read back with pdftotext (issue 64: titles
// were missing from all three).
func TestTeamDocumentsPrintRanks(t *testing.T) {
	t.Parallel()
	pdftotext := testtool.Need(t, "poppler-utils", "pdftotext")
	for _, k := range tournament.GameKinds {
		t.Run(string(k), func(t *testing.T) {
			t.Parallel()
			f := newDocFixture(t)
			rank, title := ranksOf(k)
			ranked := map[string]string{"Хуаде Аскер": rank, "Тлехас Мурат": title}
			e, err := f.svc.CreateEvent(f.ctx, tournament.EventInput{Name: ptr("Командный кубок"), Game: ptr(string(k)), Discipline: ptr("rapid-team"),
				System: ptr("round-robin"), TimeControl: ptr("15+10")})
			f.must(err)
			_, err = f.teams.UpdateTeamSettings(f.ctx, e.ID, teams.TeamSettingsInput{Boards: ptr(2)}, "")
			f.must(err)
			for i, roster := range [][]string{{"Хуаде Аскер", "Шеуджен Заур"}, {"Тлехас Мурат", "Нехай Руслан"}} {
				var players []tournament.PlayerInput
				for _, name := range roster {
					players = append(players, tournament.PlayerInput{Name: ptr(name), Title: ptr(ranked[name])})
				}
				_, err := f.teams.RegisterTeam(f.ctx, e.ID, teams.TeamInput{Name: ptr(fmt.Sprintf("Команда %d", i+1)), Players: players})
				f.must(err)
			}
			tr, err := f.teams.PairNextTeamRound(f.ctx, e.ID)
			f.must(err)
			_, err = f.svc.PublishRound(f.ctx, e.ID, 1)
			f.must(err)
			x := f.exporter()
			read := func(name string, render func(*bytes.Buffer) error) string {
				t.Helper()
				var pdf bytes.Buffer
				if err := render(&pdf); err != nil {
					t.Fatalf("%s: %v", name, err)
				}
				cmd := exec.Command(pdftotext, "-layout", "-enc", "UTF-8", "-", "-")
				cmd.Stdin = &pdf
				out, err := cmd.Output()
				if err != nil {
					t.Fatalf("pdftotext %s: %v", name, err)
				}
				return string(out)
			}
			documents := map[string]func(catalog.Lang) func(*bytes.Buffer) error{
				"match cards": func(loc catalog.Lang) func(*bytes.Buffer) error {
					return func(w *bytes.Buffer) error { return x.PairingsPDF(f.ctx, w, loc, e.ID, 1, "") }
				},
				"score sheets": func(loc catalog.Lang) func(*bytes.Buffer) error {
					return func(w *bytes.Buffer) error { return x.ScoreSheetsPDF(f.ctx, w, loc, e.ID, 1) }
				},
				"board standings": func(loc catalog.Lang) func(*bytes.Buffer) error {
					return func(w *bytes.Buffer) error { return x.BoardStandingsPDF(f.ctx, w, loc, e.ID, 0) }
				},
			}
			check := func() {
				for name, document := range documents {
					for _, loc := range catalog.Langs {
						text := read(name, document(loc))
						for _, player := range []string{"Хуаде Аскер", "Тлехас Мурат"} {
							printed, shown := player, ranked[player]
							if loc == catalog.English {
								printed, shown = latin(player), rules.LatinNotation(shown)
							}
							surname, _, _ := strings.Cut(printed, " ")
							line := ""
							for l := range strings.SplitSeq(text, "\n") {
								if strings.Contains(l, surname) {
									line = l[strings.Index(l, surname)+len(surname):]
									break
								}
							}
							if !slices.Contains(strings.Fields(line), shown) {
								t.Errorf("%s (%s): %s's rank %q is not beside the name %q:\n%s", name, loc, player, shown, surname, text)
							}
						}
					}
				}
			}
			delete(documents, "board standings") // no board is played yet
			check()
			win := k.Win(rules.White, tournament.Resignation)
			for _, m := range tr.Matches {
				for _, b := range m.Boards {
					_, err := f.teams.RecordMatchResult(f.ctx, teams.MatchResultInput{Table: m.Table, ResultInput: tournament.ResultInput{EventID: e.ID, Round: 1, Board: b.Board,
						Version: b.Game.Version, EndReason: string(win.EndReason), Score: win.Score()}})
					f.must(err)
				}
			}
			documents["board standings"] = func(loc catalog.Lang) func(*bytes.Buffer) error {
				return func(w *bytes.Buffer) error { return x.BoardStandingsPDF(f.ctx, w, loc, e.ID, 0) }
			}
			delete(documents, "score sheets") // the round is played
			check()
		})
	}
}

// ranksOf are a national rank (КМС where the game has it) and, where the
// game has them, an FMJD title, else its lowest rank: two players of the
// tests hold them.
func ranksOf(k tournament.GameKind) (rank, title string) {
	titles := k.Variant().Titles
	rank, title = titles[0].Notation, titles[len(titles)-1].Notation
	if t, ok := titles.Parse("КМС"); ok {
		rank = t.Notation
	}
	for _, t := range titles {
		if t.FMJD {
			return rank, t.Notation
		}
	}
	return rank, title
}
