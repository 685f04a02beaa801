package entries

import (
	"cmp"
	"context"
	"slices"
	"time"

	"adiukh/internal/keptparts"
	"adiukh/tournament"
)

// A signed-in player follows events, players of events and people of the
// register (a player the register knows is followed as the person, in
// every event they play), and has a page of their own: their games of the
// round being played in every event they play in (as soon as the round is
// published, with board and colour), their entries, and what the events,
// players and people they follow did last and play next.

// Follow is an event (PlayerID 0) or one of its players that an account
// follows.
type Follow struct {
	UserID    int64
	EventID   int64
	PlayerID  int64
	CreatedAt time.Time
}

// PersonFollow is a person of the register an account follows, in every
// event the person plays.
type PersonFollow struct {
	UserID    int64
	PersonID  int64
	CreatedAt time.Time
}

// PlayerLink is a player of an event linked to an account.
type PlayerLink struct {
	EventID  int64
	PlayerID int64
}

// playersOf are the account's players in every event: those linked to the
// account, and those the arbiter linked to its person of the register
// (a player registered at the desk or pasted in a list plays for the
// account as much as one who entered online), each once, by event.
func playersOf(tx Tx, userID int64) ([]PlayerLink, error) {
	links, err := tx.LinkedPlayers(userID)
	if err != nil {
		return nil, err
	}
	person, err := tournament.LinkedPerson(tx, userID)
	if err != nil || person == nil {
		return links, err
	}
	players, err := tx.PersonPlayers(person.ID)
	if err != nil {
		return nil, err
	}
	for _, p := range players {
		links = append(links, PlayerLink{EventID: p.EventID, PlayerID: p.ID})
	}
	slices.SortFunc(links, func(a, b PlayerLink) int {
		return cmp.Or(cmp.Compare(a.EventID, b.EventID), cmp.Compare(a.PlayerID, b.PlayerID))
	})
	return slices.Compact(links), nil
}

// FollowTx keeps what accounts follow, and reads what the account's own
// page gathers from every event.
type FollowTx interface {
	// AddFollow stores a follow; following twice is no error.
	AddFollow(f *Follow) error
	DeleteFollow(userID, eventID, playerID int64) error
	// Follows lists what the account follows, newest first.
	Follows(userID int64) ([]Follow, error)
	// Followers lists the accounts that follow the event, one of its
	// players or the person of the register one of them is, each once.
	Followers(eventID int64) ([]int64, error)
	// AddPersonFollow stores a follow of a person of the register made at
	// at; following twice is no error.
	AddPersonFollow(userID, personID int64, at time.Time) error
	DeletePersonFollow(userID, personID int64) error
	// PersonFollows lists the people the account follows, newest first.
	PersonFollows(userID int64) ([]PersonFollow, error)
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

// Score is the result from the player's side as the event shows it
// ("17:7", "0:1" in a 1-½-0 event), or "".
func (b Board) Score() string {
	if b.Result == nil {
		return ""
	}
	return b.Event.ScoreTextFor(*b.Result, b.White)
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
	// Hidden: the event was made private after it was public; of it only
	// its number and name are told, which the entrant knew.
	Hidden bool
	// Cancelled: the event is called off (Event.CancelReason says why);
	// the entry no longer changes, whatever its status.
	Cancelled bool
}

// Followed is a followed event, player or person with what it did last:
// the player's or person's latest game (nil before the first), the
// event's latest round (0 before the first).
type Followed struct {
	Event  tournament.Event
	Player *tournament.Player
	// Person is a followed person of the register, in every event they
	// play: Last is their latest game with a result in any of them, Next
	// their games of the published rounds still to be played (Event and
	// Player are then zero).
	Person *tournament.Person
	Next   []Board
	Last   *Board
	Round  int
	// Hidden: the event was made private after it was public; of it only
	// its number and name are told, which the follower knew.
	Hidden bool
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
	// Notices are the account's latest notices on the site, newest first.
	Notices []tournament.KeptNotice
}

// myNotices is how many of the latest notices the account's page shows.
const myNotices = 20

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
			snap, err := s.readSnapshot(ctx, tx, id)
			if err != nil {
				return nil, err
			}
			events[id] = snap
			return snap, nil
		}
		links, err := playersOf(tx, u.ID)
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
			b, err := snap.latest(l.PlayerID)
			if err != nil {
				return err
			}
			if b != nil {
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
		if err := s.followedPeople(tx, u.ID, load, page); err != nil {
			return err
		}
		// A hidden event is told once, whether the event or its players
		// were followed.
		toldHidden := map[int64]bool{}
		for _, f := range follows {
			snap, err := load(f.EventID)
			if err != nil {
				return err
			}
			if snap == nil {
				hidden, err := hiddenName(tx, f.EventID)
				if err != nil {
					return err
				}
				if hidden != nil && !toldHidden[f.EventID] {
					toldHidden[f.EventID] = true
					page.Following = append(page.Following, Followed{Event: *hidden, Hidden: true})
				}
				continue
			}
			item := Followed{Event: *snap.event, Round: len(snap.rounds)}
			if f.PlayerID != 0 {
				p, err := snap.player(f.PlayerID)
				if err != nil {
					return err
				}
				if p == nil {
					continue
				}
				item.Player = p
				if item.Last, err = snap.lastPlayed(p.ID); err != nil {
					return err
				}
			}
			page.Following = append(page.Following, item)
		}
		if page.Notices, err = tx.Inbox(u.ID, myNotices); err != nil {
			return err
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
		numberWaiting(all)
		for i := range all {
			if all[i].UserID == u.ID {
				mine = &all[i]
			}
		}
		if mine == nil || mine.PlayerID == 0 {
			return nil
		}
		// Its player alone, not the event's thousands (issue 59.3).
		var players []tournament.Player
		p, err := tx.Player(eventID, mine.PlayerID)
		switch {
		case err == nil:
			players = []tournament.Player{*p}
		case tournament.ErrorCode(err) != tournament.ENOTFOUND:
			return err
		}
		mine.readPlayer(players)
		return nil
	})
	return mine, err
}

