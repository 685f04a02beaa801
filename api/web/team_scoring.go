package web

import (
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"

	"adiukh/api/core"
	"adiukh/api/web/kit"
	"adiukh/tournament/teams"
)

// The team scoring form of a team event's desk: the match points, the
// score that ranks first, the team tie-breaks and, in a Swiss event, the
// kind of colour preferences. It calls the same use case as
// PUT /api/v1/events/{id}/team-settings (UpdateTeamSettings), which checks
// every value and decides what may change when; the number of boards has
// its own form beside the teams.

// teamScoringFields are the inputs of the form besides the tie-break lists.
var teamScoringFields = []string{"match_win", "match_draw", "match_loss", "match_bye", "ranking", "colour_preferences", "tiebreaks_shown", "reason"}

// teamScoringValues fills the form with the event's team settings.
func teamScoringValues(st *teams.TeamSettings) *kit.Form {
	f := kit.NewForm()
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
func (d *teamDesk) ScoringSlots() []string {
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

// teamScoringInput reads the form: the four match points together, as the
// service checks them; a list of tie-breaks left as the page showed it is
// not sent, so that a new ranking brings its preset as in the API; the
// colour preferences only when the form offered them (a Swiss event).
func teamScoringInput(c *gin.Context, v map[string]string) (teams.TeamSettingsInput, error) {
	var in teams.TeamSettingsInput
	var mp teams.MatchPoints
	if err := kit.ReadNumbers(v, "match_points", kit.NumberInput{Field: "match_win", Label: "teamweb.match_win", To: &mp.Win}, kit.NumberInput{Field: "match_draw", Label: "teamweb.match_draw", To: &mp.Draw},
		kit.NumberInput{Field: "match_loss", Label: "teamweb.match_loss", To: &mp.Loss}, kit.NumberInput{Field: "match_bye", Label: "teamweb.match_bye", To: &mp.Bye}); err != nil {
		return in, err
	}
	in.MatchPoints = &mp
	in.Ranking = ptr(v["ranking"])
	if _, offered := c.GetPostForm("colour_preferences"); offered {
		in.ColourPreferences = ptr(v["colour_preferences"])
	}
	if _, shown := c.GetPostForm("tiebreaks_shown"); !shown || v["tiebreaks"] != v["tiebreaks_shown"] {
		ids := []string{}
		if v["tiebreaks"] != "" {
			ids = strings.Split(v["tiebreaks"], ",")
		}
		in.TieBreaks = &ids
	}
	return in, nil
}

// setTeamScoring saves the team scoring form.
func (h *handler) setTeamScoring(c *gin.Context) error {
	id, err := core.PathInt(c, "id")
	if err != nil {
		return err
	}
	values := map[string]string{}
	for _, k := range teamScoringFields {
		values[k] = strings.TrimSpace(c.PostForm(k))
	}
	var ids []string
	for _, pick := range c.PostFormArray("tiebreak") {
		if pick = strings.TrimSpace(pick); pick != "" {
			ids = append(ids, pick)
		}
	}
	values["tiebreaks"] = strings.Join(ids, ",")
	in, err := teamScoringInput(c, values)
	if err == nil {
		_, err = h.Teams.UpdateTeamSettings(c.Request.Context(), id, in, values["reason"])
	}
	if err != nil {
		return h.manageFailed(c, id, err, teamForm(func(t *teamDesk) *kit.Form { return t.Scoring }),
			func(f *kit.Form) { f.Values = values })
	}
	h.backToManage(c, id, "team-scoring")
	return nil
}
