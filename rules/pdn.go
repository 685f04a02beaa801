package rules

import (
	"fmt"
	"regexp"
	"strings"
)

var pdnTag = regexp.MustCompile(`^\[\s*([A-Za-z0-9_]+)\s+"((?:[^"\\]|\\.)*)"\s*\]\s*$`)

// pdnTags maps PDN tag names to our header keys where they differ.
var pdnTags = map[string]string{"Score": "Score", "Termination": "Termination", "Position": "Position", "ToMove": "ToMove"}

// Dialect is what a game's own sheets and PDN files say beyond what every
// game's say, read where it stands among the rest, so that the problems
// found keep the order of the text. The zero Dialect reads a sheet as the
// draughts games write theirs: their FEN, game type and result are their
// rules' own (rules/flat).
type Dialect struct {
	// Position reads a Position header in the game's notation (Adiukh's,
	// since FEN cannot hold towers); its error is the header's problem,
	// and the moves are not replayed (Sheet.StartUnread).
	Position func(text string) error
	// PDNType checks a PDN game's GameType tag before its moves are read;
	// PDNClose reads the tags that close the game after them (Adiukh's
	// Score tag).
	PDNType, PDNClose func(sh *Sheet)
}

// ReadPDN reads every game of a PDN file as a sheet, as the zero Dialect
// does: tags become headers and the move text is read like a sheet's, with
// 'x' for captures, comments in braces and variations in parentheses
// skipped, problems at their line in the file; the game type, the Score
// tag and the start position are left to the game's rules, and the game
// termination marker is kept in the sheet's PDNResult.
func ReadPDN(text string) []*Sheet {
	return Dialect{}.ReadPDN(text)
}

// ReadPDN reads every game of a PDN file as a sheet of the dialect's game.
func (d Dialect) ReadPDN(text string) []*Sheet {
	return d.readPDN(text)
}

// ReadSheet reads a game sheet without replaying it: a text that starts
// with a PDN tag is read as PDN (its first game), any other as a sheet.
func (d Dialect) ReadSheet(text string) *Sheet {
	if strings.HasPrefix(strings.TrimSpace(text), "[") {
		if games := d.ReadPDN(text); len(games) > 0 {
			return games[0]
		}
	}
	return d.ParseSheet(text)
}

// ReadSheet reads a game sheet of any game for its headers, as the zero
// Dialect reads it (Dialect.ReadSheet).
func ReadSheet(text string) *Sheet {
	return Dialect{}.ReadSheet(text)
}

func (d Dialect) readPDN(text string) []*Sheet {
	lines := splitLines(text)
	var sheets []*Sheet
	var sh *Sheet
	var body []token
	inMoves := false
	finish := func() {
		if sh != nil {
			sh.readPDNMoves(body, d)
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
				sh = &Sheet{ToMove: White}
			}
			m := pdnTag.FindStringSubmatch(trimmed)
			if m == nil {
				sh.Problems = append(sh.Problems, newProblem(lineNo, 1, trimmed, say(`a PDN tag is written [Name "value"]`)))
				continue
			}
			sh.addPDNTag(m[1], strings.ReplaceAll(m[2], `\"`, `"`), lineNo, d)
			continue
		}
		if trimmed == "" {
			continue
		}
		if sh == nil {
			sh = &Sheet{ToMove: White}
		}
		inMoves = true
		body = appendTokens(body, line, lineNo, 1)
	}
	finish()
	return sheets
}

func (sh *Sheet) addPDNTag(name, value string, line int, d Dialect) {
	key := name
	if k, ok := pdnTags[name]; ok {
		key = k
	}
	sh.addHeader(Header{key, value, line}, d)
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
// Score tag is, in a game whose dialect reads it), and "x" is a capture.
func (sh *Sheet) readPDNMoves(tokens []token, d Dialect) {
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
	if d.PDNType != nil {
		d.PDNType(sh)
	}
	sh.readBody(kept)
	if d.PDNClose != nil {
		d.PDNClose(sh)
	}
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
