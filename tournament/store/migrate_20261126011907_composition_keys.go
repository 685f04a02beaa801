package store

import (
	"encoding/json"
	"fmt"

	"gorm.io/gorm"
)

// Migration 20261126011907 keeps the messages stored with composition
// contests by key (rules.KeyOf) instead of their English format, as
// 20261125221000 did for notes and sheet reports, so that rewording one no
// longer leaves the rows stored before it untranslated. Until now the
// contest's own messages had no key and were stored by their format, and so
// were the rules' and the solver's in rows written before they had keys.
// It rewrites, at any depth of a message's arguments:
//
//   - where an answer of a solving contest goes wrong (solving_answers.fault),
//     {"format":"the answer has no move"} to
//     {"key":"composition.answer.no_move"}; a refused move kept as
//     {"format":"move %d (%s): %s","args":[n,move,reason]}, from before the
//     reason alone named the move, to {"key":"composition.line.move",
//     "args":[n,reason]};
//   - why the solver found an entry unsound (composition_works.findings,
//     its refutation's reason), {"format":"%s is refuted by %s",…} to
//     {"key":"solve.refuted_by",…}.
//
// A message with a format this version does not store by key keeps it; a
// reason kept as plain text before messages were stored stays as it is.
// It changes data only.

// compositionKeys20261126011907 are the formats and their keys: the
// contest's own messages and the solver's, then the rules' and the
// domain's (messageKeys20261125221000).
var compositionKeys20261126011907 = map[string]string{
	"the answer has no move":                                           "composition.answer.no_move",
	"move %d (%s) is not checked: %s; the director decides":            "composition.answer.unchecked",
	"move %d (%s) does not fulfil the stipulation":                     "composition.answer.not_fulfilled",
	"the game is over after move %d; what follows is not counted":      "composition.answer.after_end",
	"the answer stops after %d moves; the solution's main line has %d": "composition.answer.short",
	"ply %d: %s does not keep the stipulation":                         "composition.fault",
	"move %d: %s": "composition.line.move",
	"the parentheses of the variations do not match":    "composition.line.parentheses",
	"%s has no move: the position is final, score %s":   "solve.final",
	"%s does not hold: %s":                              "solve.does_not_hold",
	"%s does not hold: White cannot force %d points":    "solve.white_cannot_force",
	"%s does not hold: Black cannot force %d points":    "solve.black_cannot_force",
	"%s does not fulfil the stipulation":                "solve.key_fails",
	"%s is refuted by %s":                               "solve.refuted_by",
	"best play ends %s":                                 "solve.best_play",
	"White can force %s and Black can hold White to %s": "solve.bounds",
	"no final position":                                 "solve.no_final",
	"%d points":                                         "solve.points",
	"%s; %s":                                            "solve.limit_and_proved",
	"not proved within %d seconds":                      "solve.limit_seconds",
	"not proved within %d nodes":                        "solve.limit_nodes",
	"proved so far: %s":                                 "solve.proved_so_far",
	"White forces %s or better for White, Black forces %s or better for Black": "solve.forces_both",
	"White forces %s or better for White":                                      "solve.white_forces",
	"Black forces %s or better for Black":                                      "solve.black_forces",
	"%s wins":                                                                  "solve.stipulation.wins",
	"%s %d":                                                                    "solve.stipulation.points",
	"draw":                                                                     "solve.stipulation.draw",
	"exact %d:%d":                                                              "solve.stipulation.exact",
	"no stipulation: write \"white wins\", \"white 17\", \"draw\" or \"exact 13:11\"": "solve.stipulation.missing",
	"%q: nothing may follow %q":                                           "solve.stipulation.trailing",
	"%q: write the score after %q, like exact 13:11":                      "solve.stipulation.exact_how",
	"%q: %q is not a score like 13:11":                                    "solve.stipulation.score",
	"%q: %q is not a stipulation: start with white, black, draw or exact": "solve.stipulation.unknown",
	"%q: after the side write wins or the points, like %s 17":             "solve.stipulation.side_how",
	"%q: %q is neither wins nor a number of points 0–24":                  "solve.stipulation.points_how",
	"the stipulation %q is set for %s, but %s is to move":                 "solve.stipulation.wrong_side",
	"%s: there are only %d checkers on the board":                         "solve.stipulation.too_few",
	"draw: %d checkers on the board cannot be split equally":              "solve.stipulation.odd_draw",
	"%s: the points add up to %d, but there are %d checkers on the board": "solve.stipulation.sum",
}

