package desk

import (
	"github.com/gin-gonic/gin"

	"adiukh/api/core"
	"adiukh/api/web/kit"
	"adiukh/tournament"
)

// reopenEvent reopens a finished event from the desk for a correction,
// after asking for the confirmation and the reason its pages show.
func (h *handler) reopenEvent(c *gin.Context) error {
	id, err := core.PathInt(c, "id")
	if err != nil {
		return err
	}
	return h.Confirm(c, id, "rounds", "manage.reopen_event", nil, func(reason string) error {
		_, err := h.Events.ReopenEvent(c.Request.Context(), id, reason)
		return err
	}, func(d *tournament.EventData, tr *kit.Translator) (string, error) {
		return tr.T("confirm.reopen_event", "Event", d.Event.Name), nil
	})
}
