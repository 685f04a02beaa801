package standings_test

import (
	"fmt"
	"strings"
	"testing"

	"adiukh/tournament/standings"
)

// teamScoring is 2/1/0 for boards and for matches, a bye a won match.
var teamScoring = standings.TeamScoring{Game: scoring, MatchWin: 2, MatchDraw: 1, MatchLoss: 0, MatchBye: 2}

func board(n, home, away int, homeWhite bool, kind standings.Kind, hp, ap int) standings.Board {
	return standings.Board{Number: n, Home: home, Away: away, HomeWhite: homeWhite, Kind: kind, HomePoints: hp, AwayPoints: ap}
}

// teamRoundRobin: 4 teams of 2 boards on the Berger table; players are
// numbered team×10 + board (11 is team 1's board 1).
//
//	round 1: 1-4  17:7, 12:12        game points 3:1, match 2:0
//	         2-3  12:12, 10:14       1:3, 0:2
//	round 2: 4-3  11:13, 11:13       0:4, 0:2
//	         1-2  12:12, forfeit 24:0 (22 did not come)   3:1, 2:0
//	round 3: 2-4  14:10, 12:12       3:1, 2:0
//	         3-1  13:11, 11:13       2:2, 1:1
//
// Match points: 1 = 5, 3 = 5, 2 = 2, 4 = 0. Game points: 1 = 8, 3 = 9,
// 2 = 5, 4 = 2 (24 in all).
// Teams 1 and 3, tied on match points, drew their match. Their values:
//
//	                                     team 1             team 3
//	Buchholz on match points   4:0 2:2 3:5 = 7        2:2 4:0 1:5 = 7
//	Buchholz on game points    2 + 5 + 9 = 16         5 + 2 + 8 = 15
//	ESB opp. MP × own GP       0·3 + 2·3 + 5·2 = 16   2·3 + 0·4 + 5·2 = 16
//	ESB opp. GP × own MP       2·2 + 5·2 + 9·1 = 23   5·2 + 2·2 + 8·1 = 22
//	SB on match points         0·2 + 2·2 + 5·1 = 9    2·2 + 0·2 + 5·1 = 9
//	SB on game points          2·3 + 5·3 + 9·2 = 39   5·3 + 2·4 + 8·2 = 39
//	board count (b1 + 2·b2)    3 + 2·5 = 13           5 + 2·4 = 13
//	Adiukh points              29 + 36 + 24 = 89      26 + 26 + 24 = 76
//
// FIDE's reference calculator gives the same values (game points halved for
// its 1/½/0 scoring); see docs/tiebreaks.md.
func teamRoundRobin() standings.TeamInput {
	played, forfeit := standings.Played, standings.Forfeit
	return standings.TeamInput{
		Teams:  []int{1, 2, 3, 4},
		Boards: 2,
		Rounds: [][]standings.Match{
			{
				{Home: 1, Away: 4, Boards: []standings.Board{board(1, 11, 41, true, played, 17, 7), board(2, 12, 42, false, played, 12, 12)}},
				{Home: 2, Away: 3, Boards: []standings.Board{board(1, 21, 31, true, played, 12, 12), board(2, 22, 32, false, played, 10, 14)}},
			},
			{
				{Home: 4, Away: 3, Boards: []standings.Board{board(1, 41, 31, true, played, 11, 13), board(2, 42, 32, false, played, 11, 13)}},
				{Home: 1, Away: 2, Boards: []standings.Board{board(1, 11, 21, true, played, 12, 12), board(2, 12, 22, false, forfeit, 24, 0)}},
			},
			{
				{Home: 2, Away: 4, Boards: []standings.Board{board(1, 21, 41, true, played, 14, 10), board(2, 22, 42, false, played, 12, 12)}},
				{Home: 3, Away: 1, Boards: []standings.Board{board(1, 31, 11, true, played, 13, 11), board(2, 32, 12, false, played, 11, 13)}},
			},
		},
		Scoring:    teamScoring,
		Ranking:    standings.MatchPoints,
		RoundRobin: true,
	}
}

func teamPlaces(rows []standings.TeamRow) string {
	var b strings.Builder
	for _, r := range rows {
		fmt.Fprintf(&b, "%s:%d ", place(r.Rank, r.RankLast), r.StartNo)
	}
	return strings.TrimSpace(b.String())
}

