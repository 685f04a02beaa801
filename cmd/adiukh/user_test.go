package main

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"
)

func TestUserAddAndTokenCreate(t *testing.T) {
	// Not parallel: it sets stdin, which every command reads.
	db := filepath.Join(t.TempDir(), "adiukh.db")
	for _, tc := range []struct {
		name     string
		args     []string
		input    string
		wantCode int
		wantOut  string // in stdout, or in stderr when the command fails
	}{
		{"add admin", []string{"user", "add", "--email", "admin@example.org", "--role", "admin", "--surname", "Хуажев", "--given-names", "Аслан", "--password-stdin", "--db", db}, "секретный пароль\n", 0, "admin@example.org (admin)"},
		{"same e-mail again", []string{"user", "add", "--email", "admin@example.org", "--role", "admin", "--surname", "Хуажев", "--given-names", "Аслан", "--password-stdin", "--db", db}, "секретный пароль\n", 1, "already exists"},
		{"no name", []string{"user", "add", "--email", "b@example.org", "--role", "player", "--password-stdin", "--db", db}, "секретный пароль\n", 2, "give the account's name"},
		{"no --password-stdin", []string{"user", "add", "--email", "b@example.org", "--role", "admin", "--surname", "Хуажев", "--given-names", "Аслан", "--db", db}, "", 2, "--password-stdin"},
		{"short password", []string{"user", "add", "--email", "b@example.org", "--role", "arbiter", "--surname", "Хуажев", "--given-names", "Аслан", "--password-stdin", "--db", db}, "short\n", 1, "password: a password needs at least 8 characters"},
		{"bad role", []string{"user", "add", "--email", "b@example.org", "--role", "boss", "--surname", "Хуажев", "--given-names", "Аслан", "--password-stdin", "--db", db}, "секретный пароль\n", 1, `role: unknown role "boss"`},
		{"no role", []string{"user", "add", "--email", "b@example.org", "--surname", "Хуажев", "--given-names", "Аслан", "--password-stdin", "--db", db}, "секретный пароль\n", 2, "adiukh user add: --role is required"},
		{"an unknown role", []string{"user", "add", "--email", "b@example.org", "--role", "judge", "--surname", "Хуажев", "--given-names", "Аслан", "--password-stdin", "--db", db}, "секретный пароль\n", 1, `role: unknown role "judge"; use "admin", "arbiter" or "player"`},
		{"token", []string{"token", "create", "--email", "admin@example.org", "--db", db}, "", 0, "adk_"},
		{"token for nobody", []string{"token", "create", "--email", "nobody@example.org", "--db", db}, "", 1, "no user with e-mail nobody@example.org"},
		{"named token for a week", []string{"token", "create", "--email", "admin@example.org", "--name", "табло", "--days", "7", "--db", db}, "", 0, "adk_"},
		{"token for 400 days", []string{"token", "create", "--email", "admin@example.org", "--days", "400", "--db", db}, "", 2, "--days: a token works from 1 to 366 days; got 400"},
		{"token for 0 days", []string{"token", "create", "--email", "admin@example.org", "--days", "0", "--db", db}, "", 2, "got 0"},
		{"token without an e-mail", []string{"token", "list", "--db", db}, "", 2, "adiukh token list: --email is required"},
		{"revoke without an ID", []string{"token", "revoke", "--db", db}, "", 2, "adiukh token revoke: --id is required"},
		{"token list", []string{"token", "list", "--email", "admin@example.org", "--db", db}, "", 0, "2   табло"},
		{"token revoke", []string{"token", "revoke", "--id", "2", "--db", db}, "", 0, "token 2 revoked"},
		{"token list after revoking", []string{"token", "list", "--email", "admin@example.org", "--db", db}, "", 0, "ID  NAME  CREATED"},
		{"token revoke again", []string{"token", "revoke", "--id", "2", "--db", db}, "", 1, "token 2 not found"},
		{"new password", []string{"user", "password", "--email", "admin@example.org", "--password-stdin", "--db", db}, "другой пароль\n", 0, "password of admin@example.org changed"},
		{"sign out", []string{"user", "sign-out", "--email", "admin@example.org", "--db", db}, "", 0, "0 web sign-ins of admin@example.org ended"},
		{"name", []string{"user", "name", "--email", "admin@example.org", "--name", " Главный  судья ", "--db", db}, "", 0, "admin@example.org is shown as Главный судья"},
		{"no name", []string{"user", "name", "--email", "admin@example.org", "--name", " ", "--db", db}, "", 1, "write the name to show for the account"},
		{"a player named in parts", []string{"user", "add", "--email", "timur@example.org", "--role", "player", "--surname", "Хачемизов", "--given-names", "Тимур", "--password-stdin", "--db", db}, "секретный пароль\n", 0, "timur@example.org (player)"},
		{"a surname alone", []string{"user", "add", "--email", "c@example.org", "--role", "player", "--surname", "Хачемизов", "--password-stdin", "--db", db}, "секретный пароль\n", 1, "given_names: is required"},
		{"parts and one string", []string{"user", "add", "--email", "c@example.org", "--role", "player", "--name", "Тимур", "--surname", "Хачемизов", "--given-names", "Тимур", "--password-stdin", "--db", db}, "секретный пароль\n", 1, "not both"},
		{"name in one string kept as typed", []string{"user", "name", "--email", "timur@example.org", "--name", "Тимур Хачемизов", "--db", db}, "", 0, "timur@example.org is shown as Тимур Хачемизов"},
		{"name in parts, surname first", []string{"user", "name", "--email", "timur@example.org", "--surname", "Хачемизов", "--given-names", "Тимур", "--patronymic", "Русланович", "--db", db}, "", 0, "timur@example.org is shown as Хачемизов Тимур"},
		{"no name flags", []string{"user", "name", "--email", "timur@example.org", "--db", db}, "", 2, "give --surname and --given-names, or --name"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			stdin = strings.NewReader(tc.input)
			var stdout, stderr bytes.Buffer
			code := run(tc.args, &stdout, &stderr)
			out := stdout.String()
			if code != 0 {
				out = stderr.String()
			}
			if code != tc.wantCode || !strings.Contains(out, tc.wantOut) {
				t.Fatalf("adiukh %s: exit %d, output %q; want exit %d and %q", strings.Join(tc.args, " "), code, out, tc.wantCode, tc.wantOut)
			}
		})
	}
}
