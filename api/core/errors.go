package api

import (
	"errors"
	"net/http"

	"github.com/gin-gonic/gin"

	"adiukh/tournament"
	"adiukh/tournament/catalog"
)

// statusOf is the one table from domain error codes to HTTP statuses.
var statusOf = map[string]int{
	tournament.EINVALID:      http.StatusBadRequest,
	tournament.EUNAUTHORIZED: http.StatusUnauthorized,
	tournament.EFORBIDDEN:    http.StatusForbidden,
	tournament.ENOTFOUND:     http.StatusNotFound,
	tournament.ECONFLICT:     http.StatusConflict,
	tournament.ETOOMANY:      http.StatusTooManyRequests,
	tournament.ETOOLARGE:     http.StatusRequestEntityTooLarge,
}

// errorBody is the JSON shape of every error answer.
type errorBody struct {
	Code    string `json:"code"`
	Message string `json:"message"`
	Field   string `json:"field,omitempty"`
	// Line and Details place the problems of an input made of lines: each
	// detail names its line and field.
	Line    int         `json:"line,omitempty"`
	Details []errorBody `json:"details,omitempty"`
}

// newErrorBody writes a domain error with its details, the messages in the
// localizer's language.
func newErrorBody(e *tournament.Error, l *catalog.Localizer) errorBody {
	b := errorBody{Code: e.Code, Message: l.Error(e), Field: e.Field, Line: e.Line}
	for _, d := range e.Details {
		b.Details = append(b.Details, newErrorBody(d, l))
	}
	return b
}

// jsonLocalizer is the language of a JSON answer's messages: the one the
// client's Accept-Language asks for, English when it asks for none. English
// too goes through the catalogue, for its plural forms.
func jsonLocalizer(c *gin.Context) *catalog.Localizer {
	if lang, ok := catalog.FromAcceptLanguage(c.GetHeader("Accept-Language")); ok {
		return catalog.For(lang)
	}
	return catalog.For(catalog.English)
}

// failJSON answers an error as JSON. A domain error is shown as it is, its
// message in the language the client's Accept-Language asks for (English
// when it asks for none: scripts read the code and the field); anything
// else is logged with its cause and answered as a bare 500.
func (h *handler) failJSON(c *gin.Context, err error) {
	var body errorBody
	status := http.StatusInternalServerError
	var e *tournament.Error
	if errors.As(err, &e) && statusOf[e.Code] != 0 {
		status, body = statusOf[e.Code], newErrorBody(e, jsonLocalizer(c))
	} else {
		h.Log.Error("request failed", "method", c.Request.Method, "path", c.Request.URL.Path, "err", err)
		body = errorBody{Code: "EINTERNAL", Message: "internal error; the server log has the details"}
	}
	if status == http.StatusUnauthorized {
		c.Header("WWW-Authenticate", `Bearer realm="adiukh"`)
	}
	retryAfterOf(c, err)
	c.AbortWithStatusJSON(status, body)
}
