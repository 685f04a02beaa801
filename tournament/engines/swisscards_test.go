package engines_test

import (
	"testing"

	"adiukh/tournament"
	"adiukh/tournament/engines"
)

// TestExplainPairing checks pairing cards on four players (IDs 101–104,
// scoring 2/1/0). Round 1: 1–3 (1 won with white), 4–2 (draw, 4 white).
// Before round 2: 1 has 2 points, 2 and 4 have 1, 3 has 0; one game each
// makes a colour difference of 1, a strong preference for the other colour
// (A.6).
func TestExplainPairing(t *testing.T) {
	t.Parallel()
	e := &tournament.Event{ID: 1, System: tournament.Swiss, Rounds: 3, Scoring: tournament.DefaultScoring(tournament.Swiss)}
	round1 := tournament.Round{Number: 1, Status: tournament.Done, Games: []tournament.Game{
		{Board: 1, WhiteID: 101, BlackID: 103, WhiteNo: 1, BlackNo: 3, Result: &tournament.Result{White: 17, Black: 7, EndReason: tournament.FinalPosition}},
		{Board: 2, WhiteID: 104, BlackID: 102, WhiteNo: 4, BlackNo: 2, Result: &tournament.Result{White: 12, Black: 12, EndReason: tournament.Agreement}},
	}}
	type side struct {
		no       int
		score    float64
		float    string
		pref     string
		strength string
	}
	for _, tc := range []struct {
		name         string
		rounds       []tournament.Round
		white, black int64
		wantRule     string
		wantWhite    side
		wantBlack    side
	}{
		// E.5 with no preferences: the higher-ranked player (rank 1) gets
		// the initial colour, White; the one of rank 2 gets Black.
		{"round 1, top board", nil, 101, 103, "E.5", side{1, 0, "", "", ""}, side{3, 0, "", "", ""}},
		{"round 1, rank 2 takes black", nil, 104, 102, "E.5", side{4, 0, "", "", ""}, side{2, 0, "", "", ""}},
		// E.1: 2 (black in round 1) prefers white, 1 prefers black; 2 floats up.
		{"compatible preferences and floats", []tournament.Round{round1}, 102, 101, "E.1", side{2, 1, "up", "white", "strong"}, side{1, 2, "down", "black", "strong"}},
		// The arbiter gave 4 white although both preferences say otherwise.
		{"colours against the rules", []tournament.Round{round1}, 104, 103, "arbiter", side{4, 1, "down", "black", "strong"}, side{3, 0, "up", "white", "strong"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			in := tournament.PairingInput{Event: e, Players: players(4), Rounds: tc.rounds, Round: len(tc.rounds) + 1}
			cards, err := engines.ExplainPairing(in, []tournament.Pairing{{WhiteID: tc.white, BlackID: tc.black}})
			if err != nil {
				t.Fatal(err)
			}
			c := cards[0]
			got := func(s tournament.CardSide) side { return side{s.StartNo, s.Score, s.Float, s.Preference, s.Strength} }
			if c.ColourRule != tc.wantRule || got(c.White) != tc.wantWhite || got(c.Black) != tc.wantBlack {
				t.Fatalf("card = %s %+v / %+v, want %s %+v / %+v", c.ColourRule, got(c.White), got(c.Black), tc.wantRule, tc.wantWhite, tc.wantBlack)
			}
			if c.ColourRule == "arbiter" && (c.RulesRule == "" || c.RulesWhite != c.Black.StartNo) {
				t.Fatalf("colours set by the arbiter without the rules' choice: %+v", c)
			}
		})
	}
}
