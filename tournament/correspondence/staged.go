package correspondence

import (
	"context"
	"errors"

	"adiukh/tournament"
)

// A live move and a player showing up read much (the user's players, the
// event, the game, its moves) and write little: the game and the move.
// updateStaged runs such a use case in a read-only transaction first,
// beside the others, keeping its writes (staged); a short write
// transaction then writes them, the game only if its version is still the
// one read (SaveGame). On SQLite, whose one connection writes for the whole
// process, a move so holds the writer for two statements instead of ten;
// on PostgreSQL it holds the game's row for as long. What the use case
// answers from the snapshot it read is what it would answer in a write
// transaction begun at that moment. Anything else it would write (ending
// the game, a correspondence game's sheet and notifications), a game
// changed in between, or any failure, and it runs as updateGame runs it.

// errNotStaged fails a staged use case that writes what staging does not
// keep.
var errNotStaged = errors.New("this write is not staged")

// staged is a read-only transaction that keeps the games and moves written
// in it.
type staged struct {
	Tx
	games []Game
	moves []Move
	read  map[int64]Game // the games read, each read once: the snapshot holds
}

// Game reads a game once; a use case that peeks at it and then locks it
// reads the same row of the same snapshot.
func (t *staged) Game(id int64) (*Game, error) {
	if g, ok := t.read[id]; ok {
		return &g, nil
	}
	g, err := t.Tx.Game(id)
	if err != nil {
		return nil, err
	}
	t.read[id] = *g
	return g, nil
}

func (t *staged) SaveGame(g *Game) error {
	t.games = append(t.games, *g)
	g.Version++
	return nil
}

func (t *staged) AddMove(m *Move) error {
	t.moves = append(t.moves, *m)
	return nil
}

// LockGame reads the game: the write checks its version.
func (t *staged) LockGame(id int64) (*Game, error) { return t.Game(id) }

func (t *staged) UpdateEvent(*tournament.Event) error                 { return errNotStaged }
func (t *staged) UpdatePlayer(*tournament.Player) error               { return errNotStaged }
func (t *staged) CreateRound(*tournament.Round) error                 { return errNotStaged }
func (t *staged) AddGames(*tournament.Round, []tournament.Game) error { return errNotStaged }
func (t *staged) UpdateRoundStatus(*tournament.Round) error           { return errNotStaged }
func (t *staged) UpdateGame(*tournament.Game) error                   { return errNotStaged }
func (t *staged) AddAudit(*tournament.AuditEntry) error               { return errNotStaged }
func (t *staged) SaveSettings(*Settings) error                        { return errNotStaged }
func (t *staged) CreateGames([]Game) error                            { return errNotStaged }
func (t *staged) AddLeave(*Leave) error                               { return errNotStaged }
func (t *staged) DeleteLeave(int64) error                             { return errNotStaged }
func (t *staged) AddNotification(*Notification) error                 { return errNotStaged }
func (t *staged) MarkRead(int64, []int64) error                       { return errNotStaged }
func (t *staged) ClaimMail(int64) (bool, error)                       { return false, errNotStaged }
func (t *staged) UnclaimMail(int64) error                             { return errNotStaged }

// updateStaged runs fn staged (see above) and, when that cannot be, as
// updateGame does, or at once with the event locked when fn must end the
// game. fn may run up to three times.
func (s *Service) updateStaged(ctx context.Context, fn func(tx Tx, eventLock bool) error) error {
	st := &staged{read: map[int64]Game{}}
	err := s.store.View(ctx, func(tx Tx) error {
		st.Tx = tx
		return fn(st, false)
	})
	var domain *tournament.Error
	switch {
	case errors.As(err, &domain):
		return err // the answer at the snapshot: nothing to write
	case errors.Is(err, errEventLock):
		return s.update(ctx, func(tx Tx) error { return fn(tx, true) })
	case err == nil && len(st.games)+len(st.moves) == 0:
		return nil
	case err == nil:
		err = s.store.Update(ctx, func(tx Tx) error {
			for i := range st.games {
				if err := tx.SaveGame(&st.games[i]); err != nil {
					return err
				}
			}
			for i := range st.moves {
				if err := tx.AddMove(&st.moves[i]); err != nil {
					return err
				}
			}
			return nil
		})
		if err == nil {
			return nil
		}
	}
	return s.updateGame(ctx, fn)
}