func TestTeamValuesWorkedByHand(t *testing.T) {
	got, err := standings.ComputeTeams(teamRoundRobin())
	if err != nil {
		t.Fatal(err)
	}
	want := map[int]map[standings.ID]float64{
		1: {"match-points": 5, "game-points": 8, "buchholz-mp": 7, "buchholz-gp": 16, "esb-mp-gp": 16, "esb-gp-mp": 23, "esb-mp-mp": 9, "esb-gp-gp": 39, "board-count": 13, "adiukh-points": 89, "direct-encounter": 1},
		3: {"match-points": 5, "game-points": 9, "buchholz-mp": 7, "buchholz-gp": 15, "esb-mp-gp": 16, "esb-gp-mp": 22, "esb-mp-mp": 9, "esb-gp-gp": 39, "board-count": 13, "adiukh-points": 76, "direct-encounter": 1},
		2: {"match-points": 2, "game-points": 5, "adiukh-points": 60, "board-count": 4 + 2*1},
		4: {"match-points": 0, "game-points": 2, "adiukh-points": 63, "board-count": 0 + 2*2},
	}
	for _, row := range got.Teams {
		t.Run(fmt.Sprintf("team %d", row.StartNo), func(t *testing.T) {
			if len(row.TieBreaks) != len(standings.AllTeam()) {
				t.Errorf("%d tie-break values, want %d", len(row.TieBreaks), len(standings.AllTeam()))
			}
			if row.Score != row.MatchPoints || row.MatchPoints != want[row.StartNo]["match-points"] || row.GamePoints != want[row.StartNo]["game-points"] {
				t.Errorf("score %g, match points %g, game points %g", row.Score, row.MatchPoints, row.GamePoints)
			}
			for id, w := range want[row.StartNo] {
				if v := row.TieBreaks[id]; v != w {
					t.Errorf("%s = %g, want %g", id, v, w)
				}
			}
		})
	}
}

func TestTeamRanking(t *testing.T) {
	for _, tc := range []struct {
		name    string
		ranking standings.Points
		order   []standings.ID
		want    string
	}{
		{"match points, preset: game points decide", standings.MatchPoints, standings.TeamPreset(standings.MatchPoints), "1:3 2:1 3:2 4:4"},
		{"match points, drawn direct encounter", standings.MatchPoints, []standings.ID{standings.DirectEncounter}, "1-2:1 1-2:3 3:2 4:4"},
		{"equal ESB, Buchholz on game points decides", standings.MatchPoints, []standings.ID{standings.ESBMatchGame, standings.BuchholzMatchPoints, standings.BuchholzGamePoints}, "1:1 2:3 3:2 4:4"},
		{"equal board count stays shared", standings.MatchPoints, []standings.ID{standings.BoardCount}, "1-2:1 1-2:3 3:2 4:4"},
		{"game points first", standings.GamePoints, standings.TeamPreset(standings.GamePoints), "1:3 2:1 3:2 4:4"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			in := teamRoundRobin()
			in.Ranking, in.Order = tc.ranking, tc.order
			got, err := standings.ComputeTeams(in)
			if err != nil {
				t.Fatal(err)
			}
			if p := teamPlaces(got.Teams); p != tc.want {
				t.Errorf("places = %q, want %q", p, tc.want)
			}
		})
	}
}

// With every match worth the same, all teams are equal on match points and
// board count alone ranks them, lower first: 4 (4), 2 (6), then 1 and 3
// (13 each) share the place.
func TestBoardCountLowerIsBetter(t *testing.T) {
	in := teamRoundRobin()
	in.Scoring.MatchWin, in.Scoring.MatchDraw, in.Scoring.MatchLoss, in.Scoring.MatchBye = 1, 1, 1, 1 // every team equal on match points
	in.Order = []standings.ID{standings.BoardCount}
	got, err := standings.ComputeTeams(in)
	if err != nil {
		t.Fatal(err)
	}
	if p, want := teamPlaces(got.Teams), "1:4 2:2 3-4:1 3-4:3"; p != want {
		t.Errorf("places = %q, want %q (board counts 4, 6, 13, 13)", p, want)
	}
}

// Per board: board 1 — 31 has 1+2+2 = 5, 21 has 1+1+2 = 4, 11 has 2+1+0 = 3,
// 41 has 0. Board 2 — 12 has 1+2+2 = 5 (83.3 %), 32 has 2+2+0 = 4, 42 has
// 1+0+1 = 2, 22 has 0+0+1 = 1 (the forfeit counts as a game fielded).
func TestBoardStandings(t *testing.T) {
	got, err := standings.ComputeTeams(teamRoundRobin())
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"1:31:5 2:21:4 3:11:3 4:41:0", "1:12:5 2:32:4 3:42:2 4:22:1"}
	if len(got.Boards) != len(want) {
		t.Fatalf("%d boards, want %d", len(got.Boards), len(want))
	}
	for b, rows := range got.Boards {
		var parts []string
		for _, r := range rows {
			parts = append(parts, fmt.Sprintf("%s:%d:%g", place(r.Rank, r.RankLast), r.Player, r.Points))
			if r.Games != 3 || r.Board != b+1 || r.Team != r.Player/10 {
				t.Errorf("board %d player %d: games %d, board %d, team %d", b+1, r.Player, r.Games, r.Board, r.Team)
			}
		}
		if g := strings.Join(parts, " "); g != want[b] {
			t.Errorf("board %d = %q, want %q", b+1, g, want[b])
		}
	}
	if top := got.Boards[1][0]; top.Percent < 83.33 || top.Percent > 83.34 || top.AdiukhPoints != 12+24+13 {
		t.Errorf("board 2 leader: %.2f %%, %d Adiukh points; want 83.33 %%, 49", top.Percent, top.AdiukhPoints)
	}
}

