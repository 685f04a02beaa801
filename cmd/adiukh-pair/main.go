// Command adiukh-pair is adiukh's FIDE Dutch pairing engine on its own, with
// the command line and exit codes of bbpPairings (and JaVaFo's -p), so that
// a program that calls one of them as its pairing engine can call this one
// instead:
//
//	adiukh-pair [--lang ru|en] --dutch FILE -p [OUTPUT]   pair the next round
//	adiukh-pair [--lang ru|en] --dutch FILE -c            check every round
//
// It is also how the engine's own time and memory are measured against
// bbpPairings': the adiukh program carries the whole web application (a
// 55 MB binary, 30–35 MB of it resident before it pairs anything), this one
// only the engine (docs/benchmarks.md).
//
// Exit codes, as bbpPairings': 0 done (a check that finds differences
// lists them and is done too), 1 no valid pairing exists, 2 an unexpected
// error, 3 an invalid request (the arguments or the file), 5 a file that
// cannot be read or written.
package main

import (
	"errors"
	"io"
	"io/fs"
	"os"

	"adiukh/tournament/catalog"
	"adiukh/tournament/engines"
	"adiukh/tournament/pairing/dutch"
	"adiukh/tournament/trf"
)

// The exit codes of bbpPairings.
const (
	done         = 0
	noPairing    = 1
	unexpected   = 2
	invalid      = 3
	inaccessible = 5
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// console is standard output or standard error with the reader's language.
// The catalogue is loaded only when something is said: a pairing written
// as numbers needs none of it.
type console struct {
	io.Writer
	lang catalog.Lang
}

func (c console) l() *catalog.Localizer { return catalog.For(c.lang) }

// say writes one line in the reader's language; format is the message's ID
// in the catalogue, and errors among the arguments are explained in it.
func say(w console, format string, args ...any) { w.l().Println(w, format, args...) }

// newProblem is a mistake in the request, worded in the catalogue.
var newProblem = catalog.NewProblem

// request is what the command line asks for.
type request struct {
	input, output string
	check         bool
}

// parse reads bbpPairings' syntax: the system, the input file, then -p with
// an optional output file or -c.
func parse(args []string) (request, error) {
	var r request
	system, pair := "", false
	for i := 0; i < len(args); i++ {
		switch a := args[i]; {
		case a == "--dutch" || a == "--burstein":
			system = a
		case a == "-p":
			pair = true
			if i+1 < len(args) && len(args[i+1]) > 0 && args[i+1][0] != '-' {
				i++
				r.output = args[i]
			}
		case a == "-c":
			r.check = true
		case len(a) > 0 && a[0] != '-' && r.input == "":
			r.input = a
		default:
			return r, newProblem("unexpected argument %q", a)
		}
	}
	switch {
	case system == "--burstein":
		return r, newProblem("only the Dutch system is supported (--dutch)")
	case system == "":
		return r, newProblem("the pairing system is missing (--dutch)")
	case r.input == "":
		return r, newProblem("the input file is missing")
	case pair == r.check:
		return r, newProblem("give either -p (pair the next round) or -c (check every round)")
	}
	return r, nil
}

func run(args []string, stdout, stderr io.Writer) int {
	lang, args := catalog.CommandLanguage(args, os.Getenv)
	out, errs := console{stdout, lang}, console{stderr, lang}
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" {
		usage(out)
		return done
	}
	r, err := parse(args)
	if err != nil {
		say(errs, "%s: %s", "adiukh-pair", err)
		usage(errs)
		return invalid
	}
	t, err := trf.ReadFile(r.input)
	if err != nil {
		say(errs, "%s: %s", "adiukh-pair", err)
		if errors.Is(err, fs.ErrNotExist) || errors.Is(err, fs.ErrPermission) {
			return inaccessible
		}
		return invalid
	}
	if r.check {
		return check(t, r.input, out, errs)
	}
	return pair(t, r, out, errs)
}

func usage(w console) {
	say(w, "Usage: adiukh-pair [--lang ru|en] --dutch FILE -p [OUTPUT] | --dutch FILE -c")
	say(w, "Pairs the next round of a TRF file by the FIDE Dutch system (-p), or pairs every round of a complete file again and lists where it differs (-c). The command line and exit codes are those of bbpPairings: 0 done, 1 no valid pairing, 3 an invalid request, 5 a file that cannot be read or written.")
}

// pair writes the next round's pairing to the output file or standard output.
func pair(t *trf.Tournament, r request, out, errs console) int {
	in, err := engines.DutchInputFromTRF(t)
	if err != nil {
		say(errs, "%s: %s", "adiukh-pair: "+r.input, err)
		return invalid
	}
	p, err := dutch.Pair(in)
	if err != nil {
		say(errs, "%s: %s", "adiukh-pair: "+r.input, err)
		if errors.Is(err, dutch.ErrNoPairing) {
			return noPairing
		}
		return unexpected
	}
	text := engines.FormatPairs(p)
	if r.output == "" {
		io.WriteString(out, text)
		return done
	}
	if err := os.WriteFile(r.output, []byte(text), 0o644); err != nil {
		say(errs, "%s: %s", "adiukh-pair", err)
		return inaccessible
	}
	return done
}

// check pairs every round again and lists the differences; as in
// bbpPairings, a round with no valid pairing is one of them, and a check
// that finds differences is done too.
func check(t *trf.Tournament, path string, out, errs console) int {
	switch engines.ReportDutchCheck(t, "adiukh-pair: "+path, out, errs, out.l()) {
	case engines.NoRoundsToCheck, engines.FileFaulty:
		return invalid
	}
	return done
}
