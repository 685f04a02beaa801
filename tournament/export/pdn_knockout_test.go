package export

import (
	"bytes"
	"fmt"
	"os/exec"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"adiukh/internal/testtool"
	"adiukh/tournament"
	"adiukh/tournament/catalog"
	"adiukh/tournament/knockout"
	registration "adiukh/tournament/players"
	"adiukh/tournament/playoff"
	"adiukh/tournament/store/storetest"
)

// matchGame is a game of a knockout match as a test enters it and reads it
// back from the PDN.
type matchGame struct {
	round, board, number int
	score, reason        string
	written              bool // played: not a forfeit
}

// knockoutEvent is a knockout of eight players, one of whom withdrew
// before round 1 (a bye for the top seed), of two-game matches and a
// tie-break stage of one blitz game: round 1 has a match won in its two
// games, one level after them and won in the tie-break game, one level
// after them and decided by lot without tie-break games; of round 2's
// semi-finals, one is won in its games with a forfeit in the second, the
// other not started. It returns the event, its players by ID and the
// games entered, in round, board and number order.
func (f *docFixture) knockoutEvent() (*tournament.Event, map[int64]string, []matchGame) {
	f.t.Helper()
	e, err := f.svc.CreateEvent(f.ctx, tournament.EventInput{Name: ptr("Кубок Майкопа (на выбывание)"), Game: ptr("russian"), Discipline: ptr("rapid"),
		System: ptr("knockout"), TimeControl: ptr("15+10"), StartDate: ptr("2026-05-09"), EndDate: ptr("2026-05-10"), Visibility: ptr("public"),
		Knockout: &tournament.KnockoutSettings{MatchGames: 2, TieBreaks: []tournament.KnockoutStage{{Games: 1, Tempo: "blitz"}}}})
	f.must(err)
	names := map[int64]string{}
	players := f.players(e.ID, 8)
	for _, p := range players {
		names[p.ID] = p.Name
	}
	_, err = registration.NewService(f.svc).UpdatePlayer(f.ctx, e.ID, players[7].ID, tournament.PlayerInput{WithdrawFromRound: ptr(1)}, "не приехал")
	f.must(err)
	var games []matchGame
	play := func(round, board int, entered ...matchGame) {
		for i, g := range entered {
			g.round, g.board, g.number = round, board, i+1
			_, err := f.ko.RecordGame(f.ctx, knockout.GameInput{EventID: e.ID, Round: round, Board: board, Number: g.number, Score: g.score, EndReason: g.reason})
			f.must(err)
			games = append(games, g)
		}
	}
	r := f.pair(e.ID)
	_, err = f.svc.PublishRound(f.ctx, e.ID, 1)
	f.must(err)
	var matches []tournament.Game
	for _, g := range r.Games {
		if !g.IsBye() {
			matches = append(matches, g)
		}
	}
	if len(matches) != 3 || len(r.Games) != 4 {
		f.t.Fatalf("round 1 has %d boards, %d of them matches; want 4 and a bye", len(r.Games), len(matches))
	}
	play(1, matches[0].Board, matchGame{score: "2:0", reason: "resignation", written: true}, matchGame{score: "1:1", reason: "agreement", written: true})
	play(1, matches[1].Board, matchGame{score: "1:1", reason: "agreement", written: true}, matchGame{score: "1:1", reason: "agreement", written: true},
		matchGame{score: "0:2", reason: "time", written: true})
	play(1, matches[2].Board, matchGame{score: "1:1", reason: "agreement", written: true}, matchGame{score: "1:1", reason: "agreement", written: true})
	_, err = f.ko.DecideByLot(f.ctx, knockout.LotInput{EventID: e.ID, Round: 1, Board: matches[2].Board, WinnerID: matches[2].BlackID, Reason: "жребий по положению"})
	f.must(err)
	r = f.pair(e.ID)
	_, err = f.svc.PublishRound(f.ctx, e.ID, 2)
	f.must(err)
	play(2, r.Games[0].Board, matchGame{score: "2:0", reason: "resignation", written: true}, matchGame{score: "0:2", reason: "forfeit"})
	return e, names, games
}

