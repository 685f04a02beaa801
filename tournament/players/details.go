package players

import (
	"strings"

	"adiukh/tournament"
)

// ApplyDetails copies the personal fields of the input onto p, a player
// of an event of the game, checked as a registered player's are: the
// desk's, a pasted list's, a team's roster's and a TRF import's players
// alike. Numbering and withdrawal need the event's state and are the use
// cases'.
func ApplyDetails(in tournament.PlayerInput, p *tournament.Player, game tournament.GameKind) error {
	if in.Name != nil {
		name, err := tournament.CleanText("name", *in.Name, 100, true)
		if err != nil {
			return err
		}
		// Spaces typed twice inside a name are a slip: kept single, the name
		// sorts, prints and is found as a duplicate like the others.
		p.Name = strings.Join(strings.Fields(name), " ")
	}
	if in.Rating != nil {
		if *in.Rating < 0 || *in.Rating > 4000 {
			return tournament.Invalid("rating", "a rating is between 0 and 4000; got %d", *in.Rating)
		}
		p.Rating = *in.Rating
	}
	if in.BirthYear != nil {
		if *in.BirthYear != 0 && (*in.BirthYear < 1900 || *in.BirthYear > 2100) {
			return tournament.Invalid("birth_year", "%d is not a birth year", *in.BirthYear)
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
		v, err := tournament.CleanText(text.field, *text.in, 100, false)
		if err != nil {
			return err
		}
		*text.out = v
	}
	if in.Federation != nil {
		federation, err := tournament.ParseFederation("federation", *in.Federation)
		if err != nil {
			return err
		}
		p.Federation = federation
	}
	if in.Title != nil {
		title, err := tournament.ParseTitle(game, *in.Title)
		if err != nil {
			return err
		}
		p.Title = title
	}
	return nil
}

// CheckDetails checks the personal fields of the input as a player's are
// checked when the player is registered, all but the title, which is
// checked by the rule book of the event's game when the input is applied.
func CheckDetails(in tournament.PlayerInput) error {
	in.Title = nil
	return ApplyDetails(in, &tournament.Player{}, "")
}
