package composition

import (
	"context"
	"errors"
	"strings"
	"testing"

	"adiukh/rules"
	"adiukh/rules/adiukh"
	"adiukh/rules/solve"
	"adiukh/tournament"
)

// Positions four plies before the end of two random games
// (rules/solve/testdata/late.txt): all 24 checkers on the board.
const (
	g005 = "white: a5-1/6, b2-1, d4-4/1, d8-1/3, e7-3/1; black: d6-1/2"
	g019 = "white: b8-3, c7-1/4, d6-3/1; black: c1-4/2, e1-1/2, g1-1/1, h4-1"
	g013 = "white: c7-1/3, e7-1, f8-3, h8-5/3; black: d2-5, h2-1/2"
)

func valid(t *testing.T, e Entry) *Problem {
	t.Helper()
	pr, err := Validate(e)
	if err != nil {
		t.Fatalf("%+v: %v", e, err)
	}
	return pr
}

func TestValidate(t *testing.T) {
	t.Parallel()
	pr := valid(t, Entry{Position: g005, Side: "черные", Stipulation: "точно 18:6", Solution: "1... d6:f8 2. b2-c3 (2. d8:b6 f8:d6) f8:d6 3. e7:c5"})
	if pr.Side != rules.Black || pr.Stipulation.String() != "exact 18:6" || len(pr.Solution) != 4 || pr.Solution[3].String() != "e7:c5" {
		t.Fatalf("problem %+v", pr)
	}
	for _, tc := range []struct {
		entry        Entry
		field, where string
	}{
		{Entry{Position: "white: a5-1/6, z9; black: d6", Side: "white", Stipulation: "white wins"}, "position", "position, character 16: \"z9\" is not a dark square"},
		{Entry{Position: "white: a5-1/6; black: d6-1/2", Side: "white", Stipulation: "white wins"}, "position", "all 12 white and 12 black checkers on the board (checkers are never removed in Adiukh); this position has 3 white and 7 black"},
		{Entry{Position: g005, Side: "red", Stipulation: "draw"}, "side", "\"red\" is not a side to move"},
		{Entry{Position: "white: b8-12; black: a1-12", Side: "white", Stipulation: "draw"}, "side", "white has no move in this position: it is already final"},
		{Entry{Position: g005, Side: "black", Stipulation: "white wins"}, "stipulation", "the stipulation \"white wins\" is set for white, but black is to move"},
		{Entry{Position: g005, Side: "black", Stipulation: "exact 13:10"}, "stipulation", "exact 13:10 is not a game score"},
		{Entry{Position: g005, Side: "black", Stipulation: "mate"}, "stipulation", "\"mate\" is not a stipulation"},
		{Entry{Position: g005, Side: "black", Stipulation: "black wins", Solution: "1... d6:f8 2. b2-b3"}, "solution", `move 2: "b2-b3": "b3" is not a dark square`},
		// Moves are numbered as the line numbers them, White's and Black's
		// in one move, not counted one by one: Black's third is in move 3.
		{Entry{Position: g005, Side: "black", Stipulation: "black wins", Solution: "1... d6:f8 2. b2-c3 f8:d6 3. e7:c5 h2-g3"}, "solution", "move 3: h2-g3"},
		{Entry{Position: g005, Side: "black", Stipulation: "black wins", Solution: "d6:f8 (b2-c3"}, "solution", "parentheses"},
	} {
		_, err := Validate(tc.entry)
		var te *tournament.Error
		if !errors.As(err, &te) || te.Code != tournament.EINVALID || te.Field != tc.field || !strings.Contains(te.Message, tc.where) {
			t.Errorf("%+v: error %v, want %s: …%s…", tc.entry, err, tc.field, tc.where)
		}
	}
	_, err := Validate(Entry{Position: "white: a1", Side: "green", Stipulation: ""})
	var te *tournament.Error
	if !errors.As(err, &te) || len(te.Details) != 3 || te.Details[0].Field != "position" || te.Details[1].Field != "side" || te.Details[2].Field != "stipulation" {
		t.Fatalf("several problems: %v", err)
	}
}

