// Command adiukh runs Adiukh checkers tournaments: the web server and the
// command-line tools (sheet validation, move listing, perft, pairing, export).
// It is the one place that wires flags, environment, database and server.
package main

import (
	"fmt"
	"io"
	"os"
	"sort"

	"adiukh/tournament/catalog"
)

type command struct {
	summary string
	run     func(args []string, stdout, stderr io.Writer) int
}

var commands = map[string]command{}

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run runs one command; its messages are in the language chosen by --lang
// or the environment (see catalog.CommandLanguage).
func run(args []string, stdout, stderr io.Writer) int {
	lang, args := catalog.CommandLanguage(args, os.Getenv)
	l := catalog.For(lang)
	stdout, stderr = console{stdout, l}, console{stderr, l}
	switch {
	case len(args) == 0:
		// A command is missing: a usage error, told where errors go.
		usage(stderr)
		return 2
	case args[0] == "help" || args[0] == "-h" || args[0] == "--help":
		usage(stdout)
		return 0
	}
	cmd, ok := commands[args[0]]
	if !ok {
		say(stderr, "adiukh: unknown command %q", args[0])
		usage(stderr)
		return 2
	}
	return cmd.run(args[1:], stdout, stderr)
}

func usage(w io.Writer) {
	l := localizer(w)
	say(w, "Usage: adiukh [--lang ru|en] COMMAND [flags]")
	say(w, "Commands:")
	names := make([]string, 0, len(commands))
	for name := range commands {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		fmt.Fprintf(w, "  %-10s %s\n", name, l.Sprintf(commands[name].summary))
	}
	say(w, "Run 'adiukh COMMAND -h' for the flags of a command. The language is Russian unless --lang en, ADIUKH_LANG=en or an English LANG says otherwise.")
}
