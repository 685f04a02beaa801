package correspondence

import (
	"adiukh/api/core"
	"adiukh/api/v1/kit"
	"adiukh/tournament/correspondence"
	"net/http"

	"github.com/gin-gonic/gin"
)

type leaveView struct {
	ID        int64  `json:"id"`
	PlayerID  int64  `json:"player_id"`
	From      string `json:"from"`
	To        string `json:"to"`
	Days      int    `json:"days"`
	ByArbiter bool   `json:"by_arbiter"`
	Reason    string `json:"reason,omitempty"`
}

func newLeaveView(l *correspondence.Leave) leaveView {
	return leaveView{ID: l.ID, PlayerID: l.PlayerID, From: l.From, To: l.To, Days: l.Days(), ByArbiter: l.ByArbiter, Reason: l.Reason}
}

type leaveBody struct {
	From   string `json:"from"`
	To     string `json:"to"`
	Reason string `json:"reason"`
}

func (h *handler) putLeave(c *gin.Context) error {
	ids, body, err := kit.PathIDsBody[leaveBody](c, "id", "pid")
	if err != nil {
		return err
	}
	l, err := h.Correspondence.RequestLeave(c.Request.Context(), correspondence.LeaveInput{EventID: ids[0], PlayerID: ids[1], From: body.From, To: body.To, Reason: body.Reason})
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, newLeaveView(l))
	return nil
}

func (h *handler) getLeaves(c *gin.Context) error {
	id, err := core.PathInt(c, "id")
	if err != nil {
		return err
	}
	leaves, err := h.Correspondence.Leaves(c.Request.Context(), id)
	if err != nil {
		return err
	}
	out := make([]leaveView, len(leaves))
	for i := range leaves {
		out[i] = newLeaveView(&leaves[i])
	}
	c.JSON(http.StatusOK, out)
	return nil
}

func (h *handler) deleteLeave(c *gin.Context) error {
	ids, err := core.PathInts(c, "id", "lid")
	if err != nil {
		return err
	}
	if err := h.Correspondence.CancelLeave(c.Request.Context(), ids[0], ids[1]); err != nil {
		return err
	}
	c.Status(http.StatusNoContent)
	return nil
}
