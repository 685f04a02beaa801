package store

import (
	"encoding/json"
	"fmt"
	"strings"

	"gorm.io/gorm"

	"adiukh/rules"
	"adiukh/rules/games"
)

// Migration 20261125221000 keeps the stored messages of the rules by key
// (rules.KeyOf) instead of their English format, which is also their ID in
// the catalogue, so that rewording one no longer leaves the rows stored
// before it untranslated. It rewrites:
//
//   - a message among a note's arguments (why a result disagrees with its
//     score sheet, quoting the sheet's problem),
//     {"format":"the score sheet records %s, but %s was entered","args":[…]},
//     to {"key":"result.sheet.claimed_score","args":[…]}, in the columns
//     migration 20261125043118 wrote notes to;
//   - a game's stored sheet report, whose problems were kept as English
//     words only ({"Line":3,"Ply":4,"MoveNo":2,"Message":"c3-d4 is not a
//     legal move for White"}), to the problem with its detail by key
//     ({"Line":3,…,"Detail":{"key":"rules.move.not_legal","args":["c3-d4",
//     {"side":"white"}]}}). The report is derived from the game's sheet,
//     which is stored beside it: the sheet is checked again and a problem
//     takes the detail of the one found at the same line and ply with the
//     same words. A problem the check does not find again keeps its words.
//
// The formats below are the rules' and the domain's messages as this
// version words them; a row with any other keeps its format. It changes
// data only.

// messageKeys20261125221000 are the formats and their keys.
var messageKeys20261125221000 = map[string]string{
	"the game is over: %s has no legal move (final position, score %s), so %s cannot be played": "rules.move.after_final",
	"%s is ambiguous: it fits %s; write the square the move starts from":                        "rules.move.ambiguous_start",
	"%s is ambiguous: it fits %s; write the turning squares":                                    "rules.move.ambiguous_turning",
	"%s is not legal: capturing is compulsory (§3.6)":                                           "rules.move.capture_compulsory",
	"%s is written with Cyrillic letters; read as %s":                                           "rules.move.cyrillic",
	"%s: %s has no legal move, the game is over":                                                "rules.move.game_over",
	"%s is not legal: a king cannot move without capturing (§3.5)":                              "rules.move.king_captures",
	"%s: there is no piece on %s":                                                               "rules.move.no_piece",
	"%s is not a legal move for %s":                                                             "rules.move.not_legal",
	"%s: the tower on %s is %s's, and %s is to move":                                            "rules.move.not_yours",
	"%s is a capture: the rules write it with ':' (%s)":                                         "rules.move.write_capture",
	"%s is a quiet move: the rules write it with '-' (%s)":                                      "rules.move.write_quiet",
	"%q: a square is missing at the end":                                                        "rules.notation.end_missing",
	"%q: %q is not an analysis mark (!, ?, !!, ??, !?, ?!)":                                     "rules.notation.mark",
	"%q: no move": "rules.notation.no_move",
	"%q: %q is not a dark square (a1, c1 … h8)":                                                             "rules.notation.not_dark_square",
	"%q: expected '-' or ':' after %s":                                                                      "rules.notation.separator",
	"%q: a move names its start and end squares, like c3-b4, or is short, like cb4":                         "rules.notation.shape",
	"%q: %q is not a dark square":                                                                           "rules.notation.square_not_dark",
	"GameType %q is not Adiukh: Adiukh games are GameType %s (%s) with the Variant tag %q":                  "rules.pdn.game_type",
	"the Score tag gives %s, the move text %s":                                                              "rules.pdn.score_tag",
	"a PDN tag is written [Name \"value\"]":                                                                 "rules.pdn.tag",
	"position, character %d: %s":                                                                            "rules.position.at",
	"empty entry between commas":                                                                            "rules.position.empty_entry",
	"no side given: write \"white: …; black: …\"":                                                           "rules.position.no_side",
	"%q is not a side: write white/black or белые/черные":                                                   "rules.position.not_a_side",
	"%q is not a dark square (a1, c1 … h8)":                                                                 "rules.position.not_dark",
	"%q: the count of the owner's checkers must be 1–12":                                                    "rules.position.owner_count",
	"%q: the count after / must be 0–12":                                                                    "rules.position.prisoner_count",
	"%q: expected \"white:\" or \"black:\" before the squares":                                              "rules.position.side_expected",
	"%s is given twice":                                                                                     "rules.position.side_twice",
	"square %s is given twice":                                                                              "rules.position.square_twice",
	"%d white and %d black checkers: each side has at most 12":                                              "rules.position.too_many",
	"a game drawn by %s scores 12:12, not %s (§6.1)":                                                        "rules.result.draw_score",
	"the game reached its final position (%s), so it did not end by %s (§5.5)":                              "rules.result.final_reason",
	"the sheet gives %s, but the final position scores %s":                                                  "rules.result.final_score",
	"a game lost by %s scores 24:0 or 0:24, not %s (§5.2–§5.4)":                                             "rules.result.loss_score",
	"%s can only come from a final position, and the game stops before it (%s has %d legal moves)":          "rules.result.only_final",
	"%s was written before the final position: state the reason (resignation, time, agreement, arbiter)":    "rules.result.state_reason",
	"%s is not a game score: the two scores add up to 24":                                                   "rules.result.sum",
	"%q is not a score like 17:7":                                                                           "rules.score.shape",
	"%q is not a game score: the two scores add up to 24":                                                   "rules.score.sum",
	"%q stands after the result":                                                                            "rules.sheet.after_result",
	"%q says %s lost, but the score %s is their win":                                                        "rules.sheet.loser_wins",
	"%d more problems are not listed; correct these first":                                                  "rules.sheet.more_problems",
	"%q is not a move number":                                                                               "rules.sheet.move_number",
	"no result is written and the game has not reached a final position":                                    "rules.sheet.no_result",
	"move number %s: the next move is Black's move %d":                                                      "rules.sheet.number_black",
	"move number %s: the next move is White's move %d":                                                      "rules.sheet.number_white",
	"%q after the score is not a reason the rules know (resignation, time, agreement, both flags, arbiter)": "rules.sheet.reason",
	"the score is missing after %s":                                                                         "rules.sheet.score_missing",
	"a second result: the sheet already gives %s":                                                           "rules.sheet.second_result",
	"the side to move must be white or black":                                                               "rules.sheet.side_to_move",
	"%s":                           "rules.text",
	"the score sheet is not valid": "result.sheet.invalid",
	"the score sheet is not valid at line %d: %s":                                            "result.sheet.invalid_at_line",
	"the score sheet is not valid at line %d, move %d (ply %d): %s":                          "result.sheet.invalid_at_move",
	"the score sheet reaches a final position scoring %s, but the result entered ends by %s": "result.sheet.final_reason",
	"the score sheet ends in a final position scoring %s, but %s was entered":                "result.sheet.final_score",
	"the result entered ends in a final position, but the score sheet stops before one":      "result.sheet.not_final",
	"the score sheet records %s, but %s was entered":                                         "result.sheet.claimed_score",
	"the score sheet says the game ended by %s, but %s was entered":                          "result.sheet.claimed_reason",
}

