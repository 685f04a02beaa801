package accounts

import (
	"net/http"
	"strconv"
	"time"

	"github.com/gin-gonic/gin"

	"adiukh/api/core"
	"adiukh/api/v1/kit"
	"adiukh/tournament"
	"adiukh/tournament/account"
)

// usersRoutes registers the administrators' calls on accounts, the JSON
// side of the accounts page; w requires a user, the service an
// administrator.
func (h *handler) usersRoutes(w gin.IRoutes) {
	w.GET("/users", h.JSON(h.getUsers))
	w.POST("/users", h.JSON(h.postUser))
	w.PATCH("/users/:uid", h.JSON(h.patchUser))
	w.POST("/users/:uid/password", h.JSON(h.postUserPassword))
	w.GET("/users/audit", h.JSON(h.getAccountAudit))
}

// accountAuditView is an entry of the account audit log: the action's key
// and values for scripts, and the sentence in the reader's language.
type accountAuditView struct {
	ID         int64     `json:"id"`
	At         time.Time `json:"at"`
	ActorID    int64     `json:"actor_id,omitempty"`
	ActorEmail string    `json:"actor_email,omitempty"`
	Action     string    `json:"action"`
	UserID     int64     `json:"user_id,omitempty"`
	UserEmail  string    `json:"user_email"`
	Before     string    `json:"before,omitempty"`
	After      string    `json:"after,omitempty"`
	Text       string    `json:"text"`
}

// getAccountAudit lists the account audit log for administrators, newest
// first, a page at a time: ?before= the last ID of the previous page.
func (h *handler) getAccountAudit(c *gin.Context) error {
	before, err := core.QueryInt(c, "before")
	if err != nil {
		return err
	}
	entries, more, err := h.Accounts.AuditLog(c.Request.Context(), int64(before))
	if err != nil {
		return err
	}
	l := core.JSONLocalizer(c)
	views := make([]accountAuditView, len(entries))
	for i, e := range entries {
		views[i] = accountAuditView{ID: e.ID, At: e.At, ActorID: e.ActorID, ActorEmail: e.ActorEmail, Action: e.Action,
			UserID: e.UserID, UserEmail: e.UserEmail, Before: e.Before, After: e.After, Text: e.Tell(l)}
	}
	page := accountAuditPageView{Entries: views}
	if more {
		page.Older = "/api/v1/users/audit?before=" + strconv.FormatInt(entries[len(entries)-1].ID, 10)
	}
	c.JSON(http.StatusOK, page)
	return nil
}

type userView struct {
	ID        int64           `json:"id"`
	Email     string          `json:"email"`
	Name      string          `json:"name"`
	Role      tournament.Role `json:"role"`
	Locale    string          `json:"locale"`
	CreatedAt time.Time       `json:"created_at"`
}

func newUserView(u *tournament.User) userView {
	return userView{ID: u.ID, Email: u.Email, Name: u.Name, Role: u.Role, Locale: u.Locale, CreatedAt: u.CreatedAt}
}

// getUsers lists every account: administrators, arbiters, then players,
// each by name.
func (h *handler) getUsers(c *gin.Context) error {
	users, err := h.Accounts.Accounts(c.Request.Context())
	if err != nil {
		return err
	}
	views := make([]userView, len(users))
	for i := range users {
		views[i] = newUserView(&users[i])
	}
	c.JSON(http.StatusOK, usersView{views})
	return nil
}

// postUser adds an account and answers its one-time password, this once.
func (h *handler) postUser(c *gin.Context) error {
	var body struct {
		Email      string `json:"email"`
		Name       string `json:"name"`
		Surname    string `json:"surname"`
		GivenNames string `json:"given_names"`
		Patronymic string `json:"patronymic"`
		Role       string `json:"role"`
		Locale     string `json:"locale"`
	}
	if err := kit.DecodeJSON(c, &body); err != nil {
		return err
	}
	names := account.Names{Name: body.Name, Surname: body.Surname, GivenNames: body.GivenNames, Patronymic: body.Patronymic}
	u, password, err := h.Accounts.CreateAccount(c.Request.Context(), account.NewAccount{Email: body.Email, Names: names, Role: body.Role, Locale: body.Locale})
	if err != nil {
		return err
	}
	c.Header("Cache-Control", "no-store")
	c.JSON(http.StatusCreated, newPasswordView{User: newUserView(u), Password: password})
	return nil
}

// patchUser changes an account's role.
func (h *handler) patchUser(c *gin.Context) error {
	id, err := core.PathInt(c, "uid")
	if err != nil {
		return err
	}
	var body struct {
		Role string `json:"role"`
	}
	if err := kit.DecodeJSON(c, &body); err != nil {
		return err
	}
	u, err := h.Accounts.SetRole(c.Request.Context(), id, body.Role)
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, newUserView(u))
	return nil
}

// postUserPassword gives an account a new one-time password, answered this
// once; every web sign-in and API token of the account ends.
func (h *handler) postUserPassword(c *gin.Context) error {
	id, err := core.PathInt(c, "uid")
	if err != nil {
		return err
	}
	u, password, err := h.Accounts.ResetPassword(c.Request.Context(), id)
	if err != nil {
		return err
	}
	c.Header("Cache-Control", "no-store")
	c.JSON(http.StatusOK, passwordResetView{newPasswordView: newPasswordView{User: newUserView(u), Password: password}, Sessions: "ended", Tokens: "revoked"})
	return nil
}

// accountAuditPageView is a page of the accounts' audit log; Older is
// where the next, older page is.
type accountAuditPageView struct {
	Entries []accountAuditView `json:"entries"`
	Older   string             `json:"older,omitempty"`
}

// usersView lists the accounts.
type usersView struct {
	Users []userView `json:"users"`
}

// newPasswordView answers an account made or its password reset by an
// administrator: the password, shown this once.
type newPasswordView struct {
	User     userView `json:"user"`
	Password string   `json:"password"`
}

// passwordResetView answers an administrator's reset of an account's
// password, which also ends its sessions and revokes its tokens.
type passwordResetView struct {
	newPasswordView
	Sessions string `json:"sessions"`
	Tokens   string `json:"tokens"`
}
