package teams_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"adiukh/tournament"
	"adiukh/tournament/engines"
	"adiukh/tournament/teams"
)

// createTeamKnockout makes a team knockout of game with n teams of two
// players, team k rated below team k-1 (so that seed k is start number k).
func createTeamKnockout(t *testing.T, ctx context.Context, events *tournament.Service, svc *teams.Service, game string, n int, k tournament.KnockoutSettings) *tournament.Event {
	t.Helper()
	e, err := events.CreateEvent(ctx, tournament.EventInput{Name: ptr("Кубок клубов"), Game: ptr(game), Discipline: ptr("standard-team"), System: ptr("knockout"), TimeControl: ptr("90+30"), Knockout: &k})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := svc.UpdateTeamSettings(ctx, e.ID, teams.TeamSettingsInput{Boards: ptr(2)}, ""); err != nil {
		t.Fatal(err)
	}
	for i := 1; i <= n; i++ {
		players := []tournament.PlayerInput{
			{Name: ptr(fmt.Sprintf("Первый %d", i)), Rating: ptr(2400 - 10*i)},
			{Name: ptr(fmt.Sprintf("Второй %d", i)), Rating: ptr(2300 - 10*i)},
		}
		if _, err := svc.RegisterTeam(ctx, e.ID, teams.TeamInput{Name: ptr(fmt.Sprintf("Клуб %d", i)), Players: players}); err != nil {
			t.Fatal(err)
		}
	}
	return e
}

// playKnockoutRound pairs and publishes the next round and enters its
// boards as winner says: the start number of the team that wins every
// board of a match, 0 for each home player winning.
func playKnockoutRound(t *testing.T, ctx context.Context, events *tournament.Service, svc *teams.Service, eventID int64, winner func(home, away int) int) *teams.TeamRound {
	t.Helper()
	tr, err := svc.PairNextTeamRound(ctx, eventID)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := events.PublishRound(ctx, eventID, tr.Number); err != nil {
		t.Fatal(err)
	}
	for _, m := range tr.Matches {
		if m.IsBye() {
			continue
		}
		homeWins := winner(m.HomeNo, m.AwayNo) != m.AwayNo
		for _, b := range m.Boards {
			score := "0:2"
			if homeWins == b.HomeWhite() {
				score = "2:0"
			}
			if _, err := svc.RecordMatchResult(ctx, teams.MatchResultInput{Table: m.Table, ResultInput: tournament.ResultInput{
				EventID: eventID, Round: tr.Number, Board: b.Board, Score: score, EndReason: "final_position", Version: b.Game.Version,
			}}); err != nil {
				t.Fatalf("round %d table %d board %d: %v", tr.Number, m.Table, b.Board, err)
			}
		}
	}
	return tr
}

// higherSeed has the team with the lower start number win.
func higherSeed(home, away int) int { return min(home, away) }

// homes lists a round's matches as "home-away" start numbers.
func homes(tr *teams.TeamRound) string {
	var out []string
	for _, m := range tr.Matches {
		out = append(out, fmt.Sprintf("%d-%d", m.HomeNo, m.AwayNo))
	}
	return strings.Join(out, " ")
}

