package entries

import (
	"cmp"
	"context"
	"slices"
	"time"

	"adiukh/tournament"
)

// A signed-in player follows events and players of events, and has a page
// of their own: their games of the round being played in every event they
// play in (as soon as the round is published, with board and colour),
// their entries, and what the events and players they follow did last.

// Follow is an event (PlayerID 0) or one of its players that an account
// follows.
type Follow struct {
	UserID    int64
	EventID   int64
	PlayerID  int64
	CreatedAt time.Time
}

// PlayerLink is a player of an event linked to an account.
type PlayerLink struct {
	EventID  int64
	PlayerID int64
}

// FollowTx keeps what accounts follow, and reads what the account's own
// page gathers from every event.
type FollowTx interface {
	// AddFollow stores a follow; following twice is no error.
	AddFollow(f *Follow) error
	DeleteFollow(userID, eventID, playerID int64) error
	// Follows lists what the account follows, newest first.
	Follows(userID int64) ([]Follow, error)
	// LinkedPlayers lists the players linked to the account in every
	// event.
	LinkedPlayers(userID int64) ([]PlayerLink, error)
	// EntriesOf lists the account's entries in every event, newest first.
	EntriesOf(userID int64) ([]Entry, error)
}

// Board is one game of a player as the player's page tells it: the round,
// the board, the colour, the opponent (empty for a bye) and the result
// once entered.
type Board struct {
	Event    tournament.Event
	Player   tournament.Player
	Round    int
	Board    int
	White    bool
	Opponent string
	// Bye is a round without an opponent.
	Bye    bool
	Result *tournament.Result
}

// Score is the result from the player's side ("17:7"), or "".
func (b Board) Score() string {
	if b.Result == nil {
		return ""
	}
	if b.White {
		return b.Result.Score()
	}
	return tournament.Result{White: b.Result.Black, Black: b.Result.White, EndReason: b.Result.EndReason}.Score()
}

// MyEntry is the account's latest entry to an event, with the event and
// what the player may do with it now (as the event's entries page offers).
type MyEntry struct {
	Event tournament.Event
	Entry Entry
	// CanWithdraw: the player may withdraw it; WithdrawAsks: that is a
	// request the arbiter confirms.
	CanWithdraw  bool
	WithdrawAsks bool
	// CanTakeBack: the player may take back a request to be withdrawn.
	CanTakeBack bool
	// CanEnter: the player may enter again (after a refusal or a
	// withdrawal), the event taking entries.
	CanEnter bool
}

// Followed is a followed event or player with what it did last: the
// player's latest game (nil before the first), the event's latest round
// (0 before the first).
type Followed struct {
	Event  tournament.Event
	Player *tournament.Player
	Last   *Board
	Round  int
}

// MyPage is what the account's own page shows.
type MyPage struct {
	// Games are the player's games of the latest published round of every
	// event they play in that is not finished, soonest first.
	Games   []Board
	Entries []MyEntry
	// Following are the followed events and players, newest followed
	// first.
	Following []Followed
	// Person is the account's person of the register once a request is
	// confirmed; Claim the latest request.
	Person *tournament.Person
	Claim  *tournament.PersonClaim
}

// MyPage gathers the signed-in account's page in one snapshot. Events the
// account may no longer read are left out.
func (s *Service) MyPage(ctx context.Context) (*MyPage, error) {
	u := tournament.UserFromContext(ctx)
	if u == nil {
		return nil, tournament.Unauthorized("sign in to see your page")
	}
	page := &MyPage{}
	err := s.store.View(ctx, func(tx Tx) error {
		events := map[int64]*eventSnapshot{}
		load := func(id int64) (*eventSnapshot, error) {
			if snap, ok := events[id]; ok {
				return snap, nil
			}
			e, players, rounds, err := tournament.ReadPublic(ctx, tx, id)
			if tournament.ErrorCode(err) == tournament.ENOTFOUND {
				events[id] = nil
				return nil, nil
			}
			if err != nil {
				return nil, err
			}
			events[id] = &eventSnapshot{event: e, players: players, rounds: rounds}
			return events[id], nil
		}
		links, err := tx.LinkedPlayers(u.ID)
		if err != nil {
			return err
		}
		for _, l := range links {
			snap, err := load(l.EventID)
			if err != nil {
				return err
			}
			if snap == nil || snap.event.Status == tournament.Finished || !snap.event.Discipline.PlaysGames() || snap.event.Discipline.IsTeam() {
				continue
			}
			if b := snap.board(l.PlayerID, len(snap.rounds)); b != nil {
				page.Games = append(page.Games, *b)
			}
		}
		slices.SortStableFunc(page.Games, func(a, b Board) int {
			return cmp.Or(cmp.Compare(a.Event.StartDate, b.Event.StartDate), cmp.Compare(a.Event.ID, b.Event.ID))
		})
		if page.Entries, err = s.myEntries(ctx, tx, u); err != nil {
			return err
		}
		follows, err := tx.Follows(u.ID)
		if err != nil {
			return err
		}
		for _, f := range follows {
			snap, err := load(f.EventID)
			if err != nil {
				return err
			}
			if snap == nil {
				continue
			}
			item := Followed{Event: *snap.event, Round: len(snap.rounds)}
			if f.PlayerID != 0 {
				p := tournament.FindPlayer(snap.players, f.PlayerID)
				if p == nil {
					continue
				}
				item.Player = p
				item.Last = snap.lastPlayed(p.ID)
			}
			page.Following = append(page.Following, item)
		}
		page.Person, page.Claim, err = tournament.AccountPerson(tx, u.ID)
		return err
	})
	if err != nil {
		return nil, err
	}
	return page, nil
}

