package russian

import (
	"strconv"
	"strings"

	"adiukh/rules"
)

// PDN 3.0 gives Russian draughts the GameType 25; lidraughts writes it so,
// with the Variant tag "Russian".
const (
	PDNGameType = "25"
	PDNVariant  = "Russian"
)

// Report is the verdict on one game sheet: every move replayed, how the
// game ended if it did, and whether the written result agrees.
type Report struct {
	Valid    bool
	Sheet    *rules.Sheet
	Errors   []rules.Problem
	Warnings []rules.Problem
	// Start is the game's first position: the initial one, or the sheet's
	// FEN.
	Start Position
	// Played holds the moves replayed, up to the first wrong one.
	Played []Played
	// OpeningPlies counts the plies of the opening a game was played from
	// (ValidateAfterOpening); Opening holds them when the sheet left them
	// out and its moves are those after the opening. Both are empty for an
	// ordinary game.
	OpeningPlies int
	Opening      []Played
	// Game is the game as far as it was replayed; its Outcome tells
	// whether it is over.
	Game *Game
	// Result is the accepted result, nil when the sheet has none or it was
	// rejected; Reason says how the game ended.
	Result *rules.Score
	Reason rules.EndReason
	// startUnread is set when the sheet's FEN could not be read: nothing
	// was replayed.
	startUnread bool
}

// Played is one replayed move.
type Played struct {
	Ply, Number int
	Side        Color
	Written     string
	Move        Move
}

// Replayed reports whether every move of the sheet replayed; none did
// when its start could not be read.
func (r *Report) Replayed() bool { return !r.startUnread && len(r.Played) == len(r.Sheet.Moves) }

// stop ends the check of a sheet whose FEN cannot be read: replayed from
// another position, its moves would yield errors that are not theirs.
func (r *Report) stop() {
	r.startUnread = true
	r.Game = NewGame(r.Start)
	r.Valid = false
}

// ValidateGames reads every game of a text and replays each: all the games
// of a PDN file, or the one game of a sheet.
func ValidateGames(text string) []*Report {
	if strings.HasPrefix(strings.TrimSpace(text), "[") {
		if games := rules.ReadPDN(text); len(games) > 0 {
			reports := make([]*Report, len(games))
			for i, g := range games {
				reports[i] = Validate(g)
			}
			return reports
		}
	}
	return []*Report{Validate(rules.ParseSheet(text))}
}

// Validate replays the moves of a sheet from its start (the FEN header or
// tag, the initial position without one). It stops at the first move that
// is illegal, ambiguous or played after the game ended — by a lost
// position or a draw of the axioms, which end the game at once — and
// checks the written result against the end reached.
func Validate(sh *rules.Sheet) *Report {
	r := newReport(sh)
	if !r.readHeaders() {
		r.stop()
		return r
	}
	startPly := 1
	if r.Start.Side == Black {
		startPly = 2
	}
	r.replay(NewGame(r.Start), startPly)
	return r
}

// newReport is the report on sh before its moves are replayed: the
// sheet's own warnings and notation problems.
func newReport(sh *rules.Sheet) *Report {
	sh.ScoreDrawsAs(Draw)
	r := &Report{Sheet: sh, Start: Start()}
	r.Warnings = append(r.Warnings, sh.Warnings...)
	for _, p := range sh.Problems {
		if p.Detail.Format == rules.UnknownReason && sh.Result != nil && sh.Result.Score == Draw {
			// "1:1 repetition", "1:1 троекратное повторение": a draw claimed by
			// the axioms, which judgeResult checks.
			continue
		}
		r.Errors = append(r.Errors, p)
	}
	return r
}

// replay plays the sheet's moves on g, the first of them at ply startPly,
// and judges the written result against the end reached.
func (r *Report) replay(g *Game, startPly int) {
	sh := r.Sheet
	r.Played = make([]Played, 0, len(sh.Moves))
	for i := range sh.Moves {
		sm := &sh.Moves[i]
		ply := startPly + i
		side := g.Position.Side
		if out := g.Outcome(); out.Over {
			r.Errors = append(r.Errors, problemAt(sm, ply, side, playedAfter(out, sm.Record.Text, ply-1)))
			break
		}
		written, detail := record(sm)
		rec := written
		var m Move
		if detail == nil {
			found, reading, err := rules.FindReading(written, g.Position.Find)
			if err != nil {
				d := rules.Detail(err)
				detail = &d
			}
			m, rec = found, reading
		}
		if detail != nil {
			p := problemAt(sm, ply, side, *detail)
			for _, lm := range g.Position.LegalMoves() {
				p.Legal = append(p.Legal, lm.String())
			}
			r.Errors = append(r.Errors, p)
			break
		}
		if m.IsCapture() && rec.Dash {
			r.Warnings = append(r.Warnings, problemAt(sm, ply, side, say("%s is a capture: it is written with ':' (%s)", rec.Text, m)))
		}
		if rec.Latin != "" {
			r.Warnings = append(r.Warnings, problemAt(sm, ply, side, rules.CyrillicNote(written, m)))
		}
		r.Played = append(r.Played, Played{Ply: ply, Number: (ply + 1) / 2, Side: side, Written: rec.Text, Move: m})
		g = g.Play(&m)
	}
	r.Game = g
	r.judgeResult()
	r.Valid = len(r.Errors) == 0
	if n := len(r.Errors); n > rules.MaxReportedErrors {
		// A sheet of garbage would otherwise yield a problem per word.
		last := r.Errors[rules.MaxReportedErrors-1]
		m := say("%d more problems are not listed; correct these first", n-rules.MaxReportedErrors)
		r.Errors = append(r.Errors[:rules.MaxReportedErrors:rules.MaxReportedErrors], rules.Problem{Line: last.Line, Message: m.String(), Detail: m})
	}
}

