package store_test

import (
	"context"
	"errors"
	"reflect"
	"testing"
	"time"

	"adiukh/tournament"
	"adiukh/tournament/account"
	"adiukh/tournament/store"
	"adiukh/tournament/store/storetest"
)

// forEachDB runs a test on every database storetest opens.
func forEachDB(t *testing.T, test func(t *testing.T, st *store.Store)) {
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) { test(t, st) })
	}
}

func update(t *testing.T, st *store.Store, fn func(tx tournament.Tx) error) {
	t.Helper()
	if err := st.Update(context.Background(), fn); err != nil {
		t.Fatal(err)
	}
}

func updateAccounts(t *testing.T, st *store.Store, fn func(tx account.Tx) error) {
	t.Helper()
	if err := st.Accounts().Update(context.Background(), fn); err != nil {
		t.Fatal(err)
	}
}

func seedEvent(t *testing.T, st *store.Store) (*tournament.User, *tournament.Event) {
	t.Helper()
	u := &tournament.User{Email: "arbiter@example.org", Name: "Главный судья", Role: tournament.ArbiterRole, Locale: "ru", CreatedAt: time.Now().UTC()}
	e := &tournament.Event{
		Name: "Кубок Адыгеи", Game: tournament.DefaultGame, Discipline: tournament.Standard, System: tournament.RoundRobin, Rounds: 3,
		TimeControl: tournament.TimeControl{BaseMinutes: 30, IncrementSeconds: 30}, Scoring: tournament.DefaultScoring(tournament.RoundRobin),
		TieBreaks: []string{"sonneborn-berger", "wins"}, StartDate: "2026-11-22", EndDate: "2026-11-23",
		Venue: "Дворец шахмат", City: "Майкоп", ChiefArbiter: "И. И. Иванов", Arbiters: []string{"П. П. Петров"},
		Status: tournament.Registration, Visibility: tournament.Public, CreatedAt: time.Now().UTC().Truncate(time.Second),
	}
	updateAccounts(t, st, func(tx account.Tx) error { return tx.CreateUser(u) })
	e.OwnerID = u.ID
	update(t, st, func(tx tournament.Tx) error { return tx.CreateEvent(e) })
	return u, e
}

func TestEventRoundTrip(t *testing.T) {
	t.Parallel()
	forEachDB(t, func(t *testing.T, st *store.Store) {
		_, want := seedEvent(t, st)
		update(t, st, func(tx tournament.Tx) error {
			got, err := tx.Event(want.ID)
			if err != nil {
				return err
			}
			got.CreatedAt = got.CreatedAt.UTC()
			if !reflect.DeepEqual(got, want) {
				t.Errorf("stored event\n%+v\nread back as\n%+v", want, got)
			}
			// The game is kept: an event of Russian draughts.
			want.Game = tournament.GameKind("russian")
			if err := tx.UpdateEvent(want); err != nil {
				return err
			}
			if got, err := tx.Event(want.ID); err != nil || got.Game != tournament.GameKind("russian") {
				t.Errorf("an event of Russian draughts reads back as %+v, %v", got, err)
			}
			if _, err := tx.Event(want.ID + 100); tournament.ErrorCode(err) != tournament.ENOTFOUND {
				t.Errorf("missing event: error %v, want ENOTFOUND", err)
			}
			return nil
		})
	})
}

func TestEventsVisibility(t *testing.T) {
	t.Parallel()
	forEachDB(t, func(t *testing.T, st *store.Store) {
		owner, public := seedEvent(t, st)
		private := *public
		private.ID, private.Visibility, private.Name = 0, tournament.Private, "Закрытый турнир"
		update(t, st, func(tx tournament.Tx) error { return tx.CreateEvent(&private) })
		for _, tc := range []struct {
			name    string
			ownerID int64
			all     bool
			want    int
		}{
			{"anonymous", 0, false, 1},
			{"owner", owner.ID, false, 2},
			{"admin", 0, true, 2},
		} {
			update(t, st, func(tx tournament.Tx) error {
				events, err := tx.Events(tc.ownerID, tc.all)
				if len(events) != tc.want {
					t.Errorf("%s sees %d events, want %d", tc.name, len(events), tc.want)
				}
				return err
			})
		}
	})
}

