package adiukh

import (
	"strings"

	"adiukh/rules"
)

// Report is the verdict on one game sheet: every move replayed against the
// rules, the final score when the final position was reached, and whether the
// written result agrees.
type Report struct {
	Valid    bool
	Sheet    *Sheet
	Errors   []Problem
	Warnings []Problem
	// Played holds the moves replayed, in full notation, up to the first
	// illegal one.
	Played []PlayedMove
	// Start is the position the sheet starts from: the initial one unless
	// a Position header gives another. Position is the last position
	// reached and ToMove the side to move there.
	Start    Position
	Position Position
	ToMove   Color
	// Final reports whether Position is a final position (§5.1); Score is its
	// score, nil otherwise.
	Final bool
	Score *Score
	// Result is the accepted result: the final score, or a stated 24:0 / 12:12
	// with its reason; nil when the sheet has none or it was rejected.
	Result *Score
	Reason EndReason
}

// PlayedMove is one replayed move.
type PlayedMove struct {
	Ply, Number int
	Side        Color
	Written     string // as on the sheet
	Move        Move
}

// ValidateSheet reads a game sheet and replays it (see ReadSheet and
// Validate).
func ValidateSheet(text string) *Report {
	return Validate(ReadSheet(text))
}

// ValidateGames reads every game of a text and replays each: all the games
// of a PDN file, or the one game of a sheet.
func ValidateGames(text string) []*Report {
	if strings.HasPrefix(strings.TrimSpace(text), "[") {
		if games := ParsePDN(text); len(games) > 0 {
			reports := make([]*Report, len(games))
			for i, g := range games {
				reports[i] = Validate(g)
			}
			return reports
		}
	}
	return []*Report{Validate(ParseSheet(text))}
}

// Validate replays the moves of a sheet from its start position. It stops at
// the first move that is illegal or ambiguous, reporting it with the legal
// moves at that point. A written result must agree with the final position; a
// 24:0 or 12:12 before the final position is accepted only with a stated
// reason (resignation, time, agreement, both flags, arbiter, §5.2–§6.1.3).
func Validate(sh *Sheet) *Report {
	sh.ScoreDrawsAs(adiukhDraw)
	r := &Report{Sheet: sh, Errors: append([]Problem(nil), sh.Problems...), Warnings: append([]Problem(nil), sh.Warnings...)}
	pos, side := startOf(sh), sh.ToMove
	r.Start = pos
	startPly := 1
	if side == Black {
		startPly = 2
	}
	r.Played = make([]PlayedMove, 0, len(sh.Moves))
	if sh.StartUnread {
		// Replayed from the initial position, the moves would be errors
		// of a game never played: the header's error is the report.
		r.Position, r.ToMove = pos, side
		return r
	}
	routes := make([]Move, 0, 32)
	// find searches the position reached for the move a record names.
	find := func(rec Record) (Move, error) {
		// Only the towers the record can start from are searched;
		// whether a capture is compulsory is decided over the board.
		routes = pos.appendMovesFrom(routes[:0], side, startSquares(rec), false)
		return pos.findAmong(routes, side, rec)
	}
	for i := range sh.Moves {
		sm := &sh.Moves[i]
		ply := startPly + i
		var m Move
		read := sm.Record
		message := sm.Unreadable
		if message == nil {
			found, reading, err := rules.FindReading(sm.Record, find)
			if err != nil {
				d := rules.Detail(err)
				message = &d
			}
			m, read = found, reading
		}
		if message != nil && !pos.hasLegalMove(side) {
			r.Errors = append(r.Errors, problemAt(sm, ply, side,
				say("the game is over: %s has no legal move (final position, score %s), so %s cannot be played", side, pos.Score(), sm.Record.Text)))
			break
		}
		if message != nil {
			at := problemAt(sm, ply, side, *message)
			at.Legal = moveNames(pos.LegalMoves(side))
			r.Errors = append(r.Errors, at)
			break
		}
		r.warnSpelling(sm, read, ply, side, m)
		r.Played = append(r.Played, PlayedMove{Ply: ply, Number: (ply + 1) / 2, Side: side, Written: sm.Record.Text, Move: m})
		pos = pos.Play(m)
		side = side.Opponent()
	}
	r.Position, r.ToMove = pos, side
	if len(r.Played) == len(sh.Moves) && !pos.hasLegalMove(side) {
		sc := pos.Score()
		r.Final, r.Score = true, &sc
	}
	r.judgeResult()
	r.Valid = len(r.Errors) == 0
	if n := len(r.Errors); n > rules.MaxReportedErrors {
		last := r.Errors[rules.MaxReportedErrors-1]
		r.Errors = append(r.Errors[:rules.MaxReportedErrors:rules.MaxReportedErrors],
			newProblem(last.Line, 0, "", say("%d more problems are not listed; correct these first", n-rules.MaxReportedErrors)))
	}
	return r
}

// Replayed reports whether every move of the sheet replayed, so that the
// game can be written out as it was played (a record, PDN), even when the
// sheet has other problems such as a result it does not support; none did
// when its Position header could not be read.
func (r *Report) Replayed() bool { return !r.Sheet.StartUnread && len(r.Played) == len(r.Sheet.Moves) }

// problemAt is a problem with the move sm, played at ply by side.
func problemAt(sm *SheetMove, ply int, side Color, m Message) Problem {
	p := newProblem(sm.Line, sm.Column, sm.Record.Text, m)
	p.Ply, p.MoveNumber, p.Side = ply, (ply+1)/2, side.String()
	return p
}

