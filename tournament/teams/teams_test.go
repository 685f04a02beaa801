package teams_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"adiukh/tournament"
	"adiukh/tournament/engines"
	"adiukh/tournament/store/storetest"
	"adiukh/tournament/teams"
)

func createTeamEvent(t *testing.T, ctx context.Context, events *tournament.Service, system string, rounds int) *tournament.Event {
	t.Helper()
	in := tournament.EventInput{Name: ptr("Командный турнир"), Discipline: ptr("blitz-team"), System: ptr(system), TimeControl: ptr("3+2")}
	if rounds > 0 {
		in.Rounds = ptr(rounds)
	}
	e, err := events.CreateEvent(ctx, in)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

func roster(names ...string) []tournament.PlayerInput {
	players := make([]tournament.PlayerInput, len(names))
	for i, name := range names {
		players[i] = tournament.PlayerInput{Name: ptr(name), Rating: ptr(1500)}
	}
	return players
}

func errorText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

func TestTeamSettings(t *testing.T) {
	t.Parallel()
	forEachService(t, engines.Options(), func(t *testing.T, ctx context.Context, events *tournament.Service, svc *teams.Service) {
		e := createTeamEvent(t, ctx, events, "swiss", 5)
		got, err := svc.TeamSettings(ctx, e.ID)
		if err != nil {
			t.Fatal(err)
		}
		if got.Boards != 4 || got.MatchWin != 2 || got.MatchBye != 1 || got.Ranking != teams.ByMatchPoints || got.TieBreaks[0] != "game-points" ||
			got.ColourPreferences != teams.PreferencesA {
			t.Errorf("default Swiss team settings = %+v", got)
		}
		for _, tc := range []struct {
			name string
			in   teams.TeamSettingsInput
			want string // "" when accepted
		}{
			{"no boards", teams.TeamSettingsInput{Boards: ptr(0)}, "boards: a match has 1 to 50 boards; got 0"},
			{"unknown ranking", teams.TeamSettingsInput{Ranking: ptr("wins")}, `ranking: unknown ranking "wins"`},
			{"individual tie-break", teams.TeamSettingsInput{TieBreaks: &[]string{"buchholz"}}, `tiebreaks[0]: unknown team tie-break "buchholz"`},
			{"tie-break twice", teams.TeamSettingsInput{TieBreaks: &[]string{"board-count", "board-count"}}, "tiebreaks[1]: tie-break \"board-count\" is listed twice"},
			{"draw above win", teams.TeamSettingsInput{MatchPoints: &teams.MatchPoints{Win: 1, Draw: 2}}, "match_points: a win must score more than a draw"},
			{"unknown colour preferences", teams.TeamSettingsInput{ColourPreferences: ptr("type_c")}, `colour_preferences: unknown kind of colour preferences "type_c"`},
			{"ranking by game points brings its preset", teams.TeamSettingsInput{Ranking: ptr("game_points"), Boards: ptr(6)}, ""},
		} {
			t.Run(tc.name, func(t *testing.T) {
				s, err := svc.UpdateTeamSettings(ctx, e.ID, tc.in, "")
				if got := errorText(err); !strings.Contains(got, tc.want) || (tc.want == "") != (err == nil) {
					t.Fatalf("error %q, want %q", got, tc.want)
				}
				if err == nil && (s.Boards != 6 || s.TieBreaks[0] != "match-points") {
					t.Errorf("settings = %+v, want 6 boards and the game-points preset", s)
				}
			})
		}
		ind, err := events.CreateEvent(ctx, tournament.EventInput{Name: ptr("Личный"), Discipline: ptr("blitz"), System: ptr("swiss"), Rounds: ptr(5)})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := svc.RegisterTeam(ctx, ind.ID, teams.TeamInput{Name: ptr("Команда"), Players: roster("А")}); tournament.ErrorCode(err) != tournament.EINVALID {
			t.Errorf("a team in an individual event: error %v, want EINVALID", err)
		}
	})
}

func TestRegisterTeam(t *testing.T) {
	t.Parallel()
	forEachService(t, engines.Options(), func(t *testing.T, ctx context.Context, events *tournament.Service, svc *teams.Service) {
		e := createTeamEvent(t, ctx, events, "round-robin", 0)
		for _, tc := range []struct {
			name string
			in   teams.TeamInput
			want string
		}{
			{"no name", teams.TeamInput{Players: roster("А")}, "name: is required"},
			{"no players", teams.TeamInput{Name: ptr("Пустая")}, "players: a team needs at least one player"},
			{"a player without a name", teams.TeamInput{Name: ptr("Команда"), Players: []tournament.PlayerInput{{Name: ptr("А")}, {Rating: ptr(1500)}}}, "players[1].name: is required"},
			{"a bad rating", teams.TeamInput{Name: ptr("Команда"), Players: []tournament.PlayerInput{{Name: ptr("А"), Rating: ptr(-5)}}}, "players[0].rating: a rating is between 0 and 4000"},
		} {
			t.Run(tc.name, func(t *testing.T) {
				if _, err := svc.RegisterTeam(ctx, e.ID, tc.in); !strings.Contains(errorText(err), tc.want) || err == nil {
					t.Errorf("error %v, want %q", err, tc.want)
				}
			})
		}
		// The mean rating of the first four players numbers the entered; the
		// fifth (a reserve) does not count.
		weak := roster("Слабый 1", "Слабый 2", "Слабый 3", "Слабый 4", "Сильный запасной")
		weak[4].Rating = ptr(3000)
		strong := roster("Сильный 1", "Сильный 2", "Сильный 3", "Сильный 4")
		for i := range strong {
			strong[i].Rating = ptr(1600)
		}
		a, err := svc.RegisterTeam(ctx, e.ID, teams.TeamInput{Name: ptr("Б-команда"), Club: ptr("Адыгея"), Players: weak})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := svc.RegisterTeam(ctx, e.ID, teams.TeamInput{Name: ptr("А-команда"), Players: strong}); err != nil {
			t.Fatal(err)
		}
		entered, err := svc.Teams(ctx, e.ID)
		if err != nil {
			t.Fatal(err)
		}
		if entered[0].Name != "А-команда" || entered[1].ID != a.ID || entered[1].StartNo != 2 {
			t.Errorf("teams = %s (%d), %s (%d); want А-команда first", entered[0].Name, entered[0].StartNo, entered[1].Name, entered[1].StartNo)
		}
		if p := entered[1].Roster[4]; p.StartNo != 9 || p.Club != "Адыгея" {
			t.Errorf("the reserve of team 2 = %+v, want start number 9 and the team's club", p)
		}
		// By hand, Б-команда becomes team 1; the players follow, and a new
		// team then comes last whatever its rating.
		if _, err := svc.UpdateTeam(ctx, e.ID, teams.TeamRef{No: 2}, teams.TeamInput{StartNo: ptr(1)}, "по жребию"); err != nil {
			t.Fatal(err)
		}
		if _, err := svc.RegisterTeam(ctx, e.ID, teams.TeamInput{Name: ptr("Сильнейшая"), Players: []tournament.PlayerInput{{Name: ptr("Гроссмейстер"), Rating: ptr(2500)}}}); err != nil {
			t.Fatal(err)
		}
		if entered, err = svc.Teams(ctx, e.ID); err != nil {
			t.Fatal(err)
		}
		got := []string{entered[0].Name, entered[1].Name, entered[2].Name}
		if got[0] != "Б-команда" || got[1] != "А-команда" || got[2] != "Сильнейшая" || entered[0].Roster[0].StartNo != 1 || entered[1].Roster[0].StartNo != 6 {
			t.Errorf("teams by hand = %v, first players numbered %d and %d; want Б-команда (1…5), А-команда (6…), Сильнейшая", got, entered[0].Roster[0].StartNo, entered[1].Roster[0].StartNo)
		}
		if _, err := svc.UpdateTeam(ctx, e.ID, teams.TeamRef{No: 1}, teams.TeamInput{StartNo: ptr(4)}, ""); !strings.Contains(errorText(err), "start_no: team start numbers run from 1 to 3") {
			t.Errorf("start number 4 of 3 teams: error %v", err)
		}
	})
}

// TestFiveTeamRoundRobin pairs a round robin of five entered: every team rests
// once, and the rest earns nothing.
func TestFiveTeamRoundRobin(t *testing.T) {
	t.Parallel()
	forEachService(t, engines.Options(), func(t *testing.T, ctx context.Context, events *tournament.Service, svc *teams.Service) {
		e := createTeamEvent(t, ctx, events, "round-robin", 0)
		if _, err := svc.UpdateTeamSettings(ctx, e.ID, teams.TeamSettingsInput{Boards: ptr(2)}, ""); err != nil {
			t.Fatal(err)
		}
		for n := 1; n <= 5; n++ {
			if _, err := svc.RegisterTeam(ctx, e.ID, teams.TeamInput{Name: ptr(fmt.Sprintf("Команда %d", n)), Players: roster(fmt.Sprintf("А%d", n), fmt.Sprintf("Б%d", n))}); err != nil {
				t.Fatal(err)
			}
		}
		rested := map[int]int{}
		for n := 1; n <= 5; n++ {
			tr, err := svc.PairNextTeamRound(ctx, e.ID)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := events.PublishRound(ctx, e.ID, n); err != nil {
				t.Fatal(err)
			}
			for _, m := range tr.Matches {
				if m.IsBye() {
					rested[m.HomeNo]++
					continue
				}
				for _, b := range m.Boards {
					// Home wins every board.
					score := "17:7"
					if !b.HomeWhite() {
						score = "7:17"
					}
					if _, err := svc.RecordMatchResult(ctx, teams.MatchResultInput{Table: m.Table, ResultInput: tournament.ResultInput{
						EventID: e.ID, Round: n, Board: b.Board, Score: score, EndReason: "final_position", Version: b.Game.Version,
					}}); err != nil {
						t.Fatalf("round %d table %d board %d: %v", n, m.Table, b.Board, err)
					}
				}
			}
		}
		if len(rested) != 5 {
			t.Errorf("teams that rested: %v, want each of the 5 once", rested)
		}
		st, err := svc.TeamStandings(ctx, e.ID, 0)
		if err != nil {
			t.Fatal(err)
		}
		total := 0.0
		for _, r := range st.Rows {
			total += r.MatchPoints
		}
		// 10 matches of 2 match points; the five rests add nothing.
		if st.AfterRound != 5 || total != 20 {
			t.Errorf("after round %d the match points add up to %g, want 20 after round 5", st.AfterRound, total)
		}
		ct, err := svc.TeamCrosstable(ctx, e.ID)
		if err != nil {
			t.Fatal(err)
		}
		for _, row := range ct.Rows {
			byes := 0
			for _, cell := range row.Matches {
				if cell.Bye {
					byes++
					if cell.GamePoints != 0 || cell.MatchPoints != 0 || !cell.Done {
						t.Errorf("team %d rests in round %d with %+v, want no points", row.Team.StartNo, cell.Round, cell)
					}
				}
			}
			if byes != 1 || len(row.Matches) != 5 {
				t.Errorf("team %d: %d rests in %d rounds, want 1 in 5", row.Team.StartNo, byes, len(row.Matches))
			}
		}
	})
}

// playTeamRound publishes round n and enters every played board as a home
// win 17:7.
func playTeamRound(t *testing.T, ctx context.Context, events *tournament.Service, svc *teams.Service, eventID int64, tr *teams.TeamRound) {
	t.Helper()
	if _, err := events.PublishRound(ctx, eventID, tr.Number); err != nil {
		t.Fatal(err)
	}
	for _, m := range tr.Matches {
		for _, b := range m.Boards {
			if b.Game == nil {
				continue
			}
			score := "17:7"
			if !b.HomeWhite() {
				score = "7:17"
			}
			if _, err := svc.RecordMatchResult(ctx, teams.MatchResultInput{Table: m.Table, ResultInput: tournament.ResultInput{
				EventID: eventID, Round: tr.Number, Board: b.Board, Score: score, EndReason: "final_position", Version: b.Game.Version,
			}}); err != nil {
				t.Fatalf("round %d table %d board %d: %v", tr.Number, m.Table, b.Board, err)
			}
		}
	}
}

func TestWithdrawTeam(t *testing.T) {
	t.Parallel()
	for _, system := range []string{"swiss", "round-robin"} {
		t.Run(system, func(t *testing.T) {
			forEachService(t, engines.Options(), func(t *testing.T, ctx context.Context, events *tournament.Service, svc *teams.Service) {
				e := createTeamEvent(t, ctx, events, system, 3)
				if _, err := svc.UpdateTeamSettings(ctx, e.ID, teams.TeamSettingsInput{Boards: ptr(2)}, ""); err != nil {
					t.Fatal(err)
				}
				for n := 1; n <= 4; n++ {
					if _, err := svc.RegisterTeam(ctx, e.ID, teams.TeamInput{Name: ptr(fmt.Sprintf("Команда %d", n)), Players: roster(fmt.Sprintf("А%d", n), fmt.Sprintf("Б%d", n))}); err != nil {
						t.Fatal(err)
					}
				}
				r1, err := svc.PairNextTeamRound(ctx, e.ID)
				if err != nil {
					t.Fatal(err)
				}
				_, err = svc.UpdateTeam(ctx, e.ID, teams.TeamRef{No: 4}, teams.TeamInput{WithdrawFromRound: ptr(1)}, "")
				if tournament.ErrorCode(err) != tournament.ECONFLICT || !strings.Contains(err.Error(), "withdraw the team from round 2") {
					t.Errorf("withdrawal from a paired round: error %v, want ECONFLICT", err)
				}
				if _, err := svc.UpdateTeam(ctx, e.ID, teams.TeamRef{No: 4}, teams.TeamInput{WithdrawFromRound: ptr(2)}, " "); tournament.ErrorCode(err) != tournament.EINVALID || !strings.HasPrefix(err.Error(), "reason:") {
					t.Errorf("team withdrawal without a reason: %v; want EINVALID on reason", err)
				}
				if _, err := svc.UpdateTeam(ctx, e.ID, teams.TeamRef{No: 4}, teams.TeamInput{WithdrawFromRound: ptr(2)}, "снялась"); err != nil {
					t.Fatal(err)
				}
				playTeamRound(t, ctx, events, svc, e.ID, r1)
				r2, err := svc.PairNextTeamRound(ctx, e.ID)
				if err != nil {
					t.Fatal(err)
				}
				// Round 2 is paired without the team: nothing brings it back.
				_, err = svc.UpdateTeam(ctx, e.ID, teams.TeamRef{No: 4}, teams.TeamInput{WithdrawFromRound: ptr(0)}, "вернулась")
				if tournament.ErrorCode(err) != tournament.ECONFLICT || !strings.Contains(err.Error(), "round 2 was paired without the team; its withdrawal can no longer be taken back") {
					t.Errorf("taking back a withdrawal after its round was paired: error %v, want ECONFLICT that says it cannot be", err)
				}
				var withdrawn *teams.Match
				for i, m := range r2.Matches {
					if m.HomeNo == 4 || m.AwayNo == 4 {
						withdrawn = &r2.Matches[i]
					}
				}
				switch system {
				case "swiss":
					// Three teams play on: two meet, one has the bye.
					if withdrawn != nil || len(r2.Matches) != 2 || !r2.Matches[1].IsBye() {
						t.Errorf("Swiss round 2 = %+v, want one match and a bye without team 4", r2.Matches)
					}
				case "round-robin":
					// Team 4 keeps its place and loses every board by forfeit.
					if withdrawn == nil {
						t.Fatalf("round-robin round 2 has no match of team 4: %+v", r2.Matches)
					}
					ms := withdrawn.Score(e, teams.DefaultTeamSettings(tournament.RoundRobin, nil))
					other := ms.HomeGamePoints
					if withdrawn.HomeNo == 4 {
						other = ms.AwayGamePoints
					}
					if !ms.Done || other != 4 || ms.HomeGamePoints+ms.AwayGamePoints != 4 {
						t.Errorf("the match of withdrawn team 4 = %+v, want 4:0 to its opponent, decided at pairing", ms)
					}
					if _, err := svc.SetLineup(ctx, teams.LineupInput{EventID: e.ID, Round: 2, TeamNo: 4, Players: []int64{0, 0}}); tournament.ErrorCode(err) != tournament.ECONFLICT {
						t.Errorf("line-up of a withdrawn team: error %v, want ECONFLICT", err)
					}
				}
				playTeamRound(t, ctx, events, svc, e.ID, r2)
				st, err := svc.TeamStandings(ctx, e.ID, 2)
				if err != nil {
					t.Fatal(err)
				}
				if len(st.Rows) != 4 {
					t.Errorf("%d standings rows, want all 4 teams", len(st.Rows))
				}
				for _, r := range st.Rows {
					if want := map[bool]int{true: 2}[r.StartNo == 4]; r.WithdrawnFrom != want {
						t.Errorf("standings row of team %d: withdrawn from round %d, want %d", r.StartNo, r.WithdrawnFrom, want)
					}
				}
			})
		})
	}
}

// TestLineupOfNobody checks a team that fields nobody: every board of its
// match loses its game, so the match is a forfeit and the round is done
// once the other matches have their results.
func TestLineupOfNobody(t *testing.T) {
	t.Parallel()
	forEachService(t, engines.Options(), func(t *testing.T, ctx context.Context, events *tournament.Service, svc *teams.Service) {
		e := createTeamEvent(t, ctx, events, "round-robin", 0)
		for n := 1; n <= 2; n++ {
			if _, err := svc.RegisterTeam(ctx, e.ID, teams.TeamInput{Name: ptr(fmt.Sprintf("Команда %d", n)),
				Players: roster(fmt.Sprintf("А%d", n), fmt.Sprintf("Б%d", n), fmt.Sprintf("В%d", n), fmt.Sprintf("Г%d", n))}); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := svc.PairNextTeamRound(ctx, e.ID); err != nil {
			t.Fatal(err)
		}
		if _, err := svc.SetLineup(ctx, teams.LineupInput{EventID: e.ID, Round: 1, TeamNo: 2, Players: []int64{0, 0, 0, 0}}); err != nil {
			t.Fatal(err)
		}
		d, err := svc.TeamEventData(ctx, e.ID)
		if err != nil {
			t.Fatal(err)
		}
		tr := d.Rounds[0]
		for _, b := range tr.Matches[0].Boards {
			if b.Game != nil {
				t.Errorf("board %d keeps game %+v after its away player left", b.Board, *b.Game)
			}
		}
		if len(tr.Games) != 0 {
			t.Errorf("round 1 keeps %d games, want none: %+v", len(tr.Games), tr.Games)
		}
		r, err := events.PublishRound(ctx, e.ID, 1)
		if err != nil {
			t.Fatal(err)
		}
		if r.Status != tournament.Done {
			t.Errorf("round 1 of a forfeited match is %q once published, want %q", r.Status, tournament.Done)
		}
	})
}

func TestTeamSwissWithoutPairing(t *testing.T) {
	t.Parallel()
	forEachService(t, engines.Options(), func(t *testing.T, ctx context.Context, events *tournament.Service, svc *teams.Service) {
		e := createTeamEvent(t, ctx, events, "swiss", 4)
		if _, err := svc.UpdateTeamSettings(ctx, e.ID, teams.TeamSettingsInput{Boards: ptr(2)}, ""); err != nil {
			t.Fatal(err)
		}
		for n := 1; n <= 4; n++ {
			if _, err := svc.RegisterTeam(ctx, e.ID, teams.TeamInput{Name: ptr(fmt.Sprintf("Команда %d", n)), Players: roster(fmt.Sprintf("А%d", n), fmt.Sprintf("Б%d", n))}); err != nil {
				t.Fatal(err)
			}
		}
		for n := 1; n <= 3; n++ {
			tr, err := svc.PairNextTeamRound(ctx, e.ID)
			if err != nil {
				t.Fatal(err)
			}
			playTeamRound(t, ctx, events, svc, e.ID, tr)
		}
		_, err := svc.PairNextTeamRound(ctx, e.ID)
		want := "round 4 cannot be paired: every pairing of the 4 teams repeats a match; the chief arbiter decides (C.04.6 Article 3.3.3), for example ends the event after round 3 by setting its number of rounds"
		if tournament.ErrorCode(err) != tournament.ECONFLICT || errorText(err) != want {
			t.Errorf("round 4 after a complete round robin of 4 teams: error %v, want ECONFLICT %q", err, want)
		}
	})
}

// A team competition pairs teams without the options of the individual
// Swiss pairing (same club, Baku, Black by lot): sent on creation or on a
// change, they are not kept, so the event does not claim what its pairing
// ignores.
func TestTeamEventKeepsNoIndividualSwissOptions(t *testing.T) {
	t.Parallel()
	forEachService(t, engines.Options(), func(t *testing.T, ctx context.Context, events *tournament.Service, svc *teams.Service) {
		on := ptr(true)
		e, err := events.CreateEvent(ctx, tournament.EventInput{Name: ptr("Командный турнир"), Discipline: ptr("rapid-team"), System: ptr("swiss"),
			Rounds: ptr(5), TimeControl: ptr("8+4"), ForbidSameClub: on, Baku: on, BlackFirst: on})
		if err != nil {
			t.Fatal(err)
		}
		if e.ForbidSameClub || e.Baku || e.BlackFirst {
			t.Errorf("created with same club %v, Baku %v, Black first %v", e.ForbidSameClub, e.Baku, e.BlackFirst)
		}
		e, err = events.UpdateEvent(ctx, e.ID, tournament.EventInput{ForbidSameClub: on, Baku: on, BlackFirst: on}, "")
		if err != nil {
			t.Fatal(err)
		}
		if e.ForbidSameClub || e.Baku || e.BlackFirst {
			t.Errorf("changed to same club %v, Baku %v, Black first %v", e.ForbidSameClub, e.Baku, e.BlackFirst)
		}
	})
}

// TestLineupOrderMessage checks the refusal of a line-up that fields a
// reserve above a regular player: it names the reserve on the higher board
// and the regular player below him.
func TestLineupOrderMessage(t *testing.T) {
	t.Parallel()
	forEachService(t, engines.Options(), func(t *testing.T, ctx context.Context, events *tournament.Service, svc *teams.Service) {
		e := createTeamEvent(t, ctx, events, "round-robin", 0)
		if _, err := svc.UpdateTeamSettings(ctx, e.ID, teams.TeamSettingsInput{Boards: ptr(2)}, ""); err != nil {
			t.Fatal(err)
		}
		var first *teams.Team
		for n := 1; n <= 2; n++ {
			tm, err := svc.RegisterTeam(ctx, e.ID, teams.TeamInput{Name: ptr(fmt.Sprintf("Команда %d", n)),
				Players: roster(fmt.Sprintf("А%d", n), fmt.Sprintf("Б%d", n), fmt.Sprintf("Запасной %d", n))})
			if err != nil {
				t.Fatal(err)
			}
			if n == 1 {
				first = tm
			}
		}
		if _, err := svc.PairNextTeamRound(ctx, e.ID); err != nil {
			t.Fatal(err)
		}
		entered, err := svc.Teams(ctx, e.ID)
		if err != nil {
			t.Fatal(err)
		}
		var tm teams.Team
		for _, x := range entered {
			if x.ID == first.ID {
				tm = x
			}
		}
		_, err = svc.SetLineup(ctx, teams.LineupInput{EventID: e.ID, Round: 1, TeamNo: tm.StartNo, Players: []int64{tm.Roster[2].ID, tm.Roster[1].ID}})
		want := "Запасной 1 (roster place 3) cannot play on board 1, above Б1 (roster place 2) on board 2"
		if tournament.ErrorCode(err) != tournament.EINVALID || !strings.Contains(errorText(err), want) {
			t.Errorf("a reserve above a regular player: error %v, want %q", err, want)
		}
	})
}

func TestTeamPlayerOnOneTeam(t *testing.T) {
	t.Parallel()
	forEachService(t, engines.Options(), func(t *testing.T, ctx context.Context, events *tournament.Service, svc *teams.Service) {
		e, err := events.CreateEvent(ctx, tournament.EventInput{Name: ptr("Командный"), Discipline: ptr("rapid-team"), System: ptr("round-robin"), TimeControl: ptr("8+4")})
		if err != nil {
			t.Fatal(err)
		}
		players := func(names ...string) []tournament.PlayerInput {
			var in []tournament.PlayerInput
			for _, n := range names {
				in = append(in, tournament.PlayerInput{Name: ptr(n)})
			}
			return in
		}
		if _, err := svc.RegisterTeam(ctx, e.ID, teams.TeamInput{Name: ptr("Нарт"), Players: players("Ёлкин Олег", "Берсиров Аслан")}); err != nil {
			t.Fatal(err)
		}
		_, err = svc.RegisterTeam(ctx, e.ID, teams.TeamInput{Name: ptr("Адыгея"), Players: players("Хуажев Руслан", "елкин олег")})
		if tournament.ErrorCode(err) != tournament.ECONFLICT || !strings.Contains(err.Error(), "players[1].name") || !strings.Contains(err.Error(), `already plays for team "Нарт"`) {
			t.Errorf("a player of another team entered again: %v; want ECONFLICT on players[1].name naming Нарт", err)
		}
		if _, err := svc.RegisterTeam(ctx, e.ID, teams.TeamInput{Name: ptr("Адыгея"), Players: players("Хуажев Руслан", "Тлеуж Мурат")}); err != nil {
			t.Fatal(err)
		}
		if _, err := svc.AddTeamPlayer(ctx, e.ID, teams.TeamRef{No: 2}, tournament.PlayerInput{Name: ptr("БЕРСИРОВ АСЛАН")}); tournament.ErrorCode(err) != tournament.ECONFLICT {
			t.Errorf("a reserve from another team: %v; want ECONFLICT", err)
		}
	})
}

// TestRussianTeamTieBreaks: a Russian draughts team event never ranks by
// the checkers won (adiukh-points), which its 2:0 games do not have: not
// by default, not by the preset a change of ranking brings, not when asked
// for, and not when a setting stored before says so; an Adiukh event keeps
// them.
func TestRussianTeamTieBreaks(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			ctx := storetest.Arbiter(t, st)
			events := tournament.NewService(st, engines.Options())
			svc := teams.NewService(st.Teams(), events, engines.TeamOptions())
			russian, err := events.CreateEvent(ctx, tournament.EventInput{Name: ptr("Командный"), Game: ptr("russian"), Discipline: ptr("blitz-team"), System: ptr("swiss"), Rounds: ptr(5), TimeControl: ptr("3+2")})
			if err != nil {
				t.Fatal(err)
			}
			adiukh := createTeamEvent(t, ctx, events, "swiss", 5)
			settings := func(id int64) []string {
				s, err := svc.TeamSettings(ctx, id)
				if err != nil {
					t.Fatal(err)
				}
				return s.TieBreaks
			}
			if got := settings(russian.ID); slices.Contains(got, "adiukh-points") || len(got) == 0 {
				t.Errorf("a Russian team event's default tie-breaks = %v, want the preset without adiukh-points", got)
			}
			if got := settings(adiukh.ID); !slices.Contains(got, "adiukh-points") {
				t.Errorf("an Adiukh team event's default tie-breaks = %v, want adiukh-points among them", got)
			}
			s, err := svc.UpdateTeamSettings(ctx, russian.ID, teams.TeamSettingsInput{Ranking: ptr("game_points")}, "")
			if err != nil {
				t.Fatal(err)
			}
			if slices.Contains(s.TieBreaks, "adiukh-points") || s.TieBreaks[0] != "match-points" {
				t.Errorf("a Russian event ranked by game points has tie-breaks %v, want the preset without adiukh-points", s.TieBreaks)
			}
			_, err = svc.UpdateTeamSettings(ctx, russian.ID, teams.TeamSettingsInput{TieBreaks: &[]string{"board-count", "adiukh-points"}}, "")
			if want := "tiebreaks[1]: the checkers won (adiukh-points) rank players of Adiukh only"; errorText(err) != want {
				t.Errorf("adiukh-points asked of a Russian team event: error %q, want %q", errorText(err), want)
			}
			if _, err := svc.UpdateTeamSettings(ctx, adiukh.ID, teams.TeamSettingsInput{TieBreaks: &[]string{"adiukh-points"}}, ""); err != nil {
				t.Errorf("adiukh-points asked of an Adiukh team event: %v", err)
			}
			stored := teams.DefaultTeamSettings(tournament.Swiss, []string{"adiukh-points", "board-count"})
			if err := st.Teams().Update(ctx, func(tx teams.Tx) error { return tx.SaveTeamSettings(russian.ID, &stored) }); err != nil {
				t.Fatal(err)
			}
			if got := settings(russian.ID); !slices.Equal(got, []string{"board-count"}) {
				t.Errorf("a Russian event's stored tie-breaks adiukh-points, board-count read as %v, want board-count alone", got)
			}
			if got := svc.TeamTieBreaksOf(russian.Game); slices.ContainsFunc(got, func(tb tournament.TieBreakInfo) bool { return tb.ID == "adiukh-points" }) {
				t.Errorf("the tie-breaks a Russian team event is offered include adiukh-points: %v", got)
			}
		})
	}
}