// compositionKeysLegacyMove20261126011907 is how a refused move was said
// before its reason alone named it.
const compositionKeysLegacyMove20261126011907 = "move %d (%s): %s"

// compositionKeysText20261126011907 is a message as composition stores it:
// its key, or its format when it has none, and its arguments, each an
// object of one field (a nested message under "text").
type compositionKeysText20261126011907 struct {
	Key    string `json:"key,omitempty"`
	Format string `json:"format,omitempty"`
	Args   []any  `json:"args,omitempty"`
}

func compositionKeysMigration(tx *gorm.DB) error {
	var answers []struct {
		EventID int64
		Problem int
		UserID  int64
		Fault   string
	}
	err := tx.Table("solving_answers").Select("event_id, problem, user_id, fault").
		Where("fault LIKE ?", `%"format":%`).Order("event_id, problem, user_id").Find(&answers).Error
	if err != nil {
		return fmt.Errorf("read the solving answers' faults: %w", err)
	}
	for _, a := range answers {
		var fault map[string]any
		if messageKeysDecode20261125221000(a.Fault, &fault) != nil {
			continue
		}
		b, err := json.Marshal(compositionKeysRewrite20261126011907(fault))
		if err != nil {
			return err
		}
		err = tx.Table("solving_answers").Where("event_id = ? AND problem = ? AND user_id = ?", a.EventID, a.Problem, a.UserID).
			Update("fault", string(b)).Error
		if err != nil {
			return fmt.Errorf("rewrite the fault of the answer of user %d to problem %d of event %d: %w", a.UserID, a.Problem, a.EventID, err)
		}
	}
	var works []struct {
		ID       int64
		Findings string
	}
	err = tx.Table("composition_works").Select("id, findings").Where("findings LIKE ?", `%"format":%`).Order("id").Find(&works).Error
	if err != nil {
		return fmt.Errorf("read the composition entries' findings: %w", err)
	}
	for _, w := range works {
		var findings map[string]any
		if messageKeysDecode20261125221000(w.Findings, &findings) != nil {
			continue
		}
		refutation, _ := findings["refutation"].(map[string]any)
		reason, ok := refutation["reason"].(map[string]any)
		if !ok {
			continue
		}
		refutation["reason"] = compositionKeysRewrite20261126011907(reason)
		b, err := json.Marshal(findings)
		if err != nil {
			return err
		}
		if err := tx.Table("composition_works").Where("id = ?", w.ID).Update("findings", string(b)).Error; err != nil {
			return fmt.Errorf("rewrite the findings of entry %d: %w", w.ID, err)
		}
	}
	return nil
}

// compositionKeysRewrite20261126011907 is a stored message with its format
// and those of the messages among its arguments replaced by their keys.
func compositionKeysRewrite20261126011907(stored map[string]any) compositionKeysText20261126011907 {
	key, _ := stored["key"].(string)
	format, _ := stored["format"].(string)
	args, _ := stored["args"].([]any)
	for _, a := range args {
		if arg, ok := a.(map[string]any); ok {
			if inner, ok := arg["text"].(map[string]any); ok {
				arg["text"] = compositionKeysRewrite20261126011907(inner)
			}
		}
	}
	if format == compositionKeysLegacyMove20261126011907 && len(args) == 3 {
		format, args = "move %d: %s", []any{args[0], args[2]}
	}
	if k, ok := compositionKeys20261126011907[format]; ok {
		key, format = k, ""
	} else if k, ok := messageKeys20261125221000[format]; ok {
		key, format = k, ""
	}
	return compositionKeysText20261126011907{Key: key, Format: format, Args: args}
}
