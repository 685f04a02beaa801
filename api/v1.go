package api

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"

	"adiukh/tournament"
)

// routesV1 registers the JSON API. Reads go to anyone (the service hides
// private events); writes need an API token.
func (h *handler) routesV1(g *gin.RouterGroup) {
	g.Use(h.bearerAuth)
	g.POST("/tokens", h.postToken)
	g.GET("/tiebreaks", h.getTieBreaks)
	g.GET("/events", h.getEvents)
	g.GET("/events/:id", h.getEvent)
	g.GET("/events/:id/players", h.getPlayers)
	g.GET("/events/:id/rounds", h.getRounds)
	g.GET("/events/:id/rounds/:n", h.getRound)
	g.GET("/events/:id/standings", h.getStandings)
	g.GET("/events/:id/crosstable", h.getCrosstable)
	h.routesExports(g)

	w := g.Group("", h.requireUser)
	w.GET("/me", h.getMe)
	w.GET("/events/:id/audit", h.getAudit)
	w.POST("/events", h.postEvent)
	w.PATCH("/events/:id", h.patchEvent)
	w.POST("/events/:id/players", h.postPlayer)
	w.PATCH("/events/:id/players/:pid", h.patchPlayer)
	w.DELETE("/events/:id/players/:pid", h.deletePlayer)
	w.POST("/events/:id/players/renumber", h.postRenumber)
	w.POST("/events/:id/rounds", h.postRound)
	w.POST("/events/:id/rounds/:n/publish", h.postPublish)
	w.DELETE("/events/:id/rounds/:n", h.deleteRound)
	w.PUT("/events/:id/rounds/:n/games/:board/result", h.putResult)
	h.teamRoutesV1(g, w)
	h.reviewRoutesV1(w)
	h.swissRoutesV1(g, w)
}

// maxJSONBody is the largest JSON request body read.
const maxJSONBody = 1 << 20

// decodeJSON reads a request body strictly: a body over maxJSONBody, unknown
// fields, wrong types and anything after the JSON value are errors that name
// the field or the place.
func decodeJSON(c *gin.Context, v any) error {
	body, err := io.ReadAll(http.MaxBytesReader(c.Writer, c.Request.Body, maxJSONBody))
	var tooLarge *http.MaxBytesError
	switch {
	case errors.As(err, &tooLarge):
		return tournament.Invalid("body", "the JSON body is larger than the limit of %d KiB", tooLarge.Limit/1024)
	case err != nil:
		return tournament.Invalid("body", "the request body could not be read: %v", err)
	case len(bytes.TrimSpace(body)) == 0:
		return tournament.Invalid("body", "the request needs a JSON body")
	}
	var typeErr *json.UnmarshalTypeError
	var syntaxErr *json.SyntaxError
	err = json.Unmarshal(body, v)
	switch {
	case errors.As(err, &typeErr):
		return tournament.Invalid(typeErr.Field, "must be %s, not a JSON %s", jsonKind(typeErr.Type.Kind()), typeErr.Value)
	case errors.As(err, &syntaxErr):
		return tournament.Invalid("body", "not valid JSON at byte %d: %v", syntaxErr.Offset, err)
	case err != nil:
		return tournament.Invalid("body", "not valid JSON: %v", err)
	}
	if field := unknownField(body, reflect.TypeOf(v)); field != "" {
		return tournament.Invalid(field, "unknown field")
	}
	return nil
}

var jsonUnmarshaler = reflect.TypeFor[json.Unmarshaler]()

// unknownField finds a member of the JSON value data that the Go type t has
// no field for, and returns its path ("players.2.nmae"); "" when there is
// none. Names match as encoding/json matches them, ignoring case. data has
// already been decoded into t, so a value of the wrong shape is not looked at.
func unknownField(data []byte, t reflect.Type) string {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if reflect.PointerTo(t).Implements(jsonUnmarshaler) {
		return ""
	}
	switch t.Kind() {
	case reflect.Struct:
		var members map[string]json.RawMessage
		if json.Unmarshal(data, &members) != nil {
			return ""
		}
		names := make([]string, 0, len(members))
		for name := range members {
			names = append(names, name)
		}
		slices.Sort(names)
		for _, name := range names {
			f, ok := jsonField(t, name)
			if !ok {
				return name
			}
			if sub := unknownField(members[name], f.Type); sub != "" {
				return name + "." + sub
			}
		}
	case reflect.Slice, reflect.Array:
		var items []json.RawMessage
		if json.Unmarshal(data, &items) != nil {
			return ""
		}
		for i, item := range items {
			if sub := unknownField(item, t.Elem()); sub != "" {
				return strconv.Itoa(i) + "." + sub
			}
		}
	case reflect.Map:
		var values map[string]json.RawMessage
		if json.Unmarshal(data, &values) != nil {
			return ""
		}
		for key, value := range values {
			if sub := unknownField(value, t.Elem()); sub != "" {
				return key + "." + sub
			}
		}
	}
	return ""
}

