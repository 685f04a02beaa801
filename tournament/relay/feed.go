package relay

import (
	"regexp"
	"strconv"
	"strings"
	"time"

	"adiukh/rules"
	"adiukh/tournament"
)

// MaxFeedBytes bounds what one push or one read of a polled source may
// hold: a round of a big championship written as PDN with clocks takes
// a few hundred kilobytes.
const MaxFeedBytes = 10 << 20

// MaxGameBytes bounds one game of a feed, as a score sheet is bounded.
const MaxGameBytes = tournament.MaxSheetBytes

// feedGame is one game of a feed as the rules of the event's game read it.
type feedGame struct {
	White, Black string
	// Plies are the moves replayed, with the positions they left and the
	// clocks the feed gives after them.
	Plies []Ply
	// Bad is the first move the rules refused (its Ply the move's place),
	// nil when every move replayed.
	Bad *rules.Problem
	// Garbled: the text is no game (no move and no tag read), or its
	// start could not be read.
	Garbled bool
	// Result is what the feed writes of the result (a PDN marker or a
	// written score), nil when it writes none or "*".
	Result *tournament.Result
	// Over is the game's end by the rules in the last position reached.
	Over *tournament.Result
}

// readFeed reads every game of a PDN text by the rules of game.
func readFeed(game tournament.GameKind, text string) []feedGame {
	var out []feedGame
	for _, one := range splitGames(text) {
		out = append(out, readGame(game, one))
	}
	return out
}

// splitGames cuts a PDN text into its games: a game starts at a tag that
// follows move text.
func splitGames(text string) []string {
	var games []string
	var cur strings.Builder
	inMoves := false
	for _, line := range strings.SplitAfter(strings.ReplaceAll(text, "\r\n", "\n"), "\n") {
		t := strings.TrimSpace(line)
		if strings.HasPrefix(t, "[") && !strings.HasPrefix(t, "[%") && inMoves {
			games = append(games, cur.String())
			cur.Reset()
			inMoves = false
		}
		if t != "" && !strings.HasPrefix(t, "[") {
			inMoves = true
		}
		cur.WriteString(line)
	}
	if strings.TrimSpace(cur.String()) != "" {
		games = append(games, cur.String())
	}
	return games
}

// readGame reads one game.
func readGame(game tournament.GameKind, text string) feedGame {
	var fg feedGame
	if len(text) > MaxGameBytes {
		fg.Garbled = true
		return fg
	}
	verdicts := game.Rules().ValidateGames(text)
	if len(verdicts) == 0 {
		fg.Garbled = true
		return fg
	}
	v := verdicts[0]
	fg.White, fg.Black = strings.TrimSpace(v.White), strings.TrimSpace(v.Black)
	if v.StartUnread {
		fg.Garbled = true
		return fg
	}
	clocks := readClocks(text)
	for i, m := range v.Moves {
		p := Ply{Move: m.Notation, FEN: m.After.Notation()}
		if i < len(clocks) {
			p.Clock = clocks[i]
		}
		fg.Plies = append(fg.Plies, p)
	}
	for i := range v.Errors {
		if p := v.Errors[i]; p.Ply > 0 {
			fg.Bad = &p
			break
		}
	}
	if fg.Bad != nil && fg.Bad.Ply == 1 && !strings.HasPrefix(strings.TrimSpace(text), "[") && !looksLikeMoves(text) {
		fg.Garbled = true // not PDN at all: a page of HTML, a message
		return fg
	}
	if fg.Bad != nil {
		return fg
	}
	var final rules.State = v.Start
	if len(v.Moves) > 0 {
		final = v.Moves[len(v.Moves)-1].After
	}
	if final != nil {
		if out := final.Outcome(); out.Over {
			r := tournament.Result{White: out.Score.White, Black: out.Score.Black, EndReason: tournament.FinalPosition}
			fg.Over = &r
		}
	}
	if w := v.Written; w != nil {
		r := tournament.Result{White: w.Score.White, Black: w.Score.Black, EndReason: tournament.EndReason(w.Reason)}
		if r.EndReason == "" {
			r.EndReason = tournament.Resignation
			if r.White == r.Black {
				r.EndReason = tournament.Agreement
			}
		}
		fg.Result = &r
	}
	return fg
}