// teamSwissWithBye: 3 teams, 1 board, 2 Swiss rounds.
//
//	round 1: 1-2 17:7, team 3 has the bye (2 match points, a won board: 2 game points)
//	round 2: 3-1 12:12, team 2 has withdrawn
//
// Match points: 1 = 3, 3 = 3, 2 = 0. Team 2 was last available in round 1;
// its absence in round 2 counts as a draw for its opponents: adjusted 1.
// Buchholz on match points: 1 = 1 + 3 = 4; 3 = 3 (dummy with its own score
// for the bye) + 3 = 6. ESB opp. MP × own GP: 1 = 1·2 + 3·1 = 5;
// 3 = 3·2 + 3·1 = 9.
func teamSwissWithBye() standings.TeamInput {
	return standings.TeamInput{
		Teams:  []int{1, 2, 3},
		Boards: 1,
		Rounds: [][]standings.Match{
			{{Home: 1, Away: 2, Boards: []standings.Board{board(1, 101, 201, true, standings.Played, 17, 7)}}, {Home: 3}},
			{{Home: 3, Away: 1, Boards: []standings.Board{board(1, 301, 101, true, standings.Played, 12, 12)}}},
		},
		Scoring: teamScoring,
		Ranking: standings.MatchPoints,
		Order:   []standings.ID{standings.BuchholzMatchPoints},
	}
}

func TestTeamSwissUnplayedRounds(t *testing.T) {
	got, err := standings.ComputeTeams(teamSwissWithBye())
	if err != nil {
		t.Fatal(err)
	}
	if p, want := teamPlaces(got.Teams), "1:3 2:1 3:2"; p != want {
		t.Errorf("places = %q, want %q", p, want)
	}
	want := map[int][4]float64{ // match points, game points, buchholz-mp, esb-mp-gp
		1: {3, 3, 4, 5},
		3: {3, 3, 6, 9},
		2: {0, 0, 3, 0},
	}
	for _, row := range got.Teams {
		v := [4]float64{row.MatchPoints, row.GamePoints, row.TieBreaks[standings.BuchholzMatchPoints], row.TieBreaks[standings.ESBMatchGame]}
		if v != want[row.StartNo] {
			t.Errorf("team %d: match points, game points, buchholz-mp, esb-mp-gp = %v, want %v", row.StartNo, v, want[row.StartNo])
		}
	}
}

func TestComputeTeamsRejectsBadInput(t *testing.T) {
	for _, tc := range []struct {
		name    string
		change  func(*standings.TeamInput)
		wantErr string
	}{
		{"board out of range", func(in *standings.TeamInput) { in.Rounds[0][0].Boards[1].Number = 3 }, "round 1, match 1, board 3: boards are numbered 1 to 2"},
		{"board twice", func(in *standings.TeamInput) { in.Rounds[0][0].Boards[1].Number = 1 }, "round 1, match 1, board 1: the board is listed twice"},
		{"score not 24", func(in *standings.TeamInput) { in.Rounds[0][0].Boards[0].HomePoints = 18 }, "round 1, match 1, board 1: the two scores of a played game add up to 24, got 18:7"},
		{"bye kind on a board", func(in *standings.TeamInput) { in.Rounds[0][0].Boards[0].Kind = standings.PairingBye }, "round 1, match 1, board 1: a board is played, forfeited or double forfeited, got pairing-allocated bye"},
		{"forfeit won by nobody", func(in *standings.TeamInput) { in.Rounds[1][1].Boards[1].Home = 0 }, "round 2, match 2, board 2: the side that wins by forfeit must have fielded a player"},
		{"player in two teams", func(in *standings.TeamInput) { in.Rounds[1][0].Boards[0].Home = 11 }, "round 2, match 1, board 1: player 11 plays for team 1 and team 4"},
		{"team paired twice", func(in *standings.TeamInput) { in.Rounds[0][1].Home = 1 }, "round 1, match 2: team 1 is paired twice in round 1"},
		{"unknown team", func(in *standings.TeamInput) { in.Rounds[0][1].Away = 7 }, "round 1, match 2: team start number 7 is not a team of the event"},
		{"no ranking score", func(in *standings.TeamInput) { in.Ranking = 0 }, "ranking: choose match points or game points, got 0"},
		{"individual tie-break", func(in *standings.TeamInput) { in.Order = []standings.ID{standings.Shmulyan} }, `tie-break 1: unknown tie-break "shmulyan"`},
		{"match draw above win", func(in *standings.TeamInput) { in.Scoring.MatchDraw = 3 }, "match scoring: points must satisfy 0 ≤ loss ≤ draw ≤ win, got 2/3/0"},
		{"no boards", func(in *standings.TeamInput) { in.Boards = 0 }, "boards: a match has 1 to 100 boards, got 0"},
		{"absurd boards", func(in *standings.TeamInput) { in.Boards = 1 << 40 }, "boards: a match has 1 to 100 boards, got 1099511627776"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			in := teamRoundRobin()
			tc.change(&in)
			_, err := standings.ComputeTeams(in)
			if err == nil || err.Error() != tc.wantErr {
				t.Fatalf("error = %v, want %q", err, tc.wantErr)
			}
		})
	}
}
