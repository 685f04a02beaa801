package accounts

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"adiukh/api/core"
	"adiukh/tournament"
)

// accountsAuditData is a page of the account audit log, newest first,
// each entry told in the reader's language at the site's time (Moscow).
type accountsAuditData struct {
	Lines []accountAuditLine
	Zone  string
	// Older is the entry to read the next page before; 0 on the last.
	Older int64
}

type accountAuditLine struct {
	When  string
	Actor string
	Text  string
}

// accountsAudit shows the account audit log; the service lets only
// administrators read it.
func (h *handler) accountsAudit(c *gin.Context) error {
	before, err := core.QueryInt(c, "before")
	if err != nil {
		return err
	}
	entries, more, err := h.Accounts.AuditLog(c.Request.Context(), int64(before))
	if err != nil {
		return err
	}
	l := h.Translator(c).Localizer
	zone := tournament.DefaultLocation()
	data := accountsAuditData{Zone: tournament.DefaultTimeZone}
	for _, e := range entries {
		data.Lines = append(data.Lines, accountAuditLine{When: l.TimeToSecond(e.At, zone), Actor: e.Actor(l), Text: e.Tell(l)})
	}
	if more {
		data.Older = entries[len(entries)-1].ID
	}
	h.Render(c, http.StatusOK, "accounts_audit", "accountaudit.title", data)
	return nil
}
