package export

import (
	"errors"
	"regexp"
	"strings"
	"testing"
	"time"

	"adiukh/rules"
	"adiukh/tournament"
	"adiukh/tournament/catalog"
	"adiukh/tournament/report"
	"adiukh/tournament/teams"
)

// TestPlayerGame checks how each kind of crosstable cell prints: from the
// row player's side, a bye by what the event's scoring gives it, and a round
// without a game as absent.
func TestPlayerGame(t *testing.T) {
	t.Parallel()
	swiss := tournament.DefaultScoring(tournament.Swiss)
	robin := tournament.DefaultScoring(tournament.RoundRobin)
	halfBye := swiss
	halfBye.Bye = swiss.Draw
	result := func(w, b int, reason tournament.EndReason) *tournament.Result {
		return &tournament.Result{White: w, Black: b, EndReason: reason}
	}
	for _, tc := range []struct {
		name    string
		scoring tournament.Scoring
		cell    teams.CrosstableCell
		want    report.PlayerGame
	}{
		{"win with White", swiss, teams.CrosstableCell{Round: 1, OpponentNo: 4, White: true, Result: result(17, 7, tournament.FinalPosition)},
			report.PlayerGame{Round: 1, Opponent: 4, Colour: report.White, Score: report.GameScore{Kind: report.Played, Own: 17, Opponent: 7}}},
		{"same game from Black", swiss, teams.CrosstableCell{Round: 1, OpponentNo: 3, Result: result(17, 7, tournament.FinalPosition)},
			report.PlayerGame{Round: 1, Opponent: 3, Colour: report.Black, Score: report.GameScore{Kind: report.Played, Own: 7, Opponent: 17}}},
		{"forfeit lost", swiss, teams.CrosstableCell{Round: 2, OpponentNo: 5, White: true, Result: result(0, 24, tournament.Forfeit)},
			report.PlayerGame{Round: 2, Opponent: 5, Colour: report.White, Score: report.GameScore{Kind: report.Forfeit, Own: 0, Opponent: 24}}},
		{"double forfeit", swiss, teams.CrosstableCell{Round: 2, OpponentNo: 5, Result: result(0, 0, tournament.DoubleForfeit)},
			report.PlayerGame{Round: 2, Opponent: 5, Colour: report.Black, Score: report.GameScore{Kind: report.DoubleForfeit}}},
		{"Swiss bye scores a win", swiss, teams.CrosstableCell{Round: 3, White: true, Result: result(0, 0, tournament.Bye)},
			report.PlayerGame{Round: 3, Score: report.GameScore{Kind: report.PairingBye}}},
		{"bye worth a draw", halfBye, teams.CrosstableCell{Round: 3, White: true, Result: result(0, 0, tournament.Bye)},
			report.PlayerGame{Round: 3, Score: report.GameScore{Kind: report.HalfPointBye}}},
		{"round-robin rest scores nothing", robin, teams.CrosstableCell{Round: 3, White: true, Result: result(0, 0, tournament.Bye)},
			report.PlayerGame{Round: 3, Score: report.GameScore{Kind: report.ZeroPointBye}}},
		{"requested half-point bye", swiss, teams.CrosstableCell{Round: 3, White: true, Result: result(0, 0, tournament.HalfPointBye)},
			report.PlayerGame{Round: 3, Score: report.GameScore{Kind: report.HalfPointBye}}},
		{"requested zero-point bye", swiss, teams.CrosstableCell{Round: 3, White: true, Result: result(0, 0, tournament.ZeroPointBye)},
			report.PlayerGame{Round: 3, Score: report.GameScore{Kind: report.ZeroPointBye}}},
		{"not paired", swiss, teams.CrosstableCell{Round: 4},
			report.PlayerGame{Round: 4, Score: report.GameScore{Kind: report.Absent}}},
		{"game still on", swiss, teams.CrosstableCell{Round: 5, OpponentNo: 2, White: true},
			report.PlayerGame{Round: 5, Opponent: 2, Colour: report.White}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := playerGame(&tournament.Event{Scoring: tc.scoring}, tc.cell); got != tc.want {
				t.Errorf("playerGame = %+v, want %+v", got, tc.want)
			}
		})
	}
	// A 1-½-0 event of Russian draughts prints its table points.
	russian := &tournament.Event{Game: "russian", Scoring: tournament.Scoring{Win: 1, Draw: 0.5, ForfeitWin: 1}}
	for _, tc := range []struct {
		cell teams.CrosstableCell
		want string
	}{
		{teams.CrosstableCell{Round: 1, OpponentNo: 3, Result: result(2, 0, tournament.FinalPosition)}, "0:1"},
		{teams.CrosstableCell{Round: 1, OpponentNo: 3, White: true, Result: result(1, 1, tournament.Agreement)}, "½:½"},
		{teams.CrosstableCell{Round: 1, OpponentNo: 3, White: true, Result: result(2, 0, tournament.Forfeit)}, "+:−"},
	} {
		if got := playerGame(russian, tc.cell).Score.Shown; got != tc.want {
			t.Errorf("%+v in a 1-½-0 event printed %q, want %q", tc.cell.Result, got, tc.want)
		}
	}
}

