package flat

import (
	"strings"

	"adiukh/rules"
)

// Report is the verdict on one game sheet: every move replayed, how the
// game ended if it did, and whether the written result agrees.
type Report[P, M comparable, G any] struct {
	Valid    bool
	Sheet    *rules.Sheet
	Errors   []rules.Problem
	Warnings []rules.Problem
	// Start is the game's first position: the initial one, or the sheet's
	// FEN.
	Start P
	// Played holds the moves replayed, up to the first wrong one.
	Played []Played[M]
	// OpeningPlies counts the plies of the opening a game was played from
	// (ValidateAfterOpening); Opening holds them when the sheet left them
	// out and its moves are those after the opening. Both are empty for an
	// ordinary game.
	OpeningPlies int
	Opening      []Played[M]
	// Game is the game as far as it was replayed; its Outcome tells
	// whether it is over.
	Game G
	// Result is the accepted result, nil when the sheet has none or it was
	// rejected; Reason says how the game ended.
	Result *rules.Score
	Reason rules.EndReason
	// startUnread is set when the sheet's FEN could not be read: nothing
	// was replayed.
	startUnread bool
	e           Engine[P, M, G]
}

// Played is one replayed move, with the notation the game writes it in.
type Played[M any] struct {
	Ply, Number int
	Side        rules.Color
	Written     string
	Move        M
	Notation    string
}

// Replayed reports whether every move of the sheet replayed; none did
// when its start could not be read.
func (r *Report[P, M, G]) Replayed() bool {
	return !r.startUnread && len(r.Played) == len(r.Sheet.Moves)
}

// stop ends the check of a sheet whose FEN cannot be read: replayed from
// another position, its moves would yield errors that are not theirs.
func (r *Report[P, M, G]) stop() {
	r.startUnread = true
	r.Game = r.e.NewGame(r.Start)
	r.Valid = false
}

// ValidateGames reads every game of a text and replays each: all the games
// of a PDN file, or the one game of a sheet.
func ValidateGames[P, M comparable, G any](e Engine[P, M, G], text string) []*Report[P, M, G] {
	if strings.HasPrefix(strings.TrimSpace(text), "[") {
		if games := rules.ReadPDN(text); len(games) > 0 {
			reports := make([]*Report[P, M, G], len(games))
			for i, g := range games {
				reports[i] = Validate(e, g)
			}
			return reports
		}
	}
	return []*Report[P, M, G]{Validate(e, rules.ParseSheet(text))}
}

// Validate replays the moves of a sheet from its start (the FEN header or
// tag, the initial position without one). It stops at the first move that
// is unreadable, illegal, ambiguous or played after the game ended — by a
// lost position or a draw of the rules, which end the game at once — and
// checks the written result against the end reached.
func Validate[P, M comparable, G any](e Engine[P, M, G], sh *rules.Sheet) *Report[P, M, G] {
	r := newReport(e, sh)
	if !r.readHeaders() {
		r.stop()
		return r
	}
	startPly := 1
	if e.Side(&r.Start) == rules.Black {
		startPly = 2
	}
	r.replay(e.NewGame(r.Start), startPly)
	return r
}

// newReport is the report on sh before its moves are replayed: the
// sheet's own warnings and notation problems.
func newReport[P, M comparable, G any](e Engine[P, M, G], sh *rules.Sheet) *Report[P, M, G] {
	sh.ScoreDrawsAs(Draw)
	r := &Report[P, M, G]{Sheet: sh, Start: e.Start(), e: e}
	r.Warnings = append(r.Warnings, sh.Warnings...)
	for _, p := range sh.Problems {
		if p.Detail.Format == rules.UnknownReason && sh.Result != nil && sh.Result.Score == Draw {
			// "1:1 repetition", "1:1 троекратное повторение": a draw claimed by
			// the rules, which judgeResult checks.
			continue
		}
		r.Errors = append(r.Errors, p)
	}
	return r
}

