package playoff_test

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"adiukh/tournament"
	"adiukh/tournament/playoff"
	"adiukh/tournament/store/storetest"
	"adiukh/tournament/teams"
)

// teamEvent is a team round robin (blitz, two boards) of the teams named,
// each with a roster of two players named after it ("Альфа 1", "Альфа 2").
func (f *fixture) teamEvent(names ...string) *tournament.Event {
	f.t.Helper()
	e, err := f.events.CreateEvent(f.ctx, tournament.EventInput{Name: ptr("Командный турнир"), Discipline: ptr("blitz-team"), System: ptr("round-robin"), TimeControl: ptr("3+2")})
	if err != nil {
		f.t.Fatal(err)
	}
	if _, err := f.teams.UpdateTeamSettings(f.ctx, e.ID, teams.TeamSettingsInput{Boards: ptr(2)}, ""); err != nil {
		f.t.Fatal(err)
	}
	for _, name := range names {
		roster := []tournament.PlayerInput{{Name: ptr(name + " 1"), Rating: ptr(1500)}, {Name: ptr(name + " 2"), Rating: ptr(1500)}}
		if _, err := f.teams.RegisterTeam(f.ctx, e.ID, teams.TeamInput{Name: ptr(name), Players: roster}); err != nil {
			f.t.Fatal(err)
		}
	}
	return e
}

// playTeams pairs, publishes and plays every round of team event e, then
// finishes it. matches gives each match's boards won, keyed "A-B" by the
// teams' names, from A's side: "2:0" A wins both boards, "0:2" B wins
// both, "1:1" the home team wins board 1 and the away team board 2.
func (f *fixture) playTeams(e *tournament.Event, matches map[string]string) {
	f.t.Helper()
	list, err := f.teams.Teams(f.ctx, e.ID)
	if err != nil {
		f.t.Fatal(err)
	}
	name := map[int64]string{}
	for _, t := range list {
		name[t.ID] = t.Name
	}
	f.playRounds(e, func(n int, publish func()) {
		tr, err := f.teams.PairNextTeamRound(f.ctx, e.ID)
		if err != nil {
			f.t.Fatalf("pair round %d of %s: %v", n, e.Name, err)
		}
		publish()
		for _, m := range tr.Matches {
			if m.IsBye() {
				continue
			}
			home, away := name[m.HomeID], name[m.AwayID]
			won, ok := matches[home+"-"+away] // boards the home team wins
			if !ok {
				if won, ok = matches[away+"-"+home]; ok {
					won = map[string]string{"2:0": "0:2", "1:1": "1:1", "0:2": "2:0"}[won]
				}
			}
			if !ok {
				f.t.Fatalf("round %d of %s: no result for %s-%s", n, e.Name, home, away)
			}
			for _, b := range m.Boards {
				homeWins := won == "2:0" || won == "1:1" && b.Board == 1
				score := "17:7"
				if homeWins != b.HomeWhite() {
					score = "7:17"
				}
				if _, err := f.teams.RecordMatchResult(f.ctx, teams.MatchResultInput{Table: m.Table, ResultInput: tournament.ResultInput{
					EventID: e.ID, Round: n, Board: b.Board, Score: score, EndReason: "final_position", Version: b.Game.Version,
				}}); err != nil {
					f.t.Fatalf("round %d of %s, %s-%s board %d: %v", n, e.Name, home, away, b.Board, err)
				}
			}
		}
	})
}

// teamOrder is the names of the final team standings of event id, in
// order, each with its place ("1 Альфа") and "+" where a play-off decided
// it.
func (f *fixture) teamOrder(id int64) []string {
	f.t.Helper()
	st, err := f.teams.TeamStandings(f.ctx, id, 0)
	if err != nil {
		f.t.Fatal(err)
	}
	var out []string
	for _, r := range st.Rows {
		out = append(out, place(r.Rank, r.Name, r.Playoff))
	}
	return out
}

// twoTeamsTied: Альфа and Бета draw their match and win the others; Гамма
// beats Дельта. Альфа and Бета are tied for first on five match points.
var twoTeamsTied = map[string]string{
	"Альфа-Бета": "1:1", "Альфа-Гамма": "2:0", "Альфа-Дельта": "2:0",
	"Бета-Гамма": "2:0", "Бета-Дельта": "2:0", "Гамма-Дельта": "2:0",
}

