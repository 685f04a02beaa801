package knockout

import "errors"

// Tempo is how a tie-break stage is played: shorter clocks, then a
// deciding game.
type Tempo string

const (
	Rapid    Tempo = "rapid"
	Blitz    Tempo = "blitz"
	Deciding Tempo = "deciding"
)

// Tempos lists the tempos a tie-break stage may have.
var Tempos = []Tempo{Rapid, Blitz, Deciding}

// Stage is one stage of tie-break games, played when the match is level
// after the games before it.
type Stage struct {
	Games int
	Tempo Tempo
}

// Format is how a match is played: Games games, then the tie-break
// stages in order while the match stays level.
type Format struct {
	Games     int
	TieBreaks []Stage
}

// MostGames is how many games a match of the format may take: its own
// and every tie-break stage's.
func (f Format) MostGames() int {
	most := f.Games
	for _, st := range f.TieBreaks {
		most += st.Games
	}
	return most
}

// MaxGames bounds a match's games and each stage's.
const MaxGames = 20

// Fault is what a Problem finds wrong.
type Fault int

const (
	MatchGames Fault = iota + 1 // the match's own games are not 1…MaxGames
	StageGames                  // a tie-break stage's games are not 1…MaxGames
	StageTempo                  // a tie-break stage's tempo is unknown
)

// Problem is one thing wrong with a format: the fault, the tie-break
// stage it is in (from 0; -1 for the match's own games) and the number
// given.
type Problem struct {
	Fault Fault
	Stage int
	Got   int
}

// Check lists what is wrong with the format; none when it can be played.
func (f Format) Check() []Problem {
	var out []Problem
	if f.Games < 1 || f.Games > MaxGames {
		out = append(out, Problem{MatchGames, -1, f.Games})
	}
	for i, s := range f.TieBreaks {
		if s.Games < 1 || s.Games > MaxGames {
			out = append(out, Problem{StageGames, i, s.Games})
		}
		known := false
		for _, t := range Tempos {
			known = known || s.Tempo == t
		}
		if !known {
			out = append(out, Problem{StageTempo, i, 0})
		}
	}
	return out
}

// Outcome is one game of a match from its top entrant's side.
type Outcome int

const (
	TopWins Outcome = iota + 1
	Drawn
	BottomWins
)

// points is what the outcome scores the top and the bottom entrant.
func (o Outcome) points() (top, bottom float64) {
	switch o {
	case TopWins:
		return 1, 0
	case BottomWins:
		return 0, 1
	}
	return 0.5, 0.5
}

// Slot is a game of a match: its number in the match (from 1), the stage
// it belongs to (0 the match's own games, i the i-th tie-break stage),
// its number in that stage and whether the top entrant has White.
type Slot struct {
	Number   int
	Stage    int
	InStage  int
	Tempo    Tempo // "" in the match's own games
	TopWhite bool
}

// State is where a match stands after its games.
type State struct {
	// Top and Bottom are the points of the match's own games and Stages
	// those of each tie-break stage played (from the top's side).
	Top, Bottom float64
	Stages      [][2]float64
	// Winner is TopWins or BottomWins once the match is decided, 0 before.
	Winner Outcome
	// Next is the game to play next while the match is undecided and has
	// games left; nil when decided, or when every stage is level and only a
	// lot can decide it (Lot).
	Next *Slot
	Lot  bool
}

// ErrTooManyGames is a game recorded after the match was decided.
var ErrTooManyGames = errors.New("knockout: the match was decided before this game")

// Play is the state of a match of the format after its games, in order.
// topWhite says whether the top entrant had White in the first game; the
// colours alternate from game to game, through the tie-breaks too. A stage
// is decided as soon as one side cannot be caught in its remaining games.
func (f Format) Play(topWhite bool, games []Outcome) (State, error) {
	stages := append([]Stage{{Games: f.Games}}, f.TieBreaks...)
	var st State
	played := 0
	for si, stage := range stages {
		var top, bottom float64
		n := 0
		for n < stage.Games && played < len(games) {
			t, b := games[played].points()
			top, bottom = top+t, bottom+b
			n++
			played++
			if decided(top, bottom, stage.Games-n) {
				break
			}
		}
		if si == 0 {
			st.Top, st.Bottom = top, bottom
		} else if n > 0 {
			st.Stages = append(st.Stages, [2]float64{top, bottom})
		}
		if decided(top, bottom, stage.Games-n) {
			if played < len(games) {
				return st, ErrTooManyGames
			}
			st.Winner = TopWins
			if bottom > top {
				st.Winner = BottomWins
			}
			return st, nil
		}
		if n < stage.Games {
			st.Next = &Slot{Number: played + 1, Stage: si, InStage: n + 1, Tempo: stage.Tempo, TopWhite: topWhite == (played%2 == 0)}
			return st, nil
		}
	}
	if played < len(games) {
		return st, ErrTooManyGames
	}
	st.Lot = true
	return st, nil
}

// decided reports whether a stage at top:bottom is won with left games
// still to play: the leader is ahead by more than the rest can bring back.
func decided(top, bottom float64, left int) bool {
	diff := top - bottom
	if diff < 0 {
		diff = -diff
	}
	return diff > float64(left)
}
