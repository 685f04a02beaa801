package teams

import (
	"github.com/gin-gonic/gin"

	"adiukh/api/core"
	"adiukh/api/web/kit"
	"adiukh/tournament"
	"adiukh/tournament/teams"
)

// removeTeam asks the arbiter to confirm the removal of a team (by its ID,
// as the desk's team forms name it) and its reason, then removes it.
func (h *handler) removeTeam(c *gin.Context) error {
	ids, err := core.PathInts(c, "id", "team")
	if err != nil {
		return err
	}
	act := func(reason string) error {
		return h.Teams.RemoveTeam(c.Request.Context(), ids[0], teams.TeamRef{ID: ids[1]}, reason)
	}
	return h.Confirm(c, ids[0], "teams", "teamweb.remove", nil, act, func(d *tournament.EventData, tr *kit.Translator) (string, error) {
		teams, err := h.Teams.Teams(c.Request.Context(), ids[0])
		if err != nil {
			return "", err
		}
		for _, t := range teams {
			if t.ID == ids[1] {
				return tr.T("confirm.remove_team", "Name", t.Name, "Count", len(t.Roster)), nil
			}
		}
		return "", tournament.NotFound("team ID %d not found in event %d", ids[1], ids[0])
	})
}