// myEntries reads the account's latest entry to each event, newest first,
// as the event's entries page shows it to the player. Events the account
// may no longer read are left out, but for one made private after it was
// public, which is named as hidden.
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
			hidden, err := hiddenName(tx, en.EventID)
			if err != nil {
				return nil, err
			}
			if hidden != nil {
				out = append(out, MyEntry{Event: *hidden, Entry: en, Hidden: true})
			}
			continue
		}
		if err != nil {
			return nil, err
		}
		v, err := s.entryView(tx, u, e, false)
		if err != nil {
			return nil, err
		}
		out = append(out, MyEntry{Event: *e, Entry: *v.Mine, CanWithdraw: v.CanWithdraw, WithdrawAsks: v.WithdrawAsks, CanTakeBack: v.CanTakeBack, CanEnter: v.CanEnter,
			Cancelled: e.Status == tournament.Cancelled})
	}
	return out, nil
}

// hiddenName is the number and name of the event when it was made private
// after it was public, for those who had it in their plans; nil for any
// other event the reader may not see.
func hiddenName(tx Tx, eventID int64) (*tournament.Event, error) {
	e, err := tx.Event(eventID)
	switch {
	case tournament.ErrorCode(err) == tournament.ENOTFOUND:
		return nil, nil
	case err != nil:
		return nil, err
	case e.Visibility != tournament.Private || e.HiddenAt.IsZero():
		return nil, nil
	}
	return &tournament.Event{ID: e.ID, Name: e.Name, Visibility: e.Visibility, HiddenAt: e.HiddenAt}, nil
}

// eventSnapshot is an event as an account's page and calendar read it, in
// one transaction: the event and its published rounds without their games;
// the games and players of the few players the account plays as or follows
// are read as they are asked for, not the thousands of a big event, which
// made a player's page and calendar cost as much as the whole standings
// (issue 65). What it makes of a player is kept in parts (nil: kept
// nowhere) by the event's versions, and taken from there.
type eventSnapshot struct {
	tx     Tx
	event  *tournament.Event
	rounds []tournament.Round // by number, without their games
	// games holds the games each player asked for plays, by player ID;
	// players the players asked for, nil for one not of the event.
	games   map[int64][]tournament.Game
	players map[int64]*tournament.Player
	kept    *keptparts.Parts
	parts   *keptparts.Event
}

