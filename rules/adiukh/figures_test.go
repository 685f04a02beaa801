package adiukh

import (
	"slices"
	"strings"
	"testing"

	"adiukh/rules"
)

// Positions built to match the figures of §11 of the rules as the text
// describes them (the figures themselves are pictures). Each case lists
// exactly the moves the text says are legal, and the resulting positions where
// the text gives them.
func TestFigures(t *testing.T) {
	for _, tc := range []struct {
		name     string
		position string
		side     Color
		moves    map[string]string // full notation → resulting position ("" = not checked)
	}{
		{
			// Figure 5: three ways to capture, two of them from f8 to h2, so
			// the record must name the turning squares (§7.2).
			name:     "figure 5",
			position: "white: f8; black: b2, c3, c5, e3, g3",
			side:     White,
			moves:    map[string]string{"f8:a3:c1:f4:h2": "", "f8:b4:d2:f4:h2": "", "f8:b4:e1:h4": ""},
		},
		{
			// Figure 10: four quiet moves for White, six for Black; the kings
			// b8 and g1 cannot move without capturing (§3.5).
			name:     "figure 10, White",
			position: "white: a3, b4, b8, c1, g7, h8; black: b2, e7, f2, f4, g1, g3",
			side:     White,
			moves:    map[string]string{"b4-a5": "", "b4-c5": "", "c1-d2": "", "g7-f8": ""},
		},
		{
			name:     "figure 10, Black",
			position: "white: a3, b4, b8, c1, g7, h8; black: b2, e7, f2, f4, g1, g3",
			side:     Black,
			moves:    map[string]string{"b2-a1": "", "e7-d6": "", "e7-f6": "", "f2-e1": "", "f4-e3": "", "g3-h2": ""},
		},
		{
			// Figures 11–12: d4 must take e5; f6 becomes a white-topped tower
			// of two.
			name:     "figure 11",
			position: "white: d4-1; black: e5-1",
			side:     White,
			moves:    map[string]string{"d4:f6": "white: f6-1/1; black: "},
		},
		{
			// Figures 13–14: the tower d4 (2/2) takes the top of e5 (2/2);
			// f6 becomes 2/3 and e5 is left 1/2.
			name:     "figure 13",
			position: "white: d4-2/2; black: e5-2/2",
			side:     White,
			moves:    map[string]string{"d4:f6": "white: f6-2/3; black: e5-1/2"},
		},
		{
			// Figures 14–15: 1…e5-g7.
			name:     "figure 14",
			position: "white: f6-2/3; black: e5-1/2",
			side:     Black,
			moves:    map[string]string{"e5:g7": "white: f6-1/3; black: g7-1/3"},
		},
		{
			// Figures 15–16: 2. f6-h8 frees the three white checkers of g7.
			name:     "figure 15",
			position: "white: f6-1/3; black: g7-1/3",
			side:     White,
			moves:    map[string]string{"f6:h8": "white: g7-3, h8-1/4; black: "},
		},
		{
			// Figures 17–19: two checkers to d2, or three and the king row
			// (§3.15: free choice, whatever the number taken).
			name:     "figure 17",
			position: "white: h2; black: e3, g3, g5, g7",
			side:     White,
			moves: map[string]string{
				"h2:f4:d2":    "white: d2-1/2; black: g5-1, g7-1",
				"h2:f4:h6:f8": "white: f8-1/3; black: e3-1",
			},
		},
		{
			// Figures 20–22: the king h8 takes one checker, the king f8 three;
			// both end as men (§3.12).
			name:     "figure 20",
			position: "white: d4, f8, h8; black: b2, b4, f6, g5",
			side:     White,
			moves: map[string]string{
				"h8:e5":       "white: d4-1, e5-1/1, f8-1; black: b2-1, b4-1, g5-1",
				"f8:a3:c1:h6": "white: d4-1, h6-1/3, h8-1; black: f6-1",
			},
		},
		{
			// Figures 23–26: a man that reaches the king row goes on as a king
			// (§3.11); the king must land where it can go on capturing (§3.10).
			name:     "figure 23",
			position: "white: h6-1, h8-3/1; black: b4-3, e7-1/2, g7-1",
			side:     White,
			moves: map[string]string{
				"h6:f8:d6:a3": "white: a3-1/3, e7-2, h8-3/1; black: b4-2",
				"h8:f6:d8":    "white: d8-3/3, e7-2, h6-1; black: b4-3",
				"h8:c3:a5":    "white: a5-3/3, h6-1; black: b4-2, e7-1/2",
			},
		},
		{
			// Figure 27: four ways, two taking the f6 tower twice (§3.14), two
			// passing g3, free since its checker was taken earlier.
			name:     "figure 27",
			position: "white: d8; black: d2, d4, e3, f4, f6-2, g3",
			side:     White,
			moves: map[string]string{
				"d8:h4:e1:c3:e5:g7": "white: g7-1/5; black: e3-1, f4-1",
				"d8:h4:e1:c3:e5:h8": "white: h8-1/5; black: e3-1, f4-1",
				"d8:h4:e1:c3:e5:g3": "white: g3-1/5; black: e3-1, f6-1",
				"d8:h4:e1:c3:e5:h2": "white: h2-1/5; black: e3-1, f6-1",
			},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := ParsePosition(tc.position)
			if err != nil {
				t.Fatal(err)
			}
			got := map[string]string{}
			for _, m := range p.LegalMoves(tc.side) {
				got[m.String()] = p.Play(m).String()
			}
			if !slices.Equal(sortedKeys(got), sortedKeys(tc.moves)) {
				t.Fatalf("legal moves %v, want %v", sortedKeys(got), sortedKeys(tc.moves))
			}
			for move, want := range tc.moves {
				if want != "" && got[move] != want {
					t.Errorf("after %s\n got %s\nwant %s", move, got[move], want)
				}
			}
		})
	}
}

