package desk

import (
	"github.com/gin-gonic/gin"

	"adiukh/api/core"
	"adiukh/api/web/kit"
	"adiukh/tournament"
)

// cancelEvent calls the event off from the desk, after asking for the
// confirmation and the reason its entrants and followers are told.
func (h *handler) cancelEvent(c *gin.Context) error {
	id, err := core.PathInt(c, "id")
	if err != nil {
		return err
	}
	return h.Confirm(c, id, "cancel", "manage.cancel_event", nil, func(reason string) error {
		_, err := h.Entries.CancelEvent(c.Request.Context(), id, reason)
		return err
	}, func(d *tournament.EventData, tr *kit.Translator) (string, error) {
		return tr.T("confirm.cancel_event", "Event", d.Event.Name), nil
	})
}
