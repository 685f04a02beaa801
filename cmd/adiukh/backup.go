package main

import (
	"context"
	"errors"
	"io"

	"adiukh/tournament/store"
)

func init() {
	commands["backup"] = command{phrase("copy an SQLite database consistently, also while the server runs: backup -o FILE"), backupCommand}
	commands["restore"] = command{phrase("put an SQLite backup in place of the database (server stopped): restore -i FILE [--force]"), restoreCommand}
}

func backupCommand(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("backup", stderr)
	dsn := &fs.settings("db").DB
	out := fs.String("o", "", "the new `FILE` the backup is written to")
	if err := fs.Parse(args); err != nil {
		return parseStatus(err)
	}
	if fs.Require("o") != nil {
		return 2
	}
	if err := store.Backup(context.Background(), *dsn, *out); err != nil {
		fail(stderr, "adiukh backup", err)
		if errors.Is(err, store.ErrPostgresBackup) {
			return 2
		}
		return 1
	}
	say(stdout, "backed up %s to %s", *dsn, *out)
	return 0
}

func restoreCommand(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("restore", stderr)
	dsn := &fs.settings("db").DB
	in := fs.String("i", "", "the backup `FILE` made by adiukh backup")
	force := fs.Bool("force", false, "replace an existing database (stop the server first)")
	if err := fs.Parse(args); err != nil {
		return parseStatus(err)
	}
	if fs.Require("i") != nil {
		return 2
	}
	if err := store.Restore(context.Background(), *in, *dsn, *force); err != nil {
		fail(stderr, "adiukh restore", err)
		if errors.Is(err, store.ErrPostgresBackup) {
			return 2
		}
		return 1
	}
	say(stdout, "restored %s from %s; start the server with: adiukh serve --db %s", *dsn, *in, *dsn)
	return 0
}
