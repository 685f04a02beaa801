package correspondence

import (
	"slices"
	"sync"

	"adiukh/tournament"
)

// maxKept bounds the sections and users kept; past it the service forgets
// them all and reads them again.
const maxKept = 10000

// kept holds what a live move reads that play does not change, each as it
// was at one data version (see store.Store.DataVersion): the section's
// event and settings, and the players each user plays for. A live move
// reads its game together with the data version of its snapshot
// (Tx.GameAt) and takes these from here while the version is the one they
// were read at: any write that changes them (the arbiter's change of the
// event, its time control or settings, a player linked or withdrawn), on
// this instance or another or by the command line, changes the version,
// and the next move reads them again. Moves do not change the version
// (the store's unversioned tables), so in a round of live games the event
// is read once per instance, not once per move. A game ended raises it
// (its result goes into the round): the next moves read again.
type kept struct {
	mu       sync.Mutex
	version  int64
	sections map[int64]keptSection
	accounts map[int64][]Account
}

type keptSection struct {
	e  tournament.Event
	st Settings
}

// at makes version the kept one when it is newer, forgetting what was
// kept at an older one (or everything, past maxKept), and reports whether
// what was read at version may be kept; the caller holds k.mu. What a
// snapshot older than the kept version read is not kept.
func (k *kept) at(version int64) bool {
	if version > k.version || k.sections == nil || len(k.sections)+len(k.accounts) >= maxKept {
		if version < k.version {
			return false
		}
		k.version = version
		k.sections = map[int64]keptSection{}
		k.accounts = map[int64][]Account{}
	}
	return version == k.version
}

// section is the live section's event and settings at version, read with
// tx (whose snapshot is at version) unless kept. Each caller gets its own
// copies.
func (k *kept) section(tx Tx, version, eventID int64) (*tournament.Event, *Settings, error) {
	k.mu.Lock()
	ks, ok := k.sections[eventID]
	ok = ok && version == k.version
	k.mu.Unlock()
	if !ok {
		e, err := sectionEvent(tx, eventID)
		if err != nil {
			return nil, nil, err
		}
		st, err := tx.Settings(eventID)
		if err != nil {
			return nil, nil, err
		}
		ks = keptSection{e: *e, st: *st}
		k.mu.Lock()
		if k.at(version) {
			k.sections[eventID] = ks
		}
		k.mu.Unlock()
	}
	return &ks.e, &ks.st, nil
}

// accountsOf is the players userID plays for at version, read with tx
// unless kept.
func (k *kept) accountsOf(tx Tx, version, userID int64) ([]Account, error) {
	k.mu.Lock()
	accounts, ok := k.accounts[userID]
	ok = ok && version == k.version
	k.mu.Unlock()
	if ok {
		return slices.Clip(accounts), nil
	}
	accounts, err := tx.AccountsOfUser(userID)
	if err != nil {
		return nil, err
	}
	k.mu.Lock()
	if k.at(version) {
		k.accounts[userID] = slices.Clip(accounts)
	}
	k.mu.Unlock()
	return slices.Clip(accounts), nil
}

// movesOf is the moves of the game g, as this instance's watchers keep
// them when they have the version of the game that was read (moved and
// heard keep each version a move makes, with its moves), or else as read
// with tx. A game's moves are only ever added, each with a save of the
// game that raises its version, so the kept version's moves are the
// game's. The slice is the caller's to append to.
func (s *Service) movesOf(tx Tx, g *Game) ([]Move, error) {
	w := &s.watchers
	w.mu.Lock()
	var moves []Move
	found := false
	if wg := w.games[g.ID]; wg != nil && wg.view != nil {
		v := wg.view
		if v.ID == g.ID && v.Version == g.Version && v.Ply == g.Ply && v.Position == g.Position && len(v.Moves) == g.Ply &&
			(g.Ply == 0 || v.Moves[g.Ply-1].Ply == g.Ply) {
			moves, found = slices.Clip(v.Moves), true
		}
	}
	w.mu.Unlock()
	if found {
		return moves, nil
	}
	return tx.Moves(g.ID)
}
