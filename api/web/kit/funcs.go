package kit

import (
	"fmt"
	"html/template"
	"math"
	"strconv"
	"strings"
	"time"

	"adiukh/tournament"
	"adiukh/tournament/teams"
)

// templateFuncs are the few helpers templates need beyond their data.
var templateFuncs = template.FuncMap{
	"add":       func(a, b int) int { return a + b },
	"contains":  strings.Contains,
	"hasPrefix": strings.HasPrefix,
	"list":      func(items ...string) []string { return items },
	"cellScore": cellScore,
	// shownScore writes a result as its event shows it: an Adiukh game's
	// checkers, another game's table points (1:0, ½:½ in a 1-½-0 event).
	"shownScore": func(e *tournament.Event, r *tournament.Result) string {
		if r == nil {
			return ""
		}
		return e.ScoreText(*r)
	},
	// signed writes a change with its sign: +20, −9, 0.
	"signed": func(n int) string {
		switch {
		case n > 0:
			return "+" + strconv.Itoa(n)
		case n < 0:
			return "−" + strconv.Itoa(-n)
		}
		return "0"
	},
	// minus writes a number's minus as the sign, not a hyphen: −0,223.
	"minus": func(s string) string { return strings.Replace(s, "-", "−", 1) },
	// factor is a number written after a multiplication sign: a negative
	// one in brackets, as arithmetic writes it (20 · (−0,360)).
	"factor": func(s string) string {
		if s = strings.Replace(s, "-", "−", 1); strings.HasPrefix(s, "−") {
			return "(" + s + ")"
		}
		return s
	},
	// round3 rounds an expected score to three decimals for showing.
	"round3": func(v float64) float64 { return math.Round(v*1000) / 1000 },
	// clock is a live game's clock reading: 2:59, 0:08.4.
	"clock": ClockText,
	// kb is a file's size in kilobytes, rounded up.
	"kb": func(bytes int) int { return (bytes + 1023) / 1024 },
	// personal and personalEnd mark a part of a page that shows the
	// signed-in reader, made by the template named (see PersonalMark), of a
	// row of the pairings when a BoardMark is given, whose template takes
	// the BoardPart that rowPart makes.
	"personal": func(name string, row ...BoardMark) template.HTML {
		if len(row) == 1 {
			name += " " + row[0].String()
		}
		return template.HTML(PersonalMark + name + "-->")
	},
	"rowPart":     func(p Page, m BoardMark) BoardPart { return BoardPart{Page: p, Row: m} },
	"personalEnd": func() template.HTML { return template.HTML(PersonalEnd) },
	// dict passes several values to a partial: dict "Key" value ….
	"dict": func(kv ...any) map[string]any {
		m := make(map[string]any, len(kv)/2)
		for i := 0; i+1 < len(kv); i += 2 {
			m[fmt.Sprint(kv[i])] = kv[i+1]
		}
		return m
	},
}

// cellScore is a crosstable cell's Adiukh score as the printed crosstable
// shows it: a forfeit is +:− or −:+ (and a double forfeit −:−), not 24:0,
// so that it does not read as a game won on the board. The JSON API keeps
// the numbers.
func cellScore(c teams.CrosstableCell) string {
	if c.Result == nil {
		return c.Score
	}
	switch c.Result.EndReason {
	case tournament.Forfeit:
		if (c.Result.White > c.Result.Black) == c.White {
			return "+:−"
		}
		return "−:+"
	case tournament.DoubleForfeit:
		return "−:−"
	}
	return c.Score
}

// ClockText is a live game's clock: minutes and seconds, and tenths in
// the last ten seconds, when they count.
func ClockText(d time.Duration) string {
	if d < 10*time.Second {
		return fmt.Sprintf("0:%02d.%d", int(d/time.Second), int(d%time.Second/(100*time.Millisecond)))
	}
	return fmt.Sprintf("%d:%02d", int(d/time.Minute), int(d%time.Minute/time.Second))
}
