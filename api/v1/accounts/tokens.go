package accounts

import (
	"net/http"
	"time"

	"github.com/gin-gonic/gin"

	"adiukh/api/core"
	"adiukh/api/v1/kit"
	"adiukh/tournament"
	"adiukh/tournament/account"
)

// handler serves the accounts: one's own sign-ins, tokens and account,
// and the administrators' calls on every account.
type handler struct {
	*kit.Kit
}

// Routes registers the accounts: a token is made on read (it signs in by
// the password), the rest on write (which needs a signed-in user).
func Routes(k *kit.Kit, read, write gin.IRoutes) {
	h := &handler{Kit: k}
	read.POST("/tokens", h.JSON(h.postToken))
	write.GET("/me", h.JSON(h.getMe))
	h.accountRoutes(write)
	h.usersRoutes(write)
}

// accountRoutes registers the calls on one's own sign-ins and tokens;
// w requires a user.
func (h *handler) accountRoutes(w gin.IRoutes) {
	w.GET("/tokens", h.JSON(h.getTokens))
	w.DELETE("/tokens/:tid", h.JSON(h.deleteToken))
	w.PUT("/me/password", h.JSON(h.putPassword))
	w.PUT("/me/name", h.JSON(h.putName))
	w.GET("/account", h.JSON(h.getMe))
	w.PATCH("/account", h.JSON(h.patchAccount))
	w.DELETE("/users/:email/sessions", h.JSON(h.deleteSessions))
}

type tokenBody struct {
	Email         string `json:"email"`
	Password      string `json:"password"`
	Name          string `json:"name"`
	ExpiresInDays int    `json:"expires_in_days"`
}

type tokenView struct {
	ID        int64      `json:"id"`
	Name      string     `json:"name"`
	CreatedAt time.Time  `json:"created_at"`
	ExpiresAt *time.Time `json:"expires_at"`
}

func newTokenView(t *account.Token) tokenView {
	v := tokenView{ID: t.ID, Name: t.Name, CreatedAt: t.CreatedAt}
	if !t.ExpiresAt.IsZero() {
		v.ExpiresAt = &t.ExpiresAt
	}
	return v
}

// postToken trades an e-mail and password for a new API token, under the
// same sign-in limits as the web form.
func (h *handler) postToken(c *gin.Context) error {
	var body tokenBody
	if err := kit.DecodeJSON(c, &body); err != nil {
		return err
	}
	u, err := h.Accounts.Login(c.Request.Context(), body.Email, body.Password, core.ClientAddress(c))
	if err != nil {
		return err
	}
	if body.ExpiresInDays < 0 {
		return tournament.Invalid("expires_in_days", "must be a positive number of days")
	}
	token, tok, err := h.Accounts.CreateToken(c.Request.Context(), account.NewToken{
		Email: u.Email, Name: body.Name, TTL: time.Duration(body.ExpiresInDays) * 24 * time.Hour,
	})
	if err != nil {
		return err
	}
	v := newTokenView(tok)
	c.JSON(http.StatusCreated, newTokenAnswer{Token: token, ID: v.ID, Name: v.Name, ExpiresAt: v.ExpiresAt})
	return nil
}

// getTokens lists the caller's tokens (an administrator: anyone's, with
// ?email=).
func (h *handler) getTokens(c *gin.Context) error {
	email := c.Query("email")
	if email == "" {
		email = tournament.UserFromContext(c.Request.Context()).Email
	}
	tokens, err := h.Accounts.Tokens(c.Request.Context(), email)
	if err != nil {
		return err
	}
	views := make([]tokenView, len(tokens))
	for i := range tokens {
		views[i] = newTokenView(&tokens[i])
	}
	c.JSON(http.StatusOK, tokensView{views})
	return nil
}

func (h *handler) deleteToken(c *gin.Context) error {
	id, err := core.PathInt(c, "tid")
	if err != nil {
		return err
	}
	if err := h.Accounts.RevokeToken(c.Request.Context(), id); err != nil {
		return err
	}
	c.JSON(http.StatusOK, revokedView{id})
	return nil
}

type passwordBody struct {
	Email           string `json:"email"`
	CurrentPassword string `json:"current_password"`
	NewPassword     string `json:"new_password"`
}

