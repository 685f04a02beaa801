package store_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"adiukh/rules/adiukh"
	"adiukh/tournament"
	"adiukh/tournament/account"
	"adiukh/tournament/composition"
	"adiukh/tournament/correspondence"
	"adiukh/tournament/entries"
	"adiukh/tournament/store"
)

// The data version moves with every committed write of what a page may
// show, and only then: a read, a write that fails and is rolled back, and
// a write of a live game's own rows leave it.
func TestDataVersionMovesWithEveryWrite(t *testing.T) {
	t.Parallel()
	forEachDB(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		version := func() int64 {
			t.Helper()
			v, err := st.DataVersion(ctx)
			if err != nil {
				t.Fatal(err)
			}
			return v
		}
		before := version()
		_, e := seedEvent(t, st)
		afterWrite := version()
		if afterWrite <= before {
			t.Fatalf("a write left the version at %d (was %d)", afterWrite, before)
		}
		if err := st.View(ctx, func(tx tournament.Tx) error { _, err := tx.Event(e.ID); return err }); err != nil {
			t.Fatal(err)
		}
		failed := errors.New("refused")
		err := st.Update(ctx, func(tx tournament.Tx) error {
			e.Name = "Не сохранится"
			if err := tx.UpdateEvent(e); err != nil {
				return err
			}
			return failed
		})
		if !errors.Is(err, failed) {
			t.Fatalf("the failing write: %v", err)
		}
		if v := version(); v != afterWrite {
			t.Errorf("a read and a rolled-back write moved the version from %d to %d", afterWrite, v)
		}
		if err := st.Composition().Update(ctx, func(tx composition.Tx) error {
			return tx.AddAudit(&tournament.AuditEntry{EventID: e.ID, Action: "test"})
		}); err != nil {
			t.Fatal(err)
		}
		afterAudit := version()
		if afterAudit <= afterWrite {
			t.Errorf("a write through the contests' store left the version at %d", afterAudit)
		}

		// A live game's move writes the game and the move, which no
		// cached page shows: the version stays. So does a write
		// transaction that writes nothing.
		g := correspondence.Game{ID: 7, EventID: e.ID, Round: 1, Board: 1, WhiteID: 1, BlackID: 2, Status: correspondence.Running,
			Position: adiukh.Start().String(), Live: true, Version: 1}
		corrUpdate(t, st, func(tx correspondence.Tx) error { return tx.CreateGames([]correspondence.Game{g}) })
		if v := version(); v != afterAudit {
			t.Errorf("creating a game moved the version from %d to %d", afterAudit, v)
		}
		corrUpdate(t, st, func(tx correspondence.Tx) error {
			g, err := tx.LockGame(g.ID)
			if err != nil {
				return err
			}
			g.Ply++
			if err := tx.SaveGame(g); err != nil {
				return err
			}
			return tx.AddMove(&correspondence.Move{GameID: g.ID, Ply: 1, Notation: "c3-d4", Position: g.Position})
		})
		corrUpdate(t, st, func(tx correspondence.Tx) error { _, err := tx.Game(g.ID); return err })
		if v := version(); v != afterAudit {
			t.Errorf("a move of a live game moved the version from %d to %d", afterAudit, v)
		}
		corrUpdate(t, st, func(tx correspondence.Tx) error {
			return tx.AddNotification(&correspondence.Notification{UserID: 1, EventID: e.ID, GameID: g.ID, Kind: correspondence.YourMove})
		})
		if v := version(); v <= afterAudit {
			t.Errorf("a notification left the version at %d", v)
		}
	})
}

// Issue 59.2: a write of the accounts' own records (a session made and
// ended) leaves the data version, which the page cache keeps pages by,
// and raises the version of every write, by which the account service
// keeps the sign-ins it verified: a sign-out is seen at once.
func TestAccountWritesLeaveTheDataVersion(t *testing.T) {
	t.Parallel()
	forEachDB(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		versions := func() (data, writes int64) {
			t.Helper()
			data, err := st.DataVersion(ctx)
			if err != nil {
				t.Fatal(err)
			}
			if writes, err = st.WriteVersion(ctx); err != nil {
				t.Fatal(err)
			}
			return data, writes
		}
		u, _ := seedEvent(t, st)
		data, writes := versions()
		session := &account.Session{UserID: u.ID, Hash: "hash of a session", CreatedAt: time.Now().UTC(), ExpiresAt: time.Now().Add(time.Hour).UTC()}
		for _, write := range []func(tx account.Tx) error{
			func(tx account.Tx) error { return tx.CreateSession(session) },
			func(tx account.Tx) error { return tx.DeleteSession(session.Hash) },
		} {
			if err := st.Accounts().Update(ctx, write); err != nil {
				t.Fatal(err)
			}
			afterData, afterWrites := versions()
			if afterData != data || afterWrites <= writes {
				t.Errorf("a session's write: data version %d → %d (want it kept), version of writes %d → %d (want it raised)", data, afterData, writes, afterWrites)
			}
			writes = afterWrites
		}
	})
}

