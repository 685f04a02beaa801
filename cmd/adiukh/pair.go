package main

import (
	"io"

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
	t, err := trf.ReadFile(*file)
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
		fail(stderr, "adiukh pair: "+*file, err)
		return 1
	}
	io.WriteString(stdout, engines.FormatPairs(p))
	return 0
}

// checkRounds re-pairs each round from the rounds before it and compares
// with the pairing the file records.
func checkRounds(t *trf.Tournament, path string, stdout, stderr io.Writer) int {
	checks := engines.CheckDutchRounds(t)
	rounds := len(checks)
	if rounds == 0 {
		say(stderr, "adiukh pair: %s: no rounds to check", path)
		return 1
	}
	differences := 0
	for _, rc := range checks {
		if rc.Input != nil {
			say(stderr, "adiukh pair: %s: round %d: %v", path, rc.Round, rc.Input)
			return 1
		}
		if rc.Pairing != nil {
			say(stdout, "round %d: %v", rc.Round, rc.Pairing)
			differences++
		}
		for _, d := range rc.Differences {
			say(stdout, "round %d: %s", rc.Round, localizer(stdout).Sprintf(d.Format, d.Args...))
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
