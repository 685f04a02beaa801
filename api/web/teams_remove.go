package api

import (
	"net/http"
	"strconv"

	"github.com/gin-gonic/gin"

	"adiukh/tournament"
)

// deleteTeam removes a team and its players before round 1; ?reason=
// (required) goes into the audit log, ?team_id= (optional) must be the ID
// of the team the path's start number names.
func (h *handler) deleteTeam(c *gin.Context) error {
	ids, err := pathInts(c, "id", "team")
	if err != nil {
		return err
	}
	ref := tournament.TeamRef{No: int(ids[1])}
	if s := c.Query("team_id"); s != "" {
		if ref.ID, err = strconv.ParseInt(s, 10, 64); err != nil {
			return tournament.Invalid("team_id", "%q is not a team ID", s)
		}
	}
	if err := h.Events.RemoveTeam(c.Request.Context(), ids[0], ref, c.Query("reason")); err != nil {
		return err
	}
	c.JSON(http.StatusOK, gin.H{"deleted": ids[1]})
	return nil
}

// removeTeam asks the arbiter to confirm the removal of a team (by its ID,
// as the desk's team forms name it) and its reason, then removes it.
func (h *handler) removeTeam(c *gin.Context) error {
	ids, err := pathInts(c, "id", "team")
	if err != nil {
		return err
	}
	act := func(reason string) error {
		return h.Events.RemoveTeam(c.Request.Context(), ids[0], tournament.TeamRef{ID: ids[1]}, reason)
	}
	return h.confirm(c, ids[0], "teams", "teamweb.remove", nil, act, func(d *tournament.EventData, tr *translator) (string, error) {
		teams, err := h.Events.Teams(c.Request.Context(), ids[0])
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