// putPassword changes the caller's password (an administrator may name
// another account by email); every web sign-in of the account ends.
func (h *handler) putPassword(c *gin.Context) error {
	var body passwordBody
	if err := kit.DecodeJSON(c, &body); err != nil {
		return err
	}
	if body.Email == "" {
		body.Email = tournament.UserFromContext(c.Request.Context()).Email
	}
	if err := h.Accounts.SetPassword(c.Request.Context(), body.Email, body.CurrentPassword, body.NewPassword, core.ClientAddress(c)); err != nil {
		return err
	}
	c.JSON(http.StatusOK, passwordChangedView{Password: "changed", Sessions: "ended"})
	return nil
}

// deleteSessions ends every web sign-in of an account: one's own, or
// anyone's for an administrator.
func (h *handler) deleteSessions(c *gin.Context) error {
	n, err := h.Accounts.EndSessions(c.Request.Context(), c.Param("email"))
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, sessionsEndedView{n})
	return nil
}

// putName sets the name the reader's account is shown by.
func (h *handler) putName(c *gin.Context) error {
	var body struct {
		Name string `json:"name"`
	}
	if err := kit.DecodeJSON(c, &body); err != nil {
		return err
	}
	u, err := h.Accounts.UpdateAccount(c.Request.Context(), tournament.UserFromContext(c.Request.Context()).Email, account.AccountUpdate{Name: &body.Name})
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, meView(u))
	return nil
}

// patchAccount changes the reader's name (surname, given names,
// patronymic; or name, one string) and sex; a field left out stays.
func (h *handler) patchAccount(c *gin.Context) error {
	var body struct {
		Name       *string `json:"name"`
		Surname    *string `json:"surname"`
		GivenNames *string `json:"given_names"`
		Patronymic *string `json:"patronymic"`
		Sex        *string `json:"sex"`
	}
	if err := kit.DecodeJSON(c, &body); err != nil {
		return err
	}
	u, err := h.Accounts.UpdateAccount(c.Request.Context(), tournament.UserFromContext(c.Request.Context()).Email, account.AccountUpdate{
		Name: body.Name, Surname: body.Surname, GivenNames: body.GivenNames, Patronymic: body.Patronymic, Sex: body.Sex})
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, meView(u))
	return nil
}

func (h *handler) getMe(c *gin.Context) error {
	c.JSON(http.StatusOK, meView(tournament.UserFromContext(c.Request.Context())))
	return nil
}

// meView is the reader's own account as the API shows it: name is how
// it is shown, surname first when the name is in parts.
func meView(u *tournament.User) meAccountView {
	return meAccountView{ID: u.ID, Email: u.Email, Name: u.Name, Surname: u.Surname, GivenNames: u.GivenNames,
		Patronymic: u.Patronymic, Sex: u.Sex, Role: u.Role, Locale: u.Locale}
}

// newTokenAnswer is a new API token: the secret, shown this once, and the
// token's view.
type newTokenAnswer struct {
	Token     string     `json:"token"`
	ID        int64      `json:"id"`
	Name      string     `json:"name"`
	ExpiresAt *time.Time `json:"expires_at"`
}

// tokensView lists an account's API tokens.
type tokensView struct {
	Tokens []tokenView `json:"tokens"`
}

// revokedView answers the revocation of a token.
type revokedView struct {
	Revoked int64 `json:"revoked"`
}

// passwordChangedView answers a change of password, which ends the
// account's web sessions.
type passwordChangedView struct {
	Password string `json:"password"`
	Sessions string `json:"sessions"`
}

// sessionsEndedView answers ending an account's web sessions: how many.
type sessionsEndedView struct {
	Ended int64 `json:"ended"`
}

// meAccountView is the reader's own account: Name is how it is shown,
// surname first when the name is in parts.
type meAccountView struct {
	ID         int64           `json:"id"`
	Email      string          `json:"email"`
	Name       string          `json:"name"`
	Surname    string          `json:"surname"`
	GivenNames string          `json:"given_names"`
	Patronymic string          `json:"patronymic"`
	Sex        string          `json:"sex"`
	Role       tournament.Role `json:"role"`
	Locale     string          `json:"locale"`
}
