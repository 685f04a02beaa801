package engines_test

import (
	"path/filepath"
	"testing"

	"adiukh/internal/testcorpus"
	"adiukh/tournament/engines"
	"adiukh/tournament/trf"
)

// TestCheckDutchRounds checks a tournament paired by bbpPairings round by
// round: no differences. The same file as it stood before its last round,
// with a requested bye already entered for that round (as JaVaFo and
// bbpPairings files note who sits out the round to pair), has one round
// fewer to check: a round with nobody paired in it is still to be paired,
// and bbpPairings' check finds nothing wrong with it either.
func TestCheckDutchRounds(t *testing.T) {
	t.Parallel()
	whole, err := trf.ReadFile(filepath.Join(testcorpus.Trimmed(), "tournaments", "t000-n13-r5.trf"))
	if err != nil {
		t.Fatal(err)
	}
	last := whole.Rounds()
	checks := engines.CheckDutchRounds(whole)
	if len(checks) != last {
		t.Fatalf("%d rounds checked, want %d", len(checks), last)
	}
	for _, rc := range checks {
		if rc.Input != nil || rc.Pairing != nil || len(rc.Differences) > 0 {
			t.Errorf("round %d: %v %v %v", rc.Round, rc.Input, rc.Pairing, rc.Differences)
		}
	}

	before, err := trf.ReadFile(filepath.Join(testcorpus.Trimmed(), "tournaments", "t000-n13-r5.trf"))
	if err != nil {
		t.Fatal(err)
	}
	before = before.Upto(last)
	p := &before.Players[0]
	p.Results = append(p.Results[:last-1], trf.Result{Color: '-', Code: 'H'})
	checks = engines.CheckDutchRounds(before)
	if len(checks) != last-1 {
		t.Fatalf("%d rounds checked in the file before round %d, want %d", len(checks), last, last-1)
	}
	for _, rc := range checks {
		if rc.Input != nil || rc.Pairing != nil || len(rc.Differences) > 0 {
			t.Errorf("before round %d, round %d: %v %v %v", last, rc.Round, rc.Input, rc.Pairing, rc.Differences)
		}
	}
}
