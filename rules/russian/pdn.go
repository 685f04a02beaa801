package russian

import (
	"fmt"
	"strings"
)

// PDN writes the replayed game as PDN 3.0 for GameType 25, as lidraughts
// reads it: the sheet's headers as tags, the start position in a FEN tag
// when it is not the initial one, the moves with every landing square and
// 'x' for a capture, and the result 2-0, 1-1 or 0-2.
func (r *Report) PDN() string {
	var b strings.Builder
	tag := func(name, value string) { fmt.Fprintf(&b, "[%s %q]\n", name, value) }
	skip := map[string]bool{"GameType": true, "Variant": true, "Result": true, "FEN": true, "Score": true, "Termination": true, "Position": true, "ToMove": true}
	for _, key := range []string{"Event", "Site", "Date", "Round", "White", "Black"} {
		if v := r.Sheet.Header(key); v != "" {
			tag(key, v)
		} else if key == "White" || key == "Black" {
			tag(key, "?")
		}
		skip[key] = true
	}
	for _, h := range r.Sheet.Headers {
		if !skip[h.Key] && tagName(h.Key) {
			tag(h.Key, h.Value)
			skip[h.Key] = true
		}
	}
	tag("GameType", PDNGameType)
	tag("Variant", PDNVariant)
	if r.Start != Start() {
		tag("FEN", r.Start.FEN())
	}
	result := "*"
	if r.Result != nil {
		result = map[bool]string{true: "2-0", false: "0-2"}[r.Result.White > r.Result.Black]
		if *r.Result == Draw {
			result = "1-1"
		}
	}
	tag("Result", result)
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
	for i, pm := range r.Played {
		switch {
		case pm.Side == White:
			word(fmt.Sprintf("%d.", pm.Number))
		case i == 0:
			word(fmt.Sprintf("%d...", pm.Number))
		}
		word(strings.ReplaceAll(pm.Move.String(), ":", "x"))
	}
	word(result)
	b.WriteString("\n")
	return b.String()
}

func tagName(s string) bool {
	for _, c := range s {
		if !(c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_') {
			return false
		}
	}
	return s != ""
}