// messageKeysNote20261125221000 is a note as stored, and
// messageKeysMessage20261125221000 a message among its arguments or a
// sheet's problem's detail; the fields' order is the JSON's, which readers
// test the start of.
type messageKeysNote20261125221000 struct {
	Key  string `json:"key"`
	Args []any  `json:"args,omitempty"`
}

type messageKeysMessage20261125221000 struct {
	Key    string `json:"key,omitempty"`
	Format string `json:"format,omitempty"`
	Args   []any  `json:"args,omitempty"`
}

// messageKeysProblem20261125221000 is a problem of a stored sheet report.
type messageKeysProblem20261125221000 struct {
	Line, Ply, MoveNo any
	Message           string                            `json:",omitempty"`
	Detail            *messageKeysMessage20261125221000 `json:",omitempty"`
}

// messageKeysColumns20261125221000 are the columns notes are stored in.
var messageKeysColumns20261125221000 = []struct{ table, column string }{
	{"audit_entries", "reason"},
	{"correspondence_games", "note"},
}

func messageKeysMigration(tx *gorm.DB) error {
	for _, c := range messageKeysColumns20261125221000 {
		var rows []struct {
			ID   int64
			Text string
		}
		err := tx.Table(c.table).Select("id, "+c.column+" AS text").
			Where(c.column+" LIKE ?", `{"key":%"format":%`).Order("id").Find(&rows).Error
		if err != nil {
			return fmt.Errorf("read %s.%s: %w", c.table, c.column, err)
		}
		for _, r := range rows {
			var note messageKeysNote20261125221000
			if messageKeysDecode20261125221000(r.Text, &note) != nil || note.Key == "" {
				continue
			}
			note.Args = messageKeysArgs20261125221000(note.Args)
			b, err := json.Marshal(note)
			if err != nil {
				return err
			}
			if err := tx.Table(c.table).Where("id = ?", r.ID).Update(c.column, string(b)).Error; err != nil {
				return fmt.Errorf("rewrite %s %d: %w", c.table, r.ID, err)
			}
		}
	}
	return messageKeysReports20261125221000(tx)
}

