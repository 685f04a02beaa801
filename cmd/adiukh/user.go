package main

import (
	"context"
	"io"
	"os"

	"adiukh/tournament/account"
)

func init() {
	commands["user"] = command{phrase("manage accounts: user add|name|password|sign-out --email E"), userCommand}
	commands["token"] = command{phrase("manage API tokens: token create|list --email E, token revoke --id N"), tokenCommand}
}

// stdin is where --password-stdin reads; tests replace it.
var stdin io.Reader = os.Stdin

const userUsage = `usage: adiukh user add --email E --role admin|arbiter|player --password-stdin (--surname S --given-names G [--patronymic P] | --name N) [--db DSN]
       adiukh user name --email E (--surname S --given-names G [--patronymic P] | --name N) [--db DSN]   (the name others see)
       adiukh user password --email E --password-stdin [--db DSN]   (ends the user's web sign-ins)
       adiukh user sign-out --email E [--db DSN]                    (ends the user's web sign-ins)`

func userCommand(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		say(stderr, userUsage)
		return 2
	}
	switch args[0] {
	case "add":
	case "name":
		return userNameCommand(args, stdout, stderr)
	case "password", "sign-out":
		return userSessionsCommand(args, stdout, stderr)
	default:
		say(stderr, userUsage)
		return 2
	}
	fs := newFlags("user add", stderr)
	email := fs.String("email", "", "e-mail `ADDRESS` the user signs in with")
	names := nameFlags(fs)
	role := fs.String("role", "", "`ROLE`: admin, arbiter or player")
	locale := fs.String("locale", "ru", "interface `LANGUAGE`: ru or en")
	fromStdin := fs.Bool("password-stdin", false, "read the password from the first line of standard input")
	dsn := &fs.settings("db").DB
	if err := fs.Parse(args[1:]); err != nil {
		return parseStatus(err)
	}
	if fs.Require("email", "role") != nil {
		return 2
	}
	if names.names() == (account.Names{}) {
		// An account without a name is shown by its address, and its
		// player is asked the name before every entry (issue 60).
		say(stderr, "adiukh user add: give the account's name: --surname S --given-names G [--patronymic P], or --name N")
		return 2
	}
	if !*fromStdin {
		say(stderr, "adiukh user add: pass --password-stdin and the password on standard input (a password on the command line would show in the process list)")
		return 2
	}
	password, err := readPassword()
	if err != nil {
		fail(stderr, "adiukh user add", err)
		return 1
	}

	st := openStore(stderr, "adiukh user add", *dsn)
	if st == nil {
		return 1
	}
	defer st.Close()
	u, err := accountService(st, account.Options{}).AddUser(context.Background(), account.NewUser{
		Email: *email, Names: names.names(), Role: *role, Password: password, Locale: *locale,
	})
	if err != nil {
		fail(stderr, "adiukh user add", err)
		return 1
	}
	say(stdout, "user %d added: %s (%s)", u.ID, u.Email, u.Role)
	return 0
}

// userNames are the flags that name an account: the surname and given
// names (and patronymic) apart, or the name as one string, kept as typed.
type userNames struct{ name, surname, given, patronymic *string }

func nameFlags(fs *flags) userNames {
	return userNames{
		name:       fs.String("name", "", "the user's full `NAME` as one string, shown as typed"),
		surname:    fs.String("surname", "", "the user's `SURNAME`"),
		given:      fs.String("given-names", "", "the user's `GIVEN NAMES`"),
		patronymic: fs.String("patronymic", "", "the user's `PATRONYMIC`, if any"),
	}
}

func (n userNames) names() account.Names {
	return account.Names{Name: *n.name, Surname: *n.surname, GivenNames: *n.given, Patronymic: *n.patronymic}
}

// update changes the name in parts when any part is given, else the name
// as one string.
func (n userNames) update() account.AccountUpdate {
	if *n.surname == "" && *n.given == "" && *n.patronymic == "" {
		return account.AccountUpdate{Name: n.name}
	}
	return account.AccountUpdate{Name: n.name, Surname: n.surname, GivenNames: n.given, Patronymic: n.patronymic}
}
