package api

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"adiukh/tournament"
)

// The audit log of one event.

type auditPageData struct {
	eventHeader
	Entries []tournament.AuditEntry
}

func (h *handler) auditPage(c *gin.Context) error {
	id, err := pathInt(c, "id")
	if err != nil {
		return err
	}
	entries, err := h.Events.Audit(c.Request.Context(), id)
	if err != nil {
		return err
	}
	e, err := h.Events.Event(c.Request.Context(), id)
	if err != nil {
		return err
	}
	h.renderWith(c, h.translator(c), http.StatusOK, "audit", e.Name, auditPageData{eventHeader: h.header(c, e, "audit"), Entries: entries})
	return nil
}
