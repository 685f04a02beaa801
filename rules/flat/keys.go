package flat

import "adiukh/rules"

// flatKeys are the stored keys of the messages every game of flat men and
// kings says (see rules.KeyOf): Russian draughts said them first, and
// their keys stay, since a key once stored is never reused.
var flatKeys = map[string]string{
	"russian.end.no_move":                 "the side to move has no legal move",
	"russian.move.ambiguous":              "%s is ambiguous: it fits %s; write the squares the piece lands on",
	"russian.rules.game_over":             "%s: the game is over (%s)",
	"russian.validate.fen_unread":         "the FEN %q cannot be read, so the moves were not checked: %s",
	"russian.validate.game_drawn_scores":  "a game drawn by %s scores 1:1, not %s",
	"russian.validate.game_lost_scores":   "a game lost by %s scores 2:0 or 0:2, not %s",
	"russian.validate.game_over_after":    "the game is over after ply %d: the side to move has no legal move (score %s), so %s cannot be played",
	"russian.validate.game_was_drawn":     "the game was drawn after ply %d (%s), so %s cannot be played",
	"russian.validate.no_result_written":  "no result is written and the game is not over",
	"russian.validate.not_from_opening":   "the sheet starts from %s, not from the position of the opening, %s",
	"russian.validate.sheet_gives_but":    "the sheet gives %s, but the game ended %s (%s)",
	"russian.validate.was_written_before": "%s was written before the game's end: state the reason (resignation, time, arbiter)",
}

func init() { rules.RegisterKeys(flatKeys) }