// TestTeamKnockoutOfEight plays a cup of eight teams in Russian draughts,
// ties of two legs: the tie 4–5 is level on match and board points and
// goes to a tie-break leg, which team 5 wins; then the semi-finals, the
// final and the match for third place.
func TestTeamKnockoutOfEight(t *testing.T) {
	t.Parallel()
	forEachService(t, engines.Options(), func(t *testing.T, ctx context.Context, events *tournament.Service, svc *teams.Service) {
		k := tournament.KnockoutSettings{MatchGames: 2, ThirdPlace: true, TieBreaks: []tournament.KnockoutStage{{Games: 1, Tempo: "rapid", TimeControl: "15+5"}}}
		e := createTeamKnockout(t, ctx, events, svc, "russian", 8, k)
		b, err := svc.KnockoutBracket(ctx, e.ID)
		if err != nil {
			t.Fatal(err)
		}
		if len(b.Rounds) != 3 || len(b.Rounds[0].Ties) != 4 || b.Rounds[0].Ties[1].Top.StartNo != 4 || b.Rounds[0].Ties[1].Bottom.StartNo != 5 {
			t.Fatalf("bracket before round 1: %+v", b.Rounds)
		}
		// 4–5: each team wins its home leg 2:0, then 5 the tie-break leg.
		level := func(home, away int) int {
			if min(home, away) == 4 && max(home, away) == 5 {
				return home
			}
			return higherSeed(home, away)
		}
		want := []string{"1-8 5-4 2-7 6-3", "8-1 4-5 7-2 3-6", "5-4", "1-5 3-2", "5-1 2-3", "1-2 5-3", "2-1 3-5"}
		for n, w := range want {
			winner := level
			if n == 2 {
				winner = func(home, away int) int { return 5 }
			}
			tr := playKnockoutRound(t, ctx, events, svc, e.ID, winner)
			if got := homes(tr); got != w {
				t.Errorf("round %d: %s, want %s", n+1, got, w)
			}
		}
		// A leg's result is fixed once a later round is paired on it.
		d, err := svc.TeamEventData(ctx, e.ID)
		if err != nil {
			t.Fatal(err)
		}
		g := d.Rounds[0].Matches[1].Boards[0].Game
		_, err = svc.RecordMatchResult(ctx, teams.MatchResultInput{Table: 2, ResultInput: tournament.ResultInput{
			EventID: e.ID, Round: 1, Board: 1, Score: "1:1", EndReason: "agreement", Version: g.Version, Reason: "ошибка в протоколе"}})
		if err == nil || !strings.Contains(err.Error(), "take the later rounds back before correcting a result of round 1") {
			t.Errorf("a leg corrected after the next round was paired: error %v", err)
		}
		if _, err := svc.PairNextTeamRound(ctx, e.ID); err == nil || !strings.Contains(err.Error(), "the final of Кубок клубов is decided") {
			t.Errorf("a round after the final: error %v", err)
		}
		b, err = svc.KnockoutBracket(ctx, e.ID)
		if err != nil {
			t.Fatal(err)
		}
		tie := b.Rounds[0].Ties[1]
		if tie.Top.StartNo != 5 || len(tie.Legs) != 3 || tie.Legs[2].Stage != 1 || tie.Legs[2].Tempo != "rapid" || tie.Legs[2].TimeControl != "15+5" ||
			tie.WinnerID != tie.Top.ID || len(tie.Stages) != 2 || tie.Stages[0].Top != 2 || tie.Stages[0].TopBoards != 4 {
			t.Errorf("tie 4–5: %+v", tie)
		}
		if b.Winner.StartNo != 1 || b.RunnerUp.StartNo != 2 || b.Third.StartNo != 3 || !b.Rounds[2].Ties[1].ThirdPlace {
			t.Errorf("winner %v, runner-up %v, third %v", b.Winner, b.RunnerUp, b.Third)
		}
		final := b.Rounds[2].Ties[0]
		if final.Legs[0].EventRound != 6 || final.Legs[0].Score.HomeMatchPoints != 2 || final.Legs[0].Score.HomeGamePoints != 4 {
			t.Errorf("final's first leg: %+v", final.Legs[0])
		}
		// The event over, its settings are final.
		if _, err := events.UpdateEvent(ctx, e.ID, tournament.EventInput{Status: ptr("finished")}, ""); err != nil {
			t.Fatal(err)
		}
		if _, err := svc.UpdateTeamSettings(ctx, e.ID, teams.TeamSettingsInput{MatchPoints: &teams.MatchPoints{Win: 3, Draw: 1}}, ""); err == nil {
			t.Error("team settings changed after the event is finished")
		}
		k.MatchGames = 4
		if _, err := events.UpdateEvent(ctx, e.ID, tournament.EventInput{Knockout: &k}, ""); err == nil {
			t.Error("knockout settings changed after the event is finished")
		}
	})
}