func TestEventView(t *testing.T) {
	t.Parallel()
	e := &tournament.Event{
		Name: "Кубок", Discipline: tournament.Blitz, System: tournament.Swiss, Rounds: 7,
		TimeControl: tournament.TimeControl{BaseMinutes: 3, IncrementSeconds: 2}, StartDate: "2026-02-01", EndDate: "2026-02-03",
	}
	v := EventView(e)
	if v.Discipline != "blitz" || v.SystemID != "swiss" ||
		v.TimeControl != (report.TimeControl{Base: 3 * time.Minute, Increment: 2 * time.Second}) ||
		!v.StartDate.Equal(time.Date(2026, 2, 1, 0, 0, 0, 0, time.UTC)) || !v.EndDate.Equal(time.Date(2026, 2, 3, 0, 0, 0, 0, time.UTC)) {
		t.Errorf("EventView = %+v", v)
	}
	for _, tc := range []struct {
		start, end string
		want       time.Time
	}{
		{"2026-02-01", "2026-02-03", time.Time{}},
		{"2026-02-01", "2026-02-01", time.Date(2026, 2, 1, 0, 0, 0, 0, time.UTC)},
		{"2026-02-01", "", time.Date(2026, 2, 1, 0, 0, 0, 0, time.UTC)},
		{"", "", time.Time{}},
	} {
		if got := roundDate(&tournament.Event{StartDate: tc.start, EndDate: tc.end}); !got.Equal(tc.want) {
			t.Errorf("roundDate of %q–%q = %v, want %v", tc.start, tc.end, got, tc.want)
		}
	}
}

func TestStateView(t *testing.T) {
	t.Parallel()
	game := tournament.GameKind("adiukh")
	p, err := game.Rules().ParseState("white: e5-2/1; black: a7-1", rules.Black)
	if err != nil {
		t.Fatal(err)
	}
	got := stateView(game.Variant(), p)
	want := report.Position{ToMove: report.Black, Towers: []report.Tower{
		{Square: "e5", Owner: report.White, Own: 2, Other: 1},
		{Square: "a7", Owner: report.Black, Own: 1},
	}}
	if len(got.Towers) != len(want.Towers) || got.ToMove != want.ToMove {
		t.Fatalf("stateView = %+v, want %+v", got, want)
	}
	for i := range want.Towers {
		if got.Towers[i] != want.Towers[i] {
			t.Errorf("tower %d = %+v, want %+v", i, got.Towers[i], want.Towers[i])
		}
	}
}

func TestSetTags(t *testing.T) {
	t.Parallel()
	sh := &rules.Sheet{Headers: []rules.Header{{Key: "White", Value: "Иванов"}, {Key: "Annotator", Value: "Петров"}, {Key: "Event", Value: "?"}}}
	setTags(sh, []rules.Header{{Key: "Event", Value: "Кубок"}, {Key: "White", Value: "Хуаде"}})
	want := []rules.Header{{Key: "Event", Value: "Кубок"}, {Key: "White", Value: "Хуаде"}, {Key: "Annotator", Value: "Петров"}}
	if len(sh.Headers) != len(want) {
		t.Fatalf("headers = %+v, want %+v", sh.Headers, want)
	}
	for i := range want {
		if sh.Headers[i] != want[i] {
			t.Errorf("header %d = %+v, want %+v", i, sh.Headers[i], want[i])
		}
	}
}

// TestBoardStandingsView checks the board prizes table of a played team
// event: every point of every match is someone's on some board, and each
// board has the order and the places of the standings the web page and the
// JSON show, shared places included.
func TestBoardStandingsView(t *testing.T) {
	t.Parallel()
	f := newDocFixture(t)
	id := f.team("Командное первенство", "swiss")
	d, err := f.teams.TeamEventData(f.ctx, id)
	f.must(err)
	st, err := f.teams.TeamStandings(f.ctx, id, 3)
	f.must(err)
	s := BoardStandingsView(d, st)
	if len(s.Boards) != 2 || s.AfterRound != 3 {
		t.Fatalf("%d boards after round %d, want 2 after round 3", len(s.Boards), s.AfterRound)
	}
	want := 0.0
	for _, r := range d.Rounds {
		for _, m := range r.Matches {
			if !m.IsBye() {
				score := m.Score(d.Event, d.Settings)
				want += score.HomeGamePoints + score.AwayGamePoints
			}
		}
	}
	got := 0.0
	for bi, b := range s.Boards {
		rows := st.Boards[bi]
		if len(b.Rows) != len(rows) {
			t.Fatalf("board %d: %d rows, the standings %d", b.Board, len(b.Rows), len(rows))
		}
		for i, r := range b.Rows {
			got += r.Points
			std := rows[i]
			if r.Place != std.Rank || r.PlaceLast != std.RankTo || r.Player.Name != std.Name || r.Points != std.Points || r.Team == "" {
				t.Errorf("board %d, row %d: %+v; the standings have %+v", b.Board, i+1, r, std)
			}
		}
	}
	if got != want {
		t.Errorf("the boards hold %g points, the matches %g", got, want)
	}
}