func TestUpdateRollsBackOnError(t *testing.T) {
	t.Parallel()
	forEachDB(t, func(t *testing.T, st *store.Store) {
		_, e := seedEvent(t, st)
		failure := errors.New("use case failed")
		err := st.Update(context.Background(), func(tx tournament.Tx) error {
			if err := tx.CreatePlayer(&tournament.Player{EventID: e.ID, StartNo: 1, Name: "Ёжиков Пётр", FirstRound: 1}); err != nil {
				return err
			}
			return failure
		})
		if !errors.Is(err, failure) {
			t.Fatalf("Update returned %v, want the use case's error", err)
		}
		update(t, st, func(tx tournament.Tx) error {
			players, err := tx.Players(e.ID)
			if len(players) != 0 {
				t.Errorf("the failed transaction left %d players behind", len(players))
			}
			return err
		})
	})
}

func TestRoundsAndGameVersions(t *testing.T) {
	t.Parallel()
	forEachDB(t, func(t *testing.T, st *store.Store) {
		_, e := seedEvent(t, st)
		players := []tournament.Player{
			{EventID: e.ID, StartNo: 1, Name: "Хуаде Аслан", Rating: 1800, FirstRound: 1},
			{EventID: e.ID, StartNo: 2, Name: "Ёлкина Анна", Rating: 1700, FirstRound: 1},
			{EventID: e.ID, StartNo: 3, Name: "Smith John", Rating: 1600, FirstRound: 1},
		}
		round := &tournament.Round{EventID: e.ID, Number: 1, Status: tournament.Draft}
		update(t, st, func(tx tournament.Tx) error {
			for i := range players {
				if err := tx.CreatePlayer(&players[i]); err != nil {
					return err
				}
			}
			round.Games = []tournament.Game{
				{Board: 1, WhiteID: players[0].ID, BlackID: players[1].ID, WhiteNo: 1, BlackNo: 2},
				{Board: 2, WhiteID: players[2].ID, WhiteNo: 3, Result: &tournament.Result{EndReason: tournament.Bye}},
			}
			return tx.CreateRound(round)
		})

		var game tournament.Game
		update(t, st, func(tx tournament.Tx) error {
			rounds, err := tx.Rounds(e.ID)
			if err != nil {
				return err
			}
			if len(rounds) != 1 || !reflect.DeepEqual(rounds[0], *round) {
				t.Fatalf("stored round\n%+v\nread back as\n%+v", *round, rounds)
			}
			game = rounds[0].Games[0]
			return nil
		})
		if game.Version != 1 || game.Result != nil || game.BlackID != players[1].ID {
			t.Fatalf("new game = %+v, want version 1, no result, black %d", game, players[1].ID)
		}

		first := game
		first.Result = &tournament.Result{White: 17, Black: 7, EndReason: tournament.FinalPosition}
		first.Sheet = "1. cb4 bc5"
		first.SheetReport = &tournament.SheetReport{Errors: []tournament.SheetError{{Line: 1, Ply: 3, MoveNo: 2, Message: "не по правилам"}}}
		update(t, st, func(tx tournament.Tx) error { return tx.UpdateGame(&first) })
		if first.Version != 2 {
			t.Errorf("version after the update = %d, want 2", first.Version)
		}

		stale := game
		stale.Result = &tournament.Result{White: 12, Black: 12, EndReason: tournament.Agreement}
		err := st.Update(context.Background(), func(tx tournament.Tx) error { return tx.UpdateGame(&stale) })
		if tournament.ErrorCode(err) != tournament.ECONFLICT {
			t.Fatalf("update from a stale version: error %v, want ECONFLICT", err)
		}

		update(t, st, func(tx tournament.Tx) error {
			rounds, err := tx.Rounds(e.ID)
			if err != nil {
				return err
			}
			if got := rounds[0].Games[0]; !reflect.DeepEqual(got, first) {
				t.Errorf("after the refused stale update the game is\n%+v\nwant\n%+v", got, first)
			}
			return nil
		})
	})
}

