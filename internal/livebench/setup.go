package main

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"strings"
	"time"

	"adiukh/tournament"
	"adiukh/tournament/account"
	"adiukh/tournament/engines"
	"adiukh/tournament/entries"
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
	began := time.Now()
	st, err := store.Open(unsynced(*dsn))
	if err != nil {
		return err
	}
	defer st.Close()
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

// unsynced is the DSN for setup's own connections, which do not wait for
// the disk at each commit: setup writes a thousand transactions (a player
// linked to an account is one), which on a disk of 4 ms a flush would take
// a minute. The data is the bench's own, and the servers open the
// database with their own settings.
func unsynced(dsn string) string {
	sep := "?"
	if strings.Contains(dsn, "?") {
		sep = "&"
	}
	if strings.HasPrefix(dsn, "postgres://") || strings.HasPrefix(dsn, "postgresql://") {
		return dsn + sep + "synchronous_commit=off"
	}
	return dsn + sep + "_sync=OFF"
}

// setUp makes the event: an arbiter and 2n players, each with an account
// and an API token, the players linked to their accounts, round 1 paired.
// The e-mails carry the moment of the run, so that a second run on the
// same database makes accounts of its own.
func setUp(ctx context.Context, st *store.Store, n int) (*benchSetup, error) {
	run := time.Now().UnixNano()
	emails := make([]string, 2*n+1) // the arbiter's, then the players'
	emails[0] = fmt.Sprintf("arbiter-%d@bench.example.org", run)
	for i := range 2 * n {
		emails[i+1] = fmt.Sprintf("p%04d-%d@bench.example.org", i, run)
	}
	users, tokens, err := addAccounts(ctx, st, emails)
	if err != nil {
		return nil, err
	}
	arbiter := tournament.NewContextWithUser(ctx, users[0])
	events := tournament.NewService(st, engines.Options())
	e, err := events.CreateEvent(arbiter, tournament.EventInput{Name: ptr("Live bench"), Discipline: ptr("blitz"), System: ptr("swiss"),
		Rounds: ptr(5), TimeControl: ptr("5+3"), Online: ptr(true)})
	if err != nil {
		return nil, err
	}
	var lines []entries.PlayerLine
	for i := range 2 * n {
		lines = append(lines, entries.PlayerLine{Line: i + 1, Input: tournament.PlayerInput{Name: ptr(fmt.Sprintf("Player %04d", i+1)), Rating: ptr(2400 - i)}})
	}
	players, err := entries.NewService(st.Entries(), entries.Options{}).RegisterPlayers(arbiter, e.ID, lines, false)
	if err != nil {
		return nil, err
	}
	setup := &benchSetup{Event: e.ID, Game: string(e.Game), Round: 1, Arbiter: tokens[0], Players: map[int64]string{}}
	// The players are linked to their accounts in one transaction of the
	// store: linking one by one (Service.LinkPlayer, which checks the
	// event's every link each time) took half a minute for a thousand.
	err = st.Update(ctx, func(tx tournament.Tx) error {
		for i, p := range players {
			setup.Players[p.ID] = tokens[i+1]
			if err := tx.LinkPlayer(e.ID, p.ID, users[i+1].ID); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	if _, err := events.PairNextRound(arbiter, e.ID); err != nil {
		return nil, err
	}
	return setup, nil
}

// addAccounts writes an account and an API token for each e-mail (the
// first an arbiter's, the others players') in one transaction. Every
// account has one hash of benchPassword, made once at the server's cost:
// the bench makes a thousand accounts in a second without weakening the
// hash of any password the server itself stores.
func addAccounts(ctx context.Context, st *store.Store, emails []string) ([]*tournament.User, []string, error) {
	hash, err := account.HashPassword(benchPassword)
	if err != nil {
		return nil, nil, err
	}
	now := time.Now().UTC()
	users := make([]*tournament.User, len(emails))
	tokens := make([]string, len(emails))
	err = st.Accounts().Update(ctx, func(tx account.Tx) error {
		for i, email := range emails {
			role := tournament.PlayerRole
			if i == 0 {
				role = tournament.ArbiterRole
			}
			users[i] = &tournament.User{Email: email, Role: role, PasswordHash: hash, Locale: "en", CreatedAt: now}
			if err := tx.CreateUser(users[i]); err != nil {
				return err
			}
			token, hash, err := newToken()
			if err != nil {
				return err
			}
			tokens[i] = token
			if err := tx.CreateToken(&account.Token{UserID: users[i].ID, Hash: hash, Name: "live bench", CreatedAt: now, ExpiresAt: now.Add(account.DefaultTokenTTL)}); err != nil {
				return err
			}
		}
		return nil
	})
	return users, tokens, err
}

// newToken makes an API token as the account service does: 256 random
// bits, stored as their SHA-256 (TestPlayAgainstTheServer signs in with
// them, so it fails if the two part).
func newToken() (token, hash string, err error) {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return "", "", err
	}
	token = "adk_" + base64.RawURLEncoding.EncodeToString(b)
	sum := sha256.Sum256([]byte(token))
	return token, hex.EncodeToString(sum[:]), nil
}

func ptr[T any](v T) *T { return &v }
