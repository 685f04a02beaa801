package international

import "adiukh/rules"

// PDN writes the replayed game as PDN 3.0 for the variant's GameType, as
// lidraughts reads it: the sheet's headers as tags, the start position in
// a FEN tag when it is not the initial one, the moves as the game writes
// them with 'x' for a capture, and the result 2-0, 1-1 or 0-2.
func (r *Report) PDN() string {
	g := rules.PDNGame{Sheet: r.Sheet, GameType: r.v.gameType, Variant: r.v.pdnVariant,
		Own: []string{"FEN", "Score", "Termination", "Position", "ToMove"}, Result: r.pdnResult()}
	if r.Start != r.v.Start() {
		g.Tags = append(g.Tags, [2]string{"FEN", r.v.FEN(r.Start)})
	}
	if r.Result != nil && r.Reason != "" && !r.Game.Outcome().Over {
		// An end off the board (an agreed draw, a resignation, a flag)
		// says how it came, so that a reader tells it from one the moves
		// reach.
		g.Tags = append(g.Tags, [2]string{"Termination", string(r.Reason)})
	}
	for _, pm := range r.moves() {
		g.Moves = append(g.Moves, rules.PDNMove{Number: pm.Number, Side: pm.Side, Text: pm.Notation})
	}
	return g.String()
}

// pdnResult is the accepted result as PDN writes it, "*" without one.
func (r *Report) pdnResult() string {
	switch {
	case r.Result == nil:
		return "*"
	case *r.Result == Draw:
		return "1-1"
	case r.Result.White > r.Result.Black:
		return "2-0"
	}
	return "0-2"
}
