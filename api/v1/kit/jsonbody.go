package kit

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
	"unicode/utf8"

	"github.com/gin-gonic/gin"

	"adiukh/api/core"
	"adiukh/rules"
	"adiukh/tournament"
)

// PathBody reads the integer path parameter name and the request's JSON
// body into a B, as core.PathInt and DecodeJSON read them: the start of a
// handler that changes what its path names with what its body says. A bad
// parameter is answered before the body is read.
func PathBody[B any](c *gin.Context, name string) (int64, B, error) {
	var body B
	id, err := core.PathInt(c, name)
	if err != nil {
		return 0, body, err
	}
	return id, body, DecodeJSON(c, &body)
}

// PathIDsBody reads the integer path parameters names, in their order, and
// the request's JSON body into a B, as core.PathInts and DecodeJSON read
// them: PathBody for a path that names its thing by several ids (an
// event's round, a round's board). A bad parameter is answered before the
// body is read.
func PathIDsBody[B any](c *gin.Context, names ...string) ([]int64, B, error) {
	var body B
	ids, err := core.PathInts(c, names...)
	if err != nil {
		return nil, body, err
	}
	return ids, body, DecodeJSON(c, &body)
}

// DecodeJSON reads a request body strictly: one JSON value in valid UTF-8,
// no key twice in an object, nothing after it; unknown fields and wrong
// types are errors that name the field. The body is already bounded by its
// route's limit, and a body over it says so.
func DecodeJSON(c *gin.Context, v any) error {
	raw, err := RequestBody(c)
	switch {
	case err != nil:
		return err
	case len(bytes.TrimSpace(raw)) == 0 && c.ContentType() != "" && c.ContentType() != "application/json":
		// A form body was read as a form on the way in (curl -d sends one
		// unless told otherwise): say what to send, not only that it is empty.
		return tournament.Invalid("body", "the request needs a JSON body sent as Content-Type: application/json; this one was sent as %s", c.ContentType())
	case len(bytes.TrimSpace(raw)) == 0:
		return tournament.Invalid("body", "the request needs a JSON body")
	case !utf8.Valid(raw):
		return tournament.Invalid("body", "the JSON body is not valid UTF-8 (at byte %d)", invalidUTF8At(raw))
	}
	if err := checkJSONShape(raw); err != nil {
		return err
	}
	err = json.Unmarshal(raw, v)
	var typeErr *json.UnmarshalTypeError
	switch {
	case errors.As(err, &typeErr):
		return tournament.Invalid(typeErr.Field, "must be %s, not %s", jsonKind(typeErr.Type.Kind()), jsonValue(typeErr.Value))
	case err != nil:
		return tournament.Invalid("body", "not valid JSON: %v", err)
	}
	if field := unknownField(raw, reflect.TypeOf(v)); field != "" {
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

func invalidUTF8At(b []byte) int {
	for i := 0; i < len(b); {
		r, size := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && size == 1 {
			return i
		}
		i += size
	}
	return len(b)
}

// checkJSONShape walks the tokens of raw: it must be exactly one value,
// and no object may name a key twice (decoders disagree on which one wins,
// which lets a proxy and the server read different requests).
func checkJSONShape(raw []byte) error {
	dec := json.NewDecoder(bytes.NewReader(raw))
	// Each open object has its keys so far; nil marks an array.
	var stack []map[string]bool
	expectKey := false
	field := "body" // the key of the value being read
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			return tournament.Invalid("body", "not valid JSON: %v", err)
		}
		switch t := tok.(type) {
		case json.Delim:
			switch t {
			case '{':
				stack = append(stack, map[string]bool{})
				expectKey = true
				continue
			case '[':
				stack = append(stack, nil)
			case '}', ']':
				stack = stack[:len(stack)-1]
			}
		case string:
			if strings.ContainsRune(t, 0) {
				if expectKey {
					field = "body"
				}
				return core.NulIn(field)
			}
			if expectKey {
				keys := stack[len(stack)-1]
				if keys[t] {
					return tournament.Invalid(t, "the key %q appears twice in one JSON object", t)
				}
				keys[t] = true
				field = t
				expectKey = false
				continue
			}
		}
		// After a value inside an object comes a key again.
		expectKey = len(stack) > 0 && stack[len(stack)-1] != nil
		if len(stack) == 0 {
			if _, err := dec.Token(); err != io.EOF {
				return tournament.Invalid("body", "there is more after the JSON value (at byte %d); send one JSON value", dec.InputOffset())
			}
			return nil
		}
	}
	return nil
}

// jsonKind names what a Go kind expects in JSON words.
func jsonKind(k reflect.Kind) rules.Message {
	switch k {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64, reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return say("a whole number")
	case reflect.Float32, reflect.Float64:
		return say("a number")
	case reflect.String:
		return say("a string")
	case reflect.Bool:
		return say("true or false")
	case reflect.Slice, reflect.Array:
		return say("a list")
	}
	return say("an object")
}

// jsonValue names the JSON value encoding/json found where another kind
// was wanted: its UnmarshalTypeError gives "string", "number", "bool",
// "array", "object", or a number that does not fit ("number 3.5").
func jsonValue(value string) rules.Message {
	switch value {
	case "string":
		return say("a JSON string")
	case "number":
		return say("a JSON number")
	case "bool":
		return say("JSON true or false")
	case "array":
		return say("a JSON list")
	case "object":
		return say("a JSON object")
	}
	if n, ok := strings.CutPrefix(value, "number "); ok {
		return say("the JSON number %s", n)
	}
	return say("JSON %s", value)
}

// say is text for people made of parts, kept with its English format and
// arguments so that the catalogue can translate it.
func say(format string, args ...any) rules.Message { return rules.Message{Format: format, Args: args} }

// RequestBody reads a request body, already bounded by its route's limit: a
// body over it says so.
func RequestBody(c *gin.Context) ([]byte, error) {
	raw, err := io.ReadAll(c.Request.Body)
	var tooBig *http.MaxBytesError
	switch {
	case errors.As(err, &tooBig):
		return nil, core.TooLarge(tooBig.Limit)
	case err != nil:
		return nil, tournament.Invalid("body", "the request body could not be read: %v", err)
	}
	return raw, nil
}
