package engines_test

import (
	"slices"
	"testing"

	"adiukh/tournament"
	"adiukh/tournament/engines"
	"adiukh/tournament/teams"
)

// TestTeamRoundRobinCycles: a team round robin played through twice (a
// team play-off of two matches a pair) repeats the Berger table with home
// and away changed, and has no round after the second cycle.
func TestTeamRoundRobinCycles(t *testing.T) {
	t.Parallel()
	squads := []teams.Team{{ID: 11, StartNo: 1}, {ID: 12, StartNo: 2}, {ID: 13, StartNo: 3}}
	e := &tournament.Event{ID: 1, System: tournament.RoundRobin, Cycles: 2}
	pair := func(n int) ([]teams.TeamPairing, error) {
		return engines.TeamRoundRobin(teams.TeamPairingInput{Event: e, Teams: squads, Round: n})
	}
	for n := 1; n <= 3; n++ {
		first, err := pair(n)
		if err != nil {
			t.Fatal(err)
		}
		second, err := pair(n + 3)
		if err != nil {
			t.Fatal(err)
		}
		if len(first) != len(second) {
			t.Fatalf("round %d: %v, round %d: %v", n, first, n+3, second)
		}
		for i, p := range first {
			want := teams.TeamPairing{HomeID: p.AwayID, AwayID: p.HomeID}
			if p.AwayID == 0 {
				want = p // the rest stays a rest
			}
			if !slices.Contains(second, want) {
				t.Errorf("round %d table %d: %+v; round %d has %+v, want %+v there", n, i+1, p, n+3, second, want)
			}
		}
	}
	if _, err := pair(7); tournament.ErrorCode(err) != tournament.ECONFLICT {
		t.Errorf("round 7 of two cycles of three teams: %v, want ECONFLICT", err)
	}
}
