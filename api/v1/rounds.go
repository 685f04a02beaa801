package v1

import (
	"net/http"
	"time"

	"github.com/gin-gonic/gin"

	"adiukh/api/core"
	"adiukh/api/v1/kit"
	"adiukh/api/v1/shapes"
	"adiukh/tournament"
	"adiukh/tournament/catalog"
	"adiukh/tournament/schedule"
)

type sheetErrorView struct {
	Line    int    `json:"line,omitempty"`
	Ply     int    `json:"ply,omitempty"`
	MoveNo  int    `json:"move_no,omitempty"`
	Message string `json:"message"`
}

type sheetReportView struct {
	Valid         bool             `json:"valid"`
	Errors        []sheetErrorView `json:"errors"`
	FinalReached  bool             `json:"final_reached"`
	FinalScore    string           `json:"final_score,omitempty"`
	ClaimedScore  string           `json:"claimed_score,omitempty"`
	ClaimedReason string           `json:"claimed_reason,omitempty"`
}

type gameView struct {
	Board int `json:"board"`
	White int `json:"white"`
	// Black is null for the bye.
	Black *int `json:"black"`
	// Score and EndReason are null until a result is entered; a bye has
	// an end reason and no score.
	Score          *string          `json:"score"`
	EndReason      *string          `json:"end_reason"`
	Version        int              `json:"version"`
	Sheet          string           `json:"sheet,omitempty"`
	SheetReport    *sheetReportView `json:"sheet_report,omitempty"`
	OverrideReason string           `json:"override_reason,omitempty"`
	// WhiteScore and BlackScore are each player's score before the round
	// (in the event's scoring table); GET of one round only.
	WhiteScore *float64 `json:"white_score,omitempty"`
	BlackScore *float64 `json:"black_score,omitempty"`
	// Opening is the opening drawn for a micro-match (its round's or its
	// own); MicroGames its two games, in the second the colours exchanged.
	Opening    *openingView    `json:"opening,omitempty"`
	MicroGames []microGameView `json:"micro_games,omitempty"`
}

// newGameView is a game in the reader's language l (its sheet's problems).
func newGameView(l *catalog.Localizer, g *tournament.Game) gameView {
	v := gameView{Board: g.Board, White: g.WhiteNo, Version: g.Version, Sheet: g.Sheet, OverrideReason: g.OverrideReason}
	if !g.IsBye() {
		black := g.BlackNo
		v.Black = &black
	}
	if g.Result != nil {
		reason := string(g.Result.EndReason)
		v.EndReason = &reason
		if score := g.Result.Score(); score != "" {
			v.Score = &score
		}
	}
	v.MicroGames = microGameViews(l, g, g.MicroGames != [2]*tournament.Result{})
	v.SheetReport = newSheetReportView(l, g.SheetReport)
	return v
}

// newSheetReportView is a stored sheet report in the reader's language l;
// nil without one.
func newSheetReportView(l *catalog.Localizer, r *tournament.SheetReport) *sheetReportView {
	if r == nil {
		return nil
	}
	v := &sheetReportView{Valid: r.Valid, Errors: []sheetErrorView{}, FinalReached: r.FinalReached,
		FinalScore: r.FinalScore, ClaimedScore: r.ClaimedScore, ClaimedReason: r.ClaimedReason}
	for _, e := range r.Errors {
		v.Errors = append(v.Errors, sheetErrorView{Line: e.Line, Ply: e.Ply, MoveNo: e.MoveNo, Message: sheetProblem(l, e)})
	}
	return v
}

// sheetProblem is a problem of a game's stored sheet report in the
// reader's language; a problem stored before reports kept their details
// reads in the words it was stored with.
func sheetProblem(l *catalog.Localizer, e tournament.SheetError) string {
	if e.Detail.Format == "" {
		return e.Message
	}
	return l.Message(e.Detail)
}

