package main

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"io"

	"adiukh/tournament/demo"
	"adiukh/tournament/store"
)

func init() {
	commands["demo"] = command{phrase("fill the database with a finished sample event to look around"), demoCommand}
}

// demo creates an arbiter and a finished round robin of 8 players with every
// result entered, four of them with game sheets.
func demoCommand(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("demo", stderr)
	dsn := fs.String("db", envOr("ADIUKH_DB", "adiukh.db"), "SQLite `FILE` or postgres:// URL (env ADIUKH_DB)")
	email := fs.String("email", "demo-arbiter@example.org", "e-mail `ADDRESS` of the demo arbiter to create")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	st, err := store.Open(*dsn)
	if err != nil {
		fail(stderr, "adiukh demo", err)
		return 1
	}
	defer st.Close()
	password := randomPassword()
	id, err := demo.Fill(context.Background(), st, *email, password)
	if err != nil {
		fail(stderr, "adiukh demo", err)
		return 1
	}
	say(stdout, "demo event %d created in %s\narbiter: %s, password: %s\nstart the server with: adiukh serve --db %s", id, *dsn, *email, password, *dsn)
	return 0
}

func randomPassword() string {
	b := make([]byte, 12)
	_, _ = rand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}
