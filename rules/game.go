package rules

import (
	"slices"
	"strings"
	"sync"
)

// Game is the rules of one game as the rest of the code uses them, whatever
// the game: its positions in its own notation, legal moves, the end of a
// game and its score, sheet validation and perft. Adiukh is one
// (AdiukhGame); Russian draughts (rules/russian) registers itself as
// another, and rules never imports it.
type Game interface {
	// Name is the game's key in flags, files and data: "adiukh", "russian".
	Name() string
	// Start is the initial position, White to move.
	Start() State
	// ParseState reads a position in the game's notation. Russian
	// draughts' FEN names the side to move; Adiukh's position notation
	// does not, and side is taken for it.
	ParseState(text string, side Color) (State, error)
	// Perft counts the positions reached after every sequence of depth
	// plies, moves that lead to the same position counting once.
	Perft(s State, depth int) int64
	// ValidateGames reads every game of a sheet or a PDN file and replays
	// each against the rules.
	ValidateGames(text string) []Verdict
	// Memoryless reports whether a position with its side to move is all
	// the rules need to go on with a game (Adiukh); false when they count
	// what came before (Russian draughts' draw axioms), and a game in
	// progress is then its moves played from its start.
	Memoryless() bool
	// PDNTags are the tags that name the game in a PDN file (GameType,
	// Variant), then those that give the start position when it is not
	// the game's initial one: Adiukh's Position and ToMove, Russian
	// draughts' FEN. A game sheet takes the same as its headers.
	PDNTags(start State) []Header
}

// State is a position of a game with the side to move, and what of the
// game's history its rules need to tell when it is over.
type State interface {
	// Notation writes the position as the game does: a FEN for Russian
	// draughts, the rules' position notation for Adiukh (whose side to
	// move is ToMove).
	Notation() string
	ToMove() Color
	// Moves lists the legal moves, each with the state it leads to.
	Moves() []GameMove
	// Play plays a move as a person writes it; an error says why it
	// cannot be played.
	Play(written string) (GameMove, error)
	// Outcome tells whether the game is over, and its score then.
	Outcome() Outcome
}

// GameMove is a legal move written as its game writes it, and the state
// after it.
type GameMove struct {
	Notation string
	After    State
}

// Outcome is the end of a game: its score, and how it came (a final
// position, or a draw the game's rules declare).
type Outcome struct {
	Over   bool
	Score  Score
	Reason EndReason
	// Detail says how the game ended, in the rules' words: the draw rule
	// that ended it, say; empty for a side without a move in Adiukh.
	Detail Message
}

// Verdict is the report on one game of a sheet, for any game.
type Verdict struct {
	Valid bool
	// Result is the accepted result: the end the game reached, or a
	// written result the rules accept; nil when there is none.
	Result *Score
	Reason EndReason
	// Final is the last state reached; Plies the moves replayed.
	Final            State
	Plies            int
	White, Black     string
	Errors, Warnings []Problem
	// PDN is the game as replayed, written as PDN; empty when a move did
	// not replay.
	PDN string
}

var registry = struct {
	sync.RWMutex
	games map[string]Game
}{games: map[string]Game{"adiukh": AdiukhGame{}}}

// RegisterGame makes a game known by its name (GameNamed); a game's package
// registers itself when it is loaded.
func RegisterGame(g Game) {
	registry.Lock()
	defer registry.Unlock()
	registry.games[g.Name()] = g
}

// GameNamed returns the game of that name.
func GameNamed(name string) (Game, bool) {
	registry.RLock()
	defer registry.RUnlock()
	g, ok := registry.games[strings.ToLower(name)]
	return g, ok
}

// GameNames lists the names of the games known, in order.
func GameNames() []string {
	registry.RLock()
	defer registry.RUnlock()
	names := make([]string, 0, len(registry.games))
	for name := range registry.games {
		names = append(names, name)
	}
	slices.Sort(names)
	return names
}

// AdiukhGame is Adiukh checkers behind the Game interface.
type AdiukhGame struct{}

func (AdiukhGame) Name() string { return "adiukh" }

func (AdiukhGame) Start() State { return adiukhState{Start(), White} }

func (AdiukhGame) ParseState(text string, side Color) (State, error) {
	p, err := ParsePosition(text)
	if err != nil {
		return nil, err
	}
	return adiukhState{p, side}, nil
}

func (AdiukhGame) Perft(s State, depth int) int64 {
	st := s.(adiukhState)
	return Perft(st.pos, st.side, depth)
}

func (AdiukhGame) ValidateGames(text string) []Verdict {
	reports := ValidateGames(text)
	out := make([]Verdict, len(reports))
	for i, r := range reports {
		v := Verdict{Valid: r.Valid, Result: r.Result, Reason: r.Reason, Final: adiukhState{r.Position, r.ToMove},
			Plies: len(r.Played), White: r.Sheet.Header("White"), Black: r.Sheet.Header("Black"),
			Errors: r.Errors, Warnings: r.Warnings}
		if r.Replayed() {
			v.PDN = r.PDN()
		}
		out[i] = v
	}
	return out
}

func (AdiukhGame) Memoryless() bool { return true }

func (AdiukhGame) PDNTags(start State) []Header {
	tags := []Header{{Key: "GameType", Value: PDNGameType}, {Key: "Variant", Value: PDNVariant}}
	if st := start.(adiukhState); st.pos != Start() || st.side != White {
		tags = append(tags, Header{Key: "Position", Value: st.pos.String()}, Header{Key: "ToMove", Value: st.side.String()})
	}
	return tags
}

// adiukhState is a position of Adiukh with the side to move: its end
// depends on nothing else (§5.1).
type adiukhState struct {
	pos  Position
	side Color
}

func (s adiukhState) Notation() string { return s.pos.String() }

func (s adiukhState) ToMove() Color { return s.side }

func (s adiukhState) Moves() []GameMove {
	moves := s.pos.LegalMoves(s.side)
	out := make([]GameMove, len(moves))
	for i, m := range moves {
		out[i] = GameMove{m.String(), adiukhState{s.pos.Play(m), s.side.Opponent()}}
	}
	return out
}

func (s adiukhState) Play(written string) (GameMove, error) {
	r, err := ParseRecord(written)
	if err != nil {
		return GameMove{}, err
	}
	m, _, err := FindReading(r, func(rec Record) (Move, error) { return s.pos.Find(s.side, rec) })
	if err != nil {
		return GameMove{}, err
	}
	return GameMove{m.String(), adiukhState{s.pos.Play(m), s.side.Opponent()}}, nil
}

func (s adiukhState) Outcome() Outcome {
	if s.pos.hasLegalMove(s.side) {
		return Outcome{}
	}
	return Outcome{Over: true, Score: s.pos.Score(), Reason: EndFinalPosition}
}
