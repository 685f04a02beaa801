package rules

import (
	"fmt"
	"math"
	"strconv"
)

// Variant is one game as the whole program sees it: what plays and checks
// its moves (Rules), and everything else in which it differs from the
// others — its board, its result scale, what its events may have, the
// norms of its rule book, how its pieces are drawn and filed. Callers ask
// the event's Variant; none of them compares a game's key, so that a new
// game is one package and one line of the registry (rules/games), as
// lidraughts puts board size, GameType and start position on its variant.
type Variant struct {
	// Key names the game in URLs, flags, files, JSON and stored rows:
	// "adiukh", "russian". Its names in the catalogue are under NameKey.
	Key string
	// English is the game's name in English messages ("Russian
	// draughts"); the catalogue words it for the reader (NameKey).
	English string
	Rules   Game
	Board   Board
	Scale   Scale
	// PDNGameType is the GameType tag of its PDN files (PDN 3.0: 25 for
	// Russian draughts; Adiukh's own, with its Variant tag).
	PDNGameType string
	// Towers: captured checkers stay under the capturing one and are drawn
	// as towers (Adiukh); otherwise flat men and kings.
	Towers bool
	// SideApart: a position is written in the game's own notation without
	// the side to move, which is given apart (Adiukh's position notation;
	// the CLI's --position and --side); otherwise as a FEN that names it
	// (the draughts games; --fen).
	SideApart bool
	// Compositions: the composition contests of the composition
	// discipline are of this game.
	Compositions bool
	// MicroMatch is what its events have of micro-matches; nil for a
	// game whose events play one game a pairing.
	MicroMatch *MicroMatch
	// TimeNorms are its rule book's time controls per over-the-board
	// discipline ("standard", "rapid", "blitz"); a discipline it has none
	// for is not warned about.
	// TimeNormsRule and TimeNormsLeeway cite its rule book where it sets
	// them ("§9") and where it lets an event's regulations set others
	// ("§9.4"): the warnings name them.
	TimeNorms                      map[string]TimeNorm
	TimeNormsRule, TimeNormsLeeway string
	// RatingLists is the prefix of its rating lists' keys: "" keeps
	// Adiukh's "standard", "rapid", "blitz"; "russian-" gives
	// "russian-standard" …
	RatingLists string
	// Repetitions: its draw rules count a position repeated (the third
	// time is a draw), which only a score sheet can prove; its printed
	// sheets have a column to mark the repeated moves in.
	Repetitions bool
	// SheetMoves is the number of moves a printed score sheet has room
	// for, each row a move of both sides.
	SheetMoves int
	// SheetsRule cites its rule book where it has the games of a standard
	// event recorded on score sheets ("§10.2"); "" cites none.
	SheetsRule string
	// DisciplinePrefix is the catalogue prefix of the disciplines as the
	// game's rule book names them: "discipline." for Adiukh's,
	// "discipline_russian." for Russian draughts' («классическая
	// программа»).
	DisciplinePrefix string
	// DisciplineFullPrefix is the prefix of the disciplines' full names
	// as documents print them, with the game's name
	// ("discipline_full.rapid": «Адиюх — быстрая игра»).
	DisciplineFullPrefix string
	// Titles are the sports ranks and titles its events' players and the
	// register's persons may hold in it, as its rule book writes them.
	Titles Titles
}

// NameKey is the catalogue key of the game's name («Русские шашки»).
func (v *Variant) NameKey() string { return "gametype." + v.Key }

// RatingList is the key of the game's rating list of a discipline
// ("standard" → "russian-standard").
func (v *Variant) RatingList(discipline string) string { return v.RatingLists + discipline }

// GradedScores reports whether a game's score says by how much it was won
// (Adiukh's checkers on the opponent's half), so that tie-breaks may count
// the scores themselves; a game scored only as a win, a draw or a loss
// does not.
func (v *Variant) GradedScores() bool { return v.Scale.Graded }

// MicroMatch is a game's micro-matches: two games from an opening drawn
// from a table (tournament/openings), colours exchanged.
type MicroMatch struct {
	// Openings is the table the game ships, as tournament/openings reads
	// JSON, drawn from where an event loads none; nil: an event loads its
	// own before its rounds are paired.
	Openings []byte
}

