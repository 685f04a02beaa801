package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"time"

	"adiukh/tournament"
	"adiukh/tournament/account"
	"adiukh/tournament/engines"
	"adiukh/tournament/store"
)

// benchPassword is every bench account's password; nobody signs in with
// it (the players use API tokens), but each account has a real hash.
const benchPassword = "bench password 123"

func setupCommand(args []string) error {
	fs := flag.NewFlagSet("livebench setup", flag.ExitOnError)
	dsn := fs.String("db", "", "the database the servers will serve: a SQLite file or a PostgreSQL DSN")
	games := fs.Int("games", 500, "live games of the round (two players each)")
	out := fs.String("out", "", "the file to write the event, the round and the tokens into, for play")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *dsn == "" || *out == "" || *games < 1 {
		return fmt.Errorf("setup needs -db, -out and -games of at least 1")
	}
	st, err := store.Open(*dsn)
	if err != nil {
		return err
	}
	defer st.Close()
	began := time.Now()
	setup, err := setUp(context.Background(), st, *games)
	if err != nil {
		return err
	}
	body, err := json.Marshal(setup)
	if err != nil {
		return err
	}
	if err := os.WriteFile(*out, body, 0o600); err != nil {
		return err
	}
	fmt.Printf("set up event %d: %d players with accounts and API tokens, round %d paired, in %v\n",
		setup.Event, len(setup.Players), setup.Round, time.Since(began).Round(time.Millisecond))
	return nil
}

// setUp makes the event: an arbiter and 2n players, each with an account
// and an API token, the players linked to their accounts, round 1 paired.
// The e-mails carry the moment of the run, so that a second run on the
// same database makes accounts of its own.
func setUp(ctx context.Context, st *store.Store, n int) (*benchSetup, error) {
	run := time.Now().UnixNano()
	arbiterEmail := fmt.Sprintf("arbiter-%d@bench.example.org", run)
	playerEmail := func(i int) string { return fmt.Sprintf("p%04d-%d@bench.example.org", i, run) }
	if err := addAccounts(ctx, st, arbiterEmail, playerEmail, 2*n); err != nil {
		return nil, err
	}
	accounts := account.NewService(st.Accounts())
	arbiterToken, _, err := accounts.CreateToken(ctx, account.NewToken{Email: arbiterEmail, Name: "live bench"})
	if err != nil {
		return nil, err
	}
	arbiterUser, err := accounts.User(ctx, arbiterEmail)
	if err != nil {
		return nil, err
	}
	arbiter := tournament.NewContextWithUser(ctx, arbiterUser)
	events := tournament.NewService(st, engines.Options())
	e, err := events.CreateEvent(arbiter, tournament.EventInput{Name: ptr("Live bench"), Discipline: ptr("blitz"), System: ptr("swiss"),
		Rounds: ptr(5), TimeControl: ptr("5+3"), Online: ptr(true)})
	if err != nil {
		return nil, err
	}
	var lines []tournament.PlayerLine
	for i := range 2 * n {
		lines = append(lines, tournament.PlayerLine{Line: i + 1, Input: tournament.PlayerInput{Name: ptr(fmt.Sprintf("Player %04d", i+1)), Rating: ptr(2400 - i)}})
	}
	players, err := events.RegisterPlayers(arbiter, e.ID, lines, false)
	if err != nil {
		return nil, err
	}
	setup := &benchSetup{Event: e.ID, Round: 1, Arbiter: arbiterToken, Players: map[int64]string{}}
	for i, p := range players {
		email := playerEmail(i)
		if setup.Players[p.ID], _, err = accounts.CreateToken(ctx, account.NewToken{Email: email, Name: "live bench"}); err != nil {
			return nil, err
		}
		if err := events.LinkPlayer(arbiter, e.ID, p.ID, email); err != nil {
			return nil, err
		}
	}
	if _, err := events.PairNextRound(arbiter, e.ID); err != nil {
		return nil, err
	}
	return setup, nil
}

// addAccounts writes the arbiter's account and n players' in one
// transaction, all with one hash of benchPassword made at the server's
// cost: the bench makes a thousand accounts in a second without weakening
// the hash of any password the server itself stores.
func addAccounts(ctx context.Context, st *store.Store, arbiterEmail string, playerEmail func(int) string, n int) error {
	hash, err := account.HashPassword(benchPassword)
	if err != nil {
		return err
	}
	now := time.Now().UTC()
	return st.Accounts().Update(ctx, func(tx account.Tx) error {
		if err := tx.CreateUser(&tournament.User{Email: arbiterEmail, Role: tournament.ArbiterRole, PasswordHash: hash, Locale: "en", CreatedAt: now}); err != nil {
			return err
		}
		for i := range n {
			if err := tx.CreateUser(&tournament.User{Email: playerEmail(i), Role: tournament.PlayerRole, PasswordHash: hash, Locale: "en", CreatedAt: now}); err != nil {
				return err
			}
		}
		return nil
	})
}

func ptr[T any](v T) *T { return &v }
