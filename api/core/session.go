package api

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"net/http"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"adiukh/tournament"
	"adiukh/tournament/account"
)

const (
	sessionCookie = "adiukh_session"
	langCookie    = "adiukh_lang"
)

// sessions seals and opens session cookies. The cookie holds the session's
// random value, kept by the account service on the server (so that logging
// out ends it on every instance), signed with HMAC-SHA256 so that a forged
// cookie is refused without asking the database.
type sessions struct {
	secret []byte
}

func (s *sessions) sign(payload string) string {
	mac := hmac.New(sha256.New, s.secret)
	mac.Write([]byte(payload))
	return base64.RawURLEncoding.EncodeToString(mac.Sum(nil))
}

// seal returns the cookie value for a session value.
func (s *sessions) seal(value string) string {
	return value + "." + s.sign(value)
}

// open returns the session value of a cookie, or false when the cookie is
// forged or damaged.
func (s *sessions) open(cookie string) (string, bool) {
	i := strings.LastIndexByte(cookie, '.')
	if i < 0 {
		return "", false
	}
	value, sig := cookie[:i], cookie[i+1:]
	if !hmac.Equal([]byte(sig), []byte(s.sign(value))) {
		return "", false
	}
	return value, true
}

// startSession signs u in: a new server-side session and its cookie.
func (h *handler) startSession(c *gin.Context, u *tournament.User) error {
	value, err := h.Accounts.StartSession(c.Request.Context(), u)
	if err != nil {
		return err
	}
	setCookie(c, sessionCookie, h.sessions.seal(value), account.SessionTTL)
	return nil
}

// setCookie writes an HttpOnly, SameSite=Lax cookie, Secure when the
// request came over HTTPS. Lax keeps a signed-in user signed in when they
// follow a link from elsewhere; writes are guarded by the cross-origin check.
func setCookie(c *gin.Context, name, value string, maxAge time.Duration) {
	secure := c.Request.TLS != nil || c.GetHeader("X-Forwarded-Proto") == "https"
	http.SetCookie(c.Writer, &http.Cookie{
		Name: name, Value: value, Path: "/", MaxAge: int(maxAge.Seconds()),
		HttpOnly: true, Secure: secure, SameSite: http.SameSiteLaxMode,
	})
}

// sessionUser puts the signed-in user of the session cookie, if any, into
// the request context. A bad, ended or expired session is dropped, not an
// error.
func (h *handler) sessionUser(c *gin.Context) {
	cookie, err := c.Cookie(sessionCookie)
	if err != nil {
		c.Next()
		return
	}
	value, ok := h.sessions.open(cookie)
	var u *tournament.User
	if ok {
		u, err = h.Accounts.SessionUser(c.Request.Context(), value)
	}
	if !ok || tournament.ErrorCode(err) == tournament.EUNAUTHORIZED {
		setCookie(c, sessionCookie, "", -time.Second)
		c.Next()
		return
	}
	if err != nil {
		h.failHTML(c, err)
		return
	}
	c.Request = c.Request.WithContext(tournament.NewContextWithUser(c.Request.Context(), u))
	c.Next()
}