func TestAuditLog(t *testing.T) {
	t.Parallel()
	forEachDB(t, func(t *testing.T, st *store.Store) {
		u, e := seedEvent(t, st)
		at := time.Date(2026, 11, 22, 10, 0, 0, 0, time.UTC)
		entries := []tournament.AuditEntry{
			{EventID: e.ID, At: at, UserID: u.ID, UserEmail: u.Email, Action: tournament.ActionResultRecord, Subject: "round 1 board 1", After: `{"score":"17:7"}`},
			{EventID: e.ID, At: at.Add(time.Minute), UserID: u.ID, UserEmail: u.Email, Action: tournament.ActionResultOverride, Subject: "round 1 board 1",
				Before: `{"score":"17:7"}`, After: `{"score":"15:9"}`, Reason: "бланк заполнен с ошибкой"},
		}
		update(t, st, func(tx tournament.Tx) error {
			for i := range entries {
				if err := tx.AddAudit(&entries[i]); err != nil {
					return err
				}
			}
			return nil
		})
		update(t, st, func(tx tournament.Tx) error {
			got, err := tx.Audit(e.ID)
			for i := range got {
				got[i].At = got[i].At.UTC()
			}
			if !reflect.DeepEqual(got, entries) {
				t.Errorf("audit log\n%+v\nwant\n%+v", got, entries)
			}
			return err
		})
	})
}

func TestUsersAndTokens(t *testing.T) {
	t.Parallel()
	forEachDB(t, func(t *testing.T, st *store.Store) {
		u, _ := seedEvent(t, st)
		err := st.Accounts().Update(context.Background(), func(tx account.Tx) error {
			return tx.CreateUser(&tournament.User{Email: u.Email, Role: tournament.Admin})
		})
		if tournament.ErrorCode(err) != tournament.ECONFLICT {
			t.Errorf("second user with the same e-mail: error %v, want ECONFLICT", err)
		}
		updateAccounts(t, st, func(tx account.Tx) error {
			if err := tx.CreateToken(&account.Token{UserID: u.ID, Hash: "abc123", CreatedAt: time.Now()}); err != nil {
				return err
			}
			tok, got, err := tx.TokenByHash("abc123")
			if err != nil {
				return err
			}
			if got.ID != u.ID || got.Role != tournament.ArbiterRole || tok.UserID != u.ID || !tok.ExpiresAt.IsZero() {
				t.Errorf("token %+v of %+v, want user %d's without expiry", tok, got, u.ID)
			}
			if _, _, err := tx.TokenByHash("other"); tournament.ErrorCode(err) != tournament.ENOTFOUND {
				t.Errorf("unknown token: error %v, want ENOTFOUND", err)
			}
			return nil
		})
	})
}

func TestRoundNumberIsUnique(t *testing.T) {
	t.Parallel()
	forEachDB(t, func(t *testing.T, st *store.Store) {
		_, e := seedEvent(t, st)
		update(t, st, func(tx tournament.Tx) error {
			return tx.CreateRound(&tournament.Round{EventID: e.ID, Number: 1, Status: tournament.Draft})
		})
		err := st.Update(context.Background(), func(tx tournament.Tx) error {
			return tx.CreateRound(&tournament.Round{EventID: e.ID, Number: 1, Status: tournament.Draft})
		})
		if tournament.ErrorCode(err) != tournament.ECONFLICT {
			t.Errorf("a second round 1: error %v, want ECONFLICT", err)
		}
	})
}