// TestTeamKnockoutOfFive plays a cup of five teams in international
// draughts, ties of two legs and no tie-break legs: the three top seeds
// have byes, and the tie 4–5, level after its legs, is decided by lot.
func TestTeamKnockoutOfFive(t *testing.T) {
	t.Parallel()
	forEachService(t, engines.Options(), func(t *testing.T, ctx context.Context, events *tournament.Service, svc *teams.Service) {
		e := createTeamKnockout(t, ctx, events, svc, "international", 5, tournament.KnockoutSettings{MatchGames: 2})
		homeWins := func(home, away int) int { return home }
		tr := playKnockoutRound(t, ctx, events, svc, e.ID, homeWins)
		if got := homes(tr); got != "1-0 5-4 2-0 3-0" {
			t.Errorf("round 1: %s, want the byes of 1, 2 and 3 and 5-4", got)
		}
		playKnockoutRound(t, ctx, events, svc, e.ID, homeWins)
		if _, err := svc.PairNextTeamRound(ctx, e.ID); err == nil || !strings.Contains(err.Error(), "decide it by lot") {
			t.Fatalf("pairing past a level tie: error %v", err)
		}
		b, err := svc.KnockoutBracket(ctx, e.ID)
		if err != nil {
			t.Fatal(err)
		}
		tie := b.Rounds[0].Ties[1]
		if !tie.AwaitsLot || !tie.MayLot || tie.WinnerID != 0 || tie.Stages[0].Top != 2 || tie.Stages[0].TopBoards != 4 {
			t.Fatalf("level tie: %+v", tie)
		}
		for _, tc := range []struct {
			in   teams.KnockoutLotInput
			want string
		}{
			{teams.KnockoutLotInput{Round: 1, Tie: 2, TeamNo: 4}, "reason: a tie decided by lot needs the reason"},
			{teams.KnockoutLotInput{Round: 1, Tie: 2, TeamNo: 1, Reason: "жребий"}, "team_no: the team drawn plays tie 2 of knockout round 1"},
			{teams.KnockoutLotInput{Round: 1, Tie: 1, TeamNo: 1, Reason: "жребий"}, "tie 1 of knockout round 1 not found"},
			{teams.KnockoutLotInput{Round: 2, Tie: 1, TeamNo: 1, Reason: "жребий"}, "tie 1 of knockout round 2 not found"},
		} {
			tc.in.EventID = e.ID
			if _, err := svc.DecideTieByLot(ctx, tc.in); err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("%+v: error %v, want %q", tc.in, err, tc.want)
			}
		}
		tie2, err := svc.DecideTieByLot(ctx, teams.KnockoutLotInput{EventID: e.ID, Round: 1, Tie: 2, TeamNo: 4, Reason: "Положение, п. 7: жребий"})
		if err != nil {
			t.Fatal(err)
		}
		if tie2.WinnerID != tie2.Bottom.ID || tie2.Lot == nil {
			t.Errorf("tie after the lot: %+v", tie2)
		}
		if got := lastAudit(t, ctx, events, e.ID); !strings.Contains(got.Reason, "Положение") || got.Subject != "knockout round 1 tie 2" {
			t.Errorf("audit of the lot: %+v", got)
		}
		// A lot is corrected with its reason while no later round is
		// paired: logged as a correction, the team drawn before named.
		lot := func(teamNo int, reason string) (*teams.KnockoutTie, error) {
			return svc.DecideTieByLot(ctx, teams.KnockoutLotInput{EventID: e.ID, Round: 1, Tie: 2, TeamNo: teamNo, Reason: reason})
		}
		if b, err := svc.KnockoutBracket(ctx, e.ID); err != nil || !b.Rounds[0].Ties[1].MayCorrectLot {
			t.Errorf("the bracket does not offer the lot's correction: %v", err)
		}
		if tie2, err = lot(5, "жребий внесён не за ту команду"); err != nil || tie2.WinnerID != tie2.Top.ID {
			t.Fatalf("the lot corrected: %+v %v", tie2, err)
		}
		if got := lastAudit(t, ctx, events, e.ID); got.Action != tournament.ActionResultCorrect || got.Before != `{"winner":4}` || got.After != `{"winner":5}` || !strings.Contains(got.Reason, "не за ту команду") {
			t.Errorf("audit of the lot's correction: %+v", got)
		}
		if tie2, err = lot(4, "Положение, п. 7: жребий"); err != nil || tie2.WinnerID != tie2.Bottom.ID {
			t.Fatalf("the lot corrected back: %+v %v", tie2, err)
		}
		for n, w := range []string{"1-4 3-2", "4-1 2-3", "1-2", "2-1"} {
			tr := playKnockoutRound(t, ctx, events, svc, e.ID, higherSeed)
			if got := homes(tr); got != w {
				t.Errorf("round %d: %s, want %s", n+3, got, w)
			}
			if n == 0 {
				// Round 3 is paired on who won the tie: the lot stands.
				if _, err := lot(5, "ещё одна ошибка"); tournament.ErrorCode(err) != tournament.ECONFLICT || !strings.Contains(err.Error(), "take the later rounds back") {
					t.Errorf("a lot corrected after the next round was paired: %v, want ECONFLICT", err)
				}
				if b, err := svc.KnockoutBracket(ctx, e.ID); err != nil || b.Rounds[0].Ties[1].MayCorrectLot {
					t.Errorf("the bracket offers the lot's correction after the next round was paired: %v", err)
				}
			}
		}
		b, err = svc.KnockoutBracket(ctx, e.ID)
		if err != nil {
			t.Fatal(err)
		}
		if b.Winner.StartNo != 1 || b.RunnerUp.StartNo != 2 || b.Third != nil || len(b.Rounds) != 3 || len(b.Rounds[0].Ties) != 4 || !b.Rounds[0].Ties[0].Bye() {
			t.Errorf("bracket: winner %v, runner-up %v, rounds %+v", b.Winner, b.RunnerUp, b.Rounds)
		}
	})
}

