package kit

import (
	"strconv"
	"strings"

	"adiukh/tournament/teams"
)

// TeamScoringValues fills the form with the event's team settings.
func TeamScoringValues(st *teams.TeamSettings) *Form {
	f := NewForm()
	num := func(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }
	tbs := strings.Join(st.TieBreaks, ",")
	for k, v := range map[string]string{
		"match_win": num(st.MatchWin), "match_draw": num(st.MatchDraw), "match_loss": num(st.MatchLoss), "match_bye": num(st.MatchBye),
		"ranking": string(st.Ranking), "colour_preferences": string(st.ColourPreferences), "tiebreaks": tbs, "tiebreaks_shown": tbs,
	} {
		f.Values[k] = v
	}
	return f
}

// ScoringSlots are the team tie-breaks chosen, in order, one list each,
// and empty lists to add more, as the event form's (at least six, and one
// empty list while some tie-break is left).
func (d *TeamDesk) ScoringSlots() []string {
	var slots []string
	for _, id := range strings.Split(d.Scoring.V("tiebreaks"), ",") {
		if id != "" {
			slots = append(slots, id)
		}
	}
	for len(slots) < 6 || len(slots) < len(d.TieBreaks) && slots[len(slots)-1] != "" {
		slots = append(slots, "")
	}
	return slots
}