// playedAfter says that a move stands after the game's end.
func playedAfter(out Outcome, text string, ply int) rules.Message {
	if out.Reason == rules.EndFinalPosition {
		return say("the game is over after ply %d: the side to move has no legal move (score %s), so %s cannot be played", ply, out.Score, text)
	}
	return say("the game was drawn after ply %d (%s), so %s cannot be played", ply, drawRule(out), text)
}

// drawRule names the axiom that drew a game.
func drawRule(out Outcome) rules.Message {
	switch out.Reason {
	case EndRepetition:
		return say("the same position for the third time, axiom 7")
	case EndKingsOnly:
		return say("15 moves of kings only, axiom 4")
	case EndThreeKings:
		return say("three kings did not take the lone king in 15 moves, axiom 6")
	case EndMainRoad:
		return say("three pieces did not win against the king on the main road in 5 moves, axiom 5")
	}
	return say("the force unchanged for %d moves with kings on both sides, axiom 3", out.Moves)
}

// record is the written move of sm, or why it cannot be read: the sheet
// reader reads squares by name, and a move numbered as PDN numbers the
// board ("22-17", "22x13") is read here.
func record(sm *rules.SheetMove) (rules.Record, *rules.Message) {
	if sm.Unreadable == nil {
		return sm.Record, nil
	}
	if rec, ok := numberedRecord(sm.Record.Text); ok {
		return rec, nil
	}
	return sm.Record, sm.Unreadable
}

// numberedRecord reads a move written with square numbers, 1 = b8 …
// 32 = g1, as PDN and lidraughts write GameType 25 by number.
func numberedRecord(text string) (rules.Record, bool) {
	body := strings.TrimRight(text, "!?=+.")
	r := rules.Record{Text: text, ShortFile: -1}
	sep := strings.IndexAny(body, "-x:")
	if sep < 0 {
		return r, false
	}
	for _, part := range strings.FieldsFunc(body, func(c rune) bool { return c == '-' || c == 'x' || c == ':' }) {
		n, err := strconv.Atoi(part)
		if err != nil || n < 1 || n > 32 {
			return r, false
		}
		r.Squares = append(r.Squares, numbered(n))
	}
	r.Capture = strings.ContainsAny(body, "x:")
	r.Dash = strings.Contains(body, "-")
	return r, len(r.Squares) >= 2
}

// readHeaders takes the start position and checks the game type. It
// reports false when the FEN cannot be read.
func (r *Report) readHeaders() (startRead bool) {
	startRead = true
	for _, h := range r.Sheet.Headers {
		switch h.Key {
		case "FEN":
			p, err := ParseFEN(h.Value)
			if err != nil {
				r.Errors = append(r.Errors, headerProblem(h, say("the FEN %q cannot be read, so the moves were not checked: %s", h.Value, rules.Detail(err))))
				startRead = false
				continue
			}
			r.Start = p
		case "GameType":
			if t, _, _ := strings.Cut(h.Value, ","); strings.TrimSpace(t) != PDNGameType {
				r.Errors = append(r.Errors, headerProblem(h, say("GameType %q is not Russian draughts, whose GameType is %s", h.Value, PDNGameType)))
			}
		}
	}
	return startRead
}

func headerProblem(h rules.Header, m rules.Message) rules.Problem {
	return rules.Problem{Line: h.Line, Column: 1, Text: h.Value, Message: m.String(), Detail: m}
}

// problemAt is a problem with the move sm, played at ply by side.
func problemAt(sm *rules.SheetMove, ply int, side Color, m rules.Message) rules.Problem {
	return rules.Problem{Line: sm.Line, Column: sm.Column, Text: sm.Record.Text, Ply: ply, MoveNumber: (ply + 1) / 2,
		Side: side.String(), Message: m.String(), Detail: m}
}

