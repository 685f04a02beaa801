package correspondence

import (
	"cmp"
	"context"
	"errors"
	"slices"
	"sync"

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
	// version is the data version read with a game (GameAt); nil before.
	version *int64
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

// GameAt reads a game and the data version once: the game is kept as Game
// keeps it.
func (t *staged) GameAt(id int64) (*Game, int64, error) {
	if g, ok := t.read[id]; ok && t.version != nil {
		return &g, *t.version, nil
	}
	g, version, err := t.Tx.GameAt(id)
	if err != nil {
		return nil, 0, err
	}
	t.read[id], t.version = *g, &version
	return g, version, nil
}

func (t *staged) SaveGame(g *Game) error {
	t.games = append(t.games, *g)
	g.Version++
	return nil
}

func (t *staged) SaveGames([]*Game) ([]error, error) { return nil, errNotStaged }

func (t *staged) AddMove(m *Move) error {
	t.moves = append(t.moves, *m)
	return nil
}

func (t *staged) AddMoves(moves []Move) error {
	t.moves = append(t.moves, moves...)
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
		if err = s.commits.commit(ctx, s.store, st); err == nil {
			return nil
		}
	}
	return s.updateGame(ctx, fn)
}

// writeStaged writes what a staged use case kept.
func writeStaged(tx Tx, st *staged) error {
	if err := saveStaged(tx, st); err != nil {
		return err
	}
	return tx.AddMoves(st.moves)
}

// saveStaged writes the games a staged use case kept; its moves are
// written after them, with a batch's others (committer.run).
func saveStaged(tx Tx, st *staged) error {
	for i := range st.games {
		if err := tx.SaveGame(&st.games[i]); err != nil {
			return err
		}
	}
	return nil
}

// committer commits the staged writes that come while a transaction
// commits together, in the next one (group commit). A round of 500 live
// games is some 330 moves a second: one transaction each, on SQLite's one
// writing connection, queued behind each other's flush to the disk (4 ms
// on the 2-core machine) and each other's turns, and the moves waited
// seconds. Each write keeps its own outcome: a game changed since it was
// read is a conflict of that write alone (SaveGame writes nothing then),
// and its use case runs again as updateGame runs it; any other failure
// fails the batch, written by none, and each runs again so.
type committer struct {
	mu      sync.Mutex
	queue   []*stagedWrite
	running bool
}

// stagedWrite is one use case's writes waiting for their batch.
type stagedWrite struct {
	ctx  context.Context
	st   *staged
	err  error
	done chan struct{}
}

// commit writes st, with the writes of others that come meanwhile, and
// returns its own outcome. A write of more than one game goes alone: a
// conflict on its second would leave its first written.
func (c *committer) commit(ctx context.Context, store Store, st *staged) error {
	if len(st.games) > 1 {
		return store.Update(ctx, func(tx Tx) error { return writeStaged(tx, st) })
	}
	w := &stagedWrite{ctx: ctx, st: st, done: make(chan struct{})}
	c.mu.Lock()
	c.queue = append(c.queue, w)
	if !c.running {
		c.running = true
		go c.run(store)
	}
	c.mu.Unlock()
	<-w.done
	return w.err
}

// run commits the queued writes, a batch at a time, until none is left.
func (c *committer) run(store Store) {
	for {
		c.mu.Lock()
		batch := c.queue
		c.queue = nil
		if len(batch) == 0 {
			c.running = false
			c.mu.Unlock()
			return
		}
		c.mu.Unlock()
		// The games are written in the order of their IDs, as another
		// instance's batch writes them: neither waits for a row the other
		// holds while holding one it wants.
		slices.SortFunc(batch, func(a, b *stagedWrite) int { return cmp.Compare(a.gameID(), b.gameID()) })
		// The batch is urgent when one of its writes is, and ends only
		// with the transaction: its writers wait for their outcome.
		ctx := context.WithoutCancel(batch[0].ctx)
		for _, w := range batch {
			if tournament.Urgent(w.ctx) {
				ctx = tournament.WithUrgency(ctx)
				break
			}
		}
		// The games first, each saved only at the version its move was
		// read at, in one statement; then the moves of those saved, in
		// another.
		err := store.Update(ctx, func(tx Tx) error {
			var games []*Game
			var of []*stagedWrite
			for _, w := range batch {
				w.err = nil
				for i := range w.st.games {
					games = append(games, &w.st.games[i])
					of = append(of, w)
				}
			}
			outcome, err := tx.SaveGames(games)
			if err != nil {
				return err
			}
			for i, err := range outcome {
				if err != nil {
					of[i].err = err
				}
			}
			var moves []Move
			for _, w := range batch {
				if w.err == nil {
					moves = append(moves, w.st.moves...)
				}
			}
			return tx.AddMoves(moves)
		})
		for _, w := range batch {
			if err != nil {
				w.err = err
			}
			close(w.done)
		}
	}
}

// gameID is the game the write saves; 0 when it saves none.
func (w *stagedWrite) gameID() int64 {
	if len(w.st.games) == 0 {
		return 0
	}
	return w.st.games[0].ID
}
