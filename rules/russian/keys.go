package russian

import "adiukh/rules"

// russianKeys are the stored keys of this game's messages (see
// rules.KeyOf): a score sheet's problem is stored with its game by key, so
// that rewording one keeps the rows stored before it readable.
var russianKeys = map[string]string{
	"russian.notation.fen_starts_with":           "%q: a FEN starts with the side to move, W or B, as in W:Wa1,c3:Bf6",
	"russian.notation.each_colour_pieces":        "%q: each colour's pieces follow W or B, as in W:Wa1,c3:Bf6",
	"russian.notation.dark_square_c":             "%q is not a dark square (a1, c1 … h8, or 1–32)",
	"russian.notation.no_pieces_given":           "no pieces given: write W:Wa1,c3:Bf6",
	"russian.notation.has_pieces_each":           "%s has %d pieces: each side has at most 12",
	"russian.notation.man_stands_its":            "a %s man stands on %s, its last row, where it would be a king",
	"russian.move.shape":                         "%s: Russian draughts writes a move with its start and end squares, like c3-d4 or c3:e5",
	"russian.move.not_yours":                     "%s: the piece on %s is %s's, and %s is to move",
	"russian.move.capture_compulsory":            "%s is not legal: capturing is compulsory (RD 3)",
	"russian.move.turkish_strike":                "%s is not legal: it jumps the piece on %s twice, and a piece taken stays on the board until the capture ends (the Turkish strike, RD 7)",
	"russian.validate.capture_written_with":      "%s is a capture: it is written with ':' (%s)",
	"russian.validate.same_position_for":         "the same position for the third time, axiom 7",
	"russian.validate.moves_kings_only":          "15 moves of kings only, axiom 4",
	"russian.validate.three_kings_did":           "three kings did not take the lone king in 15 moves, axiom 6",
	"russian.validate.three_pieces_did":          "three pieces did not win against the king on the main road in 5 moves, axiom 5",
	"russian.validate.force_unchanged_for":       "the force unchanged for %d moves with kings on both sides, axiom 3",
	"russian.validate.gametype_russian_draughts": "GameType %q is not Russian draughts, whose GameType is %s",
	"russian.validate.result_russian_draughts":   "%q is not a result of Russian draughts: 2-0, 1-1, 0-2 or *",
	"russian.validate.score_russian_draughts":    "%s is not a score of Russian draughts: 2:0, 1:1 or 0:2",
	"russian.validate.sheet_claims_draw":         "the sheet claims a draw, but no draw rule applies after the last move: no position stood three times, and the counts of axioms 3–6 have not run out",
}

func init() { rules.RegisterKeys(russianKeys) }
