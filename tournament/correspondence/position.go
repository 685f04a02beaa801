package correspondence

import (
	"fmt"

	"adiukh/rules"
	"adiukh/tournament"
)

// A game is played by the rules of its event's game (tournament.GameKind,
// through rules.Game): Adiukh's or Russian draughts'. Its position is kept
// in that game's notation (Adiukh's position notation, a Russian FEN), its
// moves as that game writes them, its result in that game's points (24:0,
// 2:0).

// startState is the position the section's games start from: its thematic
// start, or the game's initial position with White to move.
func startState(k tournament.GameKind, st *Settings) (rules.State, error) {
	if st.StartPosition == "" {
		return k.Rules().Start(), nil
	}
	return k.Rules().ParseState(st.StartPosition, st.StartSide)
}

// gameStart is the position g started from: its own (a micro-match's
// drawn opening, a live round's thematic start), else its section's. A live
// game without one started from the game's initial position: a thematic
// start given later is the next rounds' (Configure).
func gameStart(k tournament.GameKind, st *Settings, g *Game) (rules.State, error) {
	switch {
	case g.Start != "":
		return k.Rules().ParseState(g.Start, g.FirstSide())
	case g.Live:
		return k.Rules().Start(), nil
	}
	return startState(k, st)
}

// stateOf is the game's state after the moves played, as the rules of the
// event's game go on with it: the stored position with its side to move
// when that is all they need (Adiukh), else the moves played again from
// the start (replay).
func stateOf(e *tournament.Event, st *Settings, g *Game, moves []Move) (rules.State, error) {
	if game := e.Game.Rules(); game.Memoryless() {
		s, err := game.ParseState(g.Position, g.ToMove)
		if err != nil {
			return nil, fmt.Errorf("game %d: stored position: %w", g.ID, err)
		}
		return s, nil
	}
	return replay(e, st, g, moves)
}

// replay is the game's state after the moves played, played again from its
// start by the rules of the event's game: what a rule counts of a game's
// history (the draw axioms of Russian draughts) is then the whole game's.
func replay(e *tournament.Event, st *Settings, g *Game, moves []Move) (rules.State, error) {
	s, err := gameStart(e.Game, st, g)
	if err != nil {
		return nil, fmt.Errorf("game %d: start position: %w", g.ID, err)
	}
	for _, m := range moves {
		played, err := s.Play(m.Notation)
		if err != nil {
			return nil, fmt.Errorf("game %d: stored move %d (%s): %w", g.ID, m.Ply, m.Notation, err)
		}
		s = played.After
	}
	if s.Notation() != g.Position || s.ToMove() != g.ToMove {
		return nil, fmt.Errorf("game %d: its moves lead to %s, %s to move; it stands at %s, %s to move", g.ID, s.Notation(), s.ToMove(), g.Position, g.ToMove)
	}
	return s, nil
}

// resultOf is the result of a game its rules ended: a side without a move
// lost, or a draw the rules declare (Russian draughts' axioms), in the
// game's points; both end by final_position. The note says how.
func resultOf(out rules.Outcome, mover rules.Color, last string) (tournament.Result, string) {
	res := tournament.Result{White: out.Score.White, Black: out.Score.Black, EndReason: tournament.FinalPosition}
	if out.Reason != rules.EndFinalPosition {
		return res, tournament.Note("note.game.drawn_by_rule", last, out.Detail)
	}
	if mover == rules.White {
		return res, tournament.Note("note.game.final.black", last)
	}
	return res, tournament.Note("note.game.final.white", last)
}
