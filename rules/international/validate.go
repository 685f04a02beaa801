package international

import (
	"strings"

	"adiukh/rules"
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
	// Opening holds the moves of the opening a game was played from when
	// the sheet left them out (ValidateAfterOpening), OpeningPlies their
	// count however the sheet was written.
	Opening      []Played
	OpeningPlies int
	// Game is the game as far as it was replayed; its Outcome tells
	// whether it is over.
	Game *Game
	// Result is the accepted result, nil when the sheet has none or it was
	// rejected; Reason says how the game ended.
	Result *rules.Score
	Reason rules.EndReason
	v      *Variant
}

// Played is one replayed move, with the notation the game writes it in.
type Played struct {
	Ply, Number int
	Side        Color
	Written     string
	Move        Move
	Notation    string
}

// Replayed reports whether every move of the sheet replayed.
func (r *Report) Replayed() bool { return len(r.Played) == len(r.Sheet.Moves) }

// ValidateGames reads every game of a text and replays each: all the games
// of a PDN file, or the one game of a sheet.
func (v *Variant) ValidateGames(text string) []*Report {
	if strings.HasPrefix(strings.TrimSpace(text), "[") {
		if games := rules.ReadPDN(text); len(games) > 0 {
			reports := make([]*Report, len(games))
			for i, g := range games {
				reports[i] = v.Validate(g)
			}
			return reports
		}
	}
	return []*Report{v.Validate(rules.ParseSheet(text))}
}

// Validate replays the moves of a sheet from its start (the FEN header or
// tag, the initial position without one). It stops at the first move that
// is unreadable, illegal, ambiguous or played after the game ended — by a
// lost position or a draw of the rules, which end the game at once — and
// checks the written result against the end reached.
func (v *Variant) Validate(sh *rules.Sheet) *Report {
	r := v.newReport(sh)
	r.readHeaders()
	startPly := 1
	if r.Start.Side == Black {
		startPly = 2
	}
	r.replay(v.NewGame(r.Start), startPly)
	return r
}

// newReport is the report on a sheet before its moves are replayed: the
// problems of its reading.
func (v *Variant) newReport(sh *rules.Sheet) *Report {
	r := &Report{Sheet: sh, Start: v.Start(), v: v}
	r.Warnings = append(r.Warnings, sh.Warnings...)
	for _, p := range sh.Problems {
		if p.Detail.Format == rules.UnknownReason && sh.Result != nil && sh.Result.Score == Draw {
			// "1:1 repetition": a draw claimed by the rules, which
			// judgeResult checks.
			continue
		}
		r.Errors = append(r.Errors, p)
	}
	return r
}

