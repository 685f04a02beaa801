package russian

import "adiukh/rules"

// PDN writes the replayed game as PDN 3.0 for GameType 25, as lidraughts
// reads it: the sheet's headers as tags, the start position in a FEN tag
// when it is not the initial one, the moves with every landing square and
// 'x' for a capture, and the result 2-0, 1-1 or 0-2, with a Termination
// tag where the game ended off the board (a resignation, a flag, the
// arbiter), so that a reader tells how it ended. An agreed draw has none:
// 1-1 before the game's end is one (RD 10), as lidraughts writes it and
// our reader reads it.
func (r *Report) PDN() string {
	g := rules.PDNGame{Sheet: r.Sheet, GameType: PDNGameType, Variant: PDNVariant,
		Own: []string{"FEN", "Score", "Termination", "Position", "ToMove"}, Result: r.pdnResult()}
	if r.Start != Start() {
		g.Tags = append(g.Tags, [2]string{"FEN", r.Start.FEN()})
	}
	if r.Result != nil && r.Reason != "" && r.Reason != rules.EndAgreement && !r.Game.Outcome().Over {
		g.Tags = append(g.Tags, [2]string{"Termination", string(r.Reason)})
	}
	for _, pm := range r.Moves() {
		g.Moves = append(g.Moves, rules.PDNMove{Number: pm.Number, Side: pm.Side, Text: pm.Move.String()})
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
