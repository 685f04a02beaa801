package international

import (
	"math/bits"

	"adiukh/rules"
	"adiukh/rules/flat"
)

// The ends of a game beside the rules' own: a game without a move is lost
// (rules.EndFinalPosition, as the FMJD rules), and these draws the rules declare.
// Draws agreed or given by the arbiter are results written on the sheet.
const (
	// The FMJD's draws, FMJD-64 7.2.3: the same position for the third time.
	EndRepetition = flat.EndRepetition
	// The FMJD's draws: 25 moves each of kings only; FMJD-64 7.2.5: 15.
	EndKingsOnly rules.EndReason = "kings_only"
	// The FMJD's draws: three pieces, a king among them, against a lone king: 16
	// moves each.
	EndThreeAgainstKing rules.EndReason = "three_against_king"
	// The FMJD's draws, FMJD-64 7.2.8: two pieces or one, a king among them,
	// against a lone king: 5 moves each.
	EndTwoAgainstKing rules.EndReason = "two_against_king"
	// FMJD-64 7.2.4: three kings or more against a lone king: 15 moves.
	EndThreeKings rules.EndReason = "three_kings"
	// FMJD-64 7.2.7: three pieces, a king among them, against a lone king
	// on the long diagonal: 5 moves.
	EndMainRoad rules.EndReason = "main_road"
	// FMJD-64 7.2.6: kings on both sides and the force unchanged for 30
	// moves (4–5 pieces) or 60 (6–7 pieces).
	EndForceCount rules.EndReason = "force_unchanged"
)

// Scores of a finished game, White's first, and the end of a game, as
// rules/flat keeps them for every game of flat men and kings.
var (
	WhiteWins = flat.WhiteWins
	Draw      = flat.Draw
	BlackWins = flat.BlackWins
)

type Outcome = flat.Outcome

// Game is a game in progress: the position, and what of its history the
// draw rules count: the positions that may come again, the plies of kings
// only and those since the force last changed (flat.History), and the
// ending of few pieces on the board.
type Game struct {
	v        *Variant
	Position Position
	history  flat.History[Position]
	// ending is the ending of few pieces the board holds, "" for none, and
	// endingPlies the plies since it arose.
	ending      rules.EndReason
	endingPlies int
	outcome     Outcome
}

// NewGame starts a game of the variant from a position.
func (v *Variant) NewGame(p Position) *Game {
	g := &Game{v: v, Position: p, history: flat.NewHistory(p)}
	g.ending, _ = v.endingOf(v, &p)
	g.judge()
	return g
}

// Outcome tells whether the game is over.
func (g *Game) Outcome() Outcome { return g.outcome }

// Play returns the game after the move, which must be legal; g is left as
// it was.
func (g *Game) Play(m *Move) *Game {
	before := g.Position
	n := *g
	n.Position = before.Play(m)
	manMoved := before.Kings&(1<<m.From) == 0
	n.history = g.history.After(n.Position, manMoved || m.IsCapture(), m.IsCapture() || m.Crowns)
	if ending, _ := g.v.endingOf(g.v, &n.Position); ending != g.ending {
		n.ending, n.endingPlies = ending, 0
	} else {
		n.endingPlies++
	}
	n.judge()
	return &n
}

// judge decides whether the game is over in its current position.
func (g *Game) judge() {
	v, p := g.v, &g.Position
	// FMJD: a side that cannot move, or has no piece, loses; the same
	// position for the third time is a draw.
	if out, ok := g.history.Ended(p.Side, v.HasMove(p)); ok {
		g.outcome = out
		return
	}
	draw := func(reason rules.EndReason, moves int) {
		g.outcome = Outcome{Over: true, Score: Draw, Reason: reason, Moves: moves}
	}
	// An ending of few pieces is named before the kings-only count, which
	// runs out at the same ply when the ending allows as many moves.
	if ending, moves := v.endingOf(v, p); ending != "" && g.endingPlies >= 2*moves {
		draw(ending, moves)
		return
	}
	if g.history.KingPlies >= 2*v.kingsOnlyMoves {
		draw(EndKingsOnly, v.kingsOnlyMoves)
		return
	}
	if v.forceCount {
		if moves := forceLimit(p); moves > 0 && g.history.SinceChange >= 2*moves {
			draw(EndForceCount, moves)
		}
	}
}

// loneKing returns the side whose only piece is a king, facing the other,
// with the other's pieces and kings.
func (p *Position) loneKing() (weak Color, pieces, kings int, ok bool) {
	for _, c := range []Color{White, Black} {
		if n, k := p.count(c); n == 1 && k == 1 {
			pieces, kings = p.count(c ^ 1)
			return c, pieces, kings, true
		}
	}
	return White, 0, 0, false
}

// endingOfFMJD is the ending of few pieces of international draughts on
// the board and the moves each side has in it (the FMJD's draws).
func endingOfFMJD(_ *Variant, p *Position) (rules.EndReason, int) {
	_, n, k, ok := p.loneKing()
	switch {
	case !ok || k == 0:
		return "", 0
	case n <= 2:
		return EndTwoAgainstKing, 5
	case n == 3:
		return EndThreeAgainstKing, 16
	}
	return "", 0
}

// endingOfFMJD64 is the ending of few pieces of Brazilian draughts on the
// board and the moves it allows (FMJD-64 7.2.4, 7.2.7, 7.2.8).
func endingOfFMJD64(v *Variant, p *Position) (rules.EndReason, int) {
	weak, n, k, ok := p.loneKing()
	switch {
	case !ok || k == 0:
		return "", 0
	case n <= 2:
		return EndTwoAgainstKing, 5
	case n == 3 && p.Men[weak]&v.longDiagonal != 0:
		return EndMainRoad, 5
	case n >= 3 && k == n:
		return EndThreeKings, 15
	}
	return "", 0
}

// forceLimit is the number of moves FMJD-64 7.2.6 gives an ending in which
// both sides have kings: 30 with 4–5 pieces on the board, 60 with 6–7; 0
// when it does not apply.
func forceLimit(p *Position) int {
	if p.Men[White]&p.Kings == 0 || p.Men[Black]&p.Kings == 0 {
		return 0
	}
	switch bits.OnesCount64(p.occupied()) {
	case 4, 5:
		return 30
	case 6, 7:
		return 60
	}
	return 0
}
