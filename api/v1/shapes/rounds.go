package shapes

import (
	"adiukh/tournament"
	"adiukh/tournament/catalog"
	"time"
)

type sheetErrorView struct {
	Line    int    `json:"line,omitempty"`
	Ply     int    `json:"ply,omitempty"`
	MoveNo  int    `json:"move_no,omitempty"`
	Message string `json:"message"`
}

// SheetReportView is what the check of a game's score sheet found.
type SheetReportView struct {
	Valid         bool             `json:"valid"`
	Errors        []sheetErrorView `json:"errors"`
	FinalReached  bool             `json:"final_reached"`
	FinalScore    string           `json:"final_score,omitempty"`
	ClaimedScore  string           `json:"claimed_score,omitempty"`
	ClaimedReason string           `json:"claimed_reason,omitempty"`
}

// GameView is a game of a round as the API shows it.
type GameView struct {
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
	SheetReport    *SheetReportView `json:"sheet_report,omitempty"`
	OverrideReason string           `json:"override_reason,omitempty"`
	// WhiteScore and BlackScore are each player's score before the round
	// (in the event's scoring table); GET of one round only.
	WhiteScore *float64 `json:"white_score,omitempty"`
	BlackScore *float64 `json:"black_score,omitempty"`
	// Opening is the opening drawn for a micro-match (its round's or its
	// own); MicroGames its two games, in the second the colours exchanged.
	Opening    *OpeningView    `json:"opening,omitempty"`
	MicroGames []MicroGameView `json:"micro_games,omitempty"`
}

// NewGameView is a game in the reader's language l (its sheet's problems).
func NewGameView(l *catalog.Localizer, g *tournament.Game) GameView {
	v := GameView{Board: g.Board, White: g.WhiteNo, Version: g.Version, Sheet: g.Sheet, OverrideReason: g.OverrideReason}
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
	v.MicroGames = MicroGameViews(l, g, g.MicroGames != [2]*tournament.Result{})
	v.SheetReport = NewSheetReportView(l, g.SheetReport)
	return v
}

// NewSheetReportView is a stored sheet report in the reader's language l;
// nil without one.
func NewSheetReportView(l *catalog.Localizer, r *tournament.SheetReport) *SheetReportView {
	if r == nil {
		return nil
	}
	v := &SheetReportView{Valid: r.Valid, Errors: []sheetErrorView{}, FinalReached: r.FinalReached,
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

// RoundView is a round of players as the API shows it.
type RoundView struct {
	Number int        `json:"number"`
	Status string     `json:"status"`
	Games  []GameView `json:"games"`
	// Warnings are the absolute criteria a hand-edited pairing breaks.
	Warnings []PairingWarningView `json:"warnings,omitempty"`
	// Cards explain the pairings of a Swiss round (GET of one round only);
	// CardsError says why they could not be built.
	Cards      []PairingCardView `json:"cards,omitempty"`
	CardsError string            `json:"cards_error,omitempty"`
	// StartsAt is when the round starts at the boards (RFC 3339), as its
	// arbiter set it; absent when not set.
	StartsAt string `json:"starts_at,omitempty"`
}

// NewRoundView is round r in the reader's language l (its games' sheet
// problems).
func NewRoundView(l *catalog.Localizer, r *tournament.Round) RoundView {
	v := RoundView{Number: r.Number, Status: string(r.Status), Games: make([]GameView, len(r.Games)), Warnings: PairingWarningViews(r.Warnings)}
	if !r.StartsAt.IsZero() {
		v.StartsAt = r.StartsAt.Format(time.RFC3339)
	}
	for i := range r.Games {
		g := &r.Games[i]
		v.Games[i] = NewGameView(l, g)
		if len(r.Openings) > 0 && !g.IsBye() {
			v.Games[i].Opening = NewOpeningView(r.OpeningOf(g.Board))
			v.Games[i].MicroGames = MicroGameViews(l, g, true)
		}
	}
	return v
}

// ResultBody is the body of PUT …/games/{board}/result.
type ResultBody struct {
	Score     string `json:"score"`
	EndReason string `json:"end_reason"`
	Sheet     string `json:"sheet"`
	Version   *int   `json:"version"`
	// Reason explains a correction of a result the game already has or a
	// result the sheet does not support; override_reason is its older name.
	Reason         string `json:"reason"`
	OverrideReason string `json:"override_reason"`
}

// Input is the result to record for a board of a round; the game's
// version is required.
func (b *ResultBody) Input(eventID int64, round, board int) (tournament.ResultInput, error) {
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

// RecordedView is a game just stored, with the warnings of its change.
type RecordedView struct {
	GameView
	Warnings []WarningView `json:"warnings,omitempty"`
}