// Issue 59.3: a write of one event's data raises that event's version and
// leaves every other event's and the shared one, which the pages of the
// other events are kept by; a write of data no event owns, or one that
// cannot tell whose it is, raises the shared version. A transaction reads
// the versions as the store does.
func TestEventVersionsMoveWithTheirEventsWrites(t *testing.T) {
	t.Parallel()
	forEachDB(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		u, a := seedEvent(t, st)
		b := &tournament.Event{Name: "Кубок Майкопа", Game: a.Game, Discipline: a.Discipline, System: a.System, Rounds: a.Rounds,
			Scoring: a.Scoring, StartDate: a.StartDate, EndDate: a.EndDate, Status: tournament.Registration, Visibility: tournament.Public,
			OwnerID: u.ID, CreatedAt: a.CreatedAt}
		update(t, st, func(tx tournament.Tx) error { return tx.CreateEvent(b) })
		type versions struct{ shared, a, b int64 }
		read := func() versions {
			t.Helper()
			var v versions
			var err error
			if v.shared, v.a, err = st.EventVersions(ctx, a.ID); err != nil {
				t.Fatal(err)
			}
			shared := v.shared
			if v.shared, v.b, err = st.EventVersions(ctx, b.ID); err != nil || v.shared != shared {
				t.Fatalf("the shared version read twice: %d, %d (%v)", shared, v.shared, err)
			}
			// A transaction reads them as the store does (entries.VersionTx:
			// an account's page keeps its parts of an event by them).
			err = st.Entries().View(ctx, func(tx entries.Tx) error {
				inTx, event, err := tx.EventVersions(a.ID)
				if err == nil && (inTx != v.shared || event != v.a) {
					t.Errorf("event A's versions in a transaction: %d, %d; the store's %d, %d", inTx, event, v.shared, v.a)
				}
				return err
			})
			if err != nil {
				t.Fatal(err)
			}
			return v
		}
		players := []tournament.Player{
			{EventID: a.ID, StartNo: 1, Name: "Хуаде Аслан", FirstRound: 1},
			{EventID: a.ID, StartNo: 2, Name: "Ёлкина Анна", FirstRound: 1},
		}
		round := &tournament.Round{EventID: a.ID, Number: 1, Status: tournament.Draft}
		before := read()
		update(t, st, func(tx tournament.Tx) error {
			if err := tx.LockEvent(a.ID); err != nil {
				return err
			}
			for i := range players {
				if err := tx.CreatePlayer(&players[i]); err != nil {
					return err
				}
			}
			round.Games = []tournament.Game{{Board: 1, WhiteID: players[0].ID, BlackID: players[1].ID, WhiteNo: 1, BlackNo: 2}}
			return tx.CreateRound(round)
		})
		afterPairing := read()
		if afterPairing.a <= before.a || afterPairing.b != before.b || afterPairing.shared != before.shared {
			t.Errorf("event A's players and round: versions %+v → %+v, want A's alone raised", before, afterPairing)
		}

		// A board's result is written by the board's ID: it is of the
		// event the transaction locked.
		game := round.Games[0]
		game.Result = &tournament.Result{White: 17, Black: 7, EndReason: tournament.FinalPosition}
		update(t, st, func(tx tournament.Tx) error {
			if err := tx.LockEvent(a.ID); err != nil {
				return err
			}
			return tx.UpdateGame(&game)
		})
		afterResult := read()
		if afterResult.a <= afterPairing.a || afterResult.b != before.b || afterResult.shared != afterPairing.shared {
			t.Errorf("a result of event A: versions %+v → %+v, want A's alone raised", afterPairing, afterResult)
		}

		// A live game's end locks no event: its result still tells its
		// round's event.
		update(t, st, func(tx tournament.Tx) error { return tx.UpdateGame(&game) })
		afterLive := read()
		if afterLive.a <= afterResult.a || afterLive.b != before.b || afterLive.shared != afterResult.shared {
			t.Errorf("a result of event A with no event locked: versions %+v → %+v, want A's alone raised", afterResult, afterLive)
		}

		// A statement that tells no event, with none locked: every event's
		// pages must be made again.
		update(t, st, func(tx tournament.Tx) error { return tx.DeleteRound(round) })
		afterUnlocked := read()
		if afterUnlocked.shared <= afterLive.shared {
			t.Errorf("a round deleted with no event locked: versions %+v → %+v, want the shared one raised", afterLive, afterUnlocked)
		}

		b.Name = "Кубок Адыгеи среди юниоров"
		update(t, st, func(tx tournament.Tx) error { return tx.UpdateEvent(b) })
		afterRename := read()
		if afterRename.b <= afterUnlocked.b || afterRename.a != afterUnlocked.a || afterRename.shared != afterUnlocked.shared {
			t.Errorf("event B renamed: versions %+v → %+v, want B's alone raised", afterUnlocked, afterRename)
		}

		updateAccounts(t, st, func(tx account.Tx) error {
			return tx.CreateUser(&tournament.User{Email: "reader@example.org", Name: "Читатель", Role: tournament.PlayerRole, Locale: "ru", CreatedAt: time.Now().UTC()})
		})
		if v := read(); v.shared <= afterRename.shared {
			t.Errorf("an account created: versions %+v → %+v, want the shared one raised", afterRename, v)
		}
	})
}