// TestTeamPlayoffOfTwoIsATeamMatch: two teams tied for first play a team
// match of their own over the parent's two boards, their rosters copied;
// once it is finished, the parent's final team standings put the winner
// first, both marked, the others placed by the tie-breaks; the standings
// CSV and JSON say so.
func TestTeamPlayoffOfTwoIsATeamMatch(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			f := newFixture(t, st)
			e := f.teamEvent("Альфа", "Бета", "Гамма", "Дельта")
			f.playTeams(e, twoTeamsTied)
			v, err := f.playoffs.Create(f.ctx, e.ID, playoff.Input{Places: []int{1}, Name: "Матч за первое место", TimeControl: "5+3"})
			if err != nil {
				t.Fatal(err)
			}
			child := v.Event
			if !child.Discipline.IsTeam() || child.System != tournament.RoundRobin || child.TimeControl.String() != "5+3" || v.Games != 1 || len(v.Seats) != 2 || v.Seats[0].TeamID == 0 || len(v.Teams) != 2 {
				t.Fatalf("play-off %+v of event %+v, want a team match of one round at 5+3 of the two teams", v.Playoff, child)
			}
			entered, err := f.teams.Teams(f.ctx, child.ID)
			if err != nil {
				t.Fatal(err)
			}
			if len(entered) != 2 || entered[0].Name != "Альфа" || entered[1].Name != "Бета" || len(entered[0].Roster) != 2 || entered[1].Roster[1].Name != "Бета 2" {
				t.Fatalf("the play-off's teams %+v, want Альфа and Бета with their rosters", entered)
			}
			settings, err := f.teams.TeamSettings(f.ctx, child.ID)
			if err != nil || settings.Boards != 2 {
				t.Fatalf("the play-off's settings %+v, %v: want the parent's two boards", settings, err)
			}
			page, err := f.playoffs.Read(f.ctx, e.ID)
			if err != nil {
				t.Fatal(err)
			}
			if len(page.Playoffs) != 1 || page.Playoffs[0].State != playoff.Playing || len(page.Ties) != 1 || page.Ties[0].Playoff != child.ID || len(page.Ties[0].Teams) != 2 {
				t.Errorf("while played: %+v, want the play-off playing and the tie of two teams it decides", page)
			}
			before := f.teamOrder(e.ID)
			// Бета wins the play-off match on both boards.
			f.playTeams(child, map[string]string{"Бета-Альфа": "2:0"})
			want := []string{"1 Бета +", "2 Альфа +", "3 Гамма", "4 Дельта"}
			if got := f.teamOrder(e.ID); !slices.Equal(got, want) {
				t.Errorf("final team standings after the play-off %q (before it %q), want %q", got, before, want)
			}
			page, err = f.playoffs.Read(f.ctx, e.ID)
			if err != nil {
				t.Fatal(err)
			}
			if page.Playoffs[0].State != playoff.Decided || page.Playoffs[0].Teams[0].Name != "Бета" {
				t.Errorf("after it: %s, teams %+v; want decided, Бета first", page.Playoffs[0].State, page.Playoffs[0].Teams)
			}
			f.checkFiles(e.ID, "team", map[string]bool{"Бета": true, "Альфа": true, "Гамма": false, "Дельта": false}, []string{"Бета", "Альфа", "Гамма", "Дельта"})
			// The event reopened, the match Альфа-Бета corrected: Альфа won
			// both boards. No longer tied, the play-off is stale.
			if _, err := f.events.ReopenEvent(f.ctx, e.ID, "a board's result was entered wrong"); err != nil {
				t.Fatal(err)
			}
			if got := f.teamOrder(e.ID); !slices.Equal(got, want) {
				t.Errorf("reopened, still tied: %q, want %q", got, want)
			}
			f.correctMatch(e.ID, "Альфа", "Бета")
			if got, want := f.teamOrder(e.ID), []string{"1 Альфа", "2 Бета", "3 Гамма", "4 Дельта"}; !slices.Equal(got, want) {
				t.Errorf("no longer tied: %q, want %q", got, want)
			}
			ts, err := f.teams.TeamStandings(f.ctx, e.ID, 0)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(ts.StalePlayoffs, []int64{child.ID}) {
				t.Errorf("stale play-offs %v, want [%d]", ts.StalePlayoffs, child.ID)
			}
			page, err = f.playoffs.Read(f.ctx, e.ID)
			if err != nil {
				t.Fatal(err)
			}
			if page.Playoffs[0].State != playoff.Stale || page.CanCreate {
				t.Errorf("no longer tied: play-off %s, may create %v; want stale, and none while the event is reopened", page.Playoffs[0].State, page.CanCreate)
			}
		})
	}
}