// readSnapshot reads the event as the context's reader may: nil when they
// may not (ENOTFOUND, as ReadPublic tells it). The event's versions are
// read first, and its rounds taken from its kept parts at them.
func (s *Service) readSnapshot(ctx context.Context, tx Tx, eventID int64) (*eventSnapshot, error) {
	var parts *keptparts.Event
	if s.parts != nil {
		shared, version, err := tx.EventVersions(eventID)
		if err != nil {
			return nil, err
		}
		parts = s.parts.At(eventID, keptparts.Stamp{Shared: shared, Event: version})
	}
	rounds, haveRounds := keptRounds(s.parts, parts)
	var e *tournament.Event
	var err error
	if haveRounds {
		e, err = tournament.Readable(ctx, tx, eventID)
	} else {
		e, rounds, err = tournament.ReadPublicRounds(ctx, tx, eventID)
	}
	if tournament.ErrorCode(err) == tournament.ENOTFOUND {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	if !haveRounds {
		keptparts.Put(s.parts, parts, partRounds, roundsOfAll, rounds, 1)
	}
	return &eventSnapshot{tx: tx, event: e, rounds: rounds, games: map[int64][]tournament.Game{}, players: map[int64]*tournament.Player{},
		kept: s.parts, parts: parts}, nil
}

// latest is the player's board of the latest published round, nil when
// the player has none.
func (snap *eventSnapshot) latest(playerID int64) (*Board, error) {
	return keptOr(snap, partLatest, playerID, func() (*Board, error) { return snap.board(playerID, len(snap.rounds)) }, one)
}

// player is the event's player of that ID, nil when it has none.
func (snap *eventSnapshot) player(id int64) (*tournament.Player, error) {
	if p, ok := snap.players[id]; ok {
		return p, nil
	}
	p, err := keptOr(snap, partPlayer, id, func() (*tournament.Player, error) {
		p, err := snap.tx.Player(snap.event.ID, id)
		if tournament.ErrorCode(err) == tournament.ENOTFOUND {
			return nil, nil
		}
		return p, err
	}, one)
	if err != nil {
		return nil, err
	}
	snap.players[id] = p
	return p, nil
}

// game is the player's game of round n, nil when the player has none.
func (snap *eventSnapshot) game(playerID int64, n int) (*tournament.Game, error) {
	if n < 1 || n > len(snap.rounds) {
		return nil, nil
	}
	games, ok := snap.games[playerID]
	if !ok {
		var err error
		if games, err = snap.tx.PlayerGames(snap.event.ID, playerID); err != nil {
			return nil, err
		}
		snap.games[playerID] = games
	}
	for i := range games {
		if games[i].RoundID == snap.rounds[n-1].ID {
			return &games[i], nil
		}
	}
	return nil, nil
}

// board is the player's game of round n, nil when the player has none.
func (snap *eventSnapshot) board(playerID int64, n int) (*Board, error) {
	g, err := snap.game(playerID, n)
	if err != nil || g == nil {
		return nil, err
	}
	p, err := snap.player(playerID)
	if err != nil || p == nil {
		return nil, err
	}
	b := &Board{Event: *snap.event, Player: *p, Round: snap.rounds[n-1].Number, Board: g.Board, White: g.WhiteID == playerID, Result: g.Result}
	other := g.BlackID
	if !b.White {
		other = g.WhiteID
	}
	if other != 0 {
		o, err := snap.player(other)
		if err != nil {
			return nil, err
		}
		if o != nil {
			b.Opponent = o.Name
			return b, nil
		}
	}
	b.Bye = true
	return b, nil
}

// lastPlayed is the player's latest game with a result, nil before one.
func (snap *eventSnapshot) lastPlayed(playerID int64) (*Board, error) {
	return keptOr(snap, partLast, playerID, func() (*Board, error) { return snap.findLastPlayed(playerID) }, one)
}

// findLastPlayed reads the player's latest game with a result.
func (snap *eventSnapshot) findLastPlayed(playerID int64) (*Board, error) {
	for n := len(snap.rounds); n >= 1; n-- {
		b, err := snap.board(playerID, n)
		if err != nil {
			return nil, err
		}
		if b != nil && b.Result != nil {
			return b, nil
		}
	}
	return nil, nil
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
			p := tournament.FindPlayer(players, playerID)
			if p == nil {
				return tournament.NotFound("player %d not found in event %d", playerID, eventID)
			}
			if p.PersonID != 0 {
				// A player the register knows is followed as the person,
				// in every event they play.
				if err := tx.DeleteFollow(u.ID, eventID, playerID); err != nil {
					return err
				}
				return s.setFollowingPerson(tx, u.ID, p.PersonID, follow)
			}
		}
		if !follow {
			return tx.DeleteFollow(u.ID, eventID, playerID)
		}
		return tx.AddFollow(&Follow{UserID: u.ID, EventID: eventID, PlayerID: playerID, CreatedAt: s.now().UTC()})
	})
}

