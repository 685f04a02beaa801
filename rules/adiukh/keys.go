package adiukh

import "adiukh/rules"

// adiukhKeys are the stored keys of Adiukh's own messages (rules.KeyOf):
// its positions, its moves' legality, its PDN's type and Score tag, its
// results. They keep the keys they were stored under when these messages
// were the root package's, since a key once stored is never changed.
var adiukhKeys = map[string]string{
	"rules.position.side_expected":  "%q: expected \"white:\" or \"black:\" before the squares",
	"rules.position.not_a_side":     "%q is not a side: write white/black or белые/черные",
	"rules.position.no_side":        "no side given: write \"white: …; black: …\"",
	"rules.position.too_many":       "%d white and %d black checkers: each side has at most 12",
	"rules.position.empty_entry":    "empty entry between commas",
	"rules.position.not_dark":       "%q is not a dark square (a1, c1 … h8)",
	"rules.position.owner_count":    "%q: the count of the owner's checkers must be 1–12",
	"rules.position.prisoner_count": "%q: the count after / must be 0–12",
	"rules.move.ambiguous_turning":  "%s is ambiguous: it fits %s; write the turning squares",
	"rules.move.not_yours":          "%s: the tower on %s is %s's, and %s is to move",
	"rules.move.capture_compulsory": "%s is not legal: capturing is compulsory (§3.6)",
	"rules.move.king_captures":      "%s is not legal: a king cannot move without capturing (§3.5)",
	"rules.move.after_final":        "the game is over: %s has no legal move (final position, score %s), so %s cannot be played",
	"rules.move.write_capture":      "%s is a capture: the rules write it with ':' (%s)",
	"rules.move.write_quiet":        "%s is a quiet move: the rules write it with '-' (%s)",
	"rules.pdn.game_type":           "GameType %q is not Adiukh: Adiukh games are GameType %s (%s) with the Variant tag %q",
	"rules.pdn.score_tag":           "the Score tag gives %s, the move text %s",
	"rules.pdn.no_moves":            "the file has no moves of this game: its score %s is taken as written",
	"rules.score.sum":               "%q is not a game score: the two scores add up to 24",
	"rules.sheet.no_result":         "no result is written and the game has not reached a final position",
	"rules.result.sum":              "%s is not a game score: the two scores add up to 24",
	"rules.result.final_score":      "the sheet gives %s, but the final position scores %s",
	"rules.result.final_reason":     "the game reached its final position (%s), so it did not end by %s (§5.5)",
	"rules.result.state_reason":     "%s was written before the final position: state the reason (resignation, time, agreement, arbiter)",
	"rules.result.only_final":       "%s can only come from a final position, and the game stops before it (%s has %d legal moves)",
	"rules.result.loss_score":       "a game lost by %s scores 24:0 or 0:24, not %s (§5.2–§5.4)",
	"rules.result.draw_score":       "a game drawn by %s scores 12:12, not %s (§6.1)",
}

func init() { rules.RegisterKeys(adiukhKeys) }
