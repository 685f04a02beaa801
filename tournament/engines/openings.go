package engines

import (
	"bytes"

	"adiukh/rules"
	"adiukh/tournament"
	"adiukh/tournament/openings"
)

// Openings draws a micro-match event's openings from its table with the
// pure draw of tournament/openings.
type Openings struct{}

// DrawOpenings reads the event's table (its game's default one when it has
// none) and draws n openings from the seed, as openings.Draw does.
func (Openings) DrawOpenings(game *rules.Variant, table []byte, seed uint64, n int, drawn []int) ([]tournament.DrawnOpening, error) {
	t := openings.Default(game)
	if table != nil {
		var err error
		if t, err = openings.ReadJSON(bytes.NewReader(table), game.Rules); err != nil {
			return nil, err
		}
	}
	if t == nil {
		return nil, tournament.Conflict("micro_match", "%s has no table of openings of its own: load one for the event", tournament.GameKind(game.Key))
	}
	picked, err := openings.Draw(t, openings.NewSource(seed), n, drawn)
	if err != nil {
		return nil, err
	}
	out := make([]tournament.DrawnOpening, len(picked))
	for i, o := range picked {
		out[i] = tournament.DrawnOpening{Number: o.Number, Name: o.Name, NameEn: o.NameEn, Moves: o.Moves, FEN: o.FEN, Seed: seed}
	}
	return out, nil
}
