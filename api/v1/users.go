package v1

import (
	"net/http"
	"time"

	"github.com/gin-gonic/gin"

	"adiukh/api/core"
	"adiukh/tournament"
	"adiukh/tournament/account"
)

// usersRoutesV1 registers the administrators' calls on accounts, the JSON
// side of the accounts page; w requires a user, the service an
// administrator.
func (h *handler) usersRoutesV1(w *gin.RouterGroup) {
	w.GET("/users", h.JSON(h.getUsers))
	w.POST("/users", h.JSON(h.postUser))
	w.PATCH("/users/:uid", h.JSON(h.patchUser))
	w.POST("/users/:uid/password", h.JSON(h.postUserPassword))
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
	c.JSON(http.StatusOK, gin.H{"users": views})
	return nil
}

// postUser adds an account and answers its one-time password, this once.
func (h *handler) postUser(c *gin.Context) error {
	var body struct {
		Email  string `json:"email"`
		Name   string `json:"name"`
		Role   string `json:"role"`
		Locale string `json:"locale"`
	}
	if err := decodeJSON(c, &body); err != nil {
		return err
	}
	u, password, err := h.Accounts.CreateAccount(c.Request.Context(), account.NewAccount{Email: body.Email, Name: body.Name, Role: body.Role, Locale: body.Locale})
	if err != nil {
		return err
	}
	c.Header("Cache-Control", "no-store")
	c.JSON(http.StatusCreated, gin.H{"user": newUserView(u), "password": password})
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
	if err := decodeJSON(c, &body); err != nil {
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
// once; every web sign-in of the account ends.
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
	c.JSON(http.StatusOK, gin.H{"user": newUserView(u), "password": password, "sessions": "ended"})
	return nil
}
