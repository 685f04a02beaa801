package russian

import (
	"math/bits"
	"slices"

	"adiukh/rules"
	"adiukh/rules/flat"
)

// The ends of a game beside the rules' own: a game without a move is lost
// (rules.EndFinalPosition, axiom 1), and these draws the axioms declare.
// Axiom 2 (a king each, neither losing it in one move) is a judgement, not
// a count: its endings are drawn by axiom 3's five moves; RD 10–11 (a draw
// agreed, a win impossible) are results written on the sheet.
const (
	EndRepetition rules.EndReason = "repetition"      // axiom 7, RD 12
	EndKingsOnly  rules.EndReason = "kings_only"      // axiom 4, RD 16
	EndForceCount rules.EndReason = "force_unchanged" // axiom 3, RD 14
	EndThreeKings rules.EndReason = "three_kings"     // axiom 6, RD 13
	EndMainRoad   rules.EndReason = "main_road"       // axiom 5, RD 15
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
// draw axioms count. The counts start at the game's first position, which
// a sheet may give by FEN: what happened before it is not known.
type Game struct {
	Position Position
	// history holds the positions since the last move that cannot be
	// undone (a man's move or a capture), the current one last: only they
	// can come again (axiom 7).
	history []Position
	// kingPlies counts the plies in a row made by kings without capturing
	// (axiom 4).
	kingPlies int
	// sinceChange counts the plies since the force last changed: a capture
	// or a man crowned (axiom 3), and moves the moves of each side since
	// then (axiom 6).
	sinceChange int
	moves       [2]int
	// roadMoves counts the moves the stronger side made in a row while its
	// three pieces stood against a lone king on the main road (axiom 5).
	roadMoves int
	outcome   Outcome
}

// NewGame starts a game from a position.
func NewGame(p Position) *Game {
	g := &Game{Position: p, history: []Position{p}}
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
	if manMoved || m.IsCapture() {
		n.history = []Position{n.Position}
	} else {
		n.history = append(slices.Clip(g.history), n.Position)
	}
	if manMoved || m.IsCapture() {
		n.kingPlies = 0
	} else {
		n.kingPlies++
	}
	if changed {
		n.sinceChange, n.moves, n.roadMoves = 0, [2]int{}, 0
	} else {
		n.sinceChange++
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
	if !p.HasMove() {
		// Axiom 1, RD 9: a side that cannot move, or has no piece, loses.
		g.outcome = Outcome{Over: true, Score: WhiteWins, Reason: rules.EndFinalPosition}
		if p.Side == White {
			g.outcome.Score = BlackWins
		}
		return
	}
	draw := func(reason rules.EndReason, moves int) {
		g.outcome = Outcome{Over: true, Score: Draw, Reason: reason, Moves: moves}
	}
	if n := g.repeated(); n >= 3 {
		// Axiom 7, RD 12: the same position, with the same side to move,
		// for the third time.
		draw(EndRepetition, n)
		return
	}
	if g.kingPlies >= 30 {
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
	if limit := forceLimit(p); limit > 0 && g.sinceChange >= 2*limit {
		// Axiom 3, RD 14: both sides have kings and the force has not
		// changed for 5, 30 or 60 moves (a move is White's and Black's).
		draw(EndForceCount, limit)
	}
}

// repeated counts the times the current position has stood on the board
// with the same side to move.
func (g *Game) repeated() int {
	n := 0
	for i := range g.history {
		if g.history[i] == g.Position {
			n++
		}
	}
	return n
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
