package store_test

import (
	"context"
	"reflect"
	"testing"
	"time"

	"adiukh/rules"
	"adiukh/rules/adiukh"
	"adiukh/tournament"
	"adiukh/tournament/correspondence"
	"adiukh/tournament/store"
)

func corrUpdate(t *testing.T, st *store.Store, fn func(tx correspondence.Tx) error) {
	t.Helper()
	if err := st.Correspondence().Update(context.Background(), fn); err != nil {
		t.Fatal(err)
	}
}

// The correspondence tables keep games with their clocks exactly, refuse a
// write from a stale version, and find the games due and past the end date.
func TestCorrespondenceGames(t *testing.T) {
	t.Parallel()
	forEachDB(t, func(t *testing.T, st *store.Store) {
		_, e := seedEvent(t, st) // ends 2026-11-23
		start := time.Date(2026, 11, 22, 10, 0, 0, 0, time.UTC)
		black := rules.Black
		games := []correspondence.Game{
			{ID: 101, BoardGameID: 1, EventID: e.ID, Round: 1, Board: 1, WhiteID: 1, BlackID: 2, Status: correspondence.Running, Position: adiukh.Start().String(),
				ToMove: rules.White, Bank: [2]time.Duration{50 * correspondence.Day, 47*correspondence.Day + 3*time.Hour}, TurnStart: start,
				Deadline: start.Add(10 * correspondence.Day), OfferBy: &black, OfferPly: 4, StartedAt: start, Version: 1},
			{ID: 102, BoardGameID: 2, EventID: e.ID, Round: 1, Board: 2, WhiteID: 3, BlackID: 4, Status: correspondence.Running, Position: adiukh.Start().String(),
				ToMove: rules.Black, TurnStart: start, Deadline: start.Add(30 * correspondence.Day), StartedAt: start, Version: 1},
			{ID: 103, BoardGameID: 3, EventID: e.ID, Round: 2, Board: 1, WhiteID: 1, BlackID: 3, Status: correspondence.Finished, Position: adiukh.Start().String(),
				Result: &tournament.Result{White: 17, Black: 7, EndReason: tournament.FinalPosition}, Deadline: start, StartedAt: start, EndedAt: start.Add(time.Hour), Version: 1},
		}
		corrUpdate(t, st, func(tx correspondence.Tx) error { return tx.CreateGames(games) })
		corrUpdate(t, st, func(tx correspondence.Tx) error {
			g, err := tx.LockGame(101)
			if err != nil {
				return err
			}
			if g.Bank != games[0].Bank || !g.Deadline.Equal(games[0].Deadline) || g.OfferBy == nil || *g.OfferBy != rules.Black || g.OfferPly != 4 {
				t.Errorf("game read back as %+v", g)
			}
			stale := *g
			if err := tx.SaveGame(g); err != nil {
				return err
			}
			if err := tx.SaveGame(&stale); tournament.ErrorCode(err) != tournament.ECONFLICT {
				t.Errorf("a write from a stale version: %v, want ECONFLICT", err)
			}
			done, err := tx.Game(103)
			if err != nil || done.Result == nil || done.Result.Score() != "17:7" || !done.EndedAt.Equal(start.Add(time.Hour)) {
				t.Errorf("finished game read back as %+v (%v)", done, err)
			}
			due, err := tx.DueGames(start.Add(10 * correspondence.Day))
			if err != nil || len(due) != 1 || due[0].ID != 101 {
				t.Errorf("due at the first deadline: %v (%v), want game 101 only", due, err)
			}
			past, err := tx.GamesPastEndDate("2026-11-24")
			if err != nil || len(past) != 2 {
				t.Errorf("running games after the end date: %v (%v), want 2", past, err)
			}
			if past, _ := tx.GamesPastEndDate("2026-11-23"); len(past) != 0 {
				t.Errorf("on the end date itself the games are not past it: %v", past)
			}
			mine, err := tx.GamesOfPlayers([]int64{3})
			if err != nil || len(mine) != 2 {
				t.Errorf("games of player 3: %v (%v), want 2", mine, err)
			}
			return nil
		})
	})
}