// Figure 28: the king takes the e5 tower four times in one move and White
// wins 13:11.
func TestFigure28(t *testing.T) {
	sheet := "Position: white: a1-11, h8-1; black: c5-2, d2-3, e5-4, f2-3\n" +
		"1. h8-c3-e1-g3-d6-b4-e1-g3-d6-b4-e1-g3-b8 13:11\n"
	r := ValidateSheet(sheet)
	if !r.Valid || r.Score == nil || *r.Score != (Score{White: 13, Black: 11}) {
		t.Fatalf("valid %v, score %v, errors %+v", r.Valid, r.Score, r.Errors)
	}
	m := r.Played[0].Move
	e5, _ := rules.ParseSquare("e5")
	if n := countSquare(m.Taken(), e5); n != 4 || m.Captures() != 12 {
		t.Fatalf("took e5 %d times and %d checkers in all, want 4 and 12", n, m.Captures())
	}
	if got := r.Position.String(); got != "white: a1-11, b8-1/12; black: " {
		t.Fatalf("final position %s", got)
	}
	if len(r.Warnings) != 1 {
		t.Fatalf("want one warning for '-' in a capture, got %+v", r.Warnings)
	}
}

func TestAmbiguousRecord(t *testing.T) {
	for _, tc := range []struct{ position, record, candidates, hint, unique string }{
		// Figure 5: f8:h2 fits two captures with different results.
		{"white: f8; black: b2, c3, c5, e3, g3", "f8:h2", "f8:a3:c1:f4:h2, f8:b4:d2:f4:h2", "write the turning squares", "f8:b4:d2:h2"},
		// Two men of the c file can take to e5: the start square tells.
		{"white: c3, c7; black: d4, d6", "ce5", "c3:e5, c7:e5", "write the square the move starts from", "c7:e5"},
	} {
		p, err := ParsePosition(tc.position)
		if err != nil {
			t.Fatal(err)
		}
		rec, err := rules.ParseRecord(tc.record)
		if err != nil {
			t.Fatal(err)
		}
		_, err = p.Find(White, rec)
		me, ok := err.(*rules.MoveError)
		if !ok || len(me.Candidates) != 2 {
			t.Fatalf("%s: error %v, want ambiguity between two moves", tc.record, err)
		}
		if !strings.Contains(me.Error(), tc.candidates) || !strings.HasSuffix(me.Error(), tc.hint) {
			t.Errorf("%s: message %q does not name %s and end %q", tc.record, me.Error(), tc.candidates, tc.hint)
		}
		rec, _ = rules.ParseRecord(tc.unique)
		if _, err := p.Find(White, rec); err != nil {
			t.Errorf("%s: %v", tc.unique, err)
		}
	}
}

func sortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

func countSquare(list []Square, s Square) int {
	n := 0
	for _, x := range list {
		if x == s {
			n++
		}
	}
	return n
}
