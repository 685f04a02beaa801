package solve

import "adiukh/rules"

// say makes a message whose English format is the key of its translation
// (the one catalogue, tournament/catalog).
func say(format string, args ...any) rules.Message { return rules.Message{Format: format, Args: args} }

// solveKeys are the stored keys of the solver's messages, which a
// composition contest keeps with its entries' findings (see rules.KeyOf).
var solveKeys = map[string]string{
	"solve.final":                  "%s has no move: the position is final, score %s",
	"solve.does_not_hold":          "%s does not hold: %s",
	"solve.white_cannot_force":     "%s does not hold: White cannot force %d points",
	"solve.black_cannot_force":     "%s does not hold: Black cannot force %d points",
	"solve.key_fails":              "%s does not fulfil the stipulation",
	"solve.refuted_by":             "%s is refuted by %s",
	"solve.best_play":              "best play ends %s",
	"solve.bounds":                 "White can force %s and Black can hold White to %s",
	"solve.no_final":               "no final position",
	"solve.points":                 "%d points",
	"solve.limit_and_proved":       "%s; %s",
	"solve.limit_seconds":          "not proved within %d seconds",
	"solve.limit_nodes":            "not proved within %d nodes",
	"solve.proved_so_far":          "proved so far: %s",
	"solve.forces_both":            "White forces %s or better for White, Black forces %s or better for Black",
	"solve.white_forces":           "White forces %s or better for White",
	"solve.black_forces":           "Black forces %s or better for Black",
	"solve.stipulation.wins":       "%s wins",
	"solve.stipulation.points":     "%s %d",
	"solve.stipulation.draw":       "draw",
	"solve.stipulation.exact":      "exact %d:%d",
	"solve.stipulation.missing":    "no stipulation: write \"white wins\", \"white 17\", \"draw\" or \"exact 13:11\"",
	"solve.stipulation.trailing":   "%q: nothing may follow %q",
	"solve.stipulation.exact_how":  "%q: write the score after %q, like exact 13:11",
	"solve.stipulation.score":      "%q: %q is not a score like 13:11",
	"solve.stipulation.unknown":    "%q: %q is not a stipulation: start with white, black, draw or exact",
	"solve.stipulation.side_how":   "%q: after the side write wins or the points, like %s 17",
	"solve.stipulation.points_how": "%q: %q is neither wins nor a number of points 0–24",
	"solve.stipulation.wrong_side": "the stipulation %q is set for %s, but %s is to move",
	"solve.stipulation.too_few":    "%s: there are only %d checkers on the board",
	"solve.stipulation.odd_draw":   "draw: %d checkers on the board cannot be split equally",
	"solve.stipulation.sum":        "%s: the points add up to %d, but there are %d checkers on the board",
}

func init() { rules.RegisterKeys(solveKeys) }
