package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"adiukh/tournament/engines"
	"adiukh/tournament/pairing/dutch"
	"adiukh/tournament/trf"
)

func init() {
	commands["pair"] = command{
		summary: phrase("pair the next round of a TRF file by the FIDE Dutch system"),
		run:     runPair,
	}
}

func runPair(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("pair", stderr)
	file := fs.String("trf", "", "tournament report file (TRF-16/TRF-2026)")
	check := fs.Bool("check", false, "re-pair every round of a complete tournament and list the differences")
	fs.Usage = func() {
		say(stderr, "Usage: adiukh pair --trf FILE [--check]")
		say(stderr, "Prints the next round's pairing as bbpPairings and JaVaFo do: the number of pairs, then \"WHITE BLACK\" by start number in board order, a bye as \"ID 0\".")
		fs.PrintFlags()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *file == "" || fs.NArg() > 0 {
		fs.Usage()
		return 2
	}
	t, err := readTRF(*file)
	if err != nil {
		fail(stderr, "adiukh pair", err)
		return 1
	}
	if *check {
		return checkRounds(t, *file, stdout, stderr)
	}
	in, err := engines.DutchInputFromTRF(t)
	if err != nil {
		fail(stderr, "adiukh pair: "+*file, err)
		return 1
	}
	p, err := dutch.Pair(in)
	if err != nil {
		fail(stderr, "adiukh pair: "+*file, pairError(err))
		return 1
	}
	io.WriteString(stdout, formatPairs(p))
	return 0
}

func readTRF(path string) (*trf.Tournament, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	t, err := trf.Read(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return t, nil
}

func pairError(err error) error {
	if errors.Is(err, dutch.ErrNoPairing) {
		return newProblem("no legal pairing exists: the absolute criteria (no rematch, colours, bye) cannot all be met")
	}
	return err
}

// formatPairs writes a pairing in the bbpPairings/JaVaFo output format.
func formatPairs(p dutch.Pairing) string {
	var b strings.Builder
	n := len(p.Boards)
	if p.Bye != 0 {
		n++
	}
	fmt.Fprintf(&b, "%d\n", n)
	for _, bd := range p.Boards {
		fmt.Fprintf(&b, "%d %d\n", bd.White, bd.Black)
	}
	if p.Bye != 0 {
		fmt.Fprintf(&b, "%d 0\n", p.Bye)
	}
	return b.String()
}

// checkRounds re-pairs each round from the rounds before it and compares
// with the pairing the file records (pairs, colours and the bye; a TRF does
// not record board order).
func checkRounds(t *trf.Tournament, path string, stdout, stderr io.Writer) int {
	rounds := t.Rounds()
	if rounds == 0 {
		say(stderr, "adiukh pair: %s: no rounds to check", path)
		return 1
	}
	if t.TotalRounds < rounds {
		t.TotalRounds = rounds
	}
	if t.InitialColor == 0 {
		// The complete file shows the colours of round 1.
		t.InitialColor = t.InferInitialColor()
	}
	differences := 0
	for round := 1; round <= rounds; round++ {
		in, err := engines.DutchInputFromTRF(t.Upto(round))
		if err != nil {
			say(stderr, "adiukh pair: %s: round %d: %v", path, round, err)
			return 1
		}
		got, err := dutch.Pair(in)
		if err != nil {
			say(stdout, "round %d: %v", round, pairError(err))
			differences++
			continue
		}
		for _, d := range compareRound(got, engines.DutchPairingFromTRF(t, round)) {
			say(stdout, "round %d: %s", round, d)
			differences++
		}
	}
	if differences > 0 {
		say(stdout, "%d differences in %d rounds", differences, rounds)
		return 1
	}
	say(stdout, "all %d rounds agree with the Dutch system", rounds)
	return 0
}

// compareRound lists how the computed pairing differs from the recorded one.
func compareRound(got, want dutch.Pairing) []string {
	var diffs []string
	key := func(b dutch.Board) [2]int { return [2]int{min(b.White, b.Black), max(b.White, b.Black)} }
	wantBoards := map[[2]int]dutch.Board{}
	for _, b := range want.Boards {
		wantBoards[key(b)] = b
	}
	for _, b := range got.Boards {
		w, ok := wantBoards[key(b)]
		switch {
		case !ok:
			diffs = append(diffs, fmt.Sprintf("pairing gives %d-%d, the file does not", b.White, b.Black))
		case w != b:
			diffs = append(diffs, fmt.Sprintf("pairing gives %d-%d, the file has %d-%d (colours)", b.White, b.Black, w.White, w.Black))
		}
		delete(wantBoards, key(b))
	}
	for _, b := range want.Boards {
		if _, missing := wantBoards[key(b)]; missing {
			diffs = append(diffs, fmt.Sprintf("the file has %d-%d, the pairing does not", b.White, b.Black))
		}
	}
	if got.Bye != want.Bye {
		diffs = append(diffs, fmt.Sprintf("bye: pairing gives %d, the file has %d (0 = none)", got.Bye, want.Bye))
	}
	return diffs
}