// correctMatch enters again every board of the match of the teams named
// winner and loser in event id as won by winner, with a reason.
func (f *fixture) correctMatch(id int64, winner, loser string) {
	f.t.Helper()
	d, err := f.teams.TeamEventData(f.ctx, id)
	if err != nil {
		f.t.Fatal(err)
	}
	for _, r := range d.Rounds {
		for _, m := range r.Matches {
			if m.IsBye() {
				continue
			}
			home, away := d.Team(m.HomeID).Name, d.Team(m.AwayID).Name
			if !(home == winner && away == loser || home == loser && away == winner) {
				continue
			}
			for _, b := range m.Boards {
				score := "17:7"
				if (home == winner) != b.HomeWhite() {
					score = "7:17"
				}
				if _, err := f.teams.RecordMatchResult(f.ctx, teams.MatchResultInput{Table: m.Table, ResultInput: tournament.ResultInput{
					EventID: id, Round: r.Number, Board: b.Board, Score: score, EndReason: "final_position", Version: b.Game.Version, Reason: "the match card says " + winner + " won",
				}}); err != nil {
					f.t.Fatalf("round %d, %s-%s board %d: %v", r.Number, home, away, b.Board, err)
				}
			}
		}
	}
}

// threeTeamsTied: Альфа beats Бета, Бета beats Гамма, Гамма beats Альфа,
// and each beats Дельта: three tied for first on four match points.
var threeTeamsTied = map[string]string{
	"Альфа-Бета": "2:0", "Бета-Гамма": "2:0", "Гамма-Альфа": "2:0",
	"Альфа-Дельта": "2:0", "Бета-Дельта": "2:0", "Гамма-Дельта": "2:0",
}

// TestTeamPlayoffOfThreeIsATeamRoundRobin: three teams tied for first play
// a team round robin of three rounds (each team rests once); the parent's
// final team standings, crosstable and files follow its order.
func TestTeamPlayoffOfThreeIsATeamRoundRobin(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			f := newFixture(t, st)
			e := f.teamEvent("Альфа", "Бета", "Гамма", "Дельта")
			f.playTeams(e, threeTeamsTied)
			v, err := f.playoffs.Create(f.ctx, e.ID, playoff.Input{Places: []int{1}, Name: "Плей-офф"})
			if err != nil {
				t.Fatal(err)
			}
			if len(v.Seats) != 3 || v.Games != 1 {
				t.Fatalf("play-off %+v, want a round robin of three teams", v.Playoff)
			}
			// Гамма wins both its matches, Альфа beats Бета.
			f.playTeams(v.Event, map[string]string{"Гамма-Альфа": "2:0", "Гамма-Бета": "2:0", "Альфа-Бета": "2:0"})
			d, err := f.teams.TeamEventData(f.ctx, v.EventID)
			if err != nil {
				t.Fatal(err)
			}
			if len(d.Rounds) != 3 {
				t.Errorf("the play-off was played in %d rounds, want 3", len(d.Rounds))
			}
			want := []string{"1 Гамма +", "2 Альфа +", "3 Бета +", "4 Дельта"}
			if got := f.teamOrder(e.ID); !slices.Equal(got, want) {
				t.Errorf("final team standings after the play-off %q, want %q", got, want)
			}
			ct, err := f.teams.TeamCrosstable(f.ctx, e.ID)
			if err != nil {
				t.Fatal(err)
			}
			for _, r := range ct.Standings.Rows {
				if r.Name == "Гамма" && (r.Rank != 1 || r.Playoff != v.EventID) {
					t.Errorf("team crosstable: Гамма placed %d, play-off %d", r.Rank, r.Playoff)
				}
			}
			f.checkFiles(e.ID, "team", map[string]bool{"Гамма": true, "Альфа": true, "Бета": true, "Дельта": false}, []string{"Гамма", "Альфа", "Бета", "Дельта"})
		})
	}
}