func TestCheck(t *testing.T) {
	t.Parallel()
	s := solve.New(solve.Options{TableBytes: 4 << 20})
	for _, tc := range []struct {
		entry   Entry
		verdict Verdict
		faults  int
	}{
		{Entry{Position: g005, Side: "black", Stipulation: "exact 18:6", Solution: "d6:f8 b2-c3 f8:d6 e7:c5"}, Sound, 0},
		{Entry{Position: g013, Side: "white", Stipulation: "white 16", Solution: "c7-d8"}, Cooked, 0},
		{Entry{Position: g005, Side: "black", Stipulation: "black wins", Solution: "d6:f8"}, Unsound, 0},
		{Entry{Position: g019, Side: "black", Stipulation: "draw", Solution: "h4-g3 d6-e7 g3-h2 c7-d8"}, Sound, 0},
	} {
		r, err := Check(context.Background(), s, valid(t, tc.entry))
		if err != nil {
			t.Fatal(err)
		}
		if r.Verdict != tc.verdict || len(r.Faults) != tc.faults {
			t.Errorf("%s: %s with faults %v, want %s", tc.entry.Stipulation, r.Verdict, r.Faults, tc.verdict)
		}
	}
	// The draw's main line has a dual at ply 3: g3-f2 and g3-h2 both hold.
	r, _ := Check(context.Background(), s, valid(t, Entry{Position: g019, Side: "black", Stipulation: "draw", Solution: "h4-g3"}))
	if len(r.Judgement.Duals) != 1 || r.Judgement.Duals[0].Ply != 3 {
		t.Errorf("duals %+v", r.Judgement.Duals)
	}
	// A budget too small for the proof gives "not proved", never a verdict.
	r, err := Check(context.Background(), solve.New(solve.Options{MaxNodes: 3}), valid(t, Entry{Position: g019, Side: "black", Stipulation: "draw"}))
	if err != nil || r.Verdict != NotProved || r.Limit == nil || r.Limit.MaxNodes != 3 {
		t.Fatalf("small budget: %+v, %v", r, err)
	}
}

func TestCheckAnswer(t *testing.T) {
	t.Parallel()
	s := solve.New(solve.Options{TableBytes: 4 << 20})
	pr := valid(t, Entry{Position: g019, Side: "black", Stipulation: "draw", Solution: "h4-g3 d6-e7 g3-f2 c7-d8"})
	type check struct {
		first, line bool
		fault       string
	}
	for answer, want := range map[string]check{
		"1... h4-g3 2. d6-e7 g3-f2 3. c7-d8": {first: true, line: true},
		// g3-h2 is a dual the solver proves equivalent.
		"h4-g3 d6-e7 g3-h2 c7-d8": {first: true, line: true},
		"h4-g3":                   {first: true, fault: "the answer stops after 1 moves; the solution's main line has 4"},
		"h4-g5":                   {fault: "move 1: h4-g5 is not a legal move for black"},
	} {
		got, err := CheckAnswer(context.Background(), s, pr, answer)
		if err != nil || (check{got.FirstMove, got.Line, got.Fault.String()}) != want {
			t.Errorf("%q: %+v, %v; want %+v", answer, got, err, want)
		}
	}
	// A right key earns its points whatever follows it; a whole solution
	// with moves written after the end of the game is a whole solution.
	pr = valid(t, Entry{Position: g005, Side: "black", Stipulation: "exact 18:6", Solution: "d6:f8 b2-c3 f8:d6 e7:c5"})
	for answer, want := range map[string]check{
		"d6:f8 b2-c3 f8:h6":             {first: true, fault: "move 2: f8:h6 is not a legal move for black"},
		"d6:f8 b2-c3 f8:d6 e7:c5 c3-d4": {first: true, line: true, fault: "the game is over after move 3; what follows is not counted"},
		"d6:f8 b2-c3 f8:d6 e7:c5 (":     {first: true, line: true, fault: "the game is over after move 3; what follows is not counted"},
		"d6:f8 ( b2-c3 f8:d6 e7:c5":     {first: true, fault: "the parentheses of the variations do not match"},
		"d6:f8 b2-c3 f8:d6 e7:c5":       {first: true, line: true},
	} {
		got, err := CheckAnswer(context.Background(), s, pr, answer)
		if err != nil || (check{got.FirstMove, got.Line, got.Fault.String()}) != want {
			t.Errorf("%q: %+v, %v; want %+v", answer, got, err, want)
		}
	}
	p, _ := adiukh.ParsePosition("white: h2; black: e3, g3, g5, g7")
	st, _ := solve.ParseStipulation("white 4")
	fig17 := &Problem{Position: p, Side: rules.White, Stipulation: st}
	got, err := CheckAnswer(context.Background(), s, fig17, "h2:f4:d2")
	if err != nil || got.FirstMove || got.Line || got.Fault.String() != "move 1 (h2:f4:d2) does not fulfil the stipulation" {
		t.Errorf("wrong key: %+v, %v", got, err)
	}
	got, err = CheckAnswer(context.Background(), s, fig17, "h2:f4:h6:f8 e3-d2")
	if err != nil || !got.FirstMove || !got.Line {
		t.Errorf("right answer: %+v, %v", got, err)
	}
}

