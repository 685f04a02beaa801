package composition

import "adiukh/rules"

// compositionKeys are the stored keys of the contest's own messages that
// are kept with an answer of a solving contest (where it goes wrong, as
// CheckAnswer and ReadLine say it): a Text is stored by its message's key
// (rules.KeyOf), which stays when the message is reworded, so that the
// answers kept before read in the new words. A key, once stored, is never
// reused. Migration 20261126011907 gave the rows stored before these keys
// theirs.
var compositionKeys = map[string]string{
	"composition.answer.no_move":       "the answer has no move",
	"composition.answer.unchecked":     "move %d (%s) is not checked: %s; the director decides",
	"composition.answer.not_fulfilled": "move %d (%s) does not fulfil the stipulation",
	"composition.answer.after_end":     "the game is over after move %d; what follows is not counted",
	"composition.answer.short":         "the answer stops after %d moves; the solution's main line has %d",
	"composition.fault":                "ply %d: %s does not keep the stipulation",
	"composition.line.move":            "move %d: %s",
	"composition.line.parentheses":     "the parentheses of the variations do not match",
}

func init() { rules.RegisterKeys(compositionKeys) }