func (r *Report) warnSpelling(sm *SheetMove, rec Record, ply int, side Color, m Move) {
	if m.IsCapture() && rec.Dash {
		r.Warnings = append(r.Warnings, problemAt(sm, ply, side, say("%s is a capture: the rules write it with ':' (%s)", rec.Text, m)))
	}
	if !m.IsCapture() && rec.Capture {
		r.Warnings = append(r.Warnings, problemAt(sm, ply, side, say("%s is a quiet move: the rules write it with '-' (%s)", rec.Text, m)))
	}
	if rec.Latin != "" {
		r.Warnings = append(r.Warnings, problemAt(sm, ply, side, rules.CyrillicNote(sm.Record, m)))
	}
}

// adiukhDraw is the score of a drawn game (§6.1).
var adiukhDraw = Score{White: 12, Black: 12}

// judgeResult compares the written result with the game.
func (r *Report) judgeResult() {
	res, marker := r.Sheet.Result, false
	if res == nil {
		res, marker = r.markerResult()
	}
	replayed := len(r.Played) == len(r.Sheet.Moves)
	if res == nil {
		if r.Final {
			r.Result, r.Reason = r.Score, rules.EndFinalPosition
		} else if replayed && !r.Sheet.ResultWritten() {
			r.Warnings = append(r.Warnings, newProblem(0, 0, "", say("no result is written and the game has not reached a final position")))
		}
		return
	}
	at := Problem{Line: res.Line, Column: res.Column, Text: res.Text}
	fail := func(format string, args ...any) {
		at.Detail = say(format, args...)
		at.Message = at.Detail.String()
		r.Errors = append(r.Errors, at)
	}
	sc := res.Score
	switch {
	case sc.White+sc.Black != 24 || sc.White < 0 || sc.Black < 0:
		fail("%s is not a game score: the two scores add up to 24", res.Text)
		return
	case !replayed:
		return // the replay already failed; the result cannot be judged
	case r.Final && marker:
		// PDN's 2-0 says who won, the final position by how much.
		if sign(sc.White-sc.Black) != sign(r.Score.White-r.Score.Black) {
			fail("the sheet gives %s, but the final position scores %s", res.Text, r.Score)
			return
		}
		r.Result, r.Reason = r.Score, rules.EndFinalPosition
		return
	case r.Final:
		if sc != *r.Score {
			fail("the sheet gives %s, but the final position scores %s", sc, r.Score)
			return
		}
		if res.Reason != "" && res.Reason != rules.EndFinalPosition {
			fail("the game reached its final position (%s), so it did not end by %s (§5.5)", r.Score, res.Reason)
			return
		}
		r.Result, r.Reason = r.Score, rules.EndFinalPosition
		return
	}
	// The game stopped before its final position.
	decisive := sc == Score{White: 24, Black: 0} || sc == Score{White: 0, Black: 24}
	draw := sc == Score{White: 12, Black: 12}
	switch res.Reason {
	case "", rules.EndFinalPosition:
		switch {
		case draw && res.Drawn:
			// "Ничья", "12:12 ничья", PDN's 1-1: a draw before the final
			// position is agreed (§6.1.3).
			res.Reason = rules.EndAgreement
		case decisive && marker:
			// PDN's result says who won, not how: programs end a resigned
			// game "Normal". It is taken as a resignation, and said.
			m := say("the game is not over and the file names no reason for %s: it is taken as a resignation", res.Text)
			r.Warnings = append(r.Warnings, newProblem(res.Line, res.Column, res.Text, m))
			res.Reason = rules.EndResignation
		case decisive || draw:
			fail("%s was written before the final position: state the reason (resignation, time, agreement, arbiter)", sc)
			return
		case len(r.Sheet.Moves) == 0 && r.Sheet.Header("GameType") != "":
			// A PDN game without moves: an event's games.pdn writes so a
			// game whose sheet never came in, its result as entered. The
			// score cannot be checked; it is taken as written, and said.
			m := say("the file has no moves of this game: its score %s is taken as written", sc)
			r.Warnings = append(r.Warnings, newProblem(res.Line, res.Column, res.Text, m))
			res.Reason = rules.EndFinalPosition
		default:
			fail("%s can only come from a final position, and the game stops before it (%s has %d legal moves)", sc, r.ToMove, len(r.Position.LegalMoves(r.ToMove)))
			return
		}
	case rules.EndResignation, rules.EndTime, rules.EndArbiter:
		if !decisive {
			fail("a game lost by %s scores 24:0 or 0:24, not %s (§5.2–§5.4)", res.Reason, sc)
			return
		}
	case rules.EndAgreement, rules.EndBothFlags:
		if !draw {
			fail("a game drawn by %s scores 12:12, not %s (§6.1)", res.Reason, sc)
			return
		}
	}
	r.Result, r.Reason = &sc, res.Reason
}

// markerResult is the result of a PDN game without a Score tag, read from
// its Result tag or the marker after its moves: 2-0 as 24:0, 1-1 as
// 12:12, with the reason its Termination tag names. It reports whether
// there is one.
func (r *Report) markerResult() (*SheetResult, bool) {
	text, line, column := r.Sheet.PDNResult, r.Sheet.PDNResultLine, r.Sheet.PDNResultColumn
	for _, h := range r.Sheet.Headers {
		if h.Key == "Result" && h.Value != "" {
			text, line, column = h.Value, h.Line, 1
		}
	}
	sc, ok := rules.MarkerScore(text, Score{White: 24, Black: 0}, adiukhDraw)
	if !ok {
		return nil, false
	}
	reason, _ := rules.ReasonOf(r.Sheet.Header("Termination"))
	return &SheetResult{Score: sc, Reason: reason, Drawn: sc == adiukhDraw, Text: text, Line: line, Column: column}, true
}

func moveNames(moves []Move) []string {
	out := make([]string, len(moves))
	for i, m := range moves {
		out[i] = m.String()
	}
	return out
}
