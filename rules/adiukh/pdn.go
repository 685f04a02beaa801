package adiukh

import (
	"strconv"
	"strings"

	"adiukh/rules"
)

// PDN 3.0 for Adiukh (docs/game-sheets.md, "GameType"): a GameType number
// the standard gives to no game, so that no program takes the file for its
// own game — type 25 is Russian draughts, and a Russian draughts program
// would replay Adiukh's captures by its own rules — with the board spelt
// out (White first, 8×8, alphanumeric squares from the lower-left corner),
// a Variant tag naming the game, and the start position in our own notation
// in a Position tag, since FEN cannot hold towers. Files adiukh wrote
// before, with type 25 and the Variant tag, are still read.
const (
	PDNGameType   = "49,W,8,8,A0,0"
	pdnTypeNumber = "49"
	pdnLegacyType = "25"
	PDNVariant    = "Adiukh"
)

// dialect is what Adiukh's sheets and PDN files say beyond every game's:
// the start position in a Position header in its own notation, the
// GameType its PDN files must have, and their Score tag.
var dialect = rules.Dialect{
	Position: func(text string) error { _, err := ParsePosition(text); return err },
	PDNType:  checkGameType,
	PDNClose: readScoreTag,
}

// ParseSheet reads an Adiukh game sheet as people write it (rules.ParseSheet),
// its Position header in the rules' position notation.
func ParseSheet(text string) *Sheet { return dialect.ParseSheet(text) }

// ParsePDN reads every game of an Adiukh PDN file as a sheet: tags become
// headers, the move text is read like a sheet's (rules.ReadPDN), its
// GameType checked and its Score tag read as the game's result.
func ParsePDN(text string) []*Sheet { return dialect.ReadPDN(text) }

// ReadSheet reads an Adiukh game sheet without replaying it: a text that
// starts with a PDN tag is read as PDN (its first game), any other as a
// sheet (ParseSheet).
func ReadSheet(text string) *Sheet { return dialect.ReadSheet(text) }

// startOf is the position a sheet starts from: its last Position header
// that reads, or the initial position.
func startOf(sh *Sheet) Position {
	p := Start()
	for _, h := range sh.Headers {
		if h.Key != "Position" {
			continue
		}
		if q, err := ParsePosition(h.Value); err == nil {
			p = q
		}
	}
	return p
}

// checkGameType refuses a game of another type: adiukh's own type, or the
// type 25 adiukh wrote before with the Variant tag "Adiukh", are Adiukh.
func checkGameType(sh *Sheet) {
	for _, h := range sh.Headers {
		if h.Key != "GameType" {
			continue
		}
		t, _, _ := strings.Cut(h.Value, ",")
		switch t = strings.TrimSpace(t); {
		case t == pdnTypeNumber:
		case t == pdnLegacyType && strings.EqualFold(sh.Header("Variant"), PDNVariant):
		default:
			sh.Problems = append(sh.Problems, newProblem(h.Line, 1, h.Value,
				say("GameType %q is not Adiukh: Adiukh games are GameType %s (%s) with the Variant tag %q", h.Value, pdnTypeNumber, PDNGameType, PDNVariant)))
		}
	}
}

// readScoreTag reads the Score tag last: it stands before the moves but
// closes the game.
func readScoreTag(sh *Sheet) {
	for _, h := range sh.Headers {
		if h.Key != "Score" {
			continue
		}
		sc, err := ParseScore(h.Value)
		switch {
		case err != nil:
			sh.Problems = append(sh.Problems, newProblem(h.Line, 1, h.Value, rules.Detail(err)))
		case sh.Result != nil && sh.Result.Score != sc:
			sh.Problems = append(sh.Problems, newProblem(h.Line, 1, h.Value,
				say("the Score tag gives %s, the move text %s", sc, sh.Result.Score)))
		case sh.Result == nil:
			sh.Result = &SheetResult{Score: sc, Text: h.Value, Line: h.Line, Column: 1}
			sh.Result.Reason, _ = rules.ReasonOf(sh.Header("Termination"))
		}
	}
}

// ParseScore reads a game score "17:7" (also "17-7"); the two numbers must be
// a possible result: 0–24 each, adding up to 24.
func ParseScore(s string) (Score, error) {
	text := strings.TrimSpace(s)
	a, b, ok := strings.Cut(text, ":")
	if !ok {
		a, b, ok = strings.Cut(text, "-")
	}
	if !ok {
		return Score{}, &rules.ScoreError{Detail: say("%q is not a score like 17:7", s)}
	}
	w, err1 := strconv.Atoi(strings.TrimSpace(a))
	bl, err2 := strconv.Atoi(strings.TrimSpace(b))
	if err1 != nil || err2 != nil {
		return Score{}, &rules.ScoreError{Detail: say("%q is not a score like 17:7", s)}
	}
	if w < 0 || bl < 0 || w+bl != 24 {
		return Score{}, &rules.ScoreError{Detail: say("%q is not a game score: the two scores add up to 24", s)}
	}
	return Score{White: w, Black: bl}, nil
}

// PDN writes the replayed game as PDN 3.0: the sheet's headers as tags, the
// moves in full notation with 'x' for captures, the accepted result as a Score
// tag and the PDN result 2-0, 1-1 or 0-2.
func (r *Report) PDN() string {
	g := rules.PDNGame{Sheet: r.Sheet, GameType: PDNGameType, Variant: PDNVariant,
		Own: []string{"Score", "Position", "ToMove", "Termination"}, Result: "*"}
	if r.Result != nil {
		switch {
		case r.Result.White > r.Result.Black:
			g.Result = "2-0"
		case r.Result.White < r.Result.Black:
			g.Result = "0-2"
		default:
			g.Result = "1-1"
		}
		g.Tags = append(g.Tags, [2]string{"Score", r.Result.String()})
		if r.Reason != "" && r.Reason != rules.EndFinalPosition {
			g.Tags = append(g.Tags, [2]string{"Termination", string(r.Reason)})
		}
	}
	if r.Start != Start() || r.Sheet.ToMove != White {
		g.Tags = append(g.Tags, [2]string{"Position", r.Start.String()}, [2]string{"ToMove", r.Sheet.ToMove.String()})
	}
	for _, pm := range r.Played {
		g.Moves = append(g.Moves, rules.PDNMove{Number: pm.Number, Side: pm.Side, Text: pm.Move.String()})
	}
	return g.String()
}
