package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// adiukh demo run twice on one file: the second run says the demo is
// there and gives its arbiter a new password, and both print a command to
// start the server.
func TestDemoTwice(t *testing.T) {
	t.Parallel()
	db := filepath.Join(t.TempDir(), "demo.db")
	out, errOut, status := runCLI(t, "demo", "--db", db)
	if status != 0 || !strings.Contains(out, "created in "+db) || !strings.Contains(out, "serve --db "+db) {
		t.Fatalf("first demo: %d\n%s%s", status, out, errOut)
	}
	out, errOut, status = runCLI(t, "demo", "--db", db)
	if status != 0 || !strings.Contains(out, "the demo is already in "+db) || !strings.Contains(out, "new password") {
		t.Fatalf("second demo: %d\n%s%s", status, out, errOut)
	}
}

// adiukh demo refuses a database that holds accounts other than its own:
// it would close a rating period there, which rates the events for good.
func TestDemoRefusesADatabaseInUse(t *testing.T) {
	t.Parallel()
	db := filepath.Join(t.TempDir(), "club.db")
	if out, errOut, status := runCLI(t, "demo", "--db", db, "--email", "first@example.org"); status != 0 {
		t.Fatalf("demo: %d\n%s%s", status, out, errOut)
	}
	out, errOut, status := runCLI(t, "demo", "--db", db, "--email", "second@example.org")
	if status != 1 || !strings.Contains(errOut, db+" holds accounts and events already") || strings.Contains(out, "created") {
		t.Fatalf("demo on a database in use: %d\n%s%s", status, out, errOut)
	}
}

func TestSelfCommand(t *testing.T) {
	t.Parallel()
	for arg0, want := range map[string]string{
		"/tmp/go-build123/b001/exe/adiukh": "go run ./cmd/adiukh",
		"adiukh":                           "adiukh",
		"./adiukh":                         "./adiukh",
	} {
		if got := selfCommand(arg0); got != want {
			t.Errorf("selfCommand(%q) = %q, want %q", arg0, got, want)
		}
	}
}
