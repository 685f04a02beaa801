package teams

import (
	"adiukh/api/core"
	"adiukh/api/v1/shapes"
	"adiukh/tournament"
	"adiukh/tournament/teams"
	"net/http"
	"strconv"

	"github.com/gin-gonic/gin"
)

// deleteTeam removes a team and its players before round 1; ?reason=
// (required) goes into the audit log, ?team_id= (optional) must be the ID
// of the team the path's start number names.
func (h *handler) deleteTeam(c *gin.Context) error {
	ids, err := core.PathInts(c, "id", "team")
	if err != nil {
		return err
	}
	ref := teams.TeamRef{No: int(ids[1])}
	if s := c.Query("team_id"); s != "" {
		if ref.ID, err = strconv.ParseInt(s, 10, 64); err != nil {
			return tournament.Invalid("team_id", "%q is not a team ID", s)
		}
	}
	if err := h.Teams.RemoveTeam(c.Request.Context(), ids[0], ref, c.Query("reason")); err != nil {
		return err
	}
	c.JSON(http.StatusOK, shapes.DeletedView{Deleted: ids[1]})
	return nil
}
