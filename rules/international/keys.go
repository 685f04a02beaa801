package international

import "adiukh/rules"

// internationalKeys are the stored keys of these games' messages (see
// rules.KeyOf): a score sheet's problem is stored with its game by key, so
// that rewording one keeps the rows stored before it readable. Messages
// worded as Russian draughts words them keep its keys, so that either
// package may register them first.
var internationalKeys = map[string]string{
	"international.notation.fen_starts_with":    "%q: a FEN starts with the side to move, W or B, as in %s",
	"international.notation.each_colour_pieces": "%q: each colour's pieces follow W or B, as in %s",
	"international.notation.not_a_square":       "%q is not a square of the board (%s)",
	"international.notation.no_pieces_given":    "no pieces given: write %s",
	"international.notation.too_many_pieces":    "%s has %d pieces: each side has at most %d",
	"international.notation.shape_numbered":     "%q: international draughts writes a move with its start and end squares, like 32-28 or 28x19",
	"international.notation.shape_algebraic":    "%q: Brazilian draughts writes a move with its start and end squares, like c3-d4 or c3:e5",
	"international.notation.no_such_square":     "%q: there is no square %d: the board's squares are %s",
	"international.notation.move_not_a_square":  "%q: %q is not a square of the board (%s)",
	"international.move.capture_compulsory":     "%s is not legal: capturing is compulsory",
	"international.move.not_the_longest":        "%s takes %d, but the longest capture takes %d pieces: the capture taking the most pieces must be played",
	"international.move.man_not_king":           "%s: the piece on %s is a man, which moves as a king only once crowned; a man that passes the far row during a capture stays a man",
	"international.game.international":          "international draughts",
	"international.game.brazilian":              "Brazilian draughts",
	"international.validate.capture_written_x":  "%s is a capture: it is written with 'x' (%s)",
	"international.validate.gametype":           "GameType %q is not %s, whose GameType is %s",
	"international.validate.not_a_result":       "%q is not a result of %s: 2-0, 1-1, 0-2 or *",
	"international.validate.not_a_score":        "%s is not a score of %s: 2:0, 1:1 or 0:2",
	"international.validate.no_draw_rule":       "the sheet claims a draw, but no draw rule applies after the last move: no position stood three times, and no count of moves has run out",
	"international.draw.repetition":             "the same position for the third time",
	"international.draw.kings_only":             "%d moves each of kings only, without a capture or a man's move",
	"international.draw.three_against_king":     "three pieces against a lone king, %d moves each",
	"international.draw.two_against_king":       "two pieces or one against a lone king, %d moves each",
	"international.draw.three_kings":            "three kings did not take the lone king in %d moves",
	"international.draw.main_road":              "three pieces did not win against the king on the long diagonal in %d moves",
	"international.draw.force_unchanged":        "the force unchanged for %d moves with kings on both sides",

	"russian.move.not_yours":          "%s: the piece on %s is %s's, and %s is to move",
	"russian.notation.man_stands_its": "a %s man stands on %s, its last row, where it would be a king",
}

func init() { rules.RegisterKeys(internationalKeys) }
