package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
	"time"

	"adiukh/tournament/account"
	"adiukh/tournament/store"
)

// readPassword reads the first line of standard input.
func readPassword() (string, error) {
	password, err := bufio.NewReader(stdin).ReadString('\n')
	if err != nil && !errors.Is(err, io.EOF) {
		return "", newProblem("could not read the password from standard input: %v", err)
	}
	return strings.TrimRight(password, "\r\n"), nil
}

// userSessionsCommand sets a password or ends a user's web sign-ins; both
// end every session of the user on every instance.
func userSessionsCommand(args []string, stdout, stderr io.Writer) int {
	name := "adiukh user " + args[0]
	fs := newFlags(name, stderr)
	email := fs.String("email", "", "e-mail `ADDRESS` of the user")
	fromStdin := fs.Bool("password-stdin", false, "read the new password from the first line of standard input")
	dsn := &fs.settings("db").DB
	if err := fs.Parse(args[1:]); err != nil {
		return parseStatus(err)
	}
	if fs.Require("email") != nil {
		return 2
	}
	if args[0] == "password" && !*fromStdin {
		say(stderr, "%s: pass --password-stdin and the password on standard input", name)
		return 2
	}
	st := openExistingStore(stderr, name, *dsn)
	if st == nil {
		return 1
	}
	defer st.Close()
	ctx := account.AsOperator(context.Background())
	accounts := accountService(st, account.Options{})
	if args[0] == "password" {
		password, err := readPassword()
		if err == nil {
			err = accounts.SetPassword(ctx, *email, "", password, "")
		}
		if err != nil {
			fail(stderr, name, err)
			return 1
		}
		say(stdout, "password of %s changed; its web sign-ins ended", *email)
		return 0
	}
	n, err := accounts.EndSessions(ctx, *email)
	if err != nil {
		fail(stderr, name, err)
		return 1
	}
	say(stdout, "%d web sign-ins of %s ended", n, *email)
	return 0
}

// userNameCommand sets the name an account is shown by.
func userNameCommand(args []string, stdout, stderr io.Writer) int {
	const name = "adiukh user name"
	fs := newFlags(name, stderr)
	email := fs.String("email", "", "e-mail `ADDRESS` of the user")
	names := nameFlags(fs)
	dsn := &fs.settings("db").DB
	if err := fs.Parse(args[1:]); err != nil {
		return parseStatus(err)
	}
	if fs.Require("email") != nil {
		return 2
	}
	if names.names() == (account.Names{}) {
		say(stderr, "%s: give --surname and --given-names, or --name", name)
		return 2
	}
	st := openExistingStore(stderr, name, *dsn)
	if st == nil {
		return 1
	}
	defer st.Close()
	u, err := accountService(st, account.Options{}).UpdateAccount(account.AsOperator(context.Background()), *email, names.update())
	if err != nil {
		fail(stderr, name, err)
		return 1
	}
	say(stdout, "%s is shown as %s", u.Email, u.Name)
	return 0
}

const tokenUsage = `usage: adiukh token create --email E [--name N] [--days D] [--db DSN]
       adiukh token list --email E [--db DSN]
       adiukh token revoke --id N [--db DSN]`

func tokenCommand(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 || (args[0] != "create" && args[0] != "list" && args[0] != "revoke") {
		say(stderr, tokenUsage)
		return 2
	}
	name := "adiukh token " + args[0]
	fs := newFlags(name, stderr)
	email := fs.String("email", "", "e-mail `ADDRESS` of the user the tokens act for")
	label := fs.String("name", "", "what the token is for, shown in lists (create)")
	days := fs.Int("days", int(account.DefaultTokenTTL.Hours()/24), "`DAYS` the token works (create)")
	id := fs.Int64("id", 0, "`NUMBER` of the token, as listed (revoke)")
	dsn := &fs.settings("db").DB
	if err := fs.Parse(args[1:]); err != nil {
		return parseStatus(err)
	}
	required := "email"
	if args[0] == "revoke" {
		required = "id"
	}
	if fs.Require(required) != nil {
		return 2
	}
	maxDays := int(account.MaxTokenTTL.Hours() / 24)
	if args[0] == "create" && (*days < 1 || *days > maxDays) {
		say(stderr, "%s: --days: a token works from 1 to %d days; got %d", name, maxDays, *days)
		return 2
	}
	st := openExistingStore(stderr, name, *dsn)
	if st == nil {
		return 1
	}
	defer st.Close()
	ctx := account.AsOperator(context.Background())
	accounts := accountService(st, account.Options{})
	switch args[0] {
	case "create":
		token, tok, err := accounts.CreateToken(ctx, account.NewToken{Email: *email, Name: *label, TTL: time.Duration(*days) * 24 * time.Hour})
		if err != nil {
			fail(stderr, name, err)
			return 1
		}
		fmt.Fprintln(stdout, token)
		say(stderr, "token %d works until %s", tok.ID, tok.ExpiresAt.Format("2006-01-02 15:04 MST"))
	case "list":
		tokens, err := accounts.Tokens(ctx, *email)
		if err != nil {
			fail(stderr, name, err)
			return 1
		}
		table := tabwriter.NewWriter(stdout, 0, 4, 2, ' ', 0)
		w := console{table, localizer(stdout)}
		say(w, "ID\tNAME\tCREATED\tEXPIRES")
		for _, t := range tokens {
			expires := w.l.Sprintf("never")
			if !t.ExpiresAt.IsZero() {
				expires = t.ExpiresAt.Format("2006-01-02 15:04 MST")
			}
			fmt.Fprintf(w, "%d\t%s\t%s\t%s\n", t.ID, t.Name, t.CreatedAt.Format("2006-01-02 15:04 MST"), expires)
		}
		_ = table.Flush()
	case "revoke":
		if err := accounts.RevokeToken(ctx, *id); err != nil {
			fail(stderr, name, err)
			return 1
		}
		say(stdout, "token %d revoked", *id)
	}
	return 0
}

// passwordCost is the argon2id work of the passwords the commands hash. The
// tests lower it: a stored hash carries its own cost, so a password hashed
// at any cost is checked at that cost.
var passwordCost = account.DefaultPasswordCost

// accountService is the account service of a command on st.
func accountService(st *store.Store, o account.Options) *account.Service {
	o.PasswordCost = passwordCost
	return account.NewServiceWith(st.Accounts(), o)
}
