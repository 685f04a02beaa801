package russian

import (
	"math/bits"

	"adiukh/rules"
	"adiukh/rules/flat"
)

// The ends of a game beside the rules' own: a game without a move is lost
// (rules.EndFinalPosition, axiom 1), and these draws the axioms declare.
// Axiom 2 (a king each, neither losing it in one move) is a judgement, not
// a count: its endings are drawn by axiom 3's five moves; RD 10–11 (a draw
// agreed, a win impossible) are results written on the sheet.
const (
	EndRepetition                 = flat.EndRepetition // axiom 7, RD 12
	EndKingsOnly  rules.EndReason = "kings_only"       // axiom 4, RD 16
	EndForceCount rules.EndReason = "force_unchanged"  // axiom 3, RD 14
	EndThreeKings rules.EndReason = "three_kings"      // axiom 6, RD 13
	EndMainRoad   rules.EndReason = "main_road"        // axiom 5, RD 15
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
// draw axioms count: the positions that may come again (axiom 7), the
// plies of kings only (axiom 4) and those since the force last changed
// (axiom 3) as every game here counts them (flat.History).
type Game struct {
	Position Position
	history  flat.History[Position]
	// moves counts the moves of each side since the force last changed
	// (axiom 6).
	moves [2]int
	// roadMoves counts the moves the stronger side made in a row while its
	// three pieces stood against a lone king on the main road (axiom 5).
	roadMoves int
	outcome   Outcome
}

// NewGame starts a game from a position.
func NewGame(p Position) *Game {
	g := &Game{Position: p, history: flat.NewHistory(p)}
	g.judge()
	return g
}

// Outcome tells whether the game is over.
func (g *Game) Outcome() Outcome { return g.outcome }

// Play returns the game after the move, which must be legal; g is left as
// it was.
func (g *Game) Play(m *Move) *Game {
	before := g.Position
	mover := before.Side
	n := *g
	n.Position = before.Play(m)
	manMoved := before.Kings&(1<<m.From) == 0
	changed := m.IsCapture() || m.Crowns
	n.history = g.history.After(n.Position, manMoved || m.IsCapture(), changed)
	if changed {
		n.moves, n.roadMoves = [2]int{}, 0
	} else {
		n.moves[mover]++
		if strong, ok := n.Position.mainRoadEnding(); !ok {
			n.roadMoves = 0
		} else if strong == mover {
			n.roadMoves++
		}
	}
	n.judge()
	return &n
}

// judge decides whether the game is over in its current position.
func (g *Game) judge() {
	p := &g.Position
	// Axiom 1, RD 9: a side that cannot move, or has no piece, loses.
	// Axiom 7, RD 12: the same position, with the same side to move, for
	// the third time is a draw.
	if out, ok := g.history.Ended(p.Side, p.HasMove()); ok {
		g.outcome = out
		return
	}
	draw := func(reason rules.EndReason, moves int) {
		g.outcome = Outcome{Over: true, Score: Draw, Reason: reason, Moves: moves}
	}
	if g.history.KingPlies >= 30 {
		// Axiom 4, RD 16: 15 moves of both players with kings only, no man
		// moved and nothing taken.
		draw(EndKingsOnly, 15)
		return
	}
	if strong, ok := p.threeKingsEnding(); ok && g.moves[strong] >= 15 {
		// Axiom 6, RD 13: three kings or more against a lone king have 15
		// moves, counted from the last change of force, to take it.
		draw(EndThreeKings, 15)
		return
	}
	if _, ok := p.mainRoadEnding(); ok && g.roadMoves >= 5 && !p.mainRoadException() {
		// Axiom 5, RD 15: three pieces against a lone king on the main
		// road have 5 moves to win.
		draw(EndMainRoad, 5)
		return
	}
	if limit := forceLimit(p); limit > 0 && g.history.SinceChange >= 2*limit {
		// Axiom 3, RD 14: both sides have kings and the force has not
		// changed for 5, 30 or 60 moves (a move is White's and Black's).
		draw(EndForceCount, limit)
	}
}

// forceLimit is the number of moves axiom 3 gives an ending in which both
// sides have kings: 5 with 2–3 pieces on the board, 30 with 4–5, 60 with
// 6–7; 0 when it does not apply.
func forceLimit(p *Position) int {
	if p.Men[White]&p.Kings == 0 || p.Men[Black]&p.Kings == 0 {
		return 0
	}
	switch bits.OnesCount32(p.occupied()) {
	case 2, 3:
		return 5
	case 4, 5:
		return 30
	case 6, 7:
		return 60
	}
	return 0
}

// loneKing returns the side whose only piece is a king, facing the other.
func (p *Position) loneKing() (weak Color, ok bool) {
	for _, c := range []Color{White, Black} {
		if n, k := p.count(c); n == 1 && k == 1 {
			return c, true
		}
	}
	return White, false
}

// threeKingsEnding reports the stronger side when three kings or more
// stand against a lone king (axiom 6).
func (p *Position) threeKingsEnding() (strong Color, ok bool) {
	weak, ok := p.loneKing()
	if !ok {
		return White, false
	}
	_, kings := p.count(weak ^ 1)
	return weak ^ 1, kings >= 3
}

// mainRoadEnding reports the stronger side when three pieces — kings or
// men in any mix — stand against a lone king on the main road (axiom 5).
func (p *Position) mainRoadEnding() (strong Color, ok bool) {
	weak, ok := p.loneKing()
	if !ok || p.Men[weak]&mainRoad == 0 {
		return White, false
	}
	n, _ := p.count(weak ^ 1)
	return weak ^ 1, n == 3
}

// mainRoadException is the exception to axiom 5 (diagram 11): three men,
// two of which have crossed the двойник, win against a king on the main
// road, so the 5 moves do not make a draw. A man has crossed the двойник
// when it stands beyond both of its diagonals as its own side sees the
// board: a white one above h2–b8, a black one below g1–a7.
func (p *Position) mainRoadException() bool {
	strong, ok := p.mainRoadEnding()
	if !ok || p.Men[strong]&p.Kings != 0 {
		return false
	}
	crossed := 0
	for men := p.Men[strong]; men != 0; men &= men - 1 {
		s := lowest(men)
		sum := s.File() + s.Rank()
		if strong == White && sum > 8 || strong == Black && sum < 6 {
			crossed++
		}
	}
	return crossed >= 2
}
