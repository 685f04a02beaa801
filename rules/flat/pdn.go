package flat

import "adiukh/rules"

// PDN writes the replayed game as PDN 3.0 for the game's GameType, as
// lidraughts reads it: the sheet's headers as tags, the start position in
// a FEN tag when it is not the initial one, the moves as the game writes
// them with 'x' for a capture, and the result 2-0, 1-1 or 0-2, with a
// Termination tag where the game ended off the board (a resignation, a
// flag, the arbiter), so that a reader tells how it ended. An agreed draw
// has none: 1-1 before the game's end is one (RD 10), as lidraughts
// writes it and our reader reads it.
func (r *Report[P, M, G]) PDN() string {
	g := r.pdnGame()
	if start := r.e.Start(); r.Start != start {
		g.Tags = append(g.Tags, [2]string{"FEN", r.e.FEN(r.Start)})
	}
	g.Tags = append(g.Tags, r.termination()...)
	g.Moves = pdnMoves(r.Moves())
	return g.String()
}

// termination is the Termination tag of a game that ended off the board,
// none for an agreed draw or a game its rules ended.
func (r *Report[P, M, G]) termination() [][2]string {
	if r.Result != nil && r.Reason != "" && r.Reason != rules.EndAgreement && !r.e.Outcome(r.Game).Over {
		return [][2]string{{"Termination", string(r.Reason)}}
	}
	return nil
}

// PDNAfterOpening writes the replayed game as PDN starting from the
// position the opening reached, in a FEN tag, with the moves after it
// numbered on from the opening's as the paper sheet numbers them (4. after
// a three-move opening), as PDN lets a game from a FEN number on, and the
// Termination tag as PDN writes it; the opening's own moves are the
// caller's to name in tags. A sheet whose
// moves did not all replay has no PDN: it returns "".
func (r *Report[P, M, G]) PDNAfterOpening() string {
	if !r.Replayed() {
		return ""
	}
	g := r.e.NewGame(r.Start)
	moves := r.Moves()
	for i := 0; i < len(moves) && moves[i].Ply <= r.OpeningPlies; i++ {
		g = r.e.Play(g, moves[i].Move)
	}
	pdn := r.pdnGame()
	pdn.Tags = append([][2]string{{"FEN", r.e.FEN(*r.e.Position(g))}}, r.termination()...)
	pdn.Moves = pdnMoves(r.AfterOpening())
	return pdn.String()
}

// pdnGame is the game's PDN without its moves and start.
func (r *Report[P, M, G]) pdnGame() rules.PDNGame {
	return rules.PDNGame{Sheet: r.Sheet, GameType: r.e.PDNGameType(), Variant: r.e.PDNVariant(),
		Own: []string{"FEN", "Score", "Termination", "Position", "ToMove"}, Result: r.pdnResult()}
}

func pdnMoves[M any](moves []Played[M]) []rules.PDNMove {
	out := make([]rules.PDNMove, len(moves))
	for i, m := range moves {
		out[i] = rules.PDNMove{Number: m.Number, Side: m.Side, Text: m.Notation}
	}
	return out
}

// pdnResult is the accepted result as PDN writes it, "*" without one.
func (r *Report[P, M, G]) pdnResult() string {
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
