package tournament

import (
	"cmp"
	"slices"
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
	// (RegisterPlayer): namesakes may well play.
	ConfirmDuplicate bool
	// PersonID links a new player to a person of the register, whose
	// name, birth year, club, region and federation ID the player takes
	// unless given.
	PersonID *int64
}

// applyDetails copies the personal fields of a player of an event of the
// game; numbering and withdrawal need the event's state and are handled by
// the service.
func (in PlayerInput) applyDetails(p *Player, game GameKind) error {
	if in.Name != nil {
		name, err := CleanText("name", *in.Name, 100, true)
		if err != nil {
			return err
		}
		// Spaces typed twice inside a name are a slip: kept single, the name
		// sorts, prints and is found as a duplicate like the others.
		p.Name = strings.Join(strings.Fields(name), " ")
	}
	if in.Rating != nil {
		if *in.Rating < 0 || *in.Rating > 4000 {
			return Invalid("rating", "a rating is between 0 and 4000; got %d", *in.Rating)
		}
		p.Rating = *in.Rating
	}
	if in.BirthYear != nil {
		if *in.BirthYear != 0 && (*in.BirthYear < 1900 || *in.BirthYear > 2100) {
			return Invalid("birth_year", "%d is not a birth year", *in.BirthYear)
		}
		p.BirthYear = *in.BirthYear
	}
	for _, text := range []struct {
		field string
		in    *string
		out   *string
	}{{"club", in.Club, &p.Club}, {"city", in.City, &p.City}, {"federation_id", in.FederationID, &p.FederationID}} {
		if text.in == nil {
			continue
		}
		v, err := CleanText(text.field, *text.in, 100, false)
		if err != nil {
			return err
		}
		*text.out = v
	}
	if in.Federation != nil {
		federation, err := ParseFederation("federation", *in.Federation)
		if err != nil {
			return err
		}
		p.Federation = federation
	}
	if in.Title != nil {
		title, err := ParseTitle(game, *in.Title)
		if err != nil {
			return err
		}
		p.Title = title
	}
	return nil
}

// numberByRating gives start numbers 1…n by rating, highest first, then by
// name in alphabetical order.
func numberByRating(players []Player) {
	slices.SortStableFunc(players, func(a, b Player) int {
		if c := cmp.Compare(b.Rating, a.Rating); c != 0 {
			return c
		}
		if c := cmp.Compare(nameKey(a.Name), nameKey(b.Name)); c != 0 {
			return c
		}
		return cmp.Compare(a.ID, b.ID)
	})
	for i := range players {
		players[i].StartNo = i + 1
	}
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
