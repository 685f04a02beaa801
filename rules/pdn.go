package rules

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
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

var pdnTag = regexp.MustCompile(`^\[\s*([A-Za-z0-9_]+)\s+"((?:[^"\\]|\\.)*)"\s*\]\s*$`)

// pdnTags maps PDN tag names to our header keys where they differ.
var pdnTags = map[string]string{"Score": "Score", "Termination": "Termination", "Position": "Position", "ToMove": "ToMove"}

// ParsePDN reads every game of a PDN file as a sheet. Tags become headers;
// the move text is read like a sheet's, with 'x' for captures, comments in
// braces and variations in parentheses skipped. Problems keep their line in
// the file.
func ParsePDN(text string) []*Sheet {
	return readPDN(text, true)
}

// ReadPDN reads every game of a PDN file for the rules of another game
// (rules/russian): tags become headers and the move text is read like a
// sheet's, as ParsePDN does, but the game type, the Score tag and the
// start position are left to that game's rules, and the game termination
// marker is kept in the sheet's PDNResult.
func ReadPDN(text string) []*Sheet {
	return readPDN(text, false)
}

func readPDN(text string, adiukh bool) []*Sheet {
	lines := splitLines(text)
	var sheets []*Sheet
	var sh *Sheet
	var body []token
	inMoves := false
	finish := func() {
		if sh != nil {
			sh.readPDNMoves(body, adiukh)
			sheets = append(sheets, sh)
		}
		sh, body, inMoves = nil, nil, false
	}
	for i, line := range lines {
		lineNo := i + 1
		trimmed := strings.TrimSpace(line)
		if strings.HasPrefix(trimmed, "[") {
			if sh == nil || inMoves {
				finish()
				sh = &Sheet{Start: Start(), ToMove: White}
			}
			m := pdnTag.FindStringSubmatch(trimmed)
			if m == nil {
				sh.Problems = append(sh.Problems, newProblem(lineNo, 1, trimmed, say(`a PDN tag is written [Name "value"]`)))
				continue
			}
			sh.addPDNTag(m[1], strings.ReplaceAll(m[2], `\"`, `"`), lineNo)
			continue
		}
		if trimmed == "" {
			continue
		}
		if sh == nil {
			sh = &Sheet{Start: Start(), ToMove: White}
		}
		inMoves = true
		body = appendTokens(body, line, lineNo, 1)
	}
	finish()
	return sheets
}

func (sh *Sheet) addPDNTag(name, value string, line int) {
	key := name
	if k, ok := pdnTags[name]; ok {
		key = k
	}
	sh.addHeader(Header{key, value, line})
}