// jsonField finds the field of struct type t that encoding/json fills from
// the member name.
func jsonField(t reflect.Type, name string) (reflect.StructField, bool) {
	for _, f := range reflect.VisibleFields(t) {
		tag, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if !f.IsExported() || tag == "-" || (f.Anonymous && tag == "" && f.Type.Kind() == reflect.Struct) {
			continue
		}
		if tag == "" {
			tag = f.Name
		}
		if strings.EqualFold(tag, name) {
			return f, true
		}
	}
	return reflect.StructField{}, false
}

// jsonKind names what a Go kind expects in JSON words.
func jsonKind(k reflect.Kind) string {
	switch k {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64, reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "a whole number"
	case reflect.Float32, reflect.Float64:
		return "a number"
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "true or false"
	case reflect.Slice, reflect.Array:
		return "a list"
	}
	return "an object"
}

// pathInt reads a positive whole-number path parameter.
func pathInt(c *gin.Context, name string) (int64, error) {
	v, err := strconv.ParseInt(c.Param(name), 10, 64)
	if err != nil || v <= 0 {
		return 0, tournament.Invalid(name, "%q in the path is not a positive whole number", c.Param(name))
	}
	return v, nil
}

// pathInts reads several path parameters, stopping at the first bad one.
func pathInts(c *gin.Context, names ...string) ([]int64, error) {
	values := make([]int64, len(names))
	for i, name := range names {
		v, err := pathInt(c, name)
		if err != nil {
			return nil, err
		}
		values[i] = v
	}
	return values, nil
}

type tokenBody struct {
	Email    string `json:"email"`
	Password string `json:"password"`
}

// postToken trades an e-mail and password for a new API token.
func (h *handler) postToken(c *gin.Context) {
	var body tokenBody
	if err := decodeJSON(c, &body); err != nil {
		h.failJSON(c, err)
		return
	}
	u, err := h.Accounts.Login(c.Request.Context(), body.Email, body.Password)
	if err != nil {
		h.failJSON(c, err)
		return
	}
	token, err := h.Accounts.CreateToken(c.Request.Context(), u.Email)
	if err != nil {
		h.failJSON(c, err)
		return
	}
	c.JSON(http.StatusCreated, gin.H{"token": token})
}

func (h *handler) getMe(c *gin.Context) {
	u := tournament.UserFromContext(c.Request.Context())
	c.JSON(http.StatusOK, gin.H{"id": u.ID, "email": u.Email, "name": u.Name, "role": u.Role, "locale": u.Locale})
}

type tieBreakView struct {
	ID     string `json:"id"`
	NameRU string `json:"name_ru"`
	NameEN string `json:"name_en"`
}

func tieBreakViews(tbs []tournament.TieBreakInfo) []tieBreakView {
	views := make([]tieBreakView, len(tbs))
	for i, tb := range tbs {
		views[i] = tieBreakView{tb.ID, tb.NameRU, tb.NameEN}
	}
	return views
}

func (h *handler) getTieBreaks(c *gin.Context) {
	c.JSON(http.StatusOK, gin.H{"tiebreaks": tieBreakViews(h.Events.TieBreaks())})
}

// queryInt reads an optional whole-number query parameter.
func queryInt(c *gin.Context, name string) (int, error) {
	s := c.Query(name)
	if s == "" {
		return 0, nil
	}
	v, err := strconv.Atoi(s)
	if err != nil {
		return 0, tournament.Invalid(name, "%q is not a whole number", s)
	}
	return v, nil
}