// A notification is claimed for mail once.
func TestCorrespondenceNotifications(t *testing.T) {
	t.Parallel()
	forEachDB(t, func(t *testing.T, st *store.Store) {
		u, e := seedEvent(t, st)
		n := &correspondence.Notification{UserID: u.ID, EventID: e.ID, GameID: 7, Kind: correspondence.YourMove, Args: []string{"Кубок", "А", "Б", "1", "—"}, CreatedAt: time.Now()}
		corrUpdate(t, st, func(tx correspondence.Tx) error { return tx.AddNotification(n) })
		corrUpdate(t, st, func(tx correspondence.Tx) error {
			first, err := tx.ClaimMail(n.ID)
			if err != nil {
				return err
			}
			second, err := tx.ClaimMail(n.ID)
			if !first || second || err != nil {
				t.Errorf("claims: %v then %v (%v), want true then false", first, second, err)
			}
			inbox, err := tx.Inbox(u.ID, 10)
			if err != nil || len(inbox) != 1 || inbox[0].Args[1] != "А" || !inbox[0].Mailed {
				t.Errorf("inbox %+v (%v)", inbox, err)
			}
			return tx.MarkRead(u.ID, []int64{n.ID})
		})
	})
}

// SaveGames saves each game as SaveGame would (on PostgreSQL in one
// statement of every column, read as the table's types): a game saved
// through it reads back the same as its twin saved alone, to the
// microsecond of its times; a game whose stored version is no longer its
// own, and a second change of a game made from the same version, are
// conflicts and write nothing.
func TestSaveGamesSavesAsSaveGame(t *testing.T) {
	t.Parallel()
	forEachDB(t, func(t *testing.T, st *store.Store) {
		_, e := seedEvent(t, st)
		start := time.Date(2026, 11, 22, 10, 0, 0, 123456789, time.UTC)
		game := func(id int64) correspondence.Game {
			return correspondence.Game{ID: id, BoardGameID: id, EventID: e.ID, Round: 1, Board: int(id), WhiteID: 1, BlackID: 2, Status: correspondence.Running,
				Position: adiukh.Start().String(), ToMove: rules.White, TurnStart: start, Deadline: start, StartedAt: start, Version: 1, Live: true}
		}
		corrUpdate(t, st, func(tx correspondence.Tx) error {
			return tx.CreateGames([]correspondence.Game{game(301), game(302), game(303), game(304)})
		})
		// Every column changed, times finer than the store keeps.
		black := rules.Black
		change := func(g correspondence.Game) *correspondence.Game {
			g.Status, g.Position, g.ToMove, g.Ply = correspondence.Finished, "changed position", rules.Black, 7
			g.Bank = [2]time.Duration{3*time.Minute + 1234*time.Millisecond, 2 * time.Minute}
			g.TurnStart, g.Deadline = start.Add(7*time.Second+987654321), start.Add(time.Minute+5*time.Millisecond)
			g.TurnMaxMoveDays, g.OfferBy, g.OfferPly, g.Note = 3, &black, 6, "note.game.repetition.white"
			g.Result = &tournament.Result{White: 2, Black: 0, EndReason: tournament.FinalPosition}
			g.WarnedPly, g.RepetitionFrom, g.EndedAt = 5, 2, start.Add(time.Hour+333*time.Nanosecond)
			g.Shown = [2]time.Time{start.Add(1500 * time.Microsecond), start.Add(2*time.Second + 999*time.Nanosecond)}
			g.Connection, g.Stopped, g.MicroGame, g.Start = [2]int{4, 5}, 1500*time.Millisecond, 1, "start position"
			return &g
		}
		var alone *correspondence.Game
		var outcome []error
		corrUpdate(t, st, func(tx correspondence.Tx) (err error) {
			alone = change(game(301))
			if err := tx.SaveGame(alone); err != nil {
				return err
			}
			stale := game(304)
			stale.Version = 0
			outcome, err = tx.SaveGames([]*correspondence.Game{change(game(302)), change(game(303)), change(game(302)), &stale})
			return err
		})
		for i, want := range []string{"", "", tournament.ECONFLICT, tournament.ECONFLICT} {
			if got := tournament.ErrorCode(outcome[i]); got != want {
				t.Errorf("game %d of the batch: %q (%v), want %q", i, got, outcome[i], want)
			}
		}
		var read []correspondence.Game
		corrUpdate(t, st, func(tx correspondence.Tx) error {
			for _, id := range []int64{301, 302, 303, 304} {
				g, err := tx.Game(id)
				if err != nil {
					return err
				}
				read = append(read, *g)
			}
			return nil
		})
		for _, g := range read[1:3] {
			g.ID, g.BoardGameID, g.Board = read[0].ID, read[0].BoardGameID, read[0].Board
			if !reflect.DeepEqual(g, read[0]) {
				t.Errorf("saved in a batch, read back as\n%+v\nsaved alone:\n%+v", g, read[0])
			}
		}
		if read[0].Version != 2 || read[3].Version != 1 || read[3].Status != correspondence.Running {
			t.Errorf("versions %d (saved) and %d (stale, status %s), want 2 and 1, running as it was", read[0].Version, read[3].Version, read[3].Status)
		}
	})
}
