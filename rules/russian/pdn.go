package russian

import "adiukh/rules"

// PDN writes the replayed game as PDN 3.0 for GameType 25, as lidraughts
// reads it: the sheet's headers as tags, the start position in a FEN tag
// when it is not the initial one, the moves with every landing square and
// 'x' for a capture, and the result 2-0, 1-1 or 0-2.
func (r *Report) PDN() string {
	g := rules.PDNGame{Sheet: r.Sheet, GameType: PDNGameType, Variant: PDNVariant,
		Own: []string{"FEN", "Score", "Termination", "Position", "ToMove"}, Result: "*"}
	if r.Start != Start() {
		g.Tags = append(g.Tags, [2]string{"FEN", r.Start.FEN()})
	}
	if r.Result != nil {
		g.Result = map[bool]string{true: "2-0", false: "0-2"}[r.Result.White > r.Result.Black]
		if *r.Result == Draw {
			g.Result = "1-1"
		}
	}
	for _, pm := range r.Played {
		g.Moves = append(g.Moves, rules.PDNMove{Number: pm.Number, Side: pm.Side, Text: pm.Move.String()})
	}
	return g.String()
}
