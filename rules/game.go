package rules

// Game is the rules of one game as the rest of the code uses them, whatever
// the game: its positions in its own notation, legal moves, the end of a
// game and its score, sheet validation and perft. Each game's package
// offers one (rules/adiukh, rules/russian, rules/international) on its
// value, listed in the registry (rules/games); rules imports none of them.
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
	// ValidateAfterOpening replays the first game of a sheet played from
	// an opening (a micro-match's, the opening's moves as the game
	// writes them): the sheet may give the whole game or only the moves
	// after the opening, and the verdict's moves start with the
	// opening's. An opening that does not replay is an error. A game
	// without micro-matches (Variant.MicroMatch nil) replays the sheet as it
	// is when opening is empty, and refuses any opening.
	ValidateAfterOpening(text string, opening []string) (Verdict, error)
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
	// Pieces lists what stands on the board, square by square, for
	// drawing it.
	Pieces() []Piece
}

// Piece is what stands on one square, named as the game names it: a
// man or a king, or in Adiukh a tower of its owner's checkers with the
// other colour's under them.
type Piece struct {
	Square string
	Owner  Color
	King   bool
	// Own and Other are a tower's checkers of its owner's colour and of
	// the other (Adiukh); a flat piece is Own 1, Other 0.
	Own, Other int
}

// GameMove is a legal move written as its game writes it, the squares its
// piece stands on in turn (the start, every landing, the end), and the
// state after it.
type GameMove struct {
	Notation string
	Path     []string
	After    State
}

// From and To are the squares a move starts and ends on.
func (m GameMove) From() string { return m.Path[0] }
func (m GameMove) To() string   { return m.Path[len(m.Path)-1] }

// ReplayedMove is a move of a replayed sheet: its place in the game, the
// move, and the state it left.
type ReplayedMove struct {
	Ply, Number int
	Side        Color
	GameMove
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
	// Written is the result the sheet writes, accepted or not; nil when
	// it writes none.
	Written *SheetResult
	// Final is the last state reached; Plies the moves replayed.
	// StartUnread: the sheet's start (its FEN) could not be read, so no
	// position was reached and Final is only the game's initial one.
	Final            State
	StartUnread      bool
	Plies            int
	White, Black     string
	Errors, Warnings []Problem
	// PDN is the game as replayed, written as PDN; empty when a move did
	// not replay. PDNAfterOpening writes it from the opening's position,
	// its moves numbered as the paper sheet numbers them, after the
	// opening (ValidateAfterOpening).
	PDN, PDNAfterOpening string
	// PDNWith writes the game as PDN with another result than the
	// sheet's, the one that counts (an arbiter's entry), and how it came;
	// nil when a move did not replay.
	PDNWith func(result Score, reason EndReason) string
	// Start is the game's first position (the opening's too); Moves the
	// moves replayed from it, up to the first wrong one, the opening's
	// first; OpeningPlies how many of them are the opening's.
	Start        State
	Moves        []ReplayedMove
	OpeningPlies int
	// Replayed: every move of the sheet replayed, so that the game can be
	// written out as played (a record, PDN) even when the sheet has other
	// problems, such as a result its moves do not support.
	Replayed bool
}