// replay plays the sheet's moves on g, the first of them at ply startPly,
// and judges the written result against the end reached.
func (r *Report[P, M, G]) replay(g G, startPly int) {
	e, sh := r.e, r.Sheet
	r.Played = make([]Played[M], 0, len(sh.Moves))
	for i := range sh.Moves {
		sm := &sh.Moves[i]
		ply := startPly + i
		p := e.Position(g)
		side := e.Side(p)
		if out := e.Outcome(g); out.Over {
			r.Errors = append(r.Errors, problemAt(sm, ply, side, r.playedAfter(out, sm.Record.Text, ply-1)))
			break
		}
		read, detail := e.ReadMove(p, sm)
		if detail != nil {
			problem := problemAt(sm, ply, side, *detail)
			for _, lm := range e.LegalMoves(p) {
				problem.Legal = append(problem.Legal, e.Notate(p, lm))
			}
			r.Errors = append(r.Errors, problem)
			break
		}
		for _, w := range read.Warnings {
			r.Warnings = append(r.Warnings, problemAt(sm, ply, side, w))
		}
		r.Played = append(r.Played, Played[M]{Ply: ply, Number: (ply + 1) / 2, Side: side, Written: read.Text, Move: read.Move, Notation: e.Notate(p, read.Move)})
		g = e.Play(g, read.Move)
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
func (r *Report[P, M, G]) playedAfter(out Outcome, text string, ply int) rules.Message {
	if out.Reason == rules.EndFinalPosition {
		return say("the game is over after ply %d: the side to move has no legal move (score %s), so %s cannot be played", ply, out.Score, text)
	}
	return say("the game was drawn after ply %d (%s), so %s cannot be played", ply, r.e.DrawRule(out), text)
}

// EndWords says how a game ended, in the words of its rules.
func EndWords[P, M comparable, G any](e Engine[P, M, G], out Outcome) rules.Message {
	if out.Reason == rules.EndFinalPosition {
		return say("the side to move has no legal move")
	}
	return e.DrawRule(out)
}

// readHeaders takes the start position and checks the game type. It
// reports false when the FEN cannot be read.
func (r *Report[P, M, G]) readHeaders() (startRead bool) {
	startRead = true
	for _, h := range r.Sheet.Headers {
		switch h.Key {
		case "FEN":
			p, err := r.e.ParseFEN(h.Value)
			if err != nil {
				r.Errors = append(r.Errors, headerProblem(h, say("the FEN %q cannot be read, so the moves were not checked: %s", h.Value, rules.Detail(err))))
				startRead = false
				continue
			}
			r.Start = p
		case "GameType":
			if t, _, _ := strings.Cut(h.Value, ","); strings.TrimSpace(t) != r.e.PDNGameType() {
				r.Errors = append(r.Errors, headerProblem(h, r.e.NotGameType(h.Value)))
			}
		}
	}
	return startRead
}

func headerProblem(h rules.Header, m rules.Message) rules.Problem {
	return rules.Problem{Line: h.Line, Column: 1, Text: h.Value, Message: m.String(), Detail: m}
}

// problemAt is a problem with the move sm, played at ply by side.
func problemAt(sm *rules.SheetMove, ply int, side rules.Color, m rules.Message) rules.Problem {
	return rules.Problem{Line: sm.Line, Column: sm.Column, Text: sm.Record.Text, Ply: ply, MoveNumber: (ply + 1) / 2,
		Side: side.String(), Message: m.String(), Detail: m}
}

// writtenResult is the result the sheet gives: a score line of a sheet
// ("2:0", "Счёт 1:1 соглашение", "Ничья"), or PDN's Result tag or
// termination marker (2-0, 1-1, 0-2, and 1-0, 0-1, 1/2-1/2, ½-½ as other
// programs write them). A PDN draw whose Termination names no other
// reason is a draw by agreement (RD 10): lidraughts writes "Normal" for
// it, and our own files write no Termination.
func (r *Report[P, M, G]) writtenResult() (res *rules.SheetResult, ok bool) {
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
func (r *Report[P, M, G]) judgeResult() {
	out := r.e.Outcome(r.Game)
	res, ok := r.writtenResult()
	if !ok {
		text := r.Sheet.Header("Result")
		m := r.e.NotAResult(text)
		r.Errors = append(r.Errors, rules.Problem{Text: text, Message: m.String(), Detail: m})
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
	reject := func(m rules.Message) {
		at.Detail = m
		at.Message = m.String()
		r.Errors = append(r.Errors, at)
	}
	sc := res.Score
	decisive, draw := sc == WhiteWins || sc == BlackWins, sc == Draw
	switch {
	case !decisive && !draw:
		reject(r.e.NotAScore(res.Text))
		return
	case !r.Replayed():
		return // the replay failed already; the result cannot be judged
	case out.Over:
		if sc != out.Score {
			reject(say("the sheet gives %s, but the game ended %s (%s)", sc, out.Score, EndWords(r.e, out)))
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
			// no rule made is agreed (RD 10).
			res.Reason = rules.EndAgreement
		case draw:
			reject(r.e.NoDrawRule())
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