// replay plays the sheet's moves on g, the first of them at ply startPly,
// and judges the written result against the end reached.
func (r *Report) replay(g *Game, startPly int) {
	v, sh := r.v, r.Sheet
	r.Played = make([]Played, 0, len(sh.Moves))
	for i := range sh.Moves {
		sm := &sh.Moves[i]
		ply := startPly + i
		side := g.Position.Side
		if out := g.Outcome(); out.Over {
			r.Errors = append(r.Errors, problemAt(sm, ply, side, playedAfter(out, sm.Record.Text, ply-1)))
			break
		}
		rec, err := v.ParseRecord(sm.Record.Text)
		var m Move
		if err == nil {
			m, err = v.Find(&g.Position, rec)
		}
		if err != nil {
			p := problemAt(sm, ply, side, rules.Detail(err))
			for _, lm := range v.LegalMoves(&g.Position) {
				p.Legal = append(p.Legal, v.Notate(&g.Position, &lm))
			}
			r.Errors = append(r.Errors, p)
			break
		}
		notation := v.Notate(&g.Position, &m)
		if m.IsCapture() && rec.Dash {
			r.Warnings = append(r.Warnings, problemAt(sm, ply, side, say("%s is a capture: it is written with 'x' (%s)", rec.Text, notation)))
		}
		r.Played = append(r.Played, Played{Ply: ply, Number: (ply + 1) / 2, Side: side, Written: rec.Text, Move: m, Notation: notation})
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

// drawRule names the rule that drew a game.
func drawRule(out Outcome) rules.Message {
	switch out.Reason {
	case EndRepetition:
		return say("the same position for the third time")
	case EndKingsOnly:
		return say("%d moves each of kings only, without a capture or a man's move", out.Moves)
	case EndThreeAgainstKing:
		return say("three pieces against a lone king, %d moves each", out.Moves)
	case EndTwoAgainstKing:
		return say("two pieces or one against a lone king, %d moves each", out.Moves)
	case EndThreeKings:
		return say("three kings did not take the lone king in %d moves", out.Moves)
	case EndMainRoad:
		return say("three pieces did not win against the king on the long diagonal in %d moves", out.Moves)
	}
	return say("the force unchanged for %d moves with kings on both sides", out.Moves)
}

// readHeaders takes the start position and checks the game type.
func (r *Report) readHeaders() {
	for _, h := range r.Sheet.Headers {
		switch h.Key {
		case "FEN":
			p, err := r.v.ParseFEN(h.Value)
			if err != nil {
				r.Errors = append(r.Errors, headerProblem(h, rules.Detail(err)))
				continue
			}
			r.Start = p
		case "GameType":
			if t, _, _ := strings.Cut(h.Value, ","); strings.TrimSpace(t) != r.v.gameType {
				r.Errors = append(r.Errors, headerProblem(h, say("GameType %q is not %s, whose GameType is %s", h.Value, r.v.title(), r.v.gameType)))
			}
		}
	}
}

// title names the game in a message.
func (v *Variant) title() rules.Message {
	if v.numbered {
		return say("international draughts")
	}
	return say("Brazilian draughts")
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
// ("2:0", "Счёт 1:1 соглашение"), or PDN's Result tag or termination
// marker (2-0, 1-1, 0-2, and 1-0, 0-1, 1/2-1/2 as other programs write
// them).
func (r *Report) writtenResult() (res *rules.SheetResult, ok bool) {
	if res := r.Sheet.Result; res != nil {
		return res, true
	}
	text := r.Sheet.Header("Result")
	line := 0
	for _, h := range r.Sheet.Headers {
		if h.Key == "Result" {
			line = h.Line
		}
	}
	if text == "" {
		text = r.Sheet.PDNResult
	}
	score, known := map[string]rules.Score{"2-0": WhiteWins, "1-0": WhiteWins, "0-2": BlackWins, "0-1": BlackWins, "1-1": Draw, "1/2-1/2": Draw}[text]
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
	if reason == "" && score == Draw && (t == "" || t == "normal") {
		// A drawn PDN game that names no way it ended was agreed drawn
		// (lidraughts' "Normal" says no more than the result does).
		reason = rules.EndAgreement
	}
	return &rules.SheetResult{Score: score, Reason: reason, Text: text, Line: line, Column: 1}, true
}

// judgeResult compares the written result with the game's end.
func (r *Report) judgeResult() {
	out := r.Game.Outcome()
	res, ok := r.writtenResult()
	if !ok {
		text := r.Sheet.Header("Result")
		m := say("%q is not a result of %s: 2-0, 1-1, 0-2 or *", text, r.v.title())
		r.Errors = append(r.Errors, rules.Problem{Text: text, Message: m.String(), Detail: m})
		return
	}
	if res == nil {
		if out.Over && r.Replayed() {
			r.Result, r.Reason = &out.Score, out.Reason
		} else if r.Replayed() && r.Sheet.Header("Result") != "*" && r.Sheet.PDNResult != "*" {
			// PDN's "*" says the game goes on; a sheet without a result
			// may have lost it.
			m := say("no result is written and the game is not over")
			r.Warnings = append(r.Warnings, rules.Problem{Message: m.String(), Detail: m})
		}
		return
	}
	at := rules.Problem{Line: res.Line, Column: res.Column, Text: res.Text}
	reject := func(m rules.Message) {
		at.Detail = m
		at.Message = m.String()
		r.Errors = append(r.Errors, at)
	}
	sc := res.Score
	decisive, draw := sc == WhiteWins || sc == BlackWins, sc == Draw
	switch {
	case !decisive && !draw:
		reject(say("%s is not a score of %s: 2:0, 1:1 or 0:2", res.Text, r.v.title()))
		return
	case !r.Replayed():
		return // the replay failed already; the result cannot be judged
	case out.Over:
		if sc != out.Score {
			reject(say("the sheet gives %s, but the game ended %s (%s)", sc, out.Score, endWords(out)))
			return
		}
		r.Result, r.Reason = &out.Score, out.Reason
		return
	}
	// The game stopped before its end.
	switch res.Reason {
	case "", rules.EndFinalPosition:
		switch {
		case draw:
			reject(say("the sheet claims a draw, but no draw rule applies after the last move: no position stood three times, and no count of moves has run out"))
			return
		case r.Sheet.Result == nil:
			// PDN's result says who won, not how: programs such as
			// lidraughts end a resigned game "Normal". It is taken as a
			// resignation, and said.
			m := say("the game is not over and the file names no reason for %s: it is taken as a resignation", res.Text)
			r.Warnings = append(r.Warnings, rules.Problem{Line: res.Line, Column: res.Column, Text: res.Text, Message: m.String(), Detail: m})
			res.Reason = rules.EndResignation
		default:
			reject(say("%s was written before the game's end: state the reason (resignation, time, arbiter)", sc))
			return
		}
	case rules.EndResignation, rules.EndTime:
		if !decisive {
			reject(say("a game lost by %s scores 2:0 or 0:2, not %s", res.Reason, sc))
			return
		}
	case rules.EndAgreement, rules.EndBothFlags:
		if !draw {
			reject(say("a game drawn by %s scores 1:1, not %s", res.Reason, sc))
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
