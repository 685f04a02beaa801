package accounts

import (
	"adiukh/api/core"
	"adiukh/tournament"
	"adiukh/tournament/account"

	"github.com/gin-gonic/gin"
)

// startSession signs u in: a new server-side session and its cookie.
func (h *handler) startSession(c *gin.Context, u *tournament.User) error {
	value, err := h.Accounts.StartSession(c.Request.Context(), u)
	if err != nil {
		return err
	}
	core.SetCookie(c, core.SessionCookie, h.Sessions.Seal(value), account.SessionTTL)
	return nil
}