// writtenResult is the result the sheet gives: a score line of a sheet
// ("2:0", "Счёт 1:1 соглашение", "Ничья"), or PDN's Result tag or
// termination marker (2-0, 1-1, 0-2, and 1-0, 0-1, 1/2-1/2, ½-½ as other
// programs write them). A PDN draw whose Termination names no other
// reason is a draw by agreement (RD 10): lidraughts writes "Normal" for
// it, and our own files write no Termination.
func (r *Report) writtenResult() (res *rules.SheetResult, ok bool) {
	if res := r.Sheet.Result; res != nil {
		return res, true
	}
	text, line, column := r.Sheet.PDNResult, r.Sheet.PDNResultLine, r.Sheet.PDNResultColumn
	for _, h := range r.Sheet.Headers {
		if h.Key == "Result" && h.Value != "" {
			text, line, column = h.Value, h.Line, 1
		}
	}
	score, known := rules.MarkerScore(text, WhiteWins, Draw)
	if !known {
		return nil, text == "" || text == "*"
	}
	reason := rules.EndReason("")
	t := strings.ToLower(r.Sheet.Header("Termination"))
	for _, stem := range []struct {
		stem   string
		reason rules.EndReason
	}{{"resign", rules.EndResignation}, {"time", rules.EndTime}, {"agree", rules.EndAgreement}, {"arbiter", rules.EndArbiter}, {"adjudicat", rules.EndArbiter}} {
		if strings.Contains(t, stem.stem) {
			reason = stem.reason
		}
	}
	return &rules.SheetResult{Score: score, Reason: reason, Drawn: score == Draw, Text: text, Line: line, Column: column}, true
}

// judgeResult compares the written result with the game's end.
func (r *Report) judgeResult() {
	out := r.Game.Outcome()
	res, ok := r.writtenResult()
	if !ok {
		text := r.Sheet.Header("Result")
		r.Errors = append(r.Errors, rules.Problem{Text: text, Message: say("%q is not a result of Russian draughts: 2-0, 1-1, 0-2 or *", text).String(),
			Detail: say("%q is not a result of Russian draughts: 2-0, 1-1, 0-2 or *", text)})
		return
	}
	if res == nil {
		if out.Over && r.Replayed() {
			r.Result, r.Reason = &out.Score, out.Reason
		} else if r.Replayed() && !r.Sheet.ResultWritten() {
			// PDN's "*" says the game goes on, and a result that could
			// not be read has its own error; a sheet without a result
			// may have lost it.
			m := say("no result is written and the game is not over")
			r.Warnings = append(r.Warnings, rules.Problem{Message: m.String(), Detail: m})
		}
		return
	}
	at := rules.Problem{Line: res.Line, Column: res.Column, Text: res.Text}
	fail := func(format string, args ...any) {
		at.Detail = say(format, args...)
		at.Message = at.Detail.String()
		r.Errors = append(r.Errors, at)
	}
	sc := res.Score
	decisive, draw := sc == WhiteWins || sc == BlackWins, sc == Draw
	switch {
	case !decisive && !draw:
		fail("%s is not a score of Russian draughts: 2:0, 1:1 or 0:2", res.Text)
		return
	case !r.Replayed():
		return // the replay failed already; the result cannot be judged
	case out.Over:
		if sc != out.Score {
			fail("the sheet gives %s, but the game ended %s (%s)", sc, out.Score, endWords(out))
			return
		}
		r.Result, r.Reason = &out.Score, out.Reason
		return
	}
	// The game stopped before its end.
	switch res.Reason {
	case "", rules.EndFinalPosition:
		switch {
		case draw && res.Drawn:
			// "Ничья", "1:1 ничья", PDN's 1-1: a draw before the end that
			// no axiom made is agreed (RD 10).
			res.Reason = rules.EndAgreement
		case draw:
			fail("the sheet claims a draw, but no draw rule applies after the last move: no position stood three times, and the counts of axioms 3–6 have not run out")
			return
		case r.Sheet.Result == nil:
			// PDN's result says who won, not how: programs such as
			// lidraughts end a resigned game "Normal". It is taken as a
			// resignation, and said.
			m := say("the game is not over and the file names no reason for %s: it is taken as a resignation", res.Text)
			r.Warnings = append(r.Warnings, rules.Problem{Line: res.Line, Column: res.Column, Text: res.Text, Message: m.String(), Detail: m})
			res.Reason = rules.EndResignation
		default:
			fail("%s was written before the game's end: state the reason (resignation, time, arbiter)", sc)
			return
		}
	case rules.EndResignation, rules.EndTime:
		if !decisive {
			fail("a game lost by %s scores 2:0 or 0:2, not %s", res.Reason, sc)
			return
		}
	case rules.EndAgreement, rules.EndBothFlags:
		if !draw {
			fail("a game drawn by %s scores 1:1, not %s", res.Reason, sc)
			return
		}
	}
	r.Result, r.Reason = &sc, res.Reason
}

// endWords says how a game ended.
func endWords(out Outcome) rules.Message {
	if out.Reason == rules.EndFinalPosition {
		return say("the side to move has no legal move")
	}
	return drawRule(out)
}