// A knockout's games.pdn holds every game of its matches, a tie-break
// game marked as one, and neither the lot nor a forfeit nor the bye; a
// play-off's games follow its event's under the play-off's name. Our own
// reader of score sheets reads the file back with the results entered.
func TestPDNHoldsKnockoutAndPlayoffGames(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			f := docFixtureOn(t, st, storetest.Arbiter(t, st))
			e, names, games := f.knockoutEvent()
			var pdn strings.Builder
			skipped, err := f.exporter().PDN(f.ctx, &pdn, e.ID)
			if err != nil || len(skipped) != 0 {
				t.Fatalf("skipped %+v, %v", skipped, err)
			}
			b, err := f.ko.Bracket(f.ctx, e.ID)
			f.must(err)
			whites := map[[3]int]int64{}
			for _, r := range b.Rounds {
				for _, m := range r.Matches {
					for _, g := range m.Games {
						whites[[3]int{r.Number, m.Board, g.Number}] = g.WhiteID
					}
				}
			}
			var want []matchGame
			for _, g := range games {
				if g.written {
					want = append(want, g)
				}
			}
			read := pdnGames(pdn.String())
			verdicts := e.Game.Rules().ValidateGames(pdn.String())
			if len(verdicts) != len(want) || len(read) != len(want) {
				t.Fatalf("%d games read back (%d verdicts), want the %d played:\n%s", len(read), len(verdicts), len(want), pdn.String())
			}
			for i, g := range want {
				v, text := verdicts[i], read[i]
				if !v.Valid || v.Result == nil || v.Result.String() != g.score || string(v.Reason) != g.reason {
					t.Errorf("game %d: valid %v, result %v (%s), errors %+v; want %s (%s)\n%s", i+1, v.Valid, v.Result, v.Reason, v.Errors, g.score, g.reason, text)
				}
				white := whites[[3]int{g.round, g.board, g.number}]
				var black int64
				for id := range names {
					if id != white && strings.Contains(text, `"`+names[id]+`"`) {
						black = id
					}
				}
				tieBreak := g.number > 2
				for tag, ok := range map[string]bool{
					`[Event "Кубок Майкопа (на выбывание)"]`:                                 true,
					`[Round "` + strconv.Itoa(g.round) + "." + strconv.Itoa(g.number) + `"]`: true,
					`[Board "` + strconv.Itoa(g.board) + `"]`:                                true,
					`[White "` + names[white] + `"]`:                                         true,
					`[GameType "25"]`:                                                        true,
					`[TieBreak "1"]`:                                                         tieBreak,
					`[TieBreakTempo "blitz"]`:                                                tieBreak,
					`[TimeControl "900+10"]`:                                                 !tieBreak,
				} {
					if strings.Contains(text, tag) != ok {
						t.Errorf("game %d of the match of round %d board %d: %s written %v, want %v\n%s", g.number, g.round, g.board, tag, !ok, ok, text)
					}
				}
				if black == 0 || !strings.Contains(text, `[Black "`+names[black]+`"]`) {
					t.Errorf("game %d of the match of round %d board %d has no Black of the match:\n%s", g.number, g.round, g.board, text)
				}
			}
			if strings.Contains(pdn.String(), "жребий") {
				t.Errorf("the lot is written as a game:\n%s", pdn.String())
			}

			parent, playoffEvent := f.playoffEvent()
			pdn.Reset()
			skipped, err = f.exporter().PDN(f.ctx, &pdn, parent.ID)
			if err != nil || len(skipped) != 0 {
				t.Fatalf("skipped %+v, %v", skipped, err)
			}
			verdicts = parent.Game.Rules().ValidateGames(pdn.String())
			events := regexp.MustCompile(`\[Event "([^"]*)"\]`).FindAllStringSubmatch(pdn.String(), -1)
			var got, wantEvents []string
			for i, v := range verdicts {
				if !v.Valid || v.Result == nil {
					t.Errorf("game %d does not read back: %+v", i+1, v.Errors)
					continue
				}
				got = append(got, v.Result.String())
			}
			for _, m := range events {
				wantEvents = append(wantEvents, m[1])
			}
			if wantResults := []string{"1:1", "1:1", "1:1", "1:1", "1:1", "1:1", "2:0", "1:1"}; !slices.Equal(got, wantResults) {
				t.Errorf("results read back %v, want the event's six and the play-off's two %v:\n%s", got, wantResults, pdn.String())
			}
			if want := slices.Concat(slices.Repeat([]string{parent.Name}, 6), []string{playoffEvent.Name, playoffEvent.Name}); !slices.Equal(wantEvents, want) {
				t.Errorf("events %q, want %q", wantEvents, want)
			}
		})
	}
}

// playoffEvent is a finished round robin of four players whose every game
// was drawn, and the play-off of two of them for first place, played: a
// win and a draw.
func (f *docFixture) playoffEvent() (parent, child *tournament.Event) {
	f.t.Helper()
	e, err := f.svc.CreateEvent(f.ctx, tournament.EventInput{Name: ptr("Первенство Майкопа"), Game: ptr("russian"), Discipline: ptr("rapid"),
		System: ptr("round-robin"), TimeControl: ptr("15+10"), StartDate: ptr("2026-05-09"), EndDate: ptr("2026-05-10"), Visibility: ptr("public")})
	f.must(err)
	players := f.players(e.ID, 4)
	playRound := func(eventID int64, scores ...string) {
		r := f.pair(eventID)
		_, err := f.svc.PublishRound(f.ctx, eventID, r.Number)
		f.must(err)
		for i, g := range r.Games {
			reason := "agreement"
			if scores[i%len(scores)] != "1:1" {
				reason = "resignation"
			}
			_, err := f.svc.RecordResult(f.ctx, tournament.ResultInput{EventID: eventID, Round: r.Number, Board: g.Board, Version: g.Version, Score: scores[i%len(scores)], EndReason: reason})
			f.must(err)
		}
	}
	for range 3 {
		playRound(e.ID, "1:1")
	}
	f.finish(e.ID)
	p, err := f.po.Create(f.ctx, e.ID, playoff.Input{Places: []int{1}, Players: []int64{players[0].ID, players[1].ID}, Name: "Первенство Майкопа: плей-офф за 1-е место"})
	f.must(err)
	playRound(p.EventID, "2:0")
	playRound(p.EventID, "1:1")
	e, err = f.svc.Event(f.ctx, e.ID)
	f.must(err)
	return e, p.Event
}