var movesStart = regexp.MustCompile(`^\s*(\d+\s*\.|[a-h][1-8]|\d{1,2}[-x:]\d)`)

// looksLikeMoves tells move text from other text: it starts with a move
// number or a square.
func looksLikeMoves(text string) bool { return movesStart.MatchString(text) }

// A clock comment: lidraughts' [%clock w0:05:00 B0:04:50] (both clocks,
// the side to move in capitals) or [%clk 0:04:50] (the mover's).
var (
	clockBoth = regexp.MustCompile(`\[%clock\s+([wWbB])\s*(\d+(?::\d{1,2}){0,2})\s+([wWbB])\s*(\d+(?::\d{1,2}){0,2})\s*\]`)
	clockOne  = regexp.MustCompile(`\[%clk\s+(\d+(?::\d{1,2}){0,2})\s*\]`)
)

// readClocks gives the clocks after each ply of a game's move text, nil
// where it gives none: each comment belongs to the move before it.
func readClocks(text string) []*Clock {
	var clocks []*Clock
	var last Clock
	plies := 0
	body := text
	// Skip the tags: the move text follows the last tag line.
	lines := strings.Split(body, "\n")
	start := 0
	for i, l := range lines {
		t := strings.TrimSpace(l)
		if strings.HasPrefix(t, "[") && !strings.HasPrefix(t, "[%") {
			start = i + 1
		}
	}
	body = strings.Join(lines[start:], "\n")
	seen := false
	for len(body) > 0 {
		body = strings.TrimLeft(body, " \t\r\n")
		if body == "" {
			break
		}
		switch body[0] {
		case '{':
			end := strings.IndexByte(body, '}')
			if end < 0 {
				end = len(body) - 1
			}
			comment := body[:end+1]
			body = body[end+1:]
			if plies == 0 {
				continue
			}
			if m := clockBoth.FindStringSubmatch(comment); m != nil {
				for _, side := range [][2]string{{m[1], m[2]}, {m[3], m[4]}} {
					if d, ok := clockText(side[1]); ok {
						if strings.EqualFold(side[0], "w") {
							last.White = d
						} else {
							last.Black = d
						}
					}
				}
			} else if m := clockOne.FindStringSubmatch(comment); m != nil {
				if d, ok := clockText(m[1]); ok {
					if plies%2 == 1 {
						last.White = d
					} else {
						last.Black = d
					}
				}
			} else {
				continue
			}
			for len(clocks) < plies {
				clocks = append(clocks, nil)
			}
			c := last
			clocks[plies-1] = &c
			seen = true
		case '(':
			depth := 0
			i := 0
			for ; i < len(body); i++ {
				if body[i] == '(' {
					depth++
				} else if body[i] == ')' {
					depth--
					if depth == 0 {
						break
					}
				}
			}
			body = body[min(i+1, len(body)):]
		default:
			end := strings.IndexAny(body, " \t\r\n{(")
			if end < 0 {
				end = len(body)
			}
			tok := body[:end]
			body = body[end:]
			if isMoveToken(tok) {
				plies++
			}
		}
	}
	if !seen {
		return nil
	}
	return clocks
}

// isMoveToken: a token of move text that is a move (a move number glued
// to its move, "1.c3-d4", counts; a bare number, a result, a glyph not).
func isMoveToken(tok string) bool {
	i := 0
	for i < len(tok) && tok[i] >= '0' && tok[i] <= '9' {
		i++
	}
	if i < len(tok) && tok[i] == '.' {
		tok = strings.TrimLeft(tok[i:], ".")
	}
	switch tok {
	case "", "*", "2-0", "0-2", "1-1", "1-0", "0-1", "1/2-1/2", "½-½":
		return false
	}
	return !strings.HasPrefix(tok, "$")
}

// clockText reads h:mm:ss, m:ss or seconds.
func clockText(s string) (time.Duration, bool) {
	var total int
	for _, part := range strings.Split(s, ":") {
		n, err := strconv.Atoi(part)
		if err != nil {
			return 0, false
		}
		total = total*60 + n
	}
	return time.Duration(total) * time.Second, true
}
