// Package micromatch is the micro-matches of the games that have them
// (rules.Variant.MicroMatch; issue 51, item 5): an event that plays each
// pairing as two games, colours exchanged, from an opening drawn for the
// round or for each board.
// It keeps the event's own table of openings (loaded as CSV or JSON, edited,
// or the default one of tournament/openings), and records a micro-match's
// two games one by one, the board's result being their sum. The setting is
// the event's (tournament.MicroMatch), the draw is made when the round is
// paired (tournament.Service, through this package's Plug, which engines
// plugs into tournament.Options),
// and the drawn openings and the two games are kept with the round's
// boards, so that every read of a round (pages, JSON, PDFs, PDN) has them.
//
// It writes the boards through the root's one writer (tournament.StoreGame)
// and the audit log through tournament.Audit, in its own transaction; it
// knows no HTTP and no SQL.
package micromatch

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"adiukh/tournament"
	"adiukh/tournament/openings"
)

// The audit log's actions of an event's table of openings.
const (
	ActionTableLoad  = "openings.load"
	ActionTableReset = "openings.reset"
)

// Store keeps the micro-matches on the tournament's database.
type Store interface {
	Update(ctx context.Context, fn func(tx Tx) error) error
	View(ctx context.Context, fn func(tx Tx) error) error
}

// Tx is the domain's transaction with the event's table of openings.
type Tx interface {
	tournament.Tx
	// SetEventOpenings stores the event's own table (the JSON of
	// openings.Table.WriteJSON); nil removes it, back to the default.
	SetEventOpenings(eventID int64, content []byte, at time.Time) error
}

// Service carries out the use cases of micro-matches. The signed-in user
// comes from the context, as for tournament.Service.
type Service struct {
	store Store
	now   func() time.Time
}

// NewService returns the service over st; now is the clock (time.Now when
// nil).
func NewService(st Store, now func() time.Time) *Service {
	if now == nil {
		now = time.Now
	}
	return &Service{store: st, now: now}
}

// TableView is the table an event draws its openings from.
type TableView struct {
	Event *tournament.Event
	Table *openings.Table
	// Own is true when the arbiter loaded the event's own table; false
	// for the default one the project ships.
	Own bool
	// CanEdit says whether the reader may load or edit the table.
	CanEdit bool
}

// Table reads the table an event draws from.
func (s *Service) Table(ctx context.Context, eventID int64) (*TableView, error) {
	var out *TableView
	err := s.store.View(ctx, func(tx Tx) error {
		e, err := tournament.Readable(ctx, tx, eventID)
		if err != nil {
			return err
		}
		t, own, err := eventTable(tx, e)
		if err != nil {
			return err
		}
		out = &TableView{Event: e, Table: t, Own: own, CanEdit: tournament.CanManage(tournament.UserFromContext(ctx), e)}
		return nil
	})
	return out, err
}

// eventTable is the table the event draws from: its own, or its game's
// default (an empty table for a game that ships none); own says which.
func eventTable(tx Tx, e *tournament.Event) (*openings.Table, bool, error) {
	stored, err := tx.EventOpenings(e.ID)
	if err != nil || stored == nil {
		t := openings.Default(e.Game.Variant())
		if t == nil {
			t = &openings.Table{Game: e.Game.Rules()}
		}
		return t, false, err
	}
	t, err := openings.ReadJSON(bytes.NewReader(stored), e.Game.Rules())
	if err != nil {
		return nil, false, fmt.Errorf("event %d: stored openings: %w", e.ID, err)
	}
	return t, true, nil
}

// Formats of a table's file.
const (
	CSV  = "csv"
	JSON = "json"
)

// ReadTable reads a table of the game's openings in a format ("csv",
// "json", or "" to tell by its first character: a JSON file starts with
// "{"). A bad file is refused with the line (or the opening of a JSON
// list), the field and the ply at fault, as field "table".
func ReadTable(game tournament.GameKind, format string, content []byte) (*openings.Table, error) {
	if format == "" {
		format = CSV
		if bytes.HasPrefix(bytes.TrimSpace(bytes.TrimPrefix(content, []byte("\ufeff"))), []byte("{")) {
			format = JSON
		}
	}
	var t *openings.Table
	var err error
	switch format {
	case CSV:
		t, err = openings.ReadCSV(bytes.NewReader(content), game.Rules())
	case JSON:
		t, err = openings.ReadJSON(bytes.NewReader(content), game.Rules())
	default:
		return nil, tournament.Invalid("format", "unknown format %q of a table of openings; use \"csv\" or \"json\"", format)
	}
	var oe *openings.Error
	if errors.As(err, &oe) {
		format, args := oe.Phrase()
		e := tournament.Invalid("table", format, args...)
		e.Line = oe.Line
		return nil, e
	}
	return t, err
}