type roundView struct {
	Number int        `json:"number"`
	Status string     `json:"status"`
	Games  []gameView `json:"games"`
	// Warnings are the absolute criteria a hand-edited pairing breaks.
	Warnings []pairingWarningView `json:"warnings,omitempty"`
	// Cards explain the pairings of a Swiss round (GET of one round only);
	// CardsError says why they could not be built.
	Cards      []pairingCardView `json:"cards,omitempty"`
	CardsError string            `json:"cards_error,omitempty"`
	// StartsAt is when the round starts at the boards (RFC 3339), as its
	// arbiter set it; absent when not set.
	StartsAt string `json:"starts_at,omitempty"`
}

func newRoundView(l *catalog.Localizer, r *tournament.Round) roundView {
	v := roundView{Number: r.Number, Status: string(r.Status), Games: make([]gameView, len(r.Games)), Warnings: pairingWarningViews(r.Warnings)}
	if !r.StartsAt.IsZero() {
		v.StartsAt = r.StartsAt.Format(time.RFC3339)
	}
	for i := range r.Games {
		g := &r.Games[i]
		v.Games[i] = newGameView(l, g)
		if len(r.Openings) > 0 && !g.IsBye() {
			v.Games[i].Opening = newOpeningView(r.OpeningOf(g.Board))
			v.Games[i].MicroGames = microGameViews(l, g, true)
		}
	}
	return v
}

func (h *handler) getRounds(c *gin.Context) error {
	id, err := core.PathInt(c, "id")
	if err != nil {
		return err
	}
	er, err := h.Teams.RoundsOf(c.Request.Context(), id)
	if err != nil {
		return err
	}
	if d := er.Team; d != nil {
		views := make([]teamRoundView, len(d.Rounds))
		for i := range d.Rounds {
			views[i] = newTeamRoundView(catalog.For(core.JSONLang(c)), &d.Rounds[i], d.Event, d.Settings)
		}
		c.JSON(http.StatusOK, roundsView[teamRoundView]{views})
		return nil
	}
	views := make([]roundView, len(er.Rounds))
	for i := range er.Rounds {
		views[i] = newRoundView(catalog.For(core.JSONLang(c)), &er.Rounds[i])
	}
	c.JSON(http.StatusOK, roundsView[roundView]{views})
	return nil
}

func (h *handler) getRound(c *gin.Context) error {
	ids, err := core.PathInts(c, "id", "n")
	if err != nil {
		return err
	}
	return h.answerRound(c, http.StatusOK, ids[0], int(ids[1]))
}

// answerRound answers round n of an event as the service reads it: its
// games with each player's score before the round and, in a Swiss event,
// the pairing cards or why there are none; in a team competition its
// matches.
func (h *handler) answerRound(c *gin.Context, status int, eventID int64, n int) error {
	rr, err := h.Teams.ReadRound(c.Request.Context(), eventID, n)
	if err != nil {
		return err
	}
	if rr.TeamRound != nil {
		c.JSON(status, newTeamRoundView(catalog.For(core.JSONLang(c)), rr.TeamRound, rr.Team.Event, rr.Team.Settings))
		return nil
	}
	v := newRoundView(catalog.For(core.JSONLang(c)), rr.Round)
	v.Cards = pairingCardViews(rr.Cards)
	if rr.CardsRefused != nil {
		v.CardsError = rr.CardsRefused.Message
	}
	for i, g := range rr.Round.Games {
		white := rr.ScoresBefore[g.WhiteID]
		v.Games[i].WhiteScore = &white
		if !g.IsBye() {
			black := rr.ScoresBefore[g.BlackID]
			v.Games[i].BlackScore = &black
		}
	}
	c.JSON(status, v)
	return nil
}

// postRound pairs the next round.
func (h *handler) postRound(c *gin.Context) error {
	id, err := core.PathInt(c, "id")
	if err != nil {
		return err
	}
	r, err := h.Teams.PairNextRound(c.Request.Context(), id)
	if err != nil {
		return err
	}
	return h.answerRound(c, http.StatusCreated, id, r.Number)
}

func (h *handler) postPublish(c *gin.Context) error {
	ids, err := core.PathInts(c, "id", "n")
	if err != nil {
		return err
	}
	startsAt, err := publishStart(c)
	if err != nil {
		return err
	}
	r, err := h.Events.PublishRoundAt(c.Request.Context(), ids[0], int(ids[1]), startsAt)
	if err != nil {
		return err
	}
	return h.answerRound(c, http.StatusOK, ids[0], r.Number)
}