// TestTeamKnockoutRefused refuses a team knockout with a number of rounds,
// one played live whose tie-break legs have no clock of minutes, and a
// team too short for the boards; a team knockout played live with its
// stages' clocks is accepted.
func TestTeamKnockoutRefused(t *testing.T) {
	t.Parallel()
	forEachService(t, engines.Options(), func(t *testing.T, ctx context.Context, events *tournament.Service, svc *teams.Service) {
		k := &tournament.KnockoutSettings{MatchGames: 2}
		stage := func(clock string) *tournament.KnockoutSettings {
			return &tournament.KnockoutSettings{MatchGames: 2, TieBreaks: []tournament.KnockoutStage{{Games: 1, Tempo: "blitz", TimeControl: clock}}}
		}
		for _, tc := range []struct {
			in   tournament.EventInput
			k    *tournament.KnockoutSettings
			want string
		}{
			{tournament.EventInput{Rounds: ptr(3)}, k, "rounds: a knockout of teams pairs its legs as the ties need them"},
			{tournament.EventInput{Online: ptr(true)}, stage(""), "tie_break_games: tie-break stage 1 has no time control; a knockout played on the site plays its tie-break games at the one the regulations set"},
			{tournament.EventInput{Online: ptr(true)}, stage("3d"), `tie_break_games: tie-break stage 1 of a knockout played live has a clock in minutes, such as "15+5"; got "3d"`},
			{tournament.EventInput{Online: ptr(true)}, stage("3+2"), ""},
		} {
			in := tc.in
			in.Name, in.Discipline, in.System, in.TimeControl, in.Knockout = ptr("Кубок"), ptr("rapid-team"), ptr("knockout"), ptr("15+5"), tc.k
			_, err := events.CreateEvent(ctx, in)
			if tc.want == "" && err != nil {
				t.Errorf("a team knockout played live, its tie-break legs at 3+2: %v", err)
			}
			if tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)) {
				t.Errorf("error %v, want %q", err, tc.want)
			}
		}
		e := createTeamKnockout(t, ctx, events, svc, "russian", 3, *k)
		if _, err := svc.RegisterTeam(ctx, e.ID, teams.TeamInput{Name: ptr("Неполная"), Players: roster("Один")}); err != nil {
			t.Fatal(err)
		}
		if _, err := svc.PairNextTeamRound(ctx, e.ID); err == nil || !strings.Contains(err.Error(), `boards: team "Неполная" has 1 players who can play in round 1, and a knockout tie is played on all 2 boards`) {
			t.Errorf("a team short of players: error %v", err)
		}
	})
}

// TestTeamKnockoutDrawnBracket draws the bracket by lot: the bracket shown
// before round 1 is the one round 1 pairs, each team once.
func TestTeamKnockoutDrawnBracket(t *testing.T) {
	t.Parallel()
	forEachService(t, engines.Options(), func(t *testing.T, ctx context.Context, events *tournament.Service, svc *teams.Service) {
		e := createTeamKnockout(t, ctx, events, svc, "russian", 6, tournament.KnockoutSettings{MatchGames: 2, Seeding: "draw"})
		b, err := svc.KnockoutBracket(ctx, e.ID)
		if err != nil {
			t.Fatal(err)
		}
		var shown []string
		for _, tie := range b.Rounds[0].Ties {
			if tie.Bye() {
				shown = append(shown, fmt.Sprintf("%d-0", tie.Top.StartNo))
				continue
			}
			shown = append(shown, fmt.Sprintf("%d-%d", tie.Top.StartNo, tie.Bottom.StartNo))
		}
		tr, err := svc.PairNextTeamRound(ctx, e.ID)
		if err != nil {
			t.Fatal(err)
		}
		seen := map[int]bool{}
		for i, m := range tr.Matches {
			pair := fmt.Sprintf("%d-%d", m.HomeNo, m.AwayNo)
			if m.AwayNo != 0 && i%2 == 1 {
				pair = fmt.Sprintf("%d-%d", m.AwayNo, m.HomeNo)
			}
			if pair != shown[i] {
				t.Errorf("tie %d: paired %s, the bracket showed %s", i+1, pair, shown[i])
			}
			seen[m.HomeNo], seen[m.AwayNo] = true, true
		}
		if len(tr.Matches) != 4 || len(seen) != 7 {
			t.Errorf("round 1 of 6 teams drawn: %s", homes(tr))
		}
	})
}
