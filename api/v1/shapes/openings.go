package shapes

import (
	"adiukh/tournament"
	"adiukh/tournament/catalog"
)

// OpeningView is the opening a micro-match is played from, as drawn.
type OpeningView struct {
	Number int      `json:"number"`
	Name   string   `json:"name"`
	NameEn string   `json:"name_en,omitempty"`
	Moves  []string `json:"moves"`
	FEN    string   `json:"fen"`
	Seed   uint64   `json:"seed"`
}

// NewOpeningView is the drawn opening o as the API shows it; nil without
// one.
func NewOpeningView(o *tournament.DrawnOpening) *OpeningView {
	if o == nil {
		return nil
	}
	return &OpeningView{Number: o.Number, Name: o.Name, NameEn: o.NameEn, Moves: o.Moves, FEN: o.FEN, Seed: o.Seed}
}

// MicroGameView is one game of a micro-match: white and black are the
// start numbers of who had White and Black in it; its score sheet as a
// board's is shown, has_sheet saying whether it came in.
type MicroGameView struct {
	Game           int              `json:"game"`
	White          int              `json:"white"`
	Black          int              `json:"black"`
	Score          *string          `json:"score"`
	EndReason      *string          `json:"end_reason"`
	HasSheet       bool             `json:"has_sheet"`
	Sheet          string           `json:"sheet,omitempty"`
	SheetReport    *SheetReportView `json:"sheet_report,omitempty"`
	OverrideReason string           `json:"override_reason,omitempty"`
}

// MicroGameViews are the two games of a micro-match board, their sheets'
// problems in the reader's language l; nil for a board that is not one.
func MicroGameViews(l *catalog.Localizer, g *tournament.Game, micro bool) []MicroGameView {
	if !micro || g.IsBye() {
		return nil
	}
	out := []MicroGameView{{Game: 1, White: g.WhiteNo, Black: g.BlackNo}, {Game: 2, White: g.BlackNo, Black: g.WhiteNo}}
	for i, r := range g.MicroGames {
		if r != nil {
			score, reason := r.Score(), string(r.EndReason)
			out[i].Score, out[i].EndReason = &score, &reason
		}
		ms := &g.MicroSheets[i]
		out[i].HasSheet, out[i].Sheet, out[i].OverrideReason = ms.Sheet != "", ms.Sheet, ms.OverrideReason
		out[i].SheetReport = NewSheetReportView(l, ms.Report)
	}
	return out
}
