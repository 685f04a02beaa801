package knockout

// A tie of a team knockout is played in legs: team matches over the
// event's boards, the top entrant at home (White on board 1) in the first
// leg and the sides alternating after it, through the tie-break legs too.
// Every leg of a stage is played (the aggregate counts, as in the European
// Club Cup); a stage is won on match points over its legs, then on board
// points; a stage level on both goes to the next stage, and after the last
// only a lot decides.

// Leg is one leg of a tie from its top entrant's side: the match points and
// the board points each side scored.
type Leg struct {
	Top, Bottom             float64
	TopBoards, BottomBoards float64
}

// Total is a stage's legs added up.
type Total struct {
	Legs                    int
	Top, Bottom             float64
	TopBoards, BottomBoards float64
}

// TieState is where a tie stands after its legs.
type TieState struct {
	// Stages are the totals of the tie's own legs (Stages[0]) and of each
	// tie-break stage begun.
	Stages []Total
	// Winner is TopWins or BottomWins once the tie is decided, 0 before.
	Winner Outcome
	// Next is the leg to play next (TopWhite: the top entrant is at home);
	// nil when decided, or when only a lot can decide (Lot).
	Next *Slot
	Lot  bool
}

// PlayLegs is the state of a tie of the format (Games legs, then the
// tie-break stages' legs) after its legs, in order.
func (f Format) PlayLegs(legs []Leg) (TieState, error) {
	stages := append([]Stage{{Games: f.Games}}, f.TieBreaks...)
	var st TieState
	played := 0
	for si, stage := range stages {
		var t Total
		for t.Legs < stage.Games && played < len(legs) {
			l := legs[played]
			t.Legs++
			t.Top, t.Bottom = t.Top+l.Top, t.Bottom+l.Bottom
			t.TopBoards, t.BottomBoards = t.TopBoards+l.TopBoards, t.BottomBoards+l.BottomBoards
			played++
		}
		if si == 0 || t.Legs > 0 {
			st.Stages = append(st.Stages, t)
		}
		if t.Legs < stage.Games {
			st.Next = &Slot{Number: played + 1, Stage: si, InStage: t.Legs + 1, Tempo: stage.Tempo, TopWhite: played%2 == 0}
			return st, nil
		}
		if w := t.winner(); w != 0 {
			if played < len(legs) {
				return st, ErrTooManyGames
			}
			st.Winner = w
			return st, nil
		}
	}
	if played < len(legs) {
		return st, ErrTooManyGames
	}
	st.Lot = true
	return st, nil
}

// winner is the side ahead on match points, then on board points; 0 when
// level on both.
func (t Total) winner() Outcome {
	switch {
	case t.Top > t.Bottom:
		return TopWins
	case t.Top < t.Bottom:
		return BottomWins
	case t.TopBoards > t.BottomBoards:
		return TopWins
	case t.TopBoards < t.BottomBoards:
		return BottomWins
	}
	return 0
}
