package export

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"adiukh/internal/testtool"
	"adiukh/tournament"
	"adiukh/tournament/account"
	"adiukh/tournament/brackets"
	"adiukh/tournament/catalog"
	"adiukh/tournament/engines"
	"adiukh/tournament/interchange"
	"adiukh/tournament/knockout"
	"adiukh/tournament/micromatch"
	registration "adiukh/tournament/players"
	"adiukh/tournament/playoff"
	"adiukh/tournament/prizelist"
	"adiukh/tournament/prizes"
	"adiukh/tournament/report"
	"adiukh/tournament/schedule"
	"adiukh/tournament/store"
	"adiukh/tournament/swiss"
	"adiukh/tournament/teams"
	"adiukh/tournament/trf"
)

// The events below are in every state an event can be in: each kind of
// bye (the pairing's, a requested half-point and zero-point bye, made in the
// app and imported from TRF), forfeits, double forfeits, withdrawals, a late
// entry, a round still being played, finished events. TestEveryDocument
// renders every document of each through the exporter, as the API and the
// command line do.

func ptr[T any](v T) *T { return &v }

// docFixture is a service on a fresh SQLite file with an arbiter signed in.
type docFixture struct {
	t     *testing.T
	ctx   context.Context
	svc   *tournament.Service
	byes  *swiss.Service
	days  *schedule.Service
	teams *teams.Service
	trfs  *interchange.Service
	micro *micromatch.Service
	prize *prizelist.Service
	ko    *knockout.Service
	po    *playoff.Service
}

