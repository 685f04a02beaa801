package main

import (
	"context"
	"io"
	"os"

	"adiukh/tournament"
	"adiukh/tournament/engines"
	"adiukh/tournament/interchange"
)

func init() {
	commands["import"] = command{phrase("import a TRF file as a new event: import --trf FILE --owner EMAIL [--game KEY]"), importCommand}
}

// importCommand creates an event from a TRF file, owned by an existing
// arbiter or administrator, as the web desk's upload does.
func importCommand(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("import", stderr)
	file := fs.String("trf", "", "tournament report `FILE` (TRF-16/TRF-2026)")
	owner := fs.String("owner", "", "e-mail `ADDRESS` of the arbiter or administrator who will own the event")
	game := fs.String("game", "", "the event's game, by its `KEY`; the file's own when not given")
	cfg := fs.settings("db", "time-zone")
	if err := fs.Parse(args); err != nil {
		return parseStatus(err)
	}
	if fs.Require("trf", "owner") != nil {
		return 2
	}
	if fs.NArg() > 0 {
		say(stderr, "usage: adiukh import --trf FILE --owner EMAIL [--game KEY] [--db DSN] [--time-zone ZONE]")
		return 2
	}
	opt, err := cfg.eventOptions()
	if err != nil {
		fail(stderr, "adiukh import", err)
		return 2
	}
	f, err := os.Open(*file)
	if err != nil {
		fail(stderr, "adiukh import", err)
		return 1
	}
	defer f.Close()
	st := openExistingStore(stderr, "adiukh import", cfg.DB)
	if st == nil {
		return 1
	}
	defer st.Close()
	var u *tournament.User
	err = st.View(context.Background(), func(tx tournament.Tx) (err error) {
		u, err = tx.UserByEmail(*owner)
		return err
	})
	if err != nil {
		say(stderr, "adiukh import: owner %s: %v", *owner, err)
		return 1
	}
	svc := interchange.NewService(st.Interchange(), tournament.NewService(st, opt), engines.InterchangeOptions())
	e, err := svc.ImportTRF(tournament.NewContextWithUser(context.Background(), u), f, *game)
	if err != nil {
		fail(stderr, "adiukh import: "+*file, err)
		return 1
	}
	say(stdout, "event %d %q imported from %s", e.ID, e.Name, *file)
	return 0
}
