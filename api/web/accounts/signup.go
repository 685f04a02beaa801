package accounts

import (
	"errors"
	"net/http"

	"github.com/gin-gonic/gin"

	"adiukh/api/core"
	"adiukh/api/web/kit"
	"adiukh/tournament"
	"adiukh/tournament/account"
)

// signupPageData is the sign-up form, the confirmation link's form
// (Token set), or the message after them.
type signupPageData struct {
	Form *kit.Form
	// Started is when the form was shown, signed by the service
	// (SignUpStamp): a form sent back sooner than account.MinFillTime is a
	// script's.
	Started string
	// Mail tells that the link's follower chooses the password, so the
	// sign-up form asks for none.
	Mail  bool
	Token string
	// Done is the message key shown instead of the form.
	Done string
}

func (h *handler) signupPage(c *gin.Context) error {
	h.renderSignup(c, http.StatusOK, signupPageData{Form: kit.NewForm()})
	return nil
}

func (h *handler) renderSignup(c *gin.Context, status int, data signupPageData) {
	data.Started = h.Accounts.SignUpStamp()
	data.Mail = h.Accounts.ConfirmsByMail()
	if data.Token != "" {
		// The link's token is in this page's form: no cache keeps it,
		// and no link on it tells another site the address.
		c.Header("Cache-Control", "no-store")
		c.Header("Referrer-Policy", "no-referrer")
	}
	h.Render(c, status, "signup", "signup.title", data)
}

func (h *handler) signup(c *gin.Context) error {
	f := kit.FormValues(c, "email", "surname", "given_names", "patronymic")
	err := h.Accounts.SignUp(c.Request.Context(), account.SignUpInput{
		Email: f.Values["email"], Password: c.PostForm("password"), Names: nameParts(f), Locale: string(h.Lang(c)),
		From: core.ClientAddress(c), Trap: c.PostForm("website"), Stamp: c.PostForm("started"),
	})
	if err != nil {
		core.RetryAfterOf(c, err)
		var e *tournament.Error
		if errors.As(err, &e) && e.Code == tournament.ETOOMANY {
			// Shown at the form, which keeps what was typed.
			f.Errors[""] = h.Translator(c).Phrase(e)
		} else if err := f.Fail(err, h.Translator(c)); err != nil {
			return err
		}
		h.renderSignup(c, kit.FormStatus(err), signupPageData{Form: f})
		return nil
	}
	done := "signup.sent_approval"
	if h.Accounts.ConfirmsByMail() {
		done = "signup.sent_mail"
	}
	h.renderSignup(c, http.StatusOK, signupPageData{Form: kit.NewForm(), Done: done})
	return nil
}

func (h *handler) confirmSignupPage(c *gin.Context) error {
	token := c.Param("token")
	names, err := h.Accounts.CheckSignUp(c.Request.Context(), token)
	if err != nil {
		return err
	}
	f := kit.NewForm()
	f.Values["surname"], f.Values["given_names"], f.Values["patronymic"] = names.Surname, names.GivenNames, names.Patronymic
	h.renderSignup(c, http.StatusOK, signupPageData{Form: f, Token: token})
	return nil
}

func (h *handler) confirmSignup(c *gin.Context) error {
	token := c.Param("token")
	f := kit.FormValues(c, "surname", "given_names", "patronymic")
	_, err := h.Accounts.ConfirmSignUp(c.Request.Context(), account.ConfirmInput{Token: token, Names: nameParts(f), Password: c.PostForm("password")})
	if err != nil {
		if err := f.Fail(err, h.Translator(c)); err != nil {
			return err
		}
		h.renderSignup(c, kit.FormStatus(err), signupPageData{Form: f, Token: token})
		return nil
	}
	h.renderSignup(c, http.StatusOK, signupPageData{Form: kit.NewForm(), Done: "signup.confirmed"})
	return nil
}

func (h *handler) decideSignup(approve bool) core.HandlerFunc {
	return func(c *gin.Context) error {
		id, err := core.PathInt(c, "sid")
		if err != nil {
			return err
		}
		if err := h.Accounts.ApproveSignUp(c.Request.Context(), id, approve); err != nil {
			return err
		}
		c.Redirect(http.StatusSeeOther, "/admin/accounts")
		return nil
	}
}

// nameParts reads a form's surname, given names and patronymic.
func nameParts(f *kit.Form) account.Names {
	return account.Names{Surname: f.Values["surname"], GivenNames: f.Values["given_names"], Patronymic: f.Values["patronymic"]}
}
