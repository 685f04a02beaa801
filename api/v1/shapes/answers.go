package shapes

// TieBreaksView is the tie-breaks an event may choose.
type TieBreaksView struct {
	TieBreaks []TieBreakView `json:"tiebreaks"`
}
