package core

import (
	"context"
	"errors"
	"math"
	"net/http"
	"strconv"
	"time"

	"github.com/gin-gonic/gin"

	"adiukh/tournament"
	"adiukh/tournament/account"
	"adiukh/tournament/catalog"
)

// StatusOf is the one table from domain error codes to HTTP statuses.
var StatusOf = map[string]int{
	tournament.EINVALID:      http.StatusBadRequest,
	tournament.EUNAUTHORIZED: http.StatusUnauthorized,
	tournament.EFORBIDDEN:    http.StatusForbidden,
	tournament.ENOTFOUND:     http.StatusNotFound,
	tournament.ECONFLICT:     http.StatusConflict,
	tournament.ETOOMANY:      http.StatusTooManyRequests,
	tournament.ETOOLARGE:     http.StatusRequestEntityTooLarge,
	tournament.EUNAVAILABLE:  http.StatusServiceUnavailable,
}

// ErrorBody is the JSON shape of every error answer.
type ErrorBody struct {
	Code    string `json:"code"`
	Message string `json:"message"`
	Field   string `json:"field,omitempty"`
	// Line and Details place the problems of an input made of lines: each
	// detail names its line and field.
	Line    int         `json:"line,omitempty"`
	Details []ErrorBody `json:"details,omitempty"`
}

// NewErrorBody writes a domain error with its details, the messages in the
// localizer's language.
func NewErrorBody(e *tournament.Error, l *catalog.Localizer) ErrorBody {
	b := ErrorBody{Code: e.Code, Message: l.Phrase(e), Field: e.Field, Line: e.Line}
	for _, d := range e.Details {
		b.Details = append(b.Details, NewErrorBody(d, l))
	}
	return b
}

// JSONLocalizer is the language of a JSON answer's messages: the one the
// client's Accept-Language asks for, English when it asks for none. English
// too goes through the catalogue, for its plural forms.
func JSONLocalizer(c *gin.Context) *catalog.Localizer {
	return catalog.For(JSONLang(c))
}

// JSONLang is the language of a JSON answer: what Accept-Language asks
// for, English when it asks for none.
func JSONLang(c *gin.Context) catalog.Lang {
	if lang, ok := catalog.FromAcceptLanguage(c.GetHeader("Accept-Language")); ok {
		return lang
	}
	return catalog.English
}

// StatusClientClosedRequest is the status logged for a request whose
// client left before the answer (nginx's 499): nobody reads it.
const StatusClientClosedRequest = 499

// ClientLeft reports whether err only says that the request's client left
// (its context ended while the answer was being made, as when a reader
// closes a live game's stream before its first event): that is no failure
// of the server's, so it is neither logged as one nor answered with a 500.
// The status is set to StatusClientClosedRequest for the access log.
func ClientLeft(c *gin.Context, err error) bool {
	if c.Request.Context().Err() == nil || !(errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded)) {
		return false
	}
	c.AbortWithStatus(StatusClientClosedRequest)
	return true
}

// FailJSON answers an error as JSON. A domain error is shown as it is, its
// message in the language the client's Accept-Language asks for (English
// when it asks for none: scripts read the code and the field); anything
// else is logged with its cause and answered as a bare 500.
func (h *Server) FailJSON(c *gin.Context, err error) {
	if ClientLeft(c, err) {
		return
	}
	var body ErrorBody
	status := http.StatusInternalServerError
	var e *tournament.Error
	if errors.As(err, &e) && StatusOf[e.Code] != 0 {
		status, body = StatusOf[e.Code], NewErrorBody(e, JSONLocalizer(c))
	} else {
		h.Log.Error("request failed", "method", c.Request.Method, "path", c.Request.URL.Path, "err", err)
		body = ErrorBody{Code: "EINTERNAL", Message: "internal error; the server log has the details"}
	}
	if status == http.StatusUnauthorized {
		c.Header("WWW-Authenticate", `Bearer realm="adiukh"`)
	}
	RetryAfterOf(c, err)
	c.AbortWithStatusJSON(status, body)
}

// SetRetryAfter tells a client refused for going too fast when to come back.
func SetRetryAfter(c *gin.Context, wait time.Duration) {
	c.Header("Retry-After", strconv.Itoa(int(math.Ceil(wait.Seconds()))))
}

// RetryAfterOf sets Retry-After when err is a refusal by the sign-in
// limits, whichever call checked a password (a token, a password change),
// by the solver's queue, or of a database that refuses writes.
func RetryAfterOf(c *gin.Context, err error) {
	var wait *account.WaitError
	if errors.As(err, &wait) {
		SetRetryAfter(c, wait.Wait)
		return
	}
	// A domain refusal for going too fast (the solver's queue), or of a
	// server that cannot save now, says when.
	var e *tournament.Error
	if errors.As(err, &e) && (e.Code == tournament.ETOOMANY || e.Code == tournament.EUNAVAILABLE) && e.RetryAfter > 0 {
		SetRetryAfter(c, e.RetryAfter)
	}
}
