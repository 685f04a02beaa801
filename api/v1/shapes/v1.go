package shapes

import (
	"adiukh/tournament"
	"adiukh/tournament/catalog"
)

// TieBreakView is a tie-break with its names in both languages, read from
// the catalogue by its ID: clients that list tie-breaks show them as they
// are.
type TieBreakView struct {
	ID     string `json:"id"`
	NameRU string `json:"name_ru"`
	NameEN string `json:"name_en"`
}

// TieBreakViews are the tie-breaks with their names in both languages.
func TieBreakViews(tbs []tournament.TieBreakInfo) []TieBreakView {
	views := make([]TieBreakView, len(tbs))
	for i, tb := range tbs {
		views[i] = TieBreakView{tb.ID, catalog.For(catalog.Russian).TieBreak(tb.ID), catalog.For(catalog.English).TieBreak(tb.ID)}
	}
	return views
}