// TestPairingsShowTheirRound checks that a pairing list reprinted for a
// past round does not mark a player who withdrew later, and marks him on
// the list of a round he no longer plays.
func TestPairingsShowTheirRound(t *testing.T) {
	t.Parallel()
	f := newDocFixture(t)
	id := f.roundRobin("Чемпионат Адыгеи")
	d, err := f.svc.EventData(f.ctx, id)
	f.must(err)
	withdrawn := map[int]bool{} // round → the withdrawn player is marked on its list
	for n := 1; n <= 5; n++ {
		p, err := PairingsView(d, n, "", catalog.Russian)
		f.must(err)
		for _, b := range p.Boards {
			for _, pl := range []report.Player{b.White, b.Black} {
				if pl.Name == fixturePlayers[4] {
					withdrawn[n] = pl.Withdrawn
				}
			}
		}
	}
	// The fixture's fifth player withdrew from round 4.
	if len(withdrawn) != 5 {
		t.Fatalf("the withdrawn player is on %d lists, want all 5 (games, rest days, forfeits)", len(withdrawn))
	}
	for n, want := range map[int]bool{1: false, 2: false, 3: false, 4: true, 5: true} {
		if got := withdrawn[n]; got != want {
			t.Errorf("round %d: the player withdrawn from round 4 is marked %v, want %v", n, got, want)
		}
	}
}

func TestPDNDate(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ start, end, want string }{
		{"2026-05-09", "", "2026.05.09"},
		{"2026-05-09", "2026-05-09", "2026.05.09"},
		{"2026-05-09", "2026-05-11", "2026.05.??"},
		{"2026-05-30", "2026-06-02", "2026.??.??"},
		{"2026-12-30", "2027-01-02", "????.??.??"},
		{"", "", "????.??.??"},
	} {
		if got := pdnDate(&tournament.Event{StartDate: tc.start, EndDate: tc.end}); got != tc.want {
			t.Errorf("pdnDate(%s–%s) = %s, want %s", tc.start, tc.end, got, tc.want)
		}
	}
}

// TestTeamRoundShowsItsRound checks that the overview of a past round does
// not mark a team that withdrew later, and marks none that still played.
func TestTeamRoundShowsItsRound(t *testing.T) {
	t.Parallel()
	f := newDocFixture(t)
	id := f.team("Командное первенство", "swiss")
	d, err := f.teams.TeamEventData(f.ctx, id)
	f.must(err)
	for n := 1; n <= 3; n++ {
		o, err := TeamRoundView(d, n)
		f.must(err)
		for _, m := range o.Matches {
			if m.Home.Withdrawn || m.Away.Withdrawn {
				t.Errorf("round %d: a team marked withdrawn plays: %+v", n, m)
			}
		}
	}
}

// TestReplayProblemInRussian checks that a sheet that does not replay is
// named in the reader's language, as the game record refuses it and as the
// PDN export lists it, English only for an English reader.
func TestReplayProblemInRussian(t *testing.T) {
	t.Parallel()
	v, err := sheetVerdict(tournament.GameKind("adiukh"), nil, "1. c3-b4 b6-c5 2. h2-a1")
	if err != nil || v.Replayed {
		t.Fatalf("the sheet replayed: %v", err)
	}
	var e *tournament.Error
	if err := notReplayed(3, 4, v); !errors.As(err, &e) || e.Code != tournament.ECONFLICT {
		t.Fatalf("notReplayed = %v, want a conflict", err)
	}
	skipped := Skipped{Round: 4, Board: 3, Problem: problemOf(v.Errors, v.Plies)}
	ru, en := catalog.For(catalog.Russian), catalog.For(catalog.English)
	for _, tc := range []struct{ got, want string }{
		{ru.Phrase(e), "партию по бланку доски 3 в 4-м туре не удаётся воспроизвести (строка 1, ход 2: "},
		{ru.Sprintf("%s", skipped), "тур 4, доска 3: партию по бланку не удаётся воспроизвести (строка 1, ход 2: "},
		{en.Phrase(e), "the score sheet of board 3 in round 4 does not replay (line 1, move 2: h2-a1 "},
		{en.Sprintf("%s", skipped), "round 4, board 3: the score sheet does not replay (line 1, move 2: h2-a1 "},
	} {
		if !strings.HasPrefix(tc.got, tc.want) {
			t.Errorf("%q, want it to start %q", tc.got, tc.want)
		}
	}
	if english := regexp.MustCompile(`[A-Za-z]{3}`); english.MatchString(ru.Phrase(e)) || english.MatchString(ru.Sprintf("%s", skipped)) {
		t.Errorf("the Russian text has English in it: %q, %q", ru.Phrase(e), ru.Sprintf("%s", skipped))
	}
}