func newDocFixture(t *testing.T) *docFixture {
	t.Helper()
	st, err := store.Open(filepath.Join(t.TempDir(), "documents.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	u := &tournament.User{Email: "arbiter@example.org", Role: tournament.ArbiterRole}
	if err := st.Accounts().Update(context.Background(), func(tx account.Tx) error { return tx.CreateUser(u) }); err != nil {
		t.Fatal(err)
	}
	return docFixtureOn(t, st, tournament.NewContextWithUser(context.Background(), u))
}

// docFixtureOn is the fixture on store st, for the signed-in user of ctx.
func docFixtureOn(t *testing.T, st *store.Store, ctx context.Context) *docFixture {
	svc := tournament.NewService(st, engines.Options())
	return &docFixture{t: t, ctx: ctx, svc: svc, byes: swiss.NewService(st, svc, nil), days: schedule.NewService(st, nil), teams: teams.NewService(st.Teams(), svc, engines.TeamOptions()),
		trfs: interchange.NewService(st.Interchange(), svc, engines.InterchangeOptions()), micro: micromatch.NewService(st.MicroMatches(), nil),
		prize: prizelist.NewService(st.PrizeLists(), svc, nil),
		ko:    knockout.NewService(st.Knockout(), nil), po: playoff.NewService(st.Playoffs(), svc, nil, nil)}
}

// exporter is the exporter of the fixture's services, as the API and the
// command line make it.
func (f *docFixture) exporter() *Exporter {
	return New(f.svc, f.teams, f.days, f.ko, f.po)
}

func (f *docFixture) must(err error) {
	f.t.Helper()
	if err != nil {
		f.t.Fatal(err)
	}
}

// event creates an event with every particular a header prints.
func (f *docFixture) event(name, discipline, system string, rounds int) *tournament.Event {
	f.t.Helper()
	in := tournament.EventInput{
		Name: ptr(name), Discipline: ptr(discipline), System: ptr(system), TimeControl: ptr("15+10"),
		StartDate: ptr("2026-05-09"), EndDate: ptr("2026-05-11"), City: ptr("Майкоп"), Venue: ptr("Дворец спорта"),
		ChiefArbiter: ptr("Тхагапсоев Аслан Муратович"), Visibility: ptr("public"),
	}
	if rounds > 0 {
		in.Rounds = ptr(rounds)
	}
	e, err := f.svc.CreateEvent(f.ctx, in)
	f.must(err)
	return e
}

var fixturePlayers = []string{
	"Хуаде Аскер", "Тлехас Мурат", "Шеуджен Заур", "Ачмиз Бэла", "Нехай Руслан",
	"Беретарь Саида", "Кушу Адам", "Гонежук Тимур", "Схаляхо Заира",
}

func (f *docFixture) players(eventID int64, n int) []*tournament.Player {
	f.t.Helper()
	var ps []*tournament.Player
	for i := range n {
		p, err := registration.NewService(f.svc).RegisterPlayer(f.ctx, eventID, tournament.PlayerInput{
			Name: ptr(fixturePlayers[i]), Rating: ptr(1900 - 37*i), BirthYear: ptr(1980 + i), Club: ptr("СШОР № " + fmt.Sprint(1+i%3)), City: ptr("Майкоп"),
		})
		f.must(err)
		ps = append(ps, p)
	}
	return ps
}

// play publishes round r and enters its results: on board 1 of round 1 the
// sample game with its sheet, on the board of forfeit a forfeit, on the
// board of doubleForfeit a double forfeit, and on every other board a
// result of the rotation. Only the first boards get one when the round is
// to stay unfinished.
func (f *docFixture) play(eventID int64, r *tournament.Round, forfeit, doubleForfeit int, unfinished bool) {
	f.t.Helper()
	_, err := f.svc.PublishRound(f.ctx, eventID, r.Number)
	f.must(err)
	sheet, err := os.ReadFile(filepath.Join("testdata", "sample-game.txt"))
	f.must(err)
	scores := []string{"17:7", "12:12", "9:15", "13:11", "24:0", "7:17"}
	for _, g := range r.Games {
		if g.Result != nil {
			continue // byes, and games decided at the pairing
		}
		if unfinished && g.Board > 1 {
			break
		}
		in := tournament.ResultInput{EventID: eventID, Round: r.Number, Board: g.Board, Version: g.Version, EndReason: "final_position", Score: scores[(r.Number+g.Board)%len(scores)]}
		switch {
		case r.Number == 1 && g.Board == 1:
			in.Sheet, in.Score = string(sheet), "17:7"
		case g.Board == forfeit:
			in.EndReason, in.Score = "forfeit", "0:24"
		case g.Board == doubleForfeit:
			in.EndReason, in.Score = "double_forfeit", "0:0"
		case in.Score == "12:12":
			in.EndReason = "agreement"
		case in.Score == "24:0":
			in.EndReason = "resignation"
		}
		_, err := f.svc.RecordResult(f.ctx, in)
		f.must(err)
	}
}

func (f *docFixture) pair(eventID int64) *tournament.Round {
	f.t.Helper()
	r, err := f.svc.PairNextRound(f.ctx, eventID)
	f.must(err)
	return r
}

func (f *docFixture) finish(eventID int64) {
	f.t.Helper()
	_, err := f.svc.UpdateEvent(f.ctx, eventID, tournament.EventInput{Status: ptr("finished")}, "")
	f.must(err)
}

// swiss is a 7-player Swiss of 4 rounds: the pairing's bye every round, a
// requested half-point bye in round 2 and a zero-point one in round 3, a
// late entry from round 2, a withdrawal from round 3, a forfeit and a double
// forfeit. Round 4 is left unfinished, or the event finished.
func (f *docFixture) swiss(name string, finish bool) int64 {
	f.t.Helper()
	e := f.event(name, "rapid", "swiss", 4)
	ps := f.players(e.ID, 7)
	_, err := f.byes.RequestBye(f.ctx, e.ID, ps[1].ID, 2, tournament.HalfByeRequest, "свадьба брата")
	f.must(err)
	_, err = f.byes.RequestBye(f.ctx, e.ID, ps[2].ID, 3, tournament.ZeroByeRequest, "")
	f.must(err)
	f.play(e.ID, f.pair(e.ID), 2, 0, false)
	_, err = registration.NewService(f.svc).RegisterPlayer(f.ctx, e.ID, tournament.PlayerInput{Name: ptr(fixturePlayers[7]), Rating: ptr(1650)})
	f.must(err)
	f.play(e.ID, f.pair(e.ID), 0, 2, false)
	_, err = registration.NewService(f.svc).UpdatePlayer(f.ctx, e.ID, ps[4].ID, tournament.PlayerInput{WithdrawFromRound: ptr(3)}, "заболел")
	f.must(err)
	f.play(e.ID, f.pair(e.ID), 3, 0, false)
	f.play(e.ID, f.pair(e.ID), 0, 0, !finish)
	if finish {
		f.finish(e.ID)
	}
	return e.ID
}

// roundRobin is a finished 5-player round robin: a rest day every round, a
// forfeit, a double forfeit and a player withdrawn from round 4, whose games
// are forfeited at the pairing.
func (f *docFixture) roundRobin(name string) int64 {
	f.t.Helper()
	e := f.event(name, "blitz", "round-robin", 0)
	ps := f.players(e.ID, 5)
	for n := 1; n <= 5; n++ {
		if n == 4 {
			_, err := registration.NewService(f.svc).UpdatePlayer(f.ctx, e.ID, ps[4].ID, tournament.PlayerInput{WithdrawFromRound: ptr(4)}, "снялся с соревнования")
			f.must(err)
		}
		forfeit, double := 0, 0
		switch n {
		case 1:
			forfeit = 2
		case 2:
			double = 2
		}
		f.play(e.ID, f.pair(e.ID), forfeit, double, false)
	}
	f.finish(e.ID)
	return e.ID
}

// knockout is a knockout of six players in two-game matches with a
// deciding game: round 1 with the byes of the top two seeds, a match won
// in its games and one decided by lot; the winner of the first withdrawn,
// so that round 2 has a forfeit beside a match still being played.
func (f *docFixture) knockout(name string) int64 {
	f.t.Helper()
	e, err := f.svc.CreateEvent(f.ctx, tournament.EventInput{Name: ptr(name), Discipline: ptr("rapid"), System: ptr("knockout"), TimeControl: ptr("15+10"),
		StartDate: ptr("2026-05-09"), EndDate: ptr("2026-05-11"), City: ptr("Майкоп"), ChiefArbiter: ptr("Тхагапсоев Аслан Муратович"), Visibility: ptr("public"),
		Knockout: &tournament.KnockoutSettings{MatchGames: 2, TieBreaks: []tournament.KnockoutStage{{Games: 1, Tempo: "deciding"}}, ThirdPlace: true}})
	f.must(err)
	f.players(e.ID, 6)
	game := func(round, board, number int, score, reason string) {
		_, err := f.ko.RecordGame(f.ctx, knockout.GameInput{EventID: e.ID, Round: round, Board: board, Number: number, Score: score, EndReason: reason})
		f.must(err)
	}
	r := f.pair(e.ID)
	_, err = f.svc.PublishRound(f.ctx, e.ID, 1)
	f.must(err)
	var played []tournament.Game
	for _, g := range r.Games {
		if !g.IsBye() {
			played = append(played, g)
		}
	}
	game(1, played[0].Board, 1, "24:0", "resignation")
	game(1, played[0].Board, 2, "12:12", "agreement")
	for n := 1; n <= 3; n++ {
		game(1, played[1].Board, n, "12:12", "agreement")
	}
	_, err = f.ko.DecideByLot(f.ctx, knockout.LotInput{EventID: e.ID, Round: 1, Board: played[1].Board, WinnerID: played[1].BlackID, Reason: "жребий по положению"})
	f.must(err)
	_, err = registration.NewService(f.svc).UpdatePlayer(f.ctx, e.ID, played[0].WhiteID, tournament.PlayerInput{WithdrawFromRound: ptr(2)}, "снялся с соревнования")
	f.must(err)
	r = f.pair(e.ID)
	_, err = f.svc.PublishRound(f.ctx, e.ID, 2)
	f.must(err)
	for _, g := range r.Games {
		if g.Result == nil {
			game(2, g.Board, 1, "24:0", "time")
		}
	}
	return e.ID
}

// imported is a Swiss event read from a TRF file whose players took a
// half-point (H) and a zero-point (Z) bye, with round 3 paired on top.
func (f *docFixture) imported() int64 {
	f.t.Helper()
	res := func(opp int, colour, code byte) trf.Result {
		return trf.Result{Opponent: opp, Color: colour, Code: code}
	}
	file := &trf.Tournament{
		Info:        []trf.InfoLine{{Code: "012", Text: "Кубок Адыгеи (из TRF)"}, {Code: "022", Text: "Майкоп"}, {Code: "042", Text: "2026/05/09"}},
		System:      "FIDE_DUTCH_2025",
		TotalRounds: 4,
		Players: []trf.Player{
			{StartNo: 1, Name: "Хуаде Аскер", Rating: 1900, Points: 15, Rank: 1, Results: []trf.Result{res(2, 'w', '1'), res(0, '-', 'H')}},
			{StartNo: 2, Name: "Тлехас Мурат", Rating: 1850, Points: 10, Rank: 2, Results: []trf.Result{res(1, 'b', '0'), res(3, 'w', '1')}},
			{StartNo: 3, Name: "Шеуджен Заур", Rating: 1800, Points: 10, Rank: 3, Results: []trf.Result{res(4, 'w', '1'), res(2, 'b', '0')}},
			{StartNo: 4, Name: "Ачмиз Бэла", Rating: 1750, Points: 0, Rank: 4, Results: []trf.Result{res(3, 'b', '0'), res(0, '-', 'Z')}},
		},
	}
	var buf bytes.Buffer
	f.must(trf.Write(&buf, file))
	e, err := f.trfs.ImportTRF(f.ctx, &buf, "")
	f.must(err)
	_, err = f.svc.UpdateEvent(f.ctx, e.ID, tournament.EventInput{Visibility: ptr("public")}, "")
	f.must(err)
	f.pair(e.ID)
	return e.ID
}

// team is a team event of 2-board teams, an odd number so that one has a
// bye every round: a board lost by forfeit, a double forfeit; in a Swiss,
// the last of five teams withdraws from round 3.
func (f *docFixture) team(name, system string) int64 {
	f.t.Helper()
	rounds, clubs := 3, []string{"Адыгея", "Кубань", "Шапсугия", "Абадзехия", "Бжедугия"}
	if system != "swiss" {
		rounds, clubs = 0, clubs[:3]
	}
	e := f.event(name, "blitz-team", system, rounds)
	_, err := f.teams.UpdateTeamSettings(f.ctx, e.ID, teams.TeamSettingsInput{Boards: ptr(2)}, "")
	f.must(err)
	for i, club := range clubs {
		var roster []tournament.PlayerInput
		for j := range 3 {
			name := fmt.Sprintf("%s %c.", fixturePlayers[(3*i+j)%len(fixturePlayers)], 'А'+rune(i))
			roster = append(roster, tournament.PlayerInput{Name: ptr(name), Rating: ptr(1800 - 10*j)})
		}
		_, err := f.teams.RegisterTeam(f.ctx, e.ID, teams.TeamInput{Name: ptr("Сборная «" + club + "»"), Club: ptr(club), Captain: ptr("Капитан " + club), Players: roster})
		f.must(err)
	}
	for n := 1; n <= 3; n++ {
		if n == 3 && system == "swiss" {
			_, err := f.teams.UpdateTeam(f.ctx, e.ID, teams.TeamRef{No: len(clubs)}, teams.TeamInput{WithdrawFromRound: ptr(3)}, "снялась с соревнования")
			f.must(err)
		}
		tr, err := f.teams.PairNextTeamRound(f.ctx, e.ID)
		f.must(err)
		_, err = f.svc.PublishRound(f.ctx, e.ID, n)
		f.must(err)
		for _, m := range tr.Matches {
			for _, b := range m.Boards {
				if b.Game == nil {
					continue
				}
				in := tournament.ResultInput{EventID: e.ID, Round: n, Board: b.Board, Version: b.Game.Version, EndReason: "final_position", Score: "17:7"}
				switch {
				case n == 1 && b.Board == 2:
					in.EndReason, in.Score = "forfeit", "24:0"
				case n == 2 && b.Board == 1:
					in.EndReason, in.Score = "double_forfeit", "0:0"
				}
				_, err := f.teams.RecordMatchResult(f.ctx, teams.MatchResultInput{Table: m.Table, ResultInput: in})
				f.must(err)
			}
		}
	}
	f.finish(e.ID)
	return e.ID
}

// document is one rendering of one document.
type document struct {
	name   string
	render func(w io.Writer) error
}

// documentsOf lists every document of an event, in both languages where it
// has a language: the standings after every round, and each round's
// pairings and score sheets, each game's record.
func documentsOf(t *testing.T, ctx context.Context, svc *tournament.Service, tsvc *teams.Service, x *Exporter, eventID int64) []document {
	t.Helper()
	x = x.WithClock(func() time.Time { return printedAt })
	e, err := svc.Event(ctx, eventID)
	if err != nil {
		t.Fatal(err)
	}
	type round struct {
		number int
		done   bool  // every result is in: there are standings after it
		sheets []int // boards with a score sheet
	}
	var rounds []round
	if e.Discipline.IsTeam() {
		d, err := tsvc.TeamEventData(ctx, eventID)
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range d.Rounds {
			rounds = append(rounds, round{number: r.Number, done: r.Status == tournament.Done})
		}
	} else {
		d, err := svc.EventData(ctx, eventID)
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range d.Rounds {
			rd := round{number: r.Number, done: r.Status == tournament.Done}
			for _, g := range r.Games {
				if g.Sheet != "" {
					rd.sheets = append(rd.sheets, g.Board)
				}
			}
			rounds = append(rounds, rd)
		}
	}
	docs := []document{
		{"standings.csv", func(w io.Writer) error { return x.StandingsCSV(ctx, w, report.PlainCSV, catalog.Russian, eventID, 0) }},
		{"standings-excel.csv", func(w io.Writer) error { return x.StandingsCSV(ctx, w, report.ExcelCSV, catalog.Russian, eventID, 0) }},
		{"standings.json", func(w io.Writer) error { return x.StandingsJSON(ctx, w, eventID, 0) }},
		{"standings.xlsx", func(w io.Writer) error { return x.StandingsXLSX(ctx, w, catalog.Russian, eventID, 0) }},
		{"blank-scoresheets.pdf", func(w io.Writer) error { return x.BlankScoreSheetsPDF(ctx, w, catalog.Russian, eventID, 2) }},
	}
	if e.Discipline.IsTeam() {
		for _, loc := range []catalog.Lang{catalog.Russian, catalog.English} {
			docs = append(docs, document{fmt.Sprintf("boards-%s.pdf", loc), func(w io.Writer) error { return x.BoardStandingsPDF(ctx, w, loc, eventID, 0) }})
			for _, r := range rounds {
				docs = append(docs, document{fmt.Sprintf("round-%d-matches-%s.pdf", r.number, loc), func(w io.Writer) error { return x.TeamRoundPDF(ctx, w, loc, eventID, r.number) }})
			}
		}
	} else {
		docs = append(docs,
			document{"games.pdn", func(w io.Writer) error { _, err := x.PDN(ctx, w, eventID); return err }},
			document{"export.trf", func(w io.Writer) error { return x.TRF(ctx, w, eventID) }},
		)
	}
	for _, loc := range []catalog.Lang{catalog.Russian, catalog.English} {
		docs = append(docs,
			document{fmt.Sprintf("standings-%s.pdf", loc), func(w io.Writer) error { return x.StandingsPDF(ctx, w, loc, eventID, 0) }},
			document{fmt.Sprintf("crosstable-%s.pdf", loc), func(w io.Writer) error { return x.CrosstablePDF(ctx, w, loc, eventID) }},
		)
		if !e.Discipline.IsTeam() {
			// A round's table cards, and the next round's, one a player,
			// while it is to be paired.
			last := len(rounds)
			if e.Status != tournament.Finished && (e.Rounds == 0 || last < e.Rounds) {
				last++
			}
			for n := 1; n <= last; n++ {
				docs = append(docs, document{fmt.Sprintf("round-%d-table-cards-%s.pdf", n, loc), func(w io.Writer) error { return x.TableCardsPDF(ctx, w, loc, eventID, n) }})
			}
		}
		for _, r := range rounds {
			if r.done {
				docs = append(docs, document{fmt.Sprintf("standings-after-%d-%s.pdf", r.number, loc), func(w io.Writer) error { return x.StandingsPDF(ctx, w, loc, eventID, r.number) }})
			}
			docs = append(docs,
				document{fmt.Sprintf("round-%d-pairings-%s.pdf", r.number, loc), func(w io.Writer) error {
					return x.PairingsPDF(ctx, w, loc, eventID, r.number, "https://adiukh.example.org/events/1")
				}},
				document{fmt.Sprintf("round-%d-scoresheets-%s.pdf", r.number, loc), func(w io.Writer) error { return x.ScoreSheetsPDF(ctx, w, loc, eventID, r.number) }},
			)
			for _, b := range r.sheets {
				docs = append(docs, document{fmt.Sprintf("round-%d-board-%d-record-%s.pdf", r.number, b, loc), func(w io.Writer) error {
					return x.GameRecordPDF(ctx, w, loc, eventID, r.number, b)
				}})
			}
		}
	}
	return docs
}

// renderDir is where TestEveryDocument leaves the documents when
// ADIUKH_RENDER_DIR names a folder, for scripts/render-documents.sh to turn
// into pictures.
func renderDir(t *testing.T, event string) string {
	dir := os.Getenv("ADIUKH_RENDER_DIR")
	if dir == "" {
		return ""
	}
	dir = filepath.Join(dir, event)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	return dir
}

// prizeDocuments sets a prize list of an individual event (reopening a
// finished one for it and finishing it again, so that its prizes are
// given), with categories of juniors and of a club where its players have
// birth years and clubs (an imported file's have none), and lists its
// prize documents; a team competition has none.
func (f *docFixture) prizeDocuments(eventID int64, categories bool) []document {
	f.t.Helper()
	e, err := f.svc.Event(f.ctx, eventID)
	f.must(err)
	if e.Discipline.IsTeam() {
		return nil
	}
	finished := e.Status == tournament.Finished
	if finished {
		_, err = f.svc.ReopenEvent(f.ctx, eventID, "призы")
		f.must(err)
	}
	list := prizelist.Input{Ties: prizes.Hort, OnePerPlayer: true, Prizes: []prizelist.Prize{{Place: 1, Amount: 100000}, {Place: 2, Amount: 50000}, {Place: 3, Amount: 25050}}}
	if categories {
		list.Prizes = append(list.Prizes, prizelist.Prize{Category: prizelist.Category{Kind: prizelist.Juniors, BornFrom: 1984}, Place: 1, Amount: 30000},
			prizelist.Prize{Category: prizelist.Category{Kind: prizelist.Club, Club: "СШОР № 2"}, Place: 1, Amount: 10000})
	}
	_, err = f.prize.Set(f.ctx, eventID, list)
	f.must(err)
	if finished {
		_, err = f.svc.UpdateEvent(f.ctx, eventID, tournament.EventInput{Status: ptr("finished")}, "")
		f.must(err)
	}
	x := f.exporter().WithClock(func() time.Time { return printedAt })
	view := func() *prizelist.View {
		v, err := f.prize.Read(f.ctx, eventID)
		f.must(err)
		if v.Finished != finished || v.Finished && len(v.Awards) == 0 {
			f.t.Errorf("event %d: the prizes finished %v with %d awards", eventID, v.Finished, len(v.Awards))
		}
		return v
	}
	return []document{
		{"prizes-ru.pdf", func(w io.Writer) error { return x.PrizeListPDF(w, catalog.Russian, view()) }},
		{"prizes-en.pdf", func(w io.Writer) error { return x.PrizeListPDF(w, catalog.English, view()) }},
		{"prizes.csv", func(w io.Writer) error { return x.PrizeListCSV(w, report.PlainCSV, catalog.Russian, view()) }},
	}
}

// TestEveryDocument renders every document of events in every state. No
// document may fail: an arbiter needs each of them whatever happened in the
// event.
func TestEveryDocument(t *testing.T) {
	t.Parallel()
	f := newDocFixture(t)
	events := []struct {
		name string
		id   int64
	}{
		{"swiss-running", f.swiss("Первенство Майкопа по быстрой игре", false)},
		{"swiss-finished", f.swiss("Кубок Адыгеи по быстрой игре", true)},
		{"round-robin", f.roundRobin("Чемпионат Адыгеи по классической игре")},
		{"trf-import", f.imported()},
		{"team-swiss", f.team("Командное первенство (швейцарская)", "swiss")},
		{"team-round-robin", f.team("Командное первенство (круговая)", "round-robin")},
		{"knockout", f.knockout("Кубок Адыгеи по быстрой игре (на выбывание)")},
	}
	for _, ev := range events {
		t.Run(ev.name, func(t *testing.T) {
			dir := renderDir(t, ev.name)
			for _, doc := range append(documentsOf(t, f.ctx, f.svc, f.teams, f.exporter(), ev.id), f.prizeDocuments(ev.id, ev.name != "trf-import")...) {
				var buf bytes.Buffer
				if err := doc.render(&buf); err != nil {
					t.Errorf("%s: %v", doc.name, err)
					continue
				}
				if buf.Len() == 0 && !(doc.name == "games.pdn" && ev.name == "trf-import") {
					t.Errorf("%s is empty", doc.name)
				}
				if strings.HasSuffix(doc.name, ".pdf") && !bytes.HasPrefix(buf.Bytes(), []byte("%PDF-")) {
					t.Errorf("%s is not a PDF: %.20q", doc.name, buf.Bytes())
				}
				// Each kind of document once: an individual and a team event.
				if strings.HasSuffix(doc.name, ".pdf") && (ev.name == "swiss-running" || ev.name == "team-swiss") {
					checkPrinted(t, doc.name, buf.Bytes())
				}
				if dir != "" {
					if err := os.WriteFile(filepath.Join(dir, doc.name), buf.Bytes(), 0o644); err != nil {
						t.Fatal(err)
					}
				}
			}
			if ev.name == "knockout" {
				b, err := f.ko.Bracket(f.ctx, ev.id)
				f.must(err)
				var buf bytes.Buffer
				if err := f.exporter().WithClock(func() time.Time { return printedAt }).BracketPDF(&buf, catalog.Russian, &brackets.Bracket{Matches: b}); err != nil {
					t.Fatalf("knockout.pdf: %v", err)
				}
				pdftotext := testtool.Find(t, "the bracket's words", "poppler-utils", "pdftotext")
				if pdftotext == "" {
					return
				}
				cmd := exec.Command(pdftotext, "-layout", "-enc", "UTF-8", "-", "-")
				cmd.Stdin = bytes.NewReader(buf.Bytes())
				out, err := cmd.Output()
				f.must(err)
				text := string(out)
				for _, want := range []string{"Полуфинал", "жребий по положению", "играется", "Хуаде Аскер"} {
					if !strings.Contains(text, want) {
						t.Errorf("knockout.pdf lacks %q:\n%s", want, text)
					}
				}
				checkPrinted(t, "knockout.pdf", buf.Bytes())
			}
		})
	}
	x := f.exporter()
	for _, doc := range []document{
		{"federation.json", func(w io.Writer) error { return x.FederationJSON(f.ctx, w, time.Time{}, time.Time{}) }},
		{"federation.csv", func(w io.Writer) error { return x.FederationCSV(f.ctx, w, report.PlainCSV, time.Time{}, time.Time{}) }},
		{"federation-games.csv", func(w io.Writer) error {
			return x.FederationGamesCSV(f.ctx, w, report.PlainCSV, time.Time{}, time.Time{})
		}},
		{"federation-excel.csv", func(w io.Writer) error { return x.FederationCSV(f.ctx, w, report.ExcelCSV, time.Time{}, time.Time{}) }},
	} {
		var buf bytes.Buffer
		if err := doc.render(&buf); err != nil {
			t.Errorf("%s: %v", doc.name, err)
			continue
		}
		// The finished Swiss and the round robin; not the running event,
		// the import without dates' end, or the team events.
		for _, want := range []string{"Кубок Адыгеи по быстрой игре", "Чемпионат Адыгеи по классической игре"} {
			if doc.name != "federation-games.csv" && !strings.Contains(buf.String(), want) {
				t.Errorf("%s lacks %s", doc.name, want)
			}
		}
		if dir := renderDir(t, "federation"); dir != "" {
			if err := os.WriteFile(filepath.Join(dir, doc.name), buf.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// printedAt is the clock of the documents of TestEveryDocument, in UTC as
// a server's clock runs: the documents write it in the event's zone,
// Moscow's (issue 60, item 6: footers were in UTC).
var printedAt = time.Date(2026, 5, 11, 15, 45, 0, 0, time.UTC)

// checkPrinted checks that every page of a PDF says when it was printed,
// read back with poppler's pdftotext; without it only this check is left
// out (testtool.Find), except in CI, where scripts/test installs it.
func checkPrinted(t *testing.T, name string, pdf []byte) {
	t.Helper()
	pdftotext := testtool.Find(t, "the printing time on every page", "poppler-utils", "pdftotext")
	if pdftotext == "" {
		return
	}
	cmd := exec.Command(pdftotext, "-enc", "UTF-8", "-", "-")
	cmd.Stdin = bytes.NewReader(pdf)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("pdftotext %s: %v", name, err)
	}
	want := "напечатано 11.05.2026 18:45 MSK"
	if strings.HasSuffix(name, "-en.pdf") {
		want = "printed 11 May 2026 18:45 MSK"
	}
	pages := strings.Split(strings.TrimRight(string(out), "\f"), "\f")
	for i, page := range pages {
		if !strings.Contains(page, want) {
			t.Errorf("%s, page %d of %d, does not say %q", name, i+1, len(pages), want)
		}
	}
}
