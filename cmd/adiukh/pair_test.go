package main

import (
	"testing"

	"adiukh/internal/clitest"
	"adiukh/internal/testcorpus"
)

// pairingCorpus is the trimmed corpus of rounds paired by bbpPairings.
var pairingCorpus = testcorpus.Trimmed()

func TestPairCommand(t *testing.T) {
	t.Parallel()
	f := testcorpus.ForCommands(t)
	clitest.Run(t, run, []clitest.Case{
		{Name: "next round", Args: []string{"pair", "--trf", f.Round}, Out: f.Pairs},
		{Name: "check a whole tournament", Args: []string{"pair", "--trf", f.Tournament, "--check"}, Out: "all 5 rounds agree"},
		{Name: "check finds a difference", Args: []string{"pair", "--trf", f.NoPairing, "--check"}, Code: 1, Out: "round 1: pairing gives 1-2, the file has 2-1 (colours)"},
		{Name: "no legal pairing", Args: []string{"pair", "--trf", f.NoPairing}, Code: 1, ErrOut: "no legal pairing exists"},
		{Name: "syntax error", Args: []string{"pair", "--trf", f.Bad}, Code: 1, ErrOut: "line 1, column 97"},
		{Name: "missing flag", Args: []string{"pair"}, Code: 2, ErrOut: "Usage: adiukh pair"},
	})
}
