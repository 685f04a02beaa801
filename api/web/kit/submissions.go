package kit

import "adiukh/tournament"

// PlayerPanel is what the event page shows a signed-in player of the event
// and its arbiter: the reports waiting for them.
type PlayerPanel struct {
	View    *tournament.PlayerView
	Pending []tournament.Submission // reports this user may decide
	Mine    []tournament.Submission // this user's own reports
}

// NewPlayerPanel sorts the reports into those the user decides (the
// opponent's reports, or all for the arbiter) and the user's own.
func NewPlayerPanel(v *tournament.PlayerView, canManage bool) *PlayerPanel {
	p := &PlayerPanel{View: v}
	for _, s := range v.Submissions {
		switch {
		case v.PlayerID != 0 && s.PlayerID == v.PlayerID:
			p.Mine = append(p.Mine, s)
		case s.Status == tournament.Pending && (canManage || v.PlayerID != 0):
			p.Pending = append(p.Pending, s)
		}
	}
	return p
}

// MayReport says whether the panel's player may report the board now, as
// the service's view decides.
// The row's mark is of a board without a result: its report button is
// shown there only.
func (p *PlayerPanel) MayReport(row BoardMark) bool {
	return p != nil && p.View.MayReport(&tournament.Game{ID: row.Game, WhiteID: row.White, BlackID: row.Black})
}

// IsMine says whether a board row is the panel player's own game.
func (p *PlayerPanel) IsMine(row BoardMark) bool {
	return p != nil && p.View.PlayerID != 0 && (row.White == p.View.PlayerID || row.Black == p.View.PlayerID)
}
