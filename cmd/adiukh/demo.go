package main

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"io"
	"os"
	"path/filepath"
	"strings"

	"adiukh/tournament"
	"adiukh/tournament/account"

	"adiukh/internal/demo"
)

func init() {
	commands["demo"] = command{phrase("fill the database with a finished sample event to look around"), demoCommand}
}

// demo creates an administrator and a finished, rated round robin of 8
// persons of the register with every result entered, four of them with game
// sheets, and closes the rapid rating period that rates it.
func demoCommand(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("demo", stderr)
	cfg := fs.settings("db", "time-zone")
	dsn := &cfg.DB
	email := fs.String("email", "demo-arbiter@example.org", "e-mail `ADDRESS` of the demo administrator to create")
	if err := fs.Parse(args); err != nil {
		return parseStatus(err)
	}
	opt, err := cfg.eventOptions()
	if err != nil {
		fail(stderr, "adiukh demo", err)
		return 2
	}
	st := openStore(stderr, "adiukh demo", *dsn)
	if st == nil {
		return 1
	}
	defer st.Close()
	password := randomPassword()
	run := selfCommand(os.Args[0])
	ctx := context.Background()
	accounts := accountService(st, account.Options{})
	if _, err := accounts.User(ctx, *email); err == nil {
		// Run again on the same file: the demo is there; give its arbiter
		// a new password, as the first one was printed only once.
		if err := accounts.SetPassword(account.AsOperator(ctx), *email, "", password, ""); err != nil {
			fail(stderr, "adiukh demo", err)
			return 1
		}
		say(stdout, "the demo is already in %s; its administrator %s has a new password: %s\nstart the server with: %s serve --db %s", *dsn, *email, password, run, *dsn)
		return 0
	} else if tournament.ErrorCode(err) != tournament.ENOTFOUND {
		fail(stderr, "adiukh demo", err)
		return 1
	}
	// The demo closes a rating period, which rates every finished rated
	// event up to its date for good: never on a database in use.
	if used, err := st.HasUsers(ctx); err != nil || used {
		if err == nil {
			err = newProblem("%s holds accounts and events already; the demo fills a new database: give it another file, such as --db demo.db", *dsn)
		}
		fail(stderr, "adiukh demo", err)
		return 1
	}
	id, err := demo.Fill(ctx, st, opt, *email, password)
	if err != nil {
		fail(stderr, "adiukh demo", err)
		return 1
	}
	say(stdout, "demo event %d created in %s, its players in the register and the rapid rating list\nadministrator (the event's arbiter): %s, password: %s\nstart the server with: %s serve --db %s", id, *dsn, *email, password, run, *dsn)
	return 0
}

// selfCommand is how to run this program again, as the user did: "go run
// ./cmd/adiukh" under go run (the README's way), else the name or path it
// was started by.
func selfCommand(arg0 string) string {
	if strings.Contains(filepath.ToSlash(arg0), "/go-build") {
		return "go run ./cmd/adiukh"
	}
	if strings.HasSuffix(arg0, ".test") || arg0 == "" {
		return "adiukh"
	}
	return arg0
}

func randomPassword() string {
	b := make([]byte, 12)
	_, _ = rand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}