// MyEntries lists the signed-in account's latest entry to every event it
// entered, newest first, with what the player may do with each.
func (s *Service) MyEntries(ctx context.Context) ([]MyEntry, error) {
	u := tournament.UserFromContext(ctx)
	if u == nil {
		return nil, tournament.Unauthorized("sign in to see your entries")
	}
	var out []MyEntry
	err := s.store.View(ctx, func(tx Tx) (err error) {
		out, err = s.myEntries(ctx, tx, u)
		return err
	})
	return out, err
}

// MyEntry is the signed-in account's latest entry to the event, with its
// place on the waiting list and what became of its player, as the event's
// tabs name it; nil when it has none, or nobody is signed in.
func (s *Service) MyEntry(ctx context.Context, eventID int64) (*Entry, error) {
	u := tournament.UserFromContext(ctx)
	if u == nil {
		return nil, nil
	}
	var mine *Entry
	err := s.store.View(ctx, func(tx Tx) error {
		if _, err := tournament.Readable(ctx, tx, eventID); err != nil {
			return err
		}
		all, err := tx.Entries(eventID)
		if err != nil {
			return err
		}
		players, err := tx.Players(eventID)
		if err != nil {
			return err
		}
		annotate(all, players)
		for i := range all {
			if all[i].UserID == u.ID {
				mine = &all[i]
			}
		}
		return nil
	})
	return mine, err
}

// myEntries reads the account's latest entry to each event, newest first,
// as the event's entries page shows it to the player. Events the account
// may no longer read are left out.
func (s *Service) myEntries(ctx context.Context, tx Tx, u *tournament.User) ([]MyEntry, error) {
	entries, err := tx.EntriesOf(u.ID)
	if err != nil {
		return nil, err
	}
	var out []MyEntry
	seen := map[int64]bool{}
	for _, en := range entries {
		if seen[en.EventID] {
			continue
		}
		seen[en.EventID] = true
		e, err := tournament.Readable(ctx, tx, en.EventID)
		if tournament.ErrorCode(err) == tournament.ENOTFOUND {
			continue
		}
		if err != nil {
			return nil, err
		}
		v, err := s.entryView(tx, u, e, false)
		if err != nil {
			return nil, err
		}
		out = append(out, MyEntry{Event: *e, Entry: *v.Mine, CanWithdraw: v.CanWithdraw, WithdrawAsks: v.WithdrawAsks, CanTakeBack: v.CanTakeBack, CanEnter: v.CanEnter})
	}
	return out, nil
}

// eventSnapshot is an event as the public sees it, read once for the page.
type eventSnapshot struct {
	event   *tournament.Event
	players []tournament.Player
	rounds  []tournament.Round
}

// board is the player's game of round n, nil when the player has none.
func (snap *eventSnapshot) board(playerID int64, n int) *Board {
	if n < 1 || n > len(snap.rounds) {
		return nil
	}
	p := tournament.FindPlayer(snap.players, playerID)
	if p == nil {
		return nil
	}
	r := snap.rounds[n-1]
	for _, g := range r.Games {
		if g.WhiteID != playerID && g.BlackID != playerID {
			continue
		}
		b := &Board{Event: *snap.event, Player: *p, Round: r.Number, Board: g.Board, White: g.WhiteID == playerID, Result: g.Result}
		other := g.BlackID
		if !b.White {
			other = g.WhiteID
		}
		if o := tournament.FindPlayer(snap.players, other); other != 0 && o != nil {
			b.Opponent = o.Name
		} else {
			b.Bye = true
		}
		return b
	}
	return nil
}

// lastPlayed is the player's latest game with a result, nil before one.
func (snap *eventSnapshot) lastPlayed(playerID int64) *Board {
	for n := len(snap.rounds); n >= 1; n-- {
		if b := snap.board(playerID, n); b != nil && b.Result != nil {
			return b
		}
	}
	return nil
}

// SetFollowing makes the signed-in account follow an event (playerID 0)
// or one of its players, or stop following it. Following what one follows
// already, or stopping what one does not follow, changes nothing.
func (s *Service) SetFollowing(ctx context.Context, eventID, playerID int64, follow bool) error {
	u := tournament.UserFromContext(ctx)
	if u == nil {
		return tournament.Unauthorized("sign in to follow events and players")
	}
	return s.store.Update(ctx, func(tx Tx) error {
		if _, err := tournament.Readable(ctx, tx, eventID); err != nil {
			return err
		}
		if playerID != 0 {
			players, err := tx.Players(eventID)
			if err != nil {
				return err
			}
			if tournament.FindPlayer(players, playerID) == nil {
				return tournament.NotFound("player %d not found in event %d", playerID, eventID)
			}
		}
		if !follow {
			return tx.DeleteFollow(u.ID, eventID, playerID)
		}
		return tx.AddFollow(&Follow{UserID: u.ID, EventID: eventID, PlayerID: playerID, CreatedAt: s.now().UTC()})
	})
}

// Following reports whether the signed-in account follows the event
// (playerID 0) or the player; false for an anonymous reader.
func (s *Service) Following(ctx context.Context, eventID, playerID int64) (bool, error) {
	u := tournament.UserFromContext(ctx)
	if u == nil {
		return false, nil
	}
	var following bool
	err := s.store.View(ctx, func(tx Tx) error {
		follows, err := tx.Follows(u.ID)
		for _, f := range follows {
			if f.EventID == eventID && f.PlayerID == playerID {
				following = true
			}
		}
		return err
	})
	return following, err
}