// LoadTable makes a table (a file the arbiter loads, or the table edited
// in the form) the event's own; the openings drawn for rounds already
// paired stay as they were drawn. Only an event of a game with openings
// has a table; its moves are replayed by the game's rules.
func (s *Service) LoadTable(ctx context.Context, eventID int64, format string, content []byte) (*openings.Table, error) {
	var t *openings.Table
	err := s.store.Update(ctx, func(tx Tx) error {
		e, u, err := manageable(ctx, tx, eventID)
		if err != nil {
			return err
		}
		if t, err = ReadTable(e.Game, format, content); err != nil {
			return err
		}
		var b bytes.Buffer
		if err := t.WriteJSON(&b); err != nil {
			return err
		}
		old, own, err := eventTable(tx, e)
		if err != nil {
			return err
		}
		if err := tx.SetEventOpenings(eventID, b.Bytes(), s.now()); err != nil {
			return err
		}
		return tournament.Audit(tx, s.now(), u, e.ID, ActionTableLoad, fmt.Sprintf("event %d", e.ID), summary(old, own), summary(t, true), "")
	})
	if err != nil {
		return nil, err
	}
	return t, nil
}

// ResetTable takes the event back to the default table.
func (s *Service) ResetTable(ctx context.Context, eventID int64) error {
	return s.store.Update(ctx, func(tx Tx) error {
		e, u, err := manageable(ctx, tx, eventID)
		if err != nil {
			return err
		}
		old, own, err := eventTable(tx, e)
		if err != nil || !own {
			return err
		}
		if err := tx.SetEventOpenings(eventID, nil, s.now()); err != nil {
			return err
		}
		return tournament.Audit(tx, s.now(), u, e.ID, ActionTableReset, fmt.Sprintf("event %d", e.ID), summary(old, own), summary(openings.Default(e.Game.Variant()), false), "")
	})
}

// tableSummary is what the audit log keeps of a table.
type tableSummary struct {
	Own      bool `json:"own"`
	Openings int  `json:"openings"`
}

func summary(t *openings.Table, own bool) tableSummary {
	if t == nil {
		return tableSummary{Own: own}
	}
	return tableSummary{Own: own, Openings: len(t.Openings)}
}

// manageable reads an event whose micro-match data the user may change: an
// event of Russian draughts.
func manageable(ctx context.Context, tx Tx, eventID int64) (*tournament.Event, *tournament.User, error) {
	e, u, err := tournament.Manageable(ctx, tx, eventID)
	if err != nil {
		return nil, nil, err
	}
	if e.Game.Variant().MicroMatch == nil {
		return nil, nil, tournament.Conflict("", "%s is of %s, which has no table of openings", e.Name, e.Game)
	}
	return e, u, nil
}

// GameInput is the result of one game of a micro-match.
type GameInput struct {
	EventID int64
	Round   int
	Board   int
	// Game is 1 (the board's White has White) or 2 (colours exchanged).
	Game int
	// Score and EndReason may be left empty with a sheet that says them,
	// as for a board's result.
	Score     string // 2:0, 1:1 or 0:2, White's first in that game
	EndReason string
	// Sheet is the game's score sheet: the whole game from the initial
	// position, or its moves after the board's opening. Empty, or the
	// sheet already stored, keeps the sheet.
	Sheet string
	// Version is the board's version the arbiter saw.
	Version int
	// Reason is why a game's result is corrected.
	Reason string
}

// gameLog is what the audit log keeps of a game of a micro-match, in the
// shape of a board's result (auditlog's resultLog) with the game's number.
type gameLog struct {
	Game      int    `json:"game"`
	Score     string `json:"score"`
	EndReason string `json:"end_reason"`
	Board     string `json:"board_score"`
	Sheet     bool   `json:"sheet"`
}

