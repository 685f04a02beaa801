package tournament_test

import (
	"testing"

	"adiukh/tournament"
)

// The desk offers pairing only when the next round can follow: not after
// the last round, not over a draft, never in a finished event or a
// correspondence section, whose games all start at once.
func TestEventDataCanPair(t *testing.T) {
	t.Parallel()
	published := tournament.Round{Number: 1, Status: tournament.Published}
	draft := tournament.Round{Number: 1, Status: tournament.Draft}
	for _, tc := range []struct {
		name   string
		event  tournament.Event
		rounds []tournament.Round
		want   bool
	}{
		{"before round 1", tournament.Event{Rounds: 3, Discipline: tournament.Standard}, nil, true},
		{"after a published round", tournament.Event{Rounds: 3, Discipline: tournament.Standard}, []tournament.Round{published}, true},
		{"over a draft", tournament.Event{Rounds: 3, Discipline: tournament.Standard}, []tournament.Round{draft}, false},
		{"every round paired", tournament.Event{Rounds: 1, Discipline: tournament.Standard}, []tournament.Round{published}, false},
		{"finished", tournament.Event{Rounds: 3, Discipline: tournament.Standard, Status: tournament.Finished}, []tournament.Round{published}, false},
		{"correspondence", tournament.Event{Rounds: 3, Discipline: tournament.Correspondence}, nil, false},
	} {
		d := &tournament.EventData{Event: &tc.event, Rounds: tc.rounds}
		if got := d.CanPair(); got != tc.want {
			t.Errorf("%s: CanPair = %v, want %v", tc.name, got, tc.want)
		}
	}
}

// A player may report their own game without a result while reports are
// open, once: not a bye, not someone else's game, not while their report
// on that game waits for a decision (a pending report on the same board of
// another round does not count).
func TestPlayerViewMayReport(t *testing.T) {
	t.Parallel()
	own := &tournament.Game{ID: 10, Board: 2, WhiteID: 1, BlackID: 2}
	open := &tournament.PlayerView{SubmissionsOpen: true, PlayerID: 1}
	result := tournament.Result{White: 13, Black: 11, EndReason: tournament.FinalPosition}
	for _, tc := range []struct {
		name string
		view *tournament.PlayerView
		game *tournament.Game
		want bool
	}{
		{"own game", open, own, true},
		{"reports closed", &tournament.PlayerView{PlayerID: 1}, own, false},
		{"not a player", &tournament.PlayerView{SubmissionsOpen: true}, own, false},
		{"someone else's game", open, &tournament.Game{ID: 11, Board: 3, WhiteID: 3, BlackID: 4}, false},
		{"a bye", open, &tournament.Game{ID: 12, Board: 4, WhiteID: 1}, false},
		{"has a result", open, &tournament.Game{ID: 13, Board: 2, WhiteID: 1, BlackID: 2, Result: &result}, false},
		{"own report pending", &tournament.PlayerView{SubmissionsOpen: true, PlayerID: 1, Submissions: []tournament.Submission{{GameID: 10, Board: 2, PlayerID: 1, Status: tournament.Pending}}}, own, false},
		{"pending on the same board of another round", &tournament.PlayerView{SubmissionsOpen: true, PlayerID: 1, Submissions: []tournament.Submission{{GameID: 9, Board: 2, PlayerID: 1, Status: tournament.Pending}}}, own, true},
		{"a knockout match's game reported, the next one not", &tournament.PlayerView{SubmissionsOpen: true, PlayerID: 1, Matches: true, Submissions: []tournament.Submission{{GameID: 10, Board: 2, GameNo: 1, PlayerID: 1, Status: tournament.Pending}}}, own, true},
		{"the opponent's report pending", &tournament.PlayerView{SubmissionsOpen: true, PlayerID: 1, Submissions: []tournament.Submission{{GameID: 10, Board: 2, PlayerID: 2, Status: tournament.Pending}}}, own, true},
	} {
		if got := tc.view.MayReport(tc.game); got != tc.want {
			t.Errorf("%s: MayReport = %v, want %v", tc.name, got, tc.want)
		}
	}
}
