package store_test

import (
	"context"
	"testing"
	"time"

	"adiukh/rules"
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
			{ID: 101, BoardGameID: 1, EventID: e.ID, Round: 1, Board: 1, WhiteID: 1, BlackID: 2, Status: correspondence.Running, Position: rules.Start().String(),
				ToMove: rules.White, Bank: [2]time.Duration{50 * correspondence.Day, 47*correspondence.Day + 3*time.Hour}, TurnStart: start,
				Deadline: start.Add(10 * correspondence.Day), OfferBy: &black, OfferPly: 4, StartedAt: start, Version: 1},
			{ID: 102, BoardGameID: 2, EventID: e.ID, Round: 1, Board: 2, WhiteID: 3, BlackID: 4, Status: correspondence.Running, Position: rules.Start().String(),
				ToMove: rules.Black, TurnStart: start, Deadline: start.Add(30 * correspondence.Day), StartedAt: start, Version: 1},
			{ID: 103, BoardGameID: 3, EventID: e.ID, Round: 2, Board: 1, WhiteID: 1, BlackID: 3, Status: correspondence.Finished, Position: rules.Start().String(),
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
