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
		return parseStatus(err)
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
// with the pairing the file records; anything but full agreement fails.
func checkRounds(t *trf.Tournament, path string, stdout, stderr io.Writer) int {
	if engines.ReportDutchCheck(t, "adiukh pair: "+path, stdout, stderr, localizer(stdout)) != engines.RoundsAgree {
		return 1
	}
	return 0
}