func TestAggregate(t *testing.T) {
	t.Parallel()
	marks := []float64{3.75, 2, 4, 1}
	if m, err := Aggregate(Mean, marks); err != nil || m != 2.6875 {
		t.Errorf("mean %v, %v", m, err)
	}
	if m, err := Aggregate(TrimmedMean, marks); err != nil || m != 2.875 {
		t.Errorf("trimmed mean %v, %v", m, err)
	}
	for _, tc := range []struct {
		how   Aggregation
		marks []float64
		want  string
	}{
		{Mean, nil, "no judge has marked the entry"},
		{TrimmedMean, []float64{1, 2}, "needs 3 marks or more, the entry has 2"},
		{"median", marks, "\"median\" is not a way to aggregate marks"},
	} {
		if _, err := Aggregate(tc.how, tc.marks); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s %v: %v, want %q", tc.how, tc.marks, err, tc.want)
		}
	}
}

func TestAwardPDN(t *testing.T) {
	t.Parallel()
	pdn := AwardPDN("Конкурс 2026", []Awarded{{Distinction: Distinction{Code: "001", Honour: Prize, Place: 1}, Section: "Задачи", Author: "Алиса",
		Entry: Entry{Position: g005, Side: "black", Stipulation: "exact 18:6", Solution: "1... d6:f8 2. b2-c3 (2. d8:b6 f8:d6) f8:d6 3. e7:c5"}}})
	for _, want := range []string{`[Position "` + g005 + `"]`, `[ToMove "black"]`, `[Stipulation "exact 18:6"]`, `[Award "1 prize"]`, `[Author "Алиса"]`,
		"{1... d6:f8 2. b2-c3 (2. d8:b6 f8:d6) f8:d6 3. e7:c5}", "1... d6xf8 2. b2-c3 f8xd6 3. e7xc5 *"} {
		if !strings.Contains(pdn, want) {
			t.Errorf("PDN lacks %s:\n%s", want, pdn)
		}
	}
	if special := AwardPDN("Конкурс 2026", []Awarded{{Distinction: Distinction{Code: "002", Honour: SpecialPrize, Place: 1}, Entry: Entry{Position: g005, Side: "black"}}}); !strings.Contains(special, `[Award "1 special prize"]`) {
		t.Errorf("a special prize in PDN:\n%s", special)
	}
	sheets := adiukh.ParsePDN(pdn)
	if len(sheets) != 1 || adiukh.Validate(sheets[0]).Start.String() != g005 || sheets[0].ToMove != rules.Black {
		t.Fatalf("the rules do not read the PDN back: %+v", sheets)
	}
}
