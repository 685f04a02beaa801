package accounts

import (
	"errors"
	"net/http"

	"github.com/gin-gonic/gin"

	"adiukh/api/core"
	"adiukh/api/web/kit"
	"adiukh/tournament"
)

// passwordResetData is the reset form: asking for the link (Token empty)
// or a new password with it; Done is the message key shown instead.
type passwordResetData struct {
	Form  *kit.Form
	Token string
	Mail  bool
	Done  string
}

func (h *handler) renderPasswordReset(c *gin.Context, status int, data passwordResetData) {
	data.Mail = h.Accounts.ConfirmsByMail()
	if data.Token != "" {
		// The link's token is in this page's form: no cache keeps it,
		// and no link on it tells another site the address.
		c.Header("Cache-Control", "no-store")
		c.Header("Referrer-Policy", "no-referrer")
	}
	h.Render(c, status, "password_reset", "passwordreset.title", data)
}

func (h *handler) passwordResetPage(c *gin.Context) error {
	h.renderPasswordReset(c, http.StatusOK, passwordResetData{Form: kit.NewForm()})
	return nil
}

func (h *handler) requestPasswordReset(c *gin.Context) error {
	f := kit.FormValues(c, "email")
	if err := h.Accounts.RequestPasswordReset(c.Request.Context(), f.Values["email"], core.ClientAddress(c)); err != nil {
		core.RetryAfterOf(c, err)
		var e *tournament.Error
		if errors.As(err, &e) && e.Code == tournament.ETOOMANY {
			f.Errors[""] = h.Translator(c).Phrase(e)
		} else if err := f.Fail(err, h.Translator(c)); err != nil {
			return err
		}
		h.renderPasswordReset(c, kit.FormStatus(err), passwordResetData{Form: f})
		return nil
	}
	h.renderPasswordReset(c, http.StatusOK, passwordResetData{Form: kit.NewForm(), Done: "passwordreset.sent"})
	return nil
}

func (h *handler) newPasswordPage(c *gin.Context) error {
	token := c.Param("token")
	if err := h.Accounts.CheckPasswordReset(c.Request.Context(), token); err != nil {
		return err
	}
	h.renderPasswordReset(c, http.StatusOK, passwordResetData{Form: kit.NewForm(), Token: token})
	return nil
}

func (h *handler) setPasswordWithLink(c *gin.Context) error {
	token := c.Param("token")
	f := kit.NewForm()
	if _, err := h.Accounts.ResetPasswordWithLink(c.Request.Context(), token, c.PostForm("password")); err != nil {
		if err := f.Fail(err, h.Translator(c)); err != nil {
			return err
		}
		h.renderPasswordReset(c, kit.FormStatus(err), passwordResetData{Form: f, Token: token})
		return nil
	}
	c.Redirect(http.StatusSeeOther, "/login?done=password")
	return nil
}