// Board is a game's board: its size and how its dark squares are named.
type Board struct {
	// Size is the number of files and ranks: 8 or 10.
	Size int
	// Numeric: squares are numbered 1 … Size²/2 from the top left as White
	// sees the board (international draughts); otherwise named by file
	// and rank ("c3").
	Numeric bool
}

// Squares is the number of dark squares.
func (b Board) Squares() int { return b.Size * b.Size / 2 }

// SquareName names the dark square on a file and a rank (both from 0,
// file a and rank 1 at White's bottom left); ok is false for a light
// square or one off the board.
func (b Board) SquareName(file, rank int) (string, bool) {
	if file < 0 || rank < 0 || file >= b.Size || rank >= b.Size || (file+rank)%2 != 0 {
		return "", false
	}
	if b.Numeric {
		row := b.Size - 1 - rank
		return fmt.Sprint(row*b.Size/2 + file/2 + 1), true
	}
	return fmt.Sprintf("%c%d", 'a'+file, rank+1), true
}

// Scale is a game's result scale: what a game's two scores add up to, and
// which scores a game may end with.
type Scale struct {
	// Points is what the two scores of a played game add up to: 24 for
	// Adiukh's checkers, 2 for a win, a draw or a loss.
	Points int
	// Graded: any split of Points is a score (Adiukh's 13:11 … 24:0);
	// otherwise only a win, a draw and a loss.
	Graded bool
	// Example is a score as a form shows it for an example: a win.
	Example string
}

// Halves writes points that are whole or a half as a crosstable prints
// them: 1, ½, 2½; ok is false for any other fraction, which its caller
// writes with its language's decimal separator.
func Halves(p float64) (text string, ok bool) {
	whole, frac := math.Modf(p)
	switch {
	case frac == 0:
		return strconv.FormatFloat(whole, 'f', 0, 64), true
	case frac == 0.5 && whole == 0:
		return "½", true
	case frac == 0.5:
		return strconv.FormatFloat(whole, 'f', 0, 64) + "½", true
	}
	return "", false
}

// Win is the score of a game White (or Black) wins outright.
func (s Scale) Win(white bool) Score {
	if white {
		return Score{White: s.Points}
	}
	return Score{Black: s.Points}
}

// Draw is the score of a drawn game.
func (s Scale) Draw() Score { return Score{White: s.Points / 2, Black: s.Points / 2} }

// Allows reports whether a played game may end with the score.
func (s Scale) Allows(sc Score) bool {
	if sc.White < 0 || sc.Black < 0 || sc.White+sc.Black != s.Points {
		return false
	}
	return s.Graded || sc.White == s.Points || sc.Black == s.Points || sc.White == sc.Black
}

// OnAdiukhScale gives a score in Adiukh's 24 points, in which the
// standings' score-based tie-breaks and the rating formula count: a graded
// score as a share of 24, any other by who won (2:0 is 24:0, 1:1 is
// 12:12); 0:0, a double forfeit, stays.
func (s Scale) OnAdiukhScale(white, black int) (int, int) {
	switch {
	case s.Graded && s.Points == 24:
		return white, black
	case white > black:
		return 24, 0
	case black > white:
		return 0, 24
	case white == 0:
		return 0, 0
	}
	return 12, 12
}

// FromAdiukhScale is the inverse of OnAdiukhScale: a score kept in
// Adiukh's 24 points (as the rating lists keep their games') as the game
// writes it, so that a Russian game rated 24:0 is shown 2:0 again.
func (s Scale) FromAdiukhScale(white, black int) (int, int) {
	switch {
	case s.Graded && s.Points == 24:
		return white, black
	case white > black:
		return s.Points, 0
	case black > white:
		return 0, s.Points
	case white == 0:
		return 0, 0
	}
	return s.Points / 2, s.Points / 2
}

// TimeNorm is the range a game's rule book sets for a discipline's base
// time, in minutes (MaxMinutes 0: no upper bound), and what it recommends.
type TimeNorm struct {
	MinMinutes, MaxMinutes int
	Recommended            []string
}
