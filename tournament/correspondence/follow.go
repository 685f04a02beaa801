package correspondence

import (
	"context"

	"adiukh/tournament"
)

// Following is one reader's watch of a game: a page's or a program's
// stream of it.
type Following struct {
	// First is the game as the watch's first read (Read) found it; every
	// change after the watch began is signalled on Changes, and Next gives
	// it.
	First   *View
	Changes <-chan struct{}
	s       *Service
	gameID  int64
	stop    func()
}

// Next is the newest version of the game, when it is newer than version;
// nil otherwise (a signal of a change already sent). It is shared by every
// watcher of the game: read, never changed.
func (f *Following) Next(version int) *View { return f.s.Latest(f.gameID, version) }

// Stop ends the watch.
func (f *Following) Stop() { f.stop() }

// Read reads the game for the watch, as the context's user, who must be
// allowed to read it: after the watch registered (Subscribe), so that no
// change falls between the two: one committed before the read is in what
// it reads (First), one after it is signalled.
func (f *Following) Read(ctx context.Context) (*View, error) {
	v, err := f.s.Game(ctx, f.gameID)
	if err != nil {
		return nil, err
	}
	f.s.offer(v)
	f.First = v
	return v, nil
}

// Subscribe begins to watch a game, before anything of it is read (Read
// reads it then). A player who follows their live game has shown up once
// Read reads it (Game); player (Plays) is told of a change before the
// spectators.
func (s *Service) Subscribe(gameID int64, player bool) *Following {
	changes, stop := s.Watch(gameID, player)
	return &Following{Changes: changes, s: s, gameID: gameID, stop: stop}
}

// Plays reports whether the context's user plays a side of the game: a
// player's stream of their own game is never refused (core.OpenStream).
func (s *Service) Plays(ctx context.Context, gameID int64) (bool, error) {
	if tournament.UserFromContext(ctx) == nil {
		return false, nil
	}
	var ok bool
	err := s.store.View(ctx, func(tx Tx) error {
		g, err := tx.Game(gameID)
		if err != nil {
			return err
		}
		ok, err = plays(ctx, tx, g)
		return err
	})
	return ok, err
}

// plays reports whether the context's user plays a side of g.
func plays(ctx context.Context, tx Tx, g *Game) (bool, error) {
	u := tournament.UserFromContext(ctx)
	if u == nil {
		return false, nil
	}
	accounts, err := tx.AccountsOfUser(u.ID)
	if err != nil {
		return false, err
	}
	for _, a := range accounts {
		if _, ok := g.SideOf(a.PlayerID); ok && a.EventID == g.EventID {
			return true, nil
		}
	}
	return false, nil
}
