package flat

import (
	"errors"
	"testing"

	"adiukh/rules"
)

// A written move names a route by its start, its end and, in order, any of
// the squares the piece lands on between them.
func TestNamesARoute(t *testing.T) {
	from, to, landings := 1, 9, []int{3, 5, 7}
	for _, tc := range []struct {
		written []int
		want    bool
	}{
		{[]int{1, 9}, true},
		{[]int{1, 5, 9}, true},
		{[]int{1, 3, 7, 9}, true},
		{[]int{1, 7, 3, 9}, false}, // out of order
		{[]int{1, 4, 9}, false},    // not a landing square
		{[]int{1, 7}, false},       // another end
		{[]int{2, 9}, false},       // another start
	} {
		if got := Names(tc.written, from, to, landings); got != tc.want {
			t.Errorf("Names(%v) = %v, want %v", tc.written, got, tc.want)
		}
	}
	if Names([]int{1, 5, 9}, 1, 9, nil) {
		t.Error("a quiet move was named with a square between its ends")
	}
}

// The history counts what every draw rule here counts, and a move that
// cannot be undone forgets the positions before it.
func TestHistoryCountsAndRepetition(t *testing.T) {
	h := NewHistory(0)
	for _, p := range []int{1, 0, 1} {
		h = h.After(p, false, false)
	}
	if _, over := h.Ended(rules.White, true); over || h.KingPlies != 3 || h.SinceChange != 3 {
		t.Fatalf("after 3 plies of kings: %+v", h)
	}
	third := h.After(0, false, false)
	if out, over := third.Ended(rules.White, true); !over || out.Reason != EndRepetition || out.Score != Draw || out.Moves != 3 {
		t.Errorf("the start position for the third time: %+v, %v", out, over)
	}
	if _, over := h.After(0, true, false).Ended(rules.White, true); over {
		t.Error("a position after a man's move repeats those before it")
	}
	if changed := h.After(2, false, true); changed.SinceChange != 0 || changed.KingPlies != 4 {
		t.Errorf("after a crowning: %+v", changed)
	}
	if out, over := h.Ended(rules.Black, false); !over || out.Score != WhiteWins || out.Reason != rules.EndFinalPosition {
		t.Errorf("Black without a move: %+v", out)
	}
}

// A FEN's mistake is placed where it stands in the text, leading spaces
// counted.
func TestFENSaysWhere(t *testing.T) {
	words := func(field string) rules.Message { return say("%q", field) }
	reader := FEN{NoSide: words, NoColour: words, NoPieces: func() rules.Message { return say("none") },
		Place: func(_ rules.Color, _ bool, item string) rules.Message {
			if item != "1" {
				return say("%q", item)
			}
			return rules.Message{}
		},
		Check: func() rules.Message { return rules.Message{} }}
	for _, tc := range []struct {
		text   string
		offset int
	}{{"X:W1", 1}, {"  W:W1,2", 8}, {"W:W1:B1:Z", 0}, {"W:Q1", 3}, {"W:W1:W1", 6}, {"W", 1}} {
		side, err := reader.Read(tc.text)
		var pe *rules.PositionError
		switch {
		case tc.offset == 0 && (err != nil || side != rules.White):
			t.Errorf("%q: %v", tc.text, err)
		case tc.offset > 0 && (!errors.As(err, &pe) || pe.Offset != tc.offset):
			t.Errorf("%q: %v, want a mistake at %d", tc.text, err, tc.offset)
		}
	}
	if got := WriteFEN(rules.Black, [2][]string{{"c3", "Ka1"}, {"Kh8"}}, true); got != "B:WKa1,c3:BKh8" {
		t.Errorf("WriteFEN = %s", got)
	}
}