// checkGameType refuses a game of another type: adiukh's own type, or the
// type 25 adiukh wrote before with the Variant tag "Adiukh", are Adiukh.
func (sh *Sheet) checkGameType() {
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

var pdnResult = regexp.MustCompile(`^(2-0|0-2|1-1|1-0|0-1|1/2-1/2|½-½|\*)$`)

// MarkerScore reads a PDN game termination marker on a game's scale: win
// is White's win (2:0 in Russian draughts), draw the game's draw. PDN
// writes 2-0, 1-1 and 0-2 for draughts; other programs write 1-0, 0-1 and
// 1/2-1/2 or ½-½, which say the same. ok is false for "*" (the game goes
// on) and for anything else.
func MarkerScore(marker string, win, draw Score) (sc Score, ok bool) {
	switch strings.TrimSpace(marker) {
	case "2-0", "1-0":
		return win, true
	case "0-2", "0-1":
		return Score{White: win.Black, Black: win.White}, true
	case "1-1", "1/2-1/2", "½-½":
		return draw, true
	}
	return Score{}, false
}

// readPDNMoves reads PDN move text: variations and numeric annotation
// glyphs ($1) are skipped, the game termination marker is not a score (the
// Score tag is), and "x" is a capture. Only an Adiukh game's type and Score
// tag are checked here.
func (sh *Sheet) readPDNMoves(tokens []token, adiukh bool) {
	var kept []token
	depth := 0
	for _, tk := range tokens {
		text := tk.text
		depth += strings.Count(text, "(")
		if depth > 0 {
			depth -= strings.Count(text, ")")
			continue
		}
		if pdnResult.MatchString(text) {
			sh.PDNResult, sh.PDNResultLine, sh.PDNResultColumn = text, tk.line, tk.column
			continue
		}
		if strings.HasPrefix(text, "$") {
			continue
		}
		kept = append(kept, tk)
	}
	if !adiukh {
		sh.readBody(kept)
		return
	}
	sh.checkGameType()
	sh.readBody(kept)
	// The Score tag is read last: it stands before the moves but closes the
	// game.
	for _, h := range sh.Headers {
		if h.Key != "Score" {
			continue
		}
		sc, err := ParseScore(h.Value)
		switch {
		case err != nil:
			sh.Problems = append(sh.Problems, newProblem(h.Line, 1, h.Value, Detail(err)))
		case sh.Result != nil && sh.Result.Score != sc:
			sh.Problems = append(sh.Problems, newProblem(h.Line, 1, h.Value,
				say("the Score tag gives %s, the move text %s", sc, sh.Result.Score)))
		case sh.Result == nil:
			sh.Result = &SheetResult{Score: sc, Text: h.Value, Line: h.Line, Column: 1}
			sh.Result.Reason, _ = reasonOf(sh.Header("Termination"))
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
		return Score{}, &ScoreError{say("%q is not a score like 17:7", s)}
	}
	w, err1 := strconv.Atoi(strings.TrimSpace(a))
	bl, err2 := strconv.Atoi(strings.TrimSpace(b))
	if err1 != nil || err2 != nil {
		return Score{}, &ScoreError{say("%q is not a score like 17:7", s)}
	}
	if w < 0 || bl < 0 || w+bl != 24 {
		return Score{}, &ScoreError{say("%q is not a game score: the two scores add up to 24", s)}
	}
	return Score{w, bl}, nil
}

// PDN writes the replayed game as PDN 3.0: the sheet's headers as tags, the
// moves in full notation with 'x' for captures, the accepted result as a Score
// tag and the PDN result 2-0, 1-1 or 0-2.
func (r *Report) PDN() string {
	g := PDNGame{Sheet: r.Sheet, GameType: PDNGameType, Variant: PDNVariant,
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
		if r.Reason != "" && r.Reason != EndFinalPosition {
			g.Tags = append(g.Tags, [2]string{"Termination", string(r.Reason)})
		}
	}
	if r.Sheet.Start != Start() || r.Sheet.ToMove != White {
		g.Tags = append(g.Tags, [2]string{"Position", r.Sheet.Start.String()}, [2]string{"ToMove", r.Sheet.ToMove.String()})
	}
	for _, pm := range r.Played {
		g.Moves = append(g.Moves, PDNMove{Number: pm.Number, Side: pm.Side, Text: pm.Move.String()})
	}
	return g.String()
}

// PDNGame is a replayed game of any of the games as PDN 3.0 writes it, so
// that each game's report says only what is its own (its GameType, its
// position and score tags) and all of them write the rest alike.
type PDNGame struct {
	Sheet             *Sheet
	GameType, Variant string
	// Own names the tags the game writes itself, which the sheet's headers
	// of the same names must not repeat; Tags are those it writes, in
	// order, after GameType and Variant.
	Own  []string
	Tags [][2]string
	// Moves are the moves replayed, written as the game writes them (':'
	// between the squares of a capture becomes PDN's 'x').
	Moves []PDNMove
	// Result is the game termination marker: 2-0, 1-1, 0-2 or *.
	Result string
}

// PDNMove is a move of a PDNGame: its number, who played it, its text.
type PDNMove struct {
	Number int
	Side   Color
	Text   string
}

// String writes the game: the sheet's seven-tag roster (White and Black as
// "?" when unknown), its other headers whose names PDN allows, the game's
// own tags, the Result tag, then the move text wrapped at 79 columns.
func (g PDNGame) String() string {
	var b strings.Builder
	tag := func(name, value string) { fmt.Fprintf(&b, "[%s %q]\n", name, value) }
	skip := map[string]bool{"GameType": true, "Variant": true, "Result": true}
	for _, name := range g.Own {
		skip[name] = true
	}
	for _, key := range []string{"Event", "Site", "Date", "Round", "White", "Black"} {
		if v := g.Sheet.Header(key); v != "" {
			tag(key, v)
		} else if key == "White" || key == "Black" {
			tag(key, "?")
		}
		skip[key] = true
	}
	for _, h := range g.Sheet.Headers {
		if !skip[h.Key] && validTagName(h.Key) {
			tag(h.Key, h.Value)
			skip[h.Key] = true
		}
	}
	tag("GameType", g.GameType)
	tag("Variant", g.Variant)
	for _, t := range g.Tags {
		tag(t[0], t[1])
	}
	tag("Result", g.Result)
	b.WriteString("\n")
	col := 0
	word := func(w string) {
		if col > 0 && col+1+len(w) > 79 {
			b.WriteString("\n")
			col = 0
		} else if col > 0 {
			b.WriteString(" ")
			col++
		}
		b.WriteString(w)
		col += len(w)
	}
	for i, m := range g.Moves {
		switch {
		case m.Side == White:
			word(fmt.Sprintf("%d.", m.Number))
		case i == 0:
			word(fmt.Sprintf("%d...", m.Number))
		}
		word(strings.ReplaceAll(m.Text, ":", "x"))
	}
	word(g.Result)
	b.WriteString("\n")
	return b.String()
}

func validTagName(s string) bool {
	if s == "" {
		return false
	}
	for _, c := range s {
		if !(c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_') {
			return false
		}
	}
	return true
}
