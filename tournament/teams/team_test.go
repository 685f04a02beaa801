package teams_test

import (
	"testing"

	"adiukh/rules/games"
	"adiukh/tournament"
	"adiukh/tournament/teams"
)

func TestMatchScore(t *testing.T) {
	t.Parallel()
	swiss := &tournament.Event{System: tournament.Swiss, Scoring: tournament.DefaultScoring(tournament.Swiss)}
	roundRobin := &tournament.Event{System: tournament.RoundRobin, Scoring: tournament.DefaultScoring(tournament.RoundRobin)}
	settings := teams.DefaultTeamSettings(tournament.Swiss, nil)
	settings.Boards = 2
	game := func(score, reason string) *tournament.Game {
		r, err := tournament.GameKind("adiukh").ParseResult(score, reason)
		if err != nil {
			t.Fatal(err)
		}
		return &tournament.Game{Result: &r}
	}
	for _, tc := range []struct {
		name   string
		event  *tournament.Event
		match  teams.Match
		want   teams.MatchScore
		board2 teams.BoardResult // the result of board 2, if the match has one
	}{
		{
			// Board 1: home White wins 17:7; board 2: home Black, White wins 17:7.
			name:  "one board each is a drawn match",
			event: swiss,
			match: teams.Match{HomeID: 1, AwayID: 2, Boards: []teams.MatchBoard{
				{Board: 1, HomePlayerID: 1, AwayPlayerID: 3, Game: game("17:7", "final_position")},
				{Board: 2, HomePlayerID: 2, AwayPlayerID: 4, Game: game("17:7", "final_position")},
			}},
			want:   teams.MatchScore{Done: true, HomeGamePoints: 2, AwayGamePoints: 2, HomeMatchPoints: 1, AwayMatchPoints: 1},
			board2: teams.BoardResult{Done: true, HomePoints: 7, AwayPoints: 17, EndReason: tournament.FinalPosition, HomeScore: 0, AwayScore: 2},
		},
		{
			name:  "an empty board loses by forfeit",
			event: swiss,
			match: teams.Match{HomeID: 1, AwayID: 2, Boards: []teams.MatchBoard{
				{Board: 1, HomePlayerID: 1, AwayPlayerID: 3, Game: game("12:12", "agreement")},
				{Board: 2, HomePlayerID: 2},
			}},
			want:   teams.MatchScore{Done: true, HomeGamePoints: 3, AwayGamePoints: 1, HomeMatchPoints: 2, AwayMatchPoints: 0},
			board2: teams.BoardResult{Done: true, HomePoints: 24, EndReason: tournament.Forfeit, HomeScore: 2},
		},
		{
			name:  "two empty sides score nothing",
			event: swiss,
			match: teams.Match{HomeID: 1, AwayID: 2, Boards: []teams.MatchBoard{
				{Board: 1, HomePlayerID: 1, AwayPlayerID: 3, Game: game("0:24", "resignation")},
				{Board: 2},
			}},
			want:   teams.MatchScore{Done: true, HomeGamePoints: 0, AwayGamePoints: 2, HomeMatchPoints: 0, AwayMatchPoints: 2},
			board2: teams.BoardResult{Done: true, EndReason: tournament.DoubleForfeit},
		},
		{
			name:  "a board without a result leaves the match open",
			event: swiss,
			match: teams.Match{HomeID: 1, AwayID: 2, Boards: []teams.MatchBoard{
				{Board: 1, HomePlayerID: 1, AwayPlayerID: 3, Game: game("17:7", "final_position")},
				{Board: 2, HomePlayerID: 2, AwayPlayerID: 4, Game: &tournament.Game{}},
			}},
			want: teams.MatchScore{HomeGamePoints: 2},
		},
		{name: "a Swiss bye: a drawn match, every board won", event: swiss, match: teams.Match{HomeID: 1},
			want: teams.MatchScore{Done: true, HomeGamePoints: 4, HomeMatchPoints: 1}},
		{name: "a round robin's bye is a rest day", event: roundRobin, match: teams.Match{HomeID: 1},
			want: teams.MatchScore{Done: true}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.match.Score(tc.event, settings); got != tc.want {
				t.Errorf("Score = %+v, want %+v", got, tc.want)
			}
			if len(tc.match.Boards) == 2 && tc.board2.Done {
				if got := tc.match.Boards[1].Result(tc.event); got != tc.board2 {
					t.Errorf("board 2 = %+v, want %+v", got, tc.board2)
				}
			}
		})
	}
}

// An empty board facing a player is the forfeit of the event's own game,
// a score its results may have, in every game of the registry: 24:0 in
// Adiukh, 2:0 in a game scored 2/1/0.
func TestEmptyBoardIsTheGamesForfeit(t *testing.T) {
	t.Parallel()
	for _, v := range games.All {
		t.Run(v.Key, func(t *testing.T) {
			e := &tournament.Event{Game: tournament.GameKind(v.Key), System: tournament.Swiss, Scoring: tournament.DefaultScoring(tournament.Swiss)}
			for _, tc := range []struct {
				name  string
				board teams.MatchBoard
				home  bool // the home team wins it
			}{
				{"the away side is empty", teams.MatchBoard{Board: 1, HomePlayerID: 1}, true},
				{"the home side is empty", teams.MatchBoard{Board: 2, AwayPlayerID: 2}, false},
			} {
				r := tc.board.Result(e)
				winner, loser := r.HomePoints, r.AwayPoints
				if !tc.home {
					winner, loser = loser, winner
				}
				if !r.Done || r.EndReason != tournament.Forfeit || winner != v.Scale.Points || loser != 0 {
					t.Errorf("%s: board result %+v, want a forfeit won %d:0", tc.name, r, v.Scale.Points)
				}
				score := tournament.Result{White: r.HomePoints, Black: r.AwayPoints}.Score()
				if _, err := e.ParseResult(score, string(tournament.Forfeit)); err != nil {
					t.Errorf("%s: the board's score %s is no forfeit of %s: %v", tc.name, score, v.Key, err)
				}
			}
		})
	}
}
