package accounts

import (
	"cmp"
	"net/http"
	"strconv"

	"github.com/gin-gonic/gin"

	"adiukh/api/core"
	"adiukh/api/web/kit"
	"adiukh/tournament"
	"adiukh/tournament/account"
)

// accountsPageData is the administrators' list of accounts with the form
// to add one.
type accountsPageData struct {
	Accounts []tournament.User
	Me       *tournament.User
	// Roles are the roles offered, most common first.
	Roles []tournament.Role
	New   *kit.Form
	// Row is the failed form of one account's row (its role), RowID the
	// account's number.
	Row   *kit.Form
	RowID int64
	// Password is a one-time password just made for Holder, shown this
	// once; Reset tells a new password of an existing account from a new
	// account's.
	Password string
	Holder   *tournament.User
	Reset    bool
	// Notice says what the last action did.
	Notice string
	// SignUps wait for an administrator's approval (a site without mail).
	SignUps []account.SignUp
}

// renderAccounts shows the accounts page; the service decides who may see
// it.
func (h *handler) renderAccounts(c *gin.Context, status int, data accountsPageData) error {
	ctx := c.Request.Context()
	var err error
	if data.Accounts, err = h.Accounts.Accounts(ctx); err != nil {
		return err
	}
	if data.SignUps, err = h.Accounts.SignUps(ctx); err != nil {
		return err
	}
	data.Me = tournament.UserFromContext(ctx)
	if data.Notice == "role" {
		data.Notice = ""
		for _, u := range data.Accounts {
			if u.ID == data.RowID {
				tr := h.Translator(c)
				data.Notice = tr.T("accounts.role_changed", "Name", cmp.Or(u.Name, u.Email), "Role", tr.T("account.role."+string(u.Role)))
			}
		}
		data.RowID = 0
	}
	data.Roles = []tournament.Role{tournament.PlayerRole, tournament.ArbiterRole, tournament.Admin}
	if data.New == nil {
		data.New = kit.NewForm()
		data.New.Values["role"] = string(tournament.PlayerRole)
	}
	if data.Row == nil {
		data.Row = kit.NewForm()
	}
	if data.Password != "" {
		// The password is in this page only: no cache keeps it.
		c.Header("Cache-Control", "no-store")
	}
	h.Render(c, status, "accounts", "accounts.title", data)
	return nil
}

func (h *handler) accountsPage(c *gin.Context) error {
	data := accountsPageData{}
	if c.Query("done") == "role" {
		if id, err := strconv.ParseInt(c.Query("uid"), 10, 64); err == nil {
			data.RowID = id
			data.Notice = "role"
		}
	}
	return h.renderAccounts(c, http.StatusOK, data)
}

// addAccount adds an account with a one-time password, shown this once.
func (h *handler) addAccount(c *gin.Context) error {
	f := kit.FormValues(c, "email", "surname", "given_names", "patronymic", "role", "locale")
	u, password, err := h.Accounts.CreateAccount(c.Request.Context(), account.NewAccount{
		Email: f.Values["email"], Names: nameParts(f), Role: f.Values["role"], Locale: f.Values["locale"],
	})
	if err != nil {
		if err := f.Fail(err, h.Translator(c)); err != nil {
			return err
		}
		return h.renderAccounts(c, kit.FormStatus(err), accountsPageData{New: f})
	}
	return h.renderAccounts(c, http.StatusCreated, accountsPageData{Password: password, Holder: u})
}

// changeRole changes an account's role. An administrator who gave up their
// own role goes to their account page: the list is no longer theirs.
func (h *handler) changeRole(c *gin.Context) error {
	id, err := core.PathInt(c, "uid")
	if err != nil {
		return err
	}
	f := kit.FormValues(c, "role")
	u, err := h.Accounts.SetRole(c.Request.Context(), id, f.Values["role"])
	if err != nil {
		if err := f.Fail(err, h.Translator(c)); err != nil {
			return err
		}
		return h.renderAccounts(c, kit.FormStatus(err), accountsPageData{Row: f, RowID: id})
	}
	if me := tournament.UserFromContext(c.Request.Context()); me.ID == u.ID && u.Role != tournament.Admin {
		c.Redirect(http.StatusSeeOther, "/account")
		return nil
	}
	c.Redirect(http.StatusSeeOther, "/admin/accounts?done=role&uid="+strconv.FormatInt(u.ID, 10)+"#account-"+strconv.FormatInt(u.ID, 10))
	return nil
}

// resetPassword gives an account a new one-time password, shown this once;
// every sign-in of the account ends.
func (h *handler) resetPassword(c *gin.Context) error {
	id, err := core.PathInt(c, "uid")
	if err != nil {
		return err
	}
	u, password, err := h.Accounts.ResetPassword(c.Request.Context(), id)
	if err != nil {
		f := kit.NewForm()
		if err := f.Fail(err, h.Translator(c)); err != nil {
			return err
		}
		return h.renderAccounts(c, kit.FormStatus(err), accountsPageData{Row: f, RowID: id})
	}
	return h.renderAccounts(c, http.StatusOK, accountsPageData{Password: password, Holder: u, Reset: true})
}