// TestTeamPlayoffRefused: what a team play-off cannot decide is refused
// with what is wrong, and nothing is created.
func TestTeamPlayoffRefused(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			f := newFixture(t, st)
			e := f.teamEvent("Альфа", "Бета", "Гамма", "Дельта")
			if _, err := f.playoffs.Create(f.ctx, e.ID, playoff.Input{Places: []int{1}, Name: "П"}); tournament.ErrorCode(err) != tournament.ECONFLICT || !strings.Contains(err.Error(), "finish") {
				t.Errorf("before the event is finished: %v, want ECONFLICT saying to finish it", err)
			}
			f.playTeams(e, twoTeamsTied)
			list, err := f.teams.Teams(f.ctx, e.ID)
			if err != nil {
				t.Fatal(err)
			}
			id := map[string]int64{}
			for _, tm := range list {
				id[tm.Name] = tm.ID
			}
			for _, c := range []struct {
				name  string
				in    playoff.Input
				code  string
				field string
				says  string
			}{
				{"place out of the table", playoff.Input{Places: []int{5}}, tournament.EINVALID, "places", "place 5 is not in the standings; its places are 1 to 4"},
				{"nobody tied", playoff.Input{Places: []int{3}}, tournament.EINVALID, "places", "nobody is tied for place 3: Гамма alone scores 2"},
				{"a team not tied", playoff.Input{Places: []int{1}, Teams: []int64{id["Альфа"], id["Гамма"]}}, tournament.EINVALID, "teams", "Гамма is not tied for place 1"},
				{"one team", playoff.Input{Places: []int{1}, Teams: []int64{id["Альфа"]}}, tournament.EINVALID, "teams", "two teams or more"},
				{"a stranger", playoff.Input{Places: []int{1}, Teams: []int64{id["Альфа"], 999999}}, tournament.EINVALID, "teams", "team 999999 does not play"},
				{"players named", playoff.Input{Places: []int{1}, Players: []int64{1, 2}}, tournament.EINVALID, "players", "name the tied teams, not players"},
			} {
				c.in.Name = "Плей-офф"
				_, err := f.playoffs.Create(f.ctx, e.ID, c.in)
				var refused *tournament.Error
				if !errors.As(err, &refused) || refused.Code != c.code || refused.Field != c.field || !strings.Contains(refused.Message, c.says) {
					t.Errorf("%s: %v, want %s at %q saying %q", c.name, err, c.code, c.field, c.says)
				}
			}
			page, err := f.playoffs.Read(f.ctx, e.ID)
			if err != nil {
				t.Fatal(err)
			}
			if len(page.Playoffs) != 0 || !page.CanCreate || len(page.Ties) != 1 || page.Ties[0].From != 1 || page.Ties[0].To != 2 {
				t.Errorf("after the refusals: %+v, want no play-off and the tie for places 1 to 2", page)
			}
			v, err := f.playoffs.Create(f.ctx, e.ID, playoff.Input{Places: []int{1}, Teams: []int64{id["Бета"], id["Альфа"]}, Games: 2, Name: "Матч"})
			if err != nil {
				t.Fatal(err)
			}
			_, err = f.playoffs.Create(f.ctx, e.ID, playoff.Input{Places: []int{1}, Name: "Ещё"})
			if tournament.ErrorCode(err) != tournament.ECONFLICT || !strings.Contains(err.Error(), "already plays in the play-off Матч") {
				t.Errorf("a second play-off of the tie: %v, want ECONFLICT naming the first", err)
			}
			// Two matches a pair: two rounds, home and away changed.
			f.playTeams(v.Event, map[string]string{"Бета-Альфа": "1:1"})
			d, err := f.teams.TeamEventData(f.ctx, v.EventID)
			if err != nil {
				t.Fatal(err)
			}
			if len(d.Rounds) != 2 || d.Rounds[0].Matches[0].HomeID != d.Rounds[1].Matches[0].AwayID {
				t.Errorf("the play-off of two matches: %d rounds %+v, want two, home and away changed", len(d.Rounds), d.Rounds)
			}
		})
	}
}