// messageKeysDecode20261125221000 reads stored JSON keeping its numbers as
// they were written.
func messageKeysDecode20261125221000(stored string, v any) error {
	dec := json.NewDecoder(strings.NewReader(stored))
	dec.UseNumber()
	if err := dec.Decode(v); err != nil {
		return err
	}
	if dec.More() {
		return fmt.Errorf("more after the JSON value")
	}
	return nil
}

// messageKeysArgs20261125221000 rewrites the messages among stored
// arguments, at any depth.
func messageKeysArgs20261125221000(args []any) []any {
	out := make([]any, len(args))
	for i, a := range args {
		out[i] = a
		m, ok := a.(map[string]any)
		if !ok {
			continue
		}
		if format, ok := m["format"].(string); ok {
			inner, _ := m["args"].([]any)
			message := messageKeysMessage20261125221000{Format: format, Args: messageKeysArgs20261125221000(inner)}
			if key, known := messageKeys20261125221000[format]; known {
				message.Key, message.Format = key, ""
			}
			out[i] = message
		}
	}
	return out
}

// messageKeysReports20261125221000 gives the problems of stored sheet
// reports their details.
func messageKeysReports20261125221000(tx *gorm.DB) error {
	var rows []struct {
		ID          int64
		Sheet       string
		SheetReport string
	}
	err := tx.Table("games").Select("id, sheet, sheet_report").
		Where("sheet_report LIKE ?", `%"Message":%`).Order("id").Find(&rows).Error
	if err != nil {
		return fmt.Errorf("read games' sheet reports: %w", err)
	}
	for _, r := range rows {
		var report map[string]any
		if messageKeysDecode20261125221000(r.SheetReport, &report) != nil {
			continue
		}
		errs, _ := report["Errors"].([]any)
		if len(errs) == 0 {
			continue
		}
		// Events had no game yet: every sheet was of the game of an
		// event that names none.
		found := games.Default.Rules.ValidateGames(r.Sheet)[0].Errors
		for i, e := range errs {
			stored, ok := e.(map[string]any)
			if !ok {
				continue
			}
			if detail, ok := messageKeysDetail20261125221000(stored, found); ok {
				errs[i] = messageKeysProblem20261125221000{Line: stored["Line"], Ply: stored["Ply"], MoveNo: stored["MoveNo"], Detail: detail}
			}
		}
		b, err := json.Marshal(report)
		if err != nil {
			return err
		}
		if err := tx.Table("games").Where("id = ?", r.ID).Update("sheet_report", string(b)).Error; err != nil {
			return fmt.Errorf("rewrite the sheet report of game %d: %w", r.ID, err)
		}
	}
	return nil
}

// messageKeysDetail20261125221000 is the stored detail of a problem of a
// report, from the problem the sheet's check finds at the same place with
// the same words; ok is false where there is none or it has no key.
func messageKeysDetail20261125221000(stored map[string]any, found []rules.Problem) (*messageKeysMessage20261125221000, bool) {
	words, _ := stored["Message"].(string)
	line := fmt.Sprint(stored["Line"])
	ply := fmt.Sprint(stored["Ply"])
	for _, p := range found {
		if p.Message != words || fmt.Sprint(p.Line) != line || fmt.Sprint(p.Ply) != ply {
			continue
		}
		return messageKeysStore20261125221000(p.Detail)
	}
	return nil, false
}

// messageKeysStore20261125221000 is a message as notes store it: its key
// and its arguments (a colour or an end reason as the word's name, a
// nested message the same way, a value with a String method as it prints).
func messageKeysStore20261125221000(m rules.Message) (*messageKeysMessage20261125221000, bool) {
	key, ok := messageKeys20261125221000[m.Format]
	if !ok {
		return nil, false
	}
	out := &messageKeysMessage20261125221000{Key: key}
	for _, a := range m.Args {
		switch a := a.(type) {
		case rules.Message:
			inner, ok := messageKeysStore20261125221000(a)
			if !ok {
				return nil, false
			}
			out.Args = append(out.Args, inner)
		case rules.Color:
			out.Args = append(out.Args, map[string]any{"side": a.String()})
		case rules.EndReason:
			out.Args = append(out.Args, map[string]any{"reason": string(a)})
		case fmt.Stringer:
			out.Args = append(out.Args, a.String())
		default:
			out.Args = append(out.Args, a)
		}
	}
	return out, true
}
