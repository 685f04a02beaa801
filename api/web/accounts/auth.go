package accounts

import (
	"crypto/subtle"
	"errors"
	"math"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/gin-gonic/gin"

	"adiukh/api/core"
	"adiukh/api/web/kit"
	"adiukh/tournament"
	"adiukh/tournament/account"
)

type loginPageData struct {
	Form *kit.Form
	Next string
	// Reset offers the password reset link: the site sends mail.
	Reset bool
	// Notice says what happened before the form was shown.
	Notice string
}

func (h *handler) loginPage(c *gin.Context) error {
	data := loginPageData{Form: kit.NewForm(), Next: kit.SafeNext(c.Query("next")), Reset: h.Accounts.ConfirmsByMail()}
	if c.Query("done") == "password" {
		data.Notice = "passwordreset.done"
	}
	h.Render(c, http.StatusOK, "login", "login.title", data)
	return nil
}

// login checks the password (argon2id, in the account service, under its
// sign-in limits) and starts a session.
func (h *handler) login(c *gin.Context) error {
	tr := h.Translator(c)
	email := strings.ToLower(strings.TrimSpace(c.PostForm("email")))
	data := loginPageData{Form: kit.NewForm(), Next: kit.SafeNext(c.PostForm("next")), Reset: h.Accounts.ConfirmsByMail()}
	data.Form.Values["email"] = email
	u, err := h.Accounts.Login(c.Request.Context(), email, c.PostForm("password"), core.ClientAddress(c))
	var wait *account.WaitError
	switch {
	case errors.As(err, &wait):
		core.SetRetryAfter(c, wait.Wait)
		if wait.Wait < time.Minute {
			data.Form.Errors[""] = tr.N("login.too_many_seconds", int(math.Ceil(wait.Wait.Seconds())))
		} else {
			data.Form.Errors[""] = tr.N("login.too_many", int(math.Ceil(wait.Wait.Minutes())))
		}
		h.RenderWith(c, tr, http.StatusTooManyRequests, "login", tr.T("login.title"), data)
		return nil
	case tournament.ErrorCode(err) == tournament.EUNAUTHORIZED:
		data.Form.Errors[""] = tr.T("login.wrong")
		if data.Reset {
			// A sign-up by mail has no password until its link is
			// followed; this says so without telling whether one exists.
			data.Notice = "login.confirm_first"
		}
		h.RenderWith(c, tr, http.StatusUnauthorized, "login", tr.T("login.title"), data)
		return nil
	case tournament.ErrorCode(err) == tournament.EFORBIDDEN:
		// The right password of a sign-up the administrator has not yet
		// approved (the account service tells only its owner).
		data.Notice = "login.awaiting_approval"
		h.RenderWith(c, tr, http.StatusForbidden, "login", tr.T("login.title"), data)
		return nil
	case err != nil:
		return err
	}
	if err := h.startSession(c, u); err != nil {
		return err
	}
	c.Redirect(http.StatusSeeOther, data.Next)
	return nil
}

// logout ends the session on the server, so that a copy of the cookie no
// longer works anywhere, and drops the cookie.
func (h *handler) logout(c *gin.Context) error {
	if cookie, err := c.Cookie(core.SessionCookie); err == nil {
		if value, ok := h.Sessions.Open(cookie); ok {
			if err := h.Accounts.EndSession(c.Request.Context(), value); err != nil {
				return err
			}
		}
	}
	core.SetCookie(c, core.SessionCookie, "", -time.Second)
	c.Redirect(http.StatusSeeOther, "/")
	return nil
}

// setupLink is the one-time address that creates the first administrator of
// a fresh database. It works once; the server prints it at start-up only
// when there are no accounts.
type setupLink struct {
	mu    sync.Mutex
	token string
}

func (s *setupLink) valid(token string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.token != "" && subtle.ConstantTimeCompare([]byte(s.token), []byte(token)) == 1
}

// use spends the link; false when it was already spent or is wrong.
func (s *setupLink) use(token string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.token == "" || subtle.ConstantTimeCompare([]byte(s.token), []byte(token)) != 1 {
		return false
	}
	s.token = ""
	return true
}

func (s *setupLink) restore(token string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.token = token
}

type setupPageData struct {
	Form  *kit.Form
	Token string
}

// setupOpen reports whether the setup link token still works: it is the
// right one, and no administrator exists yet, on any instance (one may
// have been added from the command line). Once one exists the link is
// spent for good.
func (h *handler) setupOpen(c *gin.Context, token string) (bool, error) {
	if !h.setupLink.valid(token) {
		return false, nil
	}
	has, err := h.Accounts.HasAdmin(c.Request.Context())
	if err != nil {
		return false, err
	}
	if has {
		h.setupLink.use(token)
		return false, nil
	}
	return true, nil
}

func (h *handler) setupPage(c *gin.Context) error {
	if open, err := h.setupOpen(c, c.Param("token")); err != nil || !open {
		if err != nil {
			return err
		}
		return tournament.NotFound("this setup link is not valid or was already used")
	}
	h.Render(c, http.StatusOK, "setup", "setup.title", setupPageData{Form: kit.NewForm(), Token: c.Param("token")})
	return nil
}

func (h *handler) setup(c *gin.Context) error {
	token := c.Param("token")
	if open, err := h.setupOpen(c, token); err != nil || !open {
		if err != nil {
			return err
		}
		return tournament.NotFound("this setup link is not valid or was already used")
	}
	data := setupPageData{Form: kit.NewForm(), Token: token}
	for _, f := range []string{"email", "surname", "given_names", "patronymic"} {
		data.Form.Values[f] = c.PostForm(f)
	}
	in := account.NewUser{Email: c.PostForm("email"), Names: nameParts(data.Form), Role: string(tournament.Admin), Password: c.PostForm("password"), Locale: string(h.Lang(c))}
	if !h.setupLink.use(token) {
		return tournament.NotFound("this setup link is not valid or was already used")
	}
	u, err := h.Accounts.AddUser(c.Request.Context(), in)
	if err != nil {
		h.setupLink.restore(token) // nothing was created: the link still works
		if err := data.Form.Fail(err, h.Translator(c)); err != nil {
			return err
		}
		h.Render(c, kit.FormStatus(err), "setup", "setup.title", data)
		return nil
	}
	if err := h.startSession(c, u); err != nil {
		return err
	}
	c.Redirect(http.StatusSeeOther, "/")
	return nil
}
