package store_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"adiukh/tournament/correspondence"
	"adiukh/tournament/store"
	"adiukh/tournament/store/storetest"
)

// Migration 20261126152300 gives a micro-match's second game, which had its
// board's ID plus 2^40, an ID of its own after every other game's, and
// every game the board's game it plays: the second game keeps its moves,
// its notifications and the audit log's entries about it, its former ID
// still finds it, the first game and an ordinary game keep their IDs, a
// game started afterwards gets the next ID (on PostgreSQL from a sequence),
// and a board takes no other game of the same number.
func TestSecondGameIDsMigration(t *testing.T) {
	t.Parallel()
	const board, ordinary, formerSecond = 5, 7, 1<<40 + 5
	for name, dsn := range storetest.DSNs(t) {
		t.Run(name, func(t *testing.T) {
			exec, open := olderDatabase(t, dsn, "20261126134100-rating-list-keys")
			at := time.Date(2026, 11, 1, 10, 0, 0, 0, time.UTC)
			olderEvent(exec, 1, "correspondence", "10d", "running")
			for _, g := range []struct {
				id    int64
				micro int
			}{{board, 1}, {formerSecond, 2}, {ordinary, 0}} {
				exec(`INSERT INTO correspondence_games (id, event_id, round, board, white_id, black_id, status, position, to_move, ply, white_bank_ms, black_bank_ms,
					turn_start, deadline_ms, offer_by, offer_ply, end_reason, white_points, black_points, note, warned_ply, started_at, version, repetition_from, micro_game)
					VALUES (?, 1, 1, ?, 1, 2, 'running', '', 0, 1, 0, 0, ?, 0, -1, 0, '', 0, 0, '', 0, ?, 1, 0, ?)`, g.id, g.id, at, at, g.micro)
				exec(`INSERT INTO correspondence_moves (game_id, ply, notation, position, played_at, used_ms, draw_offer) VALUES (?, 1, 'c3-d4', '', ?, 0, false)`, g.id, at)
				exec(`INSERT INTO correspondence_notifications (user_id, event_id, game_id, kind, args, created_at, read, mailed) VALUES (1, 1, ?, 'your_move', '[]', ?, false, true)`, g.id, at)
				exec(`INSERT INTO audit_entries (event_id, at, user_id, user_email, action, subject, before, after, reason) VALUES (1, ?, 1, '', 'correspondence.move', ?, '', '{}', '')`,
					at, fmt.Sprintf("game %d (round 1 board 1)", g.id))
			}
			st := open()
			second := int64(ordinary + 1) // after every other game's ID
			err := st.Correspondence().Update(context.Background(), func(tx correspondence.Tx) error {
				for id, want := range map[int64]struct {
					board int64
					micro int
				}{board: {board, 1}, second: {board, 2}, ordinary: {ordinary, 0}} {
					g, err := tx.Game(id)
					if err != nil {
						return err
					}
					if g.BoardGameID != want.board || g.MicroGame != want.micro {
						t.Errorf("game %d plays board game %d as micro-match game %d; want board game %d, game %d", id, g.BoardGameID, g.MicroGame, want.board, want.micro)
					}
					if moves, err := tx.Moves(id); err != nil || len(moves) != 1 {
						t.Errorf("game %d has moves %+v (%v); want its one", id, moves, err)
					}
				}
				if seconds, err := tx.SecondGames([]int64{board, ordinary}); err != nil || len(seconds) != 1 || seconds[board] != second {
					t.Errorf("the second games of boards %d and %d: %v (%v); want board %d's, %d", board, ordinary, seconds, err, board, second)
				}
				if _, err := tx.Game(formerSecond); err == nil {
					t.Errorf("game %d is still there", int64(formerSecond))
				}
				if id, err := tx.RenamedGame(formerSecond); err != nil || id != second {
					t.Errorf("the former ID %d finds game %d (%v), want %d", int64(formerSecond), id, err, second)
				}
				if _, err := tx.RenamedGame(board); err == nil {
					t.Errorf("the first game's ID, which it keeps, is taken for a former one")
				}
				inbox, err := tx.Inbox(1, 10)
				if err != nil {
					return err
				}
				named := map[int64]bool{}
				for _, n := range inbox {
					named[n.GameID] = true
				}
				if len(named) != 3 || !named[board] || !named[second] || !named[ordinary] {
					t.Errorf("the notifications name the games %v; want %d, %d and %d", named, board, second, ordinary)
				}
				next := []correspondence.Game{{BoardGameID: 9, EventID: 1, Round: 2, Board: 1, WhiteID: 2, BlackID: 1, Status: correspondence.Running, StartedAt: at}}
				if err := tx.CreateGames(next); err != nil {
					return err
				}
				if next[0].ID != second+1 {
					t.Errorf("a game started after the migration has the ID %d, want %d", next[0].ID, second+1)
				}
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			err = st.Correspondence().Update(context.Background(), func(tx correspondence.Tx) error {
				return tx.CreateGames([]correspondence.Game{{BoardGameID: board, EventID: 1, Round: 1, Board: 1, WhiteID: 2, BlackID: 1, Status: correspondence.Running, MicroGame: 2, StartedAt: at}})
			})
			if err == nil {
				t.Errorf("board %d took a second game 2", board)
			}
			for _, id := range []int64{board, second, ordinary} {
				want := fmt.Sprintf("game %d (round 1 board 1)", id)
				if got, err := store.Column(st, "audit_entries", "subject", "subject = ?", want); err != nil || got != want {
					t.Errorf("game %d: no audit entry %q (%v)", id, want, err)
				}
			}
			if got, err := store.Column(st, "audit_entries", "subject", "subject LIKE ?", fmt.Sprintf("game %d %%", int64(formerSecond))); err == nil {
				t.Errorf("an audit entry still names the former ID: %q", got)
			}
		})
	}
}
