// Package flat is what the games of flat men and kings share (Russian
// draughts in rules/russian; international and Brazilian draughts in
// rules/international): a game sheet replayed against the rules (a
// written move read and matched against the legal moves, the moves after
// a micro-match's opening, the written result judged against the game's
// end), the game written as PDN, and the glue that offers a game as a
// rules.Game. Each game supplies an Engine: its positions, moves and
// games, how it reads a written move, and the words of its own rules.
// The move generators stay in the games' packages, where their hot loops
// work on their own bitboards.
//
// Like rules it is pure and imports nothing of ours but rules.
package flat

import (
	"math/bits"

	"adiukh/rules"
)

func say(format string, args ...any) rules.Message { return rules.Message{Format: format, Args: args} }

// Scores of a finished game, White's first (issue 51: 2:0, 1:1, 0:2).
var (
	WhiteWins = rules.Score{White: 2, Black: 0}
	Draw      = rules.Score{White: 1, Black: 1}
	BlackWins = rules.Score{White: 0, Black: 2}
)

// Outcome tells whether a game is over, how, and its score.
type Outcome struct {
	Over   bool
	Score  rules.Score
	Reason rules.EndReason
	// Moves is the count the draw ran out: the moves of a counted ending,
	// the times the position stood for a repetition; 0 for a loss.
	Moves int
}

// Engine is one game of flat men and kings as the shared code plays it:
// its positions P, its moves M and its games in progress G (a position
// with what of the game's history its draw rules count).
type Engine[P, M comparable, G any] interface {
	// Key is the game's key, as rules.Game names it ("russian").
	Key() string
	// PDNGameType and PDNVariant are the GameType and Variant tags of its
	// PDN files.
	PDNGameType() string
	PDNVariant() string

	Start() P
	// ParseFEN reads a position in PDN 3.0's FEN, FEN writes one.
	ParseFEN(text string) (P, error)
	FEN(p P) string
	Side(p *P) rules.Color
	LegalMoves(p *P) []M
	// Notate writes a legal move of p as the game writes it; Path names
	// the squares its piece stands on in turn.
	Notate(p *P, m M) string
	Path(m M) []string
	Pieces(p *P) []rules.Piece
	Perft(p P, depth int) int64

	// ReadMove finds the legal move of p that a sheet's move names, with
	// the warnings its spelling earns; the message says why there is none.
	ReadMove(p *P, sm *rules.SheetMove) (Reading[M], *rules.Message)
	// ReadText finds the legal move of p a text names (an opening's move,
	// a move played on the server); a *rules.RecordError says that the
	// text is no move at all.
	ReadText(p *P, text string) (M, error)

	NewGame(p P) G
	Play(g G, m M) G
	Outcome(g G) Outcome
	Position(g G) *P

	// DrawRule names the rule that drew a game; the others word what the
	// game's rules call its GameType, results and scores.
	DrawRule(out Outcome) rules.Message
	NotGameType(value string) rules.Message
	NotAResult(text string) rules.Message
	NotAScore(text string) rules.Message
	NoDrawRule() rules.Message
}

// Reading is a sheet's move as read: the legal move it names, the text
// it was read as, and the warnings on how it is written.
type Reading[M any] struct {
	Move     M
	Text     string
	Warnings []rules.Message
}

// Bitboard is a set of a board's dark squares, a bit a square.
type Bitboard interface{ ~uint32 | ~uint64 }

// PieceOn tells what stands on the square of bit, given each colour's
// pieces and which of them are kings.
func PieceOn[B Bitboard](men [2]B, kings, bit B) (c rules.Color, king, ok bool) {
	switch {
	case men[rules.White]&bit != 0:
		return rules.White, kings&bit != 0, true
	case men[rules.Black]&bit != 0:
		return rules.Black, kings&bit != 0, true
	}
	return rules.White, false, false
}

// Count is the number of a colour's pieces, and of its kings.
func Count[B Bitboard](pieces, kings B) (n, kingCount int) {
	return bits.OnesCount64(uint64(pieces)), bits.OnesCount64(uint64(pieces & kings))
}
