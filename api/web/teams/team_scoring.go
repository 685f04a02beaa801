package teams

import (
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
	in.Ranking = kit.Ptr(v["ranking"])
	if _, offered := c.GetPostForm("colour_preferences"); offered {
		in.ColourPreferences = kit.Ptr(v["colour_preferences"])
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
		return h.ManageFailed(c, id, err, teamForm(func(t *kit.TeamDesk) *kit.Form { return t.Scoring }),
			func(f *kit.Form) { f.Values = values })
	}
	h.BackToManage(c, id, "team-scoring")
	return nil
}