// RecordGame stores the result of one game of a micro-match, with its score
// sheet when one is given; once both results are in, the board's result
// is their sum (Result), which the standings count.
// The sheet is replayed from the board's opening (CheckSheet)
// and held against the result as a board's sheet is: one that disagrees
// refuses the result unless the arbiter overrides it with a reason. A
// stale version is refused; correcting a game's result or its sheet needs
// a reason. As at every door of a result, the audit log says what kind of
// change it was, and the warnings what it may have upset
// (tournament.ResultAudit, tournament.ResultWarnings).
func (s *Service) RecordGame(ctx context.Context, in GameInput) (*tournament.RecordedResult, error) {
	if err := tournament.CheckSheetBytes(in.Sheet); err != nil {
		return nil, err
	}
	in.Reason = strings.TrimSpace(in.Reason)
	var out *tournament.RecordedResult
	err := s.store.Update(ctx, func(tx Tx) error {
		e, u, err := manageable(ctx, tx, in.EventID)
		if err != nil {
			return err
		}
		if err := e.TableOpen(""); err != nil {
			return err
		}
		if !e.MicroMatch.On() {
			return tournament.Conflict("", "%s plays one game a pairing, not micro-matches", e.Name)
		}
		// The games played on the server end there, or by the arbiter's
		// decision on each game's page.
		if err := tournament.PlayedOnServer(e, in.Round, in.Board); err != nil {
			return err
		}
		if in.Game != 1 && in.Game != 2 {
			return tournament.Invalid("game", "a micro-match has games 1 and 2; got %d", in.Game)
		}
		rounds, err := tx.Rounds(in.EventID)
		if err != nil {
			return err
		}
		i := slices.IndexFunc(rounds, func(r tournament.Round) bool { return r.Number == in.Round })
		if i < 0 {
			return tournament.NotFound("round %d of event %d not found", in.Round, in.EventID)
		}
		round := &rounds[i]
		if round.Status == tournament.Draft {
			return tournament.Conflict("", "round %d is not published yet", in.Round)
		}
		g := tournament.FindGame(round, in.Board)
		switch {
		case g == nil:
			return tournament.NotFound("board %d of round %d not found", in.Board, in.Round)
		case g.IsBye():
			return tournament.Conflict("", "board %d of round %d is the bye; its result follows from the pairing", in.Board, in.Round)
		}
		old, sheet := g.MicroGames[in.Game-1], g.MicroSheets[in.Game-1]
		sheetChanged := strings.TrimSpace(in.Sheet) != "" && !sheet.Same(in.Sheet)
		if sheetChanged {
			rep, err := CheckSheet(e.Game, round.OpeningOf(in.Board), in.Sheet)
			if err != nil {
				return err
			}
			sheet = tournament.MicroSheet{Sheet: in.Sheet, Report: &rep}
		}
		if strings.TrimSpace(in.Sheet) != "" && sheet.Report != nil {
			if in.Score, in.EndReason, err = tournament.MicroScore(in.Score, in.EndReason, *sheet.Report, in.Reason != ""); err != nil {
				return err
			}
		}
		res, err := e.ParseResult(in.Score, in.EndReason)
		if err != nil {
			return err
		}
		switch res.EndReason {
		case tournament.Bye, tournament.HalfPointBye, tournament.ZeroPointBye, tournament.Adjudication:
			return tournament.Invalid("end_reason", "a game of a micro-match cannot end by %s", res.EndReason)
		}
		before := *g
		problem := sheet.Problem(res)
		change, err := tournament.DecideResult(tournament.ResultEntry{Round: in.Round, Board: in.Board, Game: in.Game,
			Stored: g.Version, Sent: in.Version, Old: old, New: res,
			SheetChanged: sheetChanged, HadSheet: g.MicroSheets[in.Game-1].Sheet != "",
			Problem: problem, SheetValid: sheet.Report != nil && sheet.Report.Valid, Reason: in.Reason})
		if err != nil {
			return err
		}
		if change == tournament.ResultUnchanged {
			out = &tournament.RecordedResult{Game: g}
			return nil // nothing changes: no new version, nothing to log
		}
		correction := change == tournament.ResultCorrected
		sheet.OverrideReason = ""
		if problem.Format != "" {
			sheet.OverrideReason = in.Reason
		}
		action, reason := tournament.ResultAudit(correction, problem, in.Reason)
		g.MicroGames[in.Game-1] = &res
		g.MicroSheets[in.Game-1] = sheet
		g.Result = nil
		if first, second := g.MicroGames[0], g.MicroGames[1]; first != nil && second != nil {
			sum := Result(*first, *second)
			g.Result = &sum
		}
		if err := tournament.StoreGame(tx, round, g); err != nil {
			return err
		}
		warnings, err := tournament.ResultWarnings(tx, e, rounds, in.Round, &before, g, problem, sheetChanged, in.Sheet)
		if err != nil {
			return err
		}
		out = &tournament.RecordedResult{Game: g, Warnings: warnings}
		return tournament.Audit(tx, s.now(), u, in.EventID, action, fmt.Sprintf("round %d board %d", in.Round, in.Board),
			logOf(in.Game, old, &before), logOf(in.Game, &res, g), reason)
	})
	return out, err
}

func logOf(game int, r *tournament.Result, board *tournament.Game) *gameLog {
	if r == nil {
		return nil
	}
	l := &gameLog{Game: game, Score: r.Score(), EndReason: string(r.EndReason), Sheet: board.MicroSheets[game-1].Sheet != ""}
	if board.Result != nil {
		l.Board = board.Result.Score()
	}
	return l
}

// CheckSheet replays the sheet of a game of a micro-match of the event's
// game from the board's opening (its rules' ValidateAfterOpening): the
// whole game, the opening's moves first, or the moves after it; a board
// without a drawn opening (paired before the event drew them) has its
// sheet checked as an ordinary game's. The report is a board sheet's: the
// final position reached and its score, and the result the sheet claims.
func CheckSheet(game tournament.GameKind, o *tournament.DrawnOpening, sheet string) (tournament.SheetReport, error) {
	if o == nil {
		return tournament.CheckSheet(game, sheet), nil
	}
	v, err := game.Rules().ValidateAfterOpening(sheet, o.Moves)
	if err != nil {
		return tournament.SheetReport{}, fmt.Errorf("opening %d (%s): %w", o.Number, o.Name, err)
	}
	return tournament.SheetReportOf(v), nil
}
