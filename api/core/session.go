package core

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"net/http"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"adiukh/tournament"
)

const (
	SessionCookie = "adiukh_session"
	LangCookie    = "adiukh_lang"
)

// Sessions seals and opens session cookies. The cookie holds the session's
// random value, kept by the account service on the server (so that logging
// out ends it on every instance), signed with HMAC-SHA256 so that a forged
// cookie is refused without asking the database.
type Sessions struct {
	secret []byte
}

func (s *Sessions) sign(payload string) string {
	mac := hmac.New(sha256.New, s.secret)
	mac.Write([]byte(payload))
	return base64.RawURLEncoding.EncodeToString(mac.Sum(nil))
}

// Seal returns the cookie value for a session value.
func (s *Sessions) Seal(value string) string {
	return value + "." + s.sign(value)
}

// Open returns the session value of a cookie, or false when the cookie is
// forged or damaged.
func (s *Sessions) Open(cookie string) (string, bool) {
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

// SetCookie writes an HttpOnly, SameSite=Lax cookie, Secure when the
// request came over HTTPS. Lax keeps a signed-in user signed in when they
// follow a link from elsewhere; writes are guarded by the cross-origin check.
func SetCookie(c *gin.Context, name, value string, maxAge time.Duration) {
	secure := c.Request.TLS != nil || c.GetHeader("X-Forwarded-Proto") == "https"
	http.SetCookie(c.Writer, &http.Cookie{
		Name: name, Value: value, Path: "/", MaxAge: int(maxAge.Seconds()),
		HttpOnly: true, Secure: secure, SameSite: http.SameSiteLaxMode,
	})
}

// SessionUser puts the signed-in user of the session cookie, if any, into
// the request context. A bad, ended or expired session is dropped, not an
// error.
func (h *Server) SessionUser(c *gin.Context) {
	if err := h.ReadSession(c); err != nil {
		h.Fail(c, err)
		return
	}
	c.Next()
}

// ReadSession is SessionUser without the rest of the chain: for an answer
// made before the session was read (a body refused as too large), whose
// page still shows who is signed in.
func (h *Server) ReadSession(c *gin.Context) error {
	cookie, err := c.Cookie(SessionCookie)
	if err != nil {
		return nil
	}
	value, ok := h.Sessions.Open(cookie)
	var u *tournament.User
	if ok {
		u, err = h.Accounts.SessionUser(c.Request.Context(), value)
	}
	if !ok || tournament.ErrorCode(err) == tournament.EUNAUTHORIZED {
		SetCookie(c, SessionCookie, "", -time.Second)
		return nil
	}
	if err != nil {
		return err
	}
	signedIn(c, u)
	return nil
}

// NewSessions seals session cookies with secret.
func NewSessions(secret []byte) *Sessions {
	return &Sessions{secret: secret}
}
