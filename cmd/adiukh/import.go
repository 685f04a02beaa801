package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"adiukh/tournament"
	"adiukh/tournament/engines"
	"adiukh/tournament/store"
)

func init() {
	commands["import"] = command{"import a TRF file as a new event: import --trf FILE --owner EMAIL", importCommand}
}

// importCommand creates an event from a TRF file, owned by an existing
// arbiter or administrator, as the web desk's upload does.
func importCommand(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("import", flag.ContinueOnError)
	fs.SetOutput(stderr)
	file := fs.String("trf", "", "tournament report `FILE` (TRF-16/TRF-2026)")
	owner := fs.String("owner", "", "e-mail `ADDRESS` of the arbiter or administrator who will own the event")
	dsn := fs.String("db", envOr("ADIUKH_DB", "adiukh.db"), "SQLite `FILE` or postgres:// URL (env ADIUKH_DB)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *file == "" || *owner == "" || fs.NArg() > 0 {
		fmt.Fprintln(stderr, "usage: adiukh import --trf FILE --owner EMAIL [--db DSN]")
		return 2
	}
	f, err := os.Open(*file)
	if err != nil {
		fmt.Fprintf(stderr, "adiukh import: %v\n", err)
		return 1
	}
	defer f.Close()
	st, err := store.Open(*dsn)
	if err != nil {
		fmt.Fprintf(stderr, "adiukh import: %v\n", err)
		return 1
	}
	defer st.Close()
	var u *tournament.User
	err = st.View(context.Background(), func(tx tournament.Tx) (err error) {
		u, err = tx.UserByEmail(*owner)
		return err
	})
	if err != nil {
		fmt.Fprintf(stderr, "adiukh import: owner %s: %v\n", *owner, err)
		return 1
	}
	svc := tournament.NewService(st, engines.Options())
	e, err := svc.ImportTRF(tournament.NewContextWithUser(context.Background(), u), f)
	var te *tournament.Error
	switch {
	case errors.As(err, &te):
		fmt.Fprintf(stderr, "adiukh import: %s: %s\n", *file, te.Message)
		return 1
	case err != nil:
		fmt.Fprintf(stderr, "adiukh import: %s: %v\n", *file, err)
		return 1
	}
	fmt.Fprintf(stdout, "event %d %q imported from %s\n", e.ID, e.Name, *file)
	return 0
}
