package kit

import (
	"encoding/json"
	"reflect"
	"testing"
)

func TestUnknownField(t *testing.T) {
	t.Parallel()
	type board struct {
		White string `json:"white"`
		Black string
	}
	type Embedded struct {
		Note string `json:"note"`
	}
	type input struct {
		Embedded
		Name    *string          `json:"name"`
		Boards  []board          `json:"boards"`
		ByName  map[string]board `json:"by_name"`
		Raw     json.RawMessage  `json:"raw"`
		Ignored string           `json:"-"`
	}
	for _, tc := range []struct{ body, want string }{
		{`{"name": "x", "NAME": "y", "note": "n", "boards": [{"white": "a", "black": "b"}], "raw": {"any": 1}}`, ""},
		{`{"nmae": "x"}`, "nmae"},
		{`{"Ignored": "x"}`, "Ignored"},
		{`{"Embedded": {}}`, "Embedded"},
		{`{"boards": [{"white": "a"}, {"whit": "b"}]}`, "boards.1.whit"},
		{`{"by_name": {"first": {"blak": "c"}}}`, "by_name.first.blak"},
	} {
		var in input
		if err := json.Unmarshal([]byte(tc.body), &in); err != nil {
			t.Fatal(err)
		}
		if got := unknownField([]byte(tc.body), reflect.TypeOf(&in)); got != tc.want {
			t.Errorf("%s: unknown field %q, want %q", tc.body, got, tc.want)
		}
	}
}
