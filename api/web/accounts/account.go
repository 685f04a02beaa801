package accounts

import (
	"net/http"
	"strconv"
	"time"

	"github.com/gin-gonic/gin"

	"adiukh/api/core"
	"adiukh/api/web/kit"
	"adiukh/tournament"
	"adiukh/tournament/account"
)

// accountPageData is the signed-in reader's own account: the password
// form, the web sign-ins and the API tokens.
type accountPageData struct {
	User     *tournament.User
	Name     *kit.Form
	Password *kit.Form
	Token    *kit.Form
	Sessions []account.SessionInfo
	Tokens   []account.Token
	// NewToken is a token just made, shown this once.
	NewToken string
	// Calendar is when the address of the personal calendar feed was
	// made, zero without one; NewCalendar an address just made, shown
	// this once (see my_feed.go).
	Calendar    time.Time
	NewCalendar string
	// Notice says what the last action did.
	Notice string
}

// currentSession is the session value of the asking browser.
func (h *handler) currentSession(c *gin.Context) string {
	cookie, err := c.Cookie(core.SessionCookie)
	if err != nil {
		return ""
	}
	value, _ := h.Sessions.Open(cookie)
	return value
}

// renderAccount shows the account page with data's forms and notice.
func (h *handler) renderAccount(c *gin.Context, status int, data accountPageData) error {
	ctx := c.Request.Context()
	data.User = tournament.UserFromContext(ctx)
	if data.Password == nil {
		data.Password = kit.NewForm()
	}
	if data.Name == nil {
		data.Name = kit.NewForm()
		for k, v := range map[string]string{"surname": data.User.Surname, "given_names": data.User.GivenNames, "patronymic": data.User.Patronymic, "sex": data.User.Sex} {
			data.Name.Values[k] = v
		}
	}
	if data.Token == nil {
		data.Token = kit.NewForm()
	}
	var err error
	if data.Sessions, err = h.Accounts.MySessions(ctx, h.currentSession(c)); err != nil {
		return err
	}
	if data.Tokens, err = h.Accounts.Tokens(ctx, data.User.Email); err != nil {
		return err
	}
	if data.Calendar, err = h.Entries.FeedTokenMade(ctx); err != nil {
		return err
	}
	h.Render(c, status, "account", "account.title", data)
	return nil
}

func (h *handler) accountPage(c *gin.Context) error {
	notice := map[string]string{"name": "account.name_changed", "password": "account.password_changed", "session": "account.session_ended", "others": "account.others_ended", "revoked": "account.token_revoked", "calendar": "calendar.mine_revoked"}[c.Query("done")]
	data := accountPageData{}
	if notice != "" {
		data.Notice = h.Translator(c).T(notice)
	}
	return h.renderAccount(c, http.StatusOK, data)
}

// changeName sets the reader's name, in parts, and sex.
func (h *handler) changeName(c *gin.Context) error {
	u := tournament.UserFromContext(c.Request.Context())
	f := kit.FormValues(c, "surname", "given_names", "patronymic", "sex")
	in := account.AccountUpdate{}
	for field, v := range map[string]**string{"surname": &in.Surname, "given_names": &in.GivenNames, "patronymic": &in.Patronymic, "sex": &in.Sex} {
		value := f.Values[field]
		*v = &value
	}
	if _, err := h.Accounts.UpdateAccount(c.Request.Context(), u.Email, in); err != nil {
		if err := f.Fail(err, h.Translator(c)); err != nil {
			return err
		}
		return h.renderAccount(c, kit.FormStatus(err), accountPageData{Name: f})
	}
	c.Redirect(http.StatusSeeOther, "/account?done=name")
	return nil
}

// changePassword changes the reader's password: the service checks the
// current one under the sign-in limits and ends every sign-in of the
// account; this browser is signed in again so that the reader stays.
func (h *handler) changePassword(c *gin.Context) error {
	u := tournament.UserFromContext(c.Request.Context())
	err := h.Accounts.SetPassword(c.Request.Context(), u.Email, c.PostForm("current_password"), c.PostForm("password"), core.ClientAddress(c))
	if err != nil {
		f := kit.NewForm()
		if err := f.Fail(err, h.Translator(c)); err != nil {
			return err
		}
		return h.renderAccount(c, kit.FormStatus(err), accountPageData{Password: f})
	}
	if err := h.startSession(c, u); err != nil {
		return err
	}
	c.Redirect(http.StatusSeeOther, "/account?done=password")
	return nil
}

func (h *handler) endSession(c *gin.Context) error {
	id, err := core.PathInt(c, "sid")
	if err != nil {
		return err
	}
	if err := h.Accounts.EndMySession(c.Request.Context(), id); err != nil {
		return err
	}
	c.Redirect(http.StatusSeeOther, "/account?done=session")
	return nil
}

func (h *handler) endOtherSessions(c *gin.Context) error {
	if _, err := h.Accounts.EndMyOtherSessions(c.Request.Context(), h.currentSession(c)); err != nil {
		return err
	}
	c.Redirect(http.StatusSeeOther, "/account?done=others")
	return nil
}

// createToken makes an API token for the reader and shows it this once.
func (h *handler) createToken(c *gin.Context) error {
	u := tournament.UserFromContext(c.Request.Context())
	f := kit.NewForm()
	f.Values["name"], f.Values["expires_in_days"] = c.PostForm("name"), c.PostForm("expires_in_days")
	in := account.NewToken{Email: u.Email, Name: c.PostForm("name")}
	if days := c.PostForm("expires_in_days"); days != "" {
		n, err := strconv.Atoi(days)
		if err != nil || n == 0 {
			// Refused by the service with its message: a zero TTL would
			// mean its default, not what was typed.
			n = -1
		}
		in.TTL = time.Duration(n) * 24 * time.Hour
	}
	token, _, err := h.Accounts.CreateToken(c.Request.Context(), in)
	if err != nil {
		if err := f.Fail(err, h.Translator(c)); err != nil {
			return err
		}
		return h.renderAccount(c, kit.FormStatus(err), accountPageData{Token: f})
	}
	return h.renderAccount(c, http.StatusCreated, accountPageData{NewToken: token})
}

func (h *handler) revokeToken(c *gin.Context) error {
	id, err := core.PathInt(c, "tid")
	if err != nil {
		return err
	}
	if err := h.Accounts.RevokeToken(c.Request.Context(), id); err != nil {
		return err
	}
	c.Redirect(http.StatusSeeOther, "/account?done=revoked")
	return nil
}
