package composition

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"adiukh/rules"
	"adiukh/rules/adiukh"
	"adiukh/rules/solve"
)

// TestFindingsKeepTheirMessages: a report kept as JSON and read back says
// the same, argument for argument, so it can be shown in any language.
func TestFindingsKeepTheirMessages(t *testing.T) {
	t.Parallel()
	st, err := solve.ParseStipulation("black 15")
	if err != nil {
		t.Fatal(err)
	}
	points := say("%d points", 13)
	f := Findings{Verdict: Unsound, Keys: []string{"d6:f8"},
		Refutation: &Refutation{Reason: Text{say("%s does not hold: %s", st, say("White can force %s and Black can hold White to %s", points, say("no final position")))}, Line: []string{"d6:f8", "b2-c3"}},
		Duals:      []Dual{{Ply: 3, Move: "f8:d6", Alternatives: []string{"f8:h6", "f8:b4"}}},
		Faults:     []Fault{{Ply: 5, Move: "e7:c5"}}}
	kept, err := json.Marshal(f)
	if err != nil {
		t.Fatal(err)
	}
	var back Findings
	if err := json.Unmarshal(kept, &back); err != nil {
		t.Fatalf("read %s: %v", kept, err)
	}
	if !reflect.DeepEqual(back, f) {
		t.Errorf("kept %s, read back %+v, want %+v", kept, back, f)
	}
	// The solver's messages are kept by key, so that rewording one keeps
	// the works checked before it readable in every language.
	if !strings.Contains(string(kept), `"key":"solve.does_not_hold"`) || strings.Contains(string(kept), "does not hold") {
		t.Errorf("kept %s: want the solver's messages by key, not their English format", kept)
	}
	if got, want := back.Refutation.Message().String(), "black 15 does not hold: White can force 13 points and Black can hold White to no final position: d6:f8 b2-c3"; got != want {
		t.Errorf("the refutation reads %q, want %q", got, want)
	}
	if _, ok := back.Refutation.Reason.Args[0].(solve.Stipulation); !ok {
		t.Errorf("the stipulation came back as %T", back.Refutation.Reason.Args[0])
	}
	colour := Text{say("%s has no move", rules.Black)}
	b, err := json.Marshal(colour)
	var c Text
	if err != nil || json.Unmarshal(b, &c) != nil || !reflect.DeepEqual(c, colour) {
		t.Errorf("a colour kept as %s came back as %+v, %v", b, c, err)
	}
}

// TestFindingsKeptAsSentences: works checked before the findings were kept
// as messages hold English sentences; they are read into the same fields.
func TestFindingsKeptAsSentences(t *testing.T) {
	t.Parallel()
	old := `{"verdict":"unsound","keys":["d6:f8"],"duals":["ply 3: f8:d6, also f8:h6, f8:b4"],` +
		`"refutation":"black wins does not hold: best play ends 12:12: d6:f8 b2-c3","faults":["ply 5: e7:c5 does not keep the stipulation"]}`
	var f Findings
	if err := json.Unmarshal([]byte(old), &f); err != nil {
		t.Fatal(err)
	}
	want := Findings{Verdict: Unsound, Keys: []string{"d6:f8"},
		Duals:      []Dual{{Ply: 3, Move: "f8:d6", Alternatives: []string{"f8:h6", "f8:b4"}}},
		Refutation: &Refutation{Reason: Plain("black wins does not hold: best play ends 12:12: d6:f8 b2-c3")},
		Faults:     []Fault{{Ply: 5, Move: "e7:c5"}}}
	if !reflect.DeepEqual(f, want) {
		t.Errorf("read %+v, want %+v", f, want)
	}
	for _, bad := range []string{`{"duals":["three: f8:d6"]}`, `{"faults":["ply x"]}`, `{"refutation":{"reason":{"format":"%s","args":[{}]}}}`} {
		if err := json.Unmarshal([]byte(bad), &Findings{}); err == nil {
			t.Errorf("%s was read without an error", bad)
		}
	}
}

// Where ReadLine refuses an answer is kept with the answer (errorText) by
// the key of its message, as what CheckAnswer says of it is, so that the
// answers kept before a rewording read in the new words.
func TestRefusedLineIsStoredByKey(t *testing.T) {
	t.Parallel()
	for text, key := range map[string]string{"c3-d4 zz": "composition.line.move", "c3-d4 (f6-e5": "composition.line.parentheses"} {
		_, err := ReadLine(adiukh.Start(), rules.White, text)
		if err == nil {
			t.Fatalf("%q was read", text)
		}
		b, jerr := json.Marshal(errorText(err))
		if jerr != nil || !strings.HasPrefix(string(b), `{"key":"`+key+`"`) || strings.Contains(string(b), `"format"`) {
			t.Errorf("%q is refused with %s (%v), want it by the key %s", text, b, jerr, key)
		}
	}
}