// putRoundStart sets when a round played over the board starts:
// {"date": "2026-12-01", "time": "10:00"} in the event's time zone; both
// empty clear it.
func (h *handler) putRoundStart(c *gin.Context) error {
	ids, err := core.PathInts(c, "id", "n")
	if err != nil {
		return err
	}
	var body struct {
		Date string `json:"date"`
		Time string `json:"time"`
	}
	if err := kit.DecodeJSON(c, &body); err != nil {
		return err
	}
	if _, err := h.Schedule.SetRoundStart(c.Request.Context(), ids[0], int(ids[1]), schedule.RoundStartInput{Date: body.Date, Time: body.Time}); err != nil {
		return err
	}
	return h.answerRound(c, http.StatusOK, ids[0], int(ids[1]))
}

// publishStart reads the optional body of a publish: {"starts_at":
// RFC 3339}, when the clocks of a live event's round start; none starts
// them at once.
func publishStart(c *gin.Context) (time.Time, error) {
	if c.Request.ContentLength == 0 {
		return time.Time{}, nil
	}
	var body struct {
		StartsAt string `json:"starts_at"`
	}
	if err := kit.DecodeJSON(c, &body); err != nil {
		return time.Time{}, err
	}
	if body.StartsAt == "" {
		return time.Time{}, nil
	}
	at, err := time.Parse(time.RFC3339, body.StartsAt)
	if err != nil {
		return time.Time{}, tournament.Invalid("starts_at", "%q is not a time; write it as 2026-12-01T18:00:00+03:00", body.StartsAt)
	}
	return at, nil
}

// deleteRound removes the last round while it is a draft; an optional
// ?reason= goes into the audit log.
func (h *handler) deleteRound(c *gin.Context) error {
	ids, err := core.PathInts(c, "id", "n")
	if err != nil {
		return err
	}
	if err := h.Review.DeleteDraftRound(c.Request.Context(), ids[0], int(ids[1]), c.Query("reason")); err != nil {
		return err
	}
	c.JSON(http.StatusOK, shapes.DeletedView{Deleted: ids[1]})
	return nil
}

// resultBody is the body of PUT …/games/{board}/result.
type resultBody struct {
	Score     string `json:"score"`
	EndReason string `json:"end_reason"`
	Sheet     string `json:"sheet"`
	Version   *int   `json:"version"`
	// Reason explains a correction of a result the game already has or a
	// result the sheet does not support; override_reason is its older name.
	Reason         string `json:"reason"`
	OverrideReason string `json:"override_reason"`
}

func (b *resultBody) input(eventID int64, round, board int) (tournament.ResultInput, error) {
	if b.Version == nil {
		return tournament.ResultInput{}, tournament.Invalid("version", "is required: send the version of the game you are changing (from GET …/rounds/%d)", round)
	}
	reason := b.Reason
	if reason == "" {
		reason = b.OverrideReason
	}
	return tournament.ResultInput{EventID: eventID, Round: round, Board: board,
		Score: b.Score, EndReason: b.EndReason, Sheet: b.Sheet, Version: *b.Version, Reason: reason}, nil
}

func (h *handler) putResult(c *gin.Context) error {
	ids, err := core.PathInts(c, "id", "n", "board")
	if err != nil {
		return err
	}
	var body resultBody
	if err := kit.DecodeJSON(c, &body); err != nil {
		return err
	}
	in, err := body.input(ids[0], int(ids[1]), int(ids[2]))
	if err != nil {
		return err
	}
	r, err := h.Events.RecordResult(c.Request.Context(), in)
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, recordedView{newGameView(catalog.For(core.JSONLang(c)), r.Game), warningViews(core.JSONLocalizer(c), r.Warnings)})
	return nil
}

// recordedView is a game just stored, with the warnings of its change.
type recordedView struct {
	gameView
	Warnings []warningView `json:"warnings,omitempty"`
}
