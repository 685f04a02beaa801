package tournament

import (
	"strings"
)

// Player is one entrant of an individual event.
type Player struct {
	ID           int64
	EventID      int64
	StartNo      int
	Name         string
	Rating       int
	BirthYear    int
	Club         string
	City         string
	FederationID string
	// Federation is the three letters of the federation the player plays
	// for (ParseFederation); "" when not known.
	Federation string
	// Sex is Men or Women as a TRF's 001 line gives it, and BirthDate the
	// full date of birth (YYYY-MM-DD) a TRF gives beside the year; "" when
	// not known.
	Sex       string
	BirthDate string
	// Title is the player's sports rank or title in the event's game, as
	// its rule book writes it (ParseTitle); "" for none.
	Title string
	// FirstRound is the first round the player can be paired in: 1, or the
	// next round for a late entry.
	FirstRound int
	// WithdrawnFrom is the first round the player no longer plays; 0 while
	// the player stays in the event.
	WithdrawnFrom int
	// ByeRound is a round the player asked to sit out with a requested bye
	// of kind ByeKind (Swiss only); 0 when none is requested.
	ByeRound int
	ByeKind  ByeKind
	// PersonID is the person of the register the player is; 0 for a
	// player not linked to one.
	PersonID int64
}

// PlaysIn reports whether the player is to be paired in round n.
func (p *Player) PlaysIn(n int) bool {
	return n >= p.FirstRound && (p.WithdrawnFrom == 0 || n < p.WithdrawnFrom)
}

// PlayerInput carries the fields of a player to register or change; nil
// fields are left as they are.
type PlayerInput struct {
	Name         *string
	Rating       *int
	BirthYear    *int
	Club         *string
	City         *string
	FederationID *string
	// Federation is the three letters of the player's federation, in
	// any case.
	Federation *string
	// Title is the sports rank or title, in any form ParseTitle reads.
	Title *string
	// StartNo sets the start number by hand; the player who had it takes
	// the changed player's old number.
	StartNo *int
	// WithdrawFromRound withdraws the player from that round on; 0 takes
	// a withdrawal back.
	WithdrawFromRound *int
	// ConfirmDuplicate registers a new player who looks registered already
	// (players.Service.RegisterPlayer): namesakes may well play.
	ConfirmDuplicate bool
	// PersonID links a new player to a person of the register, whose
	// name, birth year, club, region and federation ID the player takes
	// unless given.
	PersonID *int64
}

// SortName is the player's name as start numbers order it: the store keeps
// it beside the name so that it can find a newcomer's place.
func (p *Player) SortName() string { return nameKey(p.Name) }

// nameKey makes names compare alphabetically without a collation library:
// case is folded, and ё sorts with е as Russian dictionaries do; the other
// Cyrillic and Latin letters are already in alphabetical code point order.
func nameKey(name string) string {
	return strings.NewReplacer("ё", "е").Replace(strings.ToLower(name))
}

func findPlayer(players []Player, id int64) *Player {
	for i := range players {
		if players[i].ID == id {
			return &players[i]
		}
	}
	return nil
}
