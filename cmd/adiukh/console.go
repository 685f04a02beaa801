package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"regexp"
	"strings"

	"adiukh/tournament"
	"adiukh/tournament/catalog"
	"adiukh/tournament/store"
)

// console is standard output or standard error together with the reader's
// language: everything a command says to a person goes through say, which
// takes its words from the one catalogue. Data a command prints for
// programs (JSON, move lists, pairings, numbers) is written as it is.
type console struct {
	io.Writer
	l *catalog.Localizer
}

// localizer is the language of w: a console's, Russian for any other writer.
func localizer(w io.Writer) *catalog.Localizer {
	if c, ok := w.(console); ok {
		return c.l
	}
	return catalog.For(catalog.Russian)
}

// say writes one line in the reader's language: format is the message's ID
// in the catalogue, and errors among the arguments are explained in the
// language too, a domain error after the input it names.
func say(w io.Writer, format string, args ...any) {
	for i, a := range args {
		if e, ok := a.(*tournament.Error); ok && e.Field != "" {
			args[i] = withField(e)
		}
	}
	localizer(w).Println(w, format, args...)
}

// withField is a domain error as a command says it: after the input at
// fault, spelled as the command's flags and the API spell it ("score: …").
func withField(e *tournament.Error) error { return newProblem("%s: %s", e.Field, e.Said()) }

// fail reports that a command failed: "adiukh user add: <the error>".
func fail(w io.Writer, command string, err error) {
	say(w, "%s: %s", command, err)
}

// phrase marks a command's summary as a message of the catalogue; it is
// translated where it is printed.
func phrase(s string) string { return s }

// newProblem is a mistake in the request, worded in the catalogue.
var newProblem = catalog.NewProblem

// flags is a command's flag set that speaks the reader's language: its
// help and its errors are printed by Parse through the catalogue.
type flags struct {
	*flag.FlagSet
	out io.Writer
	// usageArgs are the arguments of the help of the flags whose help is
	// a format with some (--game's: the registry's games), worded in the
	// reader's language when the help is printed.
	usageArgs map[string]func(*catalog.Localizer) []any
}

func newFlags(name string, stderr io.Writer) *flags {
	if !strings.HasPrefix(name, "adiukh ") {
		name = "adiukh " + name
	}
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	return &flags{FlagSet: fs, out: stderr, usageArgs: map[string]func(*catalog.Localizer) []any{}}
}

// Parse reads the arguments; on an error it says what is wrong and prints
// the flags, and -h prints them.
func (f *flags) Parse(args []string) error {
	err := f.FlagSet.Parse(args)
	if err == nil {
		return nil
	}
	if !errors.Is(err, flag.ErrHelp) {
		say(f.out, "%s: %s", f.Name(), flagError(localizer(f.out), err))
	}
	f.PrintFlags()
	return err
}

// Require says which of the named flags was left out, if one was: the
// command cannot go on without it (a usage error, status 2).
func (f *flags) Require(names ...string) error {
	for _, name := range names {
		if v := f.Lookup(name).Value.String(); v == "" || v == "0" {
			spelled := "--" + name
			if len(name) == 1 {
				spelled = "-" + name
			}
			say(f.out, "%s: %s is required", f.Name(), spelled)
			f.PrintFlags()
			return errors.New("missing flag")
		}
	}
	return nil
}

// parseStatus is the exit status of a command whose flags could not be
// read: 0 when help was asked for (-h), 2 for a usage error.
func parseStatus(err error) int {
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	return 2
}

// ParseFlagsOnly reads arguments that must all be flags: a word left over
// is refused, where the flag package would drop it without a word and
// `adiukh solve white:…` would go on to solve the start position.
func (f *flags) ParseFlagsOnly(args []string) error {
	if err := f.Parse(args); err != nil {
		return err
	}
	if f.NArg() > 0 {
		say(f.out, "%s: unexpected argument %q; every option is a flag, such as --position", f.Name(), f.Arg(0))
		f.PrintFlags()
		return errors.New("unexpected argument")
	}
	return nil
}

// PrintFlags lists the flags with their help in the language.
func (f *flags) PrintFlags() {
	l := localizer(f.out)
	say(f.out, "Flags of %s:", f.Name())
	f.VisitAll(func(fl *flag.Flag) {
		shown := *fl
		var args []any
		if f.usageArgs[fl.Name] != nil {
			args = f.usageArgs[fl.Name](l)
		}
		shown.Usage = l.Sprintf(fl.Usage, args...)
		name, usage := flag.UnquoteUsage(&shown)
		if l.Has("flag.type." + name) {
			name = l.T("flag.type." + name)
		}
		line := "  -" + fl.Name
		if name != "" {
			line += " " + name
		}
		line += "\n    \t" + strings.ReplaceAll(usage, "\n", "\n    \t")
		if fl.DefValue != "" && fl.DefValue != "false" && fl.DefValue != "0" {
			line += " " + l.Sprintf("(default %q)", fl.DefValue)
		}
		fmt.Fprintln(f.out, line)
	})
}

// The errors of the flag package, so that they can be worded in the language.
var (
	undefinedFlag = regexp.MustCompile(`^flag provided but not defined: -(.*)$`)
	flagNeedsArg  = regexp.MustCompile(`^flag needs an argument: -(.*)$`)
	badFlagValue  = regexp.MustCompile(`^invalid (?:boolean )?value "(.*)" for (?:flag )?-([^:]*): `)
	badFlagSyntax = regexp.MustCompile(`^bad flag syntax: (.*)$`)
)

func flagError(l *catalog.Localizer, err error) string {
	msg := err.Error()
	if m := undefinedFlag.FindStringSubmatch(msg); m != nil {
		return l.Sprintf("there is no flag -%s", m[1])
	}
	if m := flagNeedsArg.FindStringSubmatch(msg); m != nil {
		return l.Sprintf("the flag -%s needs a value", m[1])
	}
	if m := badFlagValue.FindStringSubmatch(msg); m != nil {
		return l.Sprintf("%q is not a valid value for -%s", m[1], m[2])
	}
	if m := badFlagSyntax.FindStringSubmatch(msg); m != nil {
		return l.Sprintf("bad flag syntax: %s", m[1])
	}
	return msg
}

// openStore opens the database of a command that may create it (serve,
// demo, user add), and openExistingStore that of one that reads or changes
// existing data, which refuses a file that is not there. When it cannot,
// it says why as the command and returns nil: the command exits 1.
func openStore(stderr io.Writer, command, dsn string) *store.Store {
	st, err := store.Open(dsn)
	return storeOrFailure(stderr, command, st, err)
}

func openExistingStore(stderr io.Writer, command, dsn string) *store.Store {
	st, err := store.OpenExisting(dsn)
	return storeOrFailure(stderr, command, st, err)
}

func storeOrFailure(stderr io.Writer, command string, st *store.Store, err error) *store.Store {
	if err != nil {
		fail(stderr, command, err)
		return nil
	}
	return st
}