// sheetPages reads a PDF of score sheets back as the text of its pages,
// with poppler's pdftotext.
func sheetPages(t *testing.T, pdf []byte) []string {
	t.Helper()
	pdftotext := testtool.Need(t, "poppler-utils", "pdftotext")
	cmd := exec.Command(pdftotext, "-enc", "UTF-8", "-", "-")
	cmd.Stdin = bytes.NewReader(pdf)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("pdftotext: %v", err)
	}
	return strings.Split(strings.TrimRight(string(out), "\f"), "\f")
}

// A knockout round's score sheets are one a game of its matches: each
// match's own games with the colours alternating, a tie-break game played
// (or to be played next) marked with its tempo, none for the bye or the
// lot; a play-off's, one a game of its round, as any event's. The
// knockout's standings and crosstable are its bracket.
func TestScoreSheetsOfKnockoutAndPlayoff(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			f := docFixtureOn(t, st, storetest.Arbiter(t, st))
			e, names, games := f.knockoutEvent()
			b, err := f.ko.Bracket(f.ctx, e.ID)
			f.must(err)
			for _, r := range b.Rounds[:2] {
				var pdf bytes.Buffer
				f.must(f.exporter().ScoreSheetsPDF(f.ctx, &pdf, catalog.Russian, e.ID, r.Number))
				pages := sheetPages(t, pdf.Bytes())
				var want []string // each page's "White Black game tie-break" in order
				for _, m := range r.Matches {
					if m.Bye() {
						continue
					}
					numbers := 2
					for _, g := range games {
						if g.round == r.Number && g.board == m.Board && g.number > numbers {
							numbers = g.number
						}
					}
					for number := 1; number <= numbers; number++ {
						white, black := names[m.White.ID], names[m.Black.ID]
						if number%2 == 0 {
							white, black = black, white
						}
						want = append(want, fmt.Sprintf("%s|%s|%d|%v", white, black, number, number > 2))
					}
				}
				if len(pages) != len(want) {
					t.Fatalf("round %d: %d sheets, want %d (%q):\n%s", r.Number, len(pages), len(want), want, strings.Join(pages, "\n----\n"))
				}
				for i, page := range pages {
					parts := strings.Split(want[i], "|")
					white, black := strings.Index(page, parts[0]), strings.Index(page, parts[1])
					tieBreak := strings.Contains(page, "Тай-брейк") && strings.Contains(page, "молниеносная игра")
					if white < 0 || black < white || !strings.Contains(page, "Партия матча") || !strings.Contains(page, "\n"+parts[2]+"\n") || tieBreak != (parts[3] == "true") {
						t.Errorf("round %d, sheet %d, want %s:\n%s", r.Number, i+1, want[i], page)
					}
				}
			}
			// A knockout has a bracket, not a crosstable: its standings and
			// crosstable print the bracket, not its matches as games of 2:0
			// ranked by tie-breaks.
			for doc, write := range map[string]func(w *bytes.Buffer) error{
				"crosstable.pdf": func(w *bytes.Buffer) error { return f.exporter().CrosstablePDF(f.ctx, w, catalog.Russian, e.ID) },
				"standings.pdf":  func(w *bytes.Buffer) error { return f.exporter().StandingsPDF(f.ctx, w, catalog.Russian, e.ID, 0) },
			} {
				var pdf bytes.Buffer
				f.must(write(&pdf))
				text := strings.Join(sheetPages(t, pdf.Bytes()), "\n")
				if !strings.Contains(text, "Сетка") || !strings.Contains(text, "жребий по положению") || strings.Contains(text, "Бергер") {
					t.Errorf("%s of a knockout is not its bracket:\n%s", doc, text)
				}
			}
			_, child := f.playoffEvent()
			var pdf bytes.Buffer
			f.must(f.exporter().ScoreSheetsPDF(f.ctx, &pdf, catalog.Russian, child.ID, 1))
			pages := sheetPages(t, pdf.Bytes())
			if len(pages) != 1 || !strings.Contains(pages[0], child.Name) || strings.Contains(pages[0], "Партия матча") {
				t.Errorf("the play-off's round 1 has %d sheets, want one of its game:\n%s", len(pages), strings.Join(pages, "\n----\n"))
			}
		})
	}
}
