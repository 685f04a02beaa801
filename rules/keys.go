package rules

import "fmt"

// A message is shown by its English format, which is also the ID of its
// translation in the catalogue; a stored message (a score sheet's problem
// kept with a submitted sheet, a note that quotes one) is kept by a key
// instead, which stays when the words change. Rewording a message changes
// its format here and where it is said; the key stays, so that rows stored
// before read in the new words. A key, once stored, is never reused.
var rulesKeys = map[string]string{
	"rules.text": "%s",

	"rules.position.at":              "position, character %d: %s",
	"rules.position.side_twice":      "%s is given twice",
	"rules.position.square_twice":    "square %s is given twice",
	"rules.notation.mark":            "%q: %q is not an analysis mark (!, ?, !!, ??, !?, ?!)",
	"rules.notation.no_move":         "%q: no move",
	"rules.notation.square_not_dark": "%q: %q is not a dark square",
	"rules.notation.separator":       "%q: expected '-' or ':' after %s",
	"rules.notation.end_missing":     "%q: a square is missing at the end",
	"rules.notation.not_dark_square": "%q: %q is not a dark square (a1, c1 … h8)",
	"rules.notation.shape":           "%q: a move names its start and end squares, like c3-b4, or is short, like cb4",
	"rules.move.ambiguous_start":     "%s is ambiguous: it fits %s; write the square the move starts from",
	"rules.move.game_over":           "%s: %s has no legal move, the game is over",
	"rules.move.no_piece":            "%s: there is no piece on %s",
	"rules.move.not_legal":           "%s is not a legal move for %s",
	"rules.move.cyrillic":            "%s is written with Cyrillic letters; read as %s",
	"rules.move.cyrillic_two_ways":   "%s is written with Cyrillic letters, which read two ways: %s as the Latin letters they look like, %s with а–з as a–h; read as %s",
	"rules.move.cyrillic_both_legal": "%s is written with Cyrillic letters, which read two ways, both legal: %s as the Latin letters they look like, %s with а–з as a–h; write it in Latin letters",
	"rules.pdn.tag":                  "a PDN tag is written [Name \"value\"]",
	"rules.score.shape":              "%q is not a score like 17:7",
	"rules.sheet.side_to_move":       "the side to move must be white or black",
	"rules.sheet.score_missing":      "the score is missing after %s",
	"rules.sheet.after_result":       "%q stands after the result",
	"rules.sheet.move_number":        "%q is not a move number",
	"rules.sheet.number_white":       "move number %s: the next move is White's move %d",
	"rules.sheet.number_black":       "move number %s: the next move is Black's move %d",
	"rules.sheet.reason":             "%q after the score is not a reason the rules know (resignation, time, agreement, both flags, arbiter)",
	"rules.sheet.loser_wins":         "%q says %s lost, but the score %s is their win",
	"rules.sheet.second_result":      "a second result: the sheet already gives %s",
	"rules.sheet.open_comment":       "the comment opened with { is not closed: no } follows it",
	"rules.sheet.drawn_but_win":      "%q says the game was drawn, but the score %s is a win",
	"rules.sheet.garbled_draw":       "%q is not a word of a draw: write “ничья”, “draw” or the score",
	"rules.sheet.more_problems":      "%d more problems are not listed; correct these first",

	// Stored first as Russian draughts' message, now both games'.
	"russian.result.taken_as_resignation": "the game is not over and the file names no reason for %s: it is taken as a resignation",
}

// messageKeys and messageFormats are the stored keys of every message that
// may be stored, both ways: this package's and those registered by others.
var messageKeys, messageFormats = map[string]string{}, map[string]string{}

func init() { RegisterKeys(rulesKeys) }

// RegisterKeys adds a package's messages, key → English format, to those
// that can be stored by key. A package whose messages may be stored
// registers them once, at its start. A key or a format registered twice
// for two different messages is a programming error.
func RegisterKeys(keys map[string]string) {
	for key, format := range keys {
		if f, ok := messageFormats[key]; ok && f != format {
			panic(fmt.Sprintf("rules: message key %q names both %q and %q", key, f, format))
		}
		if k, ok := messageKeys[format]; ok && k != key {
			panic(fmt.Sprintf("rules: message %q has both keys %q and %q", format, k, key))
		}
		messageKeys[format], messageFormats[key] = key, format
	}
}

// KeyOf is the stored key of a message's format.
func KeyOf(format string) (key string, ok bool) {
	key, ok = messageKeys[format]
	return key, ok
}

// FormatOf is the English format a stored key names today.
func FormatOf(key string) (format string, ok bool) {
	format, ok = messageFormats[key]
	return format, ok
}
