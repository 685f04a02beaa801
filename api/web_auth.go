package api

import (
	"crypto/subtle"
	"math"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/gin-gonic/gin"

	"adiukh/tournament"
	"adiukh/tournament/account"
)

type loginPageData struct {
	Form *form
	Next string
}

// safeNext keeps a return address on this site: only a local path.
func safeNext(next string) string {
	if !strings.HasPrefix(next, "/") || strings.HasPrefix(next, "//") || strings.HasPrefix(next, "/\\") {
		return "/"
	}
	return next
}

func (h *handler) loginPage(c *gin.Context) error {
	h.render(c, http.StatusOK, "login", "login.title", loginPageData{Form: newForm(), Next: safeNext(c.Query("next"))})
	return nil
}

// login checks the password (argon2id, in the account service) under the
// limiter: five failures per address or per e-mail in 15 minutes lock out
// further tries for the rest of that window.
func (h *handler) login(c *gin.Context) error {
	tr := h.translator(c)
	email := strings.ToLower(strings.TrimSpace(c.PostForm("email")))
	data := loginPageData{Form: newForm(), Next: safeNext(c.PostForm("next"))}
	data.Form.Values["email"] = email
	keys := []string{"ip:" + c.ClientIP(), "email:" + email}
	if wait := h.limiter.retryAfter(keys...); wait > 0 {
		minutes := int(math.Ceil(wait.Minutes()))
		c.Header("Retry-After", strconv.Itoa(int(math.Ceil(wait.Seconds()))))
		data.Form.Errors[""] = tr.N("login.too_many", minutes)
		h.renderWith(c, tr, http.StatusTooManyRequests, "login", tr.T("login.title"), data)
		return nil
	}
	u, err := h.Accounts.Login(c.Request.Context(), email, c.PostForm("password"))
	if tournament.ErrorCode(err) == tournament.EUNAUTHORIZED {
		h.limiter.fail(keys...)
		data.Form.Errors[""] = tr.T("login.wrong")
		h.renderWith(c, tr, http.StatusUnauthorized, "login", tr.T("login.title"), data)
		return nil
	}
	if err != nil {
		return err
	}
	h.limiter.succeed(keys...)
	setCookie(c, sessionCookie, h.sessions.issue(u.Email), sessionTTL)
	c.Redirect(http.StatusSeeOther, data.Next)
	return nil
}

func (h *handler) logout(c *gin.Context) error {
	setCookie(c, sessionCookie, "", -time.Second)
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
	Form  *form
	Token string
}

func (h *handler) setupPage(c *gin.Context) error {
	if !h.setupLink.valid(c.Param("token")) {
		return tournament.NotFound("this setup link is not valid or was already used")
	}
	h.render(c, http.StatusOK, "setup", "setup.title", setupPageData{Form: newForm(), Token: c.Param("token")})
	return nil
}

func (h *handler) setup(c *gin.Context) error {
	token := c.Param("token")
	if !h.setupLink.valid(token) {
		return tournament.NotFound("this setup link is not valid or was already used")
	}
	data := setupPageData{Form: newForm(), Token: token}
	for _, f := range []string{"email", "name"} {
		data.Form.Values[f] = c.PostForm(f)
	}
	in := account.NewUser{Email: c.PostForm("email"), Name: c.PostForm("name"), Role: string(tournament.Admin), Password: c.PostForm("password"), Locale: h.lang(c)}
	if !h.setupLink.use(token) {
		return tournament.NotFound("this setup link is not valid or was already used")
	}
	u, err := h.Accounts.AddUser(c.Request.Context(), in)
	if err != nil {
		h.setupLink.restore(token) // nothing was created: the link still works
		if err := data.Form.fail(err, h.translator(c)); err != nil {
			return err
		}
		h.render(c, formStatus(err), "setup", "setup.title", data)
		return nil
	}
	setCookie(c, sessionCookie, h.sessions.issue(u.Email), sessionTTL)
	c.Redirect(http.StatusSeeOther, "/")
	return nil
}