// SetFollowingPerson makes the signed-in account follow a person of the
// register (the one a merge kept), in every event they play, or stop.
func (s *Service) SetFollowingPerson(ctx context.Context, personID int64, follow bool) error {
	u := tournament.UserFromContext(ctx)
	if u == nil {
		return tournament.Unauthorized("sign in to follow events and players")
	}
	return s.store.Update(ctx, func(tx Tx) error { return s.setFollowingPerson(tx, u.ID, personID, follow) })
}

func (s *Service) setFollowingPerson(tx Tx, userID, personID int64, follow bool) error {
	p, err := tournament.PersonOf(tx, personID)
	if tournament.ErrorCode(err) == tournament.EINVALID {
		return tournament.NotFound("person %d not found in the register", personID)
	}
	if err != nil {
		return err
	}
	if !follow {
		// The follow may name the person a merge moved into p.
		if err := tx.DeletePersonFollow(userID, personID); err != nil {
			return err
		}
		return tx.DeletePersonFollow(userID, p.ID)
	}
	return tx.AddPersonFollow(userID, p.ID, s.now())
}

// FollowingPerson reports whether the signed-in account follows the
// person (through a merge too); false for an anonymous reader.
func (s *Service) FollowingPerson(ctx context.Context, personID int64) (bool, error) {
	u := tournament.UserFromContext(ctx)
	if u == nil {
		return false, nil
	}
	var following bool
	err := s.store.View(ctx, func(tx Tx) (err error) {
		following, err = followsPerson(tx, u.ID, personID)
		return err
	})
	return following, err
}

// followsPerson reports whether the account follows the person, under its
// own number or one merged into it.
func followsPerson(tx Tx, userID, personID int64) (bool, error) {
	follows, err := tx.PersonFollows(userID)
	if err != nil {
		return false, err
	}
	target, err := tournament.PersonOf(tx, personID)
	if err != nil {
		return false, err
	}
	for _, f := range follows {
		p, err := tournament.PersonOf(tx, f.PersonID)
		if err != nil {
			return false, err
		}
		if p.ID == target.ID {
			return true, nil
		}
	}
	return false, nil
}

// followedPeople adds to the page the people the account follows, each
// with their latest result and their games to play in the events the
// account may read, newest followed first.
func (s *Service) followedPeople(tx Tx, userID int64, load func(int64) (*eventSnapshot, error), page *MyPage) error {
	follows, err := tx.PersonFollows(userID)
	if err != nil {
		return err
	}
	seen := map[int64]bool{}
	for _, f := range follows {
		person, err := tournament.PersonOf(tx, f.PersonID)
		if err != nil {
			return err
		}
		if seen[person.ID] {
			continue
		}
		seen[person.ID] = true
		players, err := tx.PersonPlayers(person.ID)
		if err != nil {
			return err
		}
		item := Followed{Person: person}
		for _, pl := range players {
			snap, err := load(pl.EventID)
			if err != nil {
				return err
			}
			if snap == nil || !snap.event.Discipline.PlaysGames() || snap.event.Discipline.IsTeam() {
				continue
			}
			last, err := snap.lastPlayed(pl.ID)
			if err != nil {
				return err
			}
			if last != nil && (item.Last == nil || later(last, item.Last)) {
				item.Last = last
			}
			if snap.event.Status == tournament.Running {
				next, err := snap.latest(pl.ID)
				if err != nil {
					return err
				}
				if next != nil && next.Result == nil {
					item.Next = append(item.Next, *next)
				}
			}
		}
		page.Following = append(page.Following, item)
	}
	return nil
}

// later reports whether a was played after b: in an event that ends
// later, or a later round of the same event.
func later(a, b *Board) bool {
	return cmp.Or(cmp.Compare(lastDay(&a.Event), lastDay(&b.Event)), cmp.Compare(a.Event.ID, b.Event.ID), cmp.Compare(a.Round, b.Round)) > 0
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
		if playerID != 0 {
			p, err := tx.Player(eventID, playerID)
			if tournament.ErrorCode(err) == tournament.ENOTFOUND {
				return nil // no one follows a player the event does not have
			}
			if err != nil {
				return err
			}
			if p.PersonID != 0 {
				following, err = followsPerson(tx, u.ID, p.PersonID)
				return err
			}
		}
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
