package api

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"adiukh/tournament"
)

const (
	sessionCookie = "adiukh_session"
	langCookie    = "adiukh_lang"
	sessionTTL    = 14 * 24 * time.Hour
)

// sessions signs and checks session cookies. The cookie holds the user's
// e-mail and an expiry, signed with HMAC-SHA256: any instance that knows the
// secret accepts it, so several servers behind one address share sign-ins
// without a session table.
type sessions struct {
	secret []byte
	now    func() time.Time
}

func (s *sessions) sign(payload string) string {
	mac := hmac.New(sha256.New, s.secret)
	mac.Write([]byte(payload))
	return base64.RawURLEncoding.EncodeToString(mac.Sum(nil))
}

// issue returns the cookie value for a signed-in user.
func (s *sessions) issue(email string) string {
	payload := email + "|" + strconv.FormatInt(s.now().Add(sessionTTL).Unix(), 10)
	return base64.RawURLEncoding.EncodeToString([]byte(payload)) + "." + s.sign(payload)
}

// email returns the e-mail a cookie value was issued for, or false when the
// value is forged, damaged or expired.
func (s *sessions) email(value string) (string, bool) {
	encoded, sig, ok := strings.Cut(value, ".")
	if !ok {
		return "", false
	}
	raw, err := base64.RawURLEncoding.DecodeString(encoded)
	if err != nil {
		return "", false
	}
	payload := string(raw)
	if !hmac.Equal([]byte(sig), []byte(s.sign(payload))) {
		return "", false
	}
	// The expiry follows the last "|": an e-mail may itself contain one.
	i := strings.LastIndexByte(payload, '|')
	if i < 0 {
		return "", false
	}
	exp, err := strconv.ParseInt(payload[i+1:], 10, 64)
	if err != nil || s.now().Unix() > exp {
		return "", false
	}
	return payload[:i], true
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
// the request context. A bad or stale cookie is dropped, not an error.
func (h *handler) sessionUser(c *gin.Context) {
	value, err := c.Cookie(sessionCookie)
	if err != nil {
		c.Next()
		return
	}
	email, ok := h.sessions.email(value)
	if !ok {
		setCookie(c, sessionCookie, "", -time.Second)
		c.Next()
		return
	}
	u, err := h.Accounts.User(c.Request.Context(), email)
	if tournament.ErrorCode(err) == tournament.ENOTFOUND {
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
