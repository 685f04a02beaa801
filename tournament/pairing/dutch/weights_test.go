package dutch

import (
	"testing"

	"adiukh/tournament/pairing/matching"
)

// TestMoveSlots moves the score sub-fields of a weight from one placement
// of a bracket's scores to another and checks every field: the moved
// values land at their scores' new sub-fields, everything else stays.
func TestMoveSlots(t *testing.T) {
	l := newLayout(5, 3, 2, true, 0)
	from, ok := l.assignSlots([]int{40, 30, 20})
	if !ok {
		t.Fatal("three scores do not fit three sub-fields")
	}
	to, ok := l.assignSlots([]int{30, 20, 10})
	if !ok {
		t.Fatal("three scores do not fit three sub-fields")
	}
	if from[20] != 0 || from[40] != 2*l.sizeBits || to[30] != 2*l.sizeBits || to[10] != 0 {
		t.Fatalf("sub-fields not in score order: %v, %v", from, to)
	}
	build := func(shift map[int]uint, values map[int]uint64) matching.Weight {
		w := matching.NewWeight(l.words)
		w.AddAt(3, l.top)
		w.AddAt(7, l.colour[2])
		w.AddAt(5, 0) // an exchange-order nudge in the free low bits
		for i, field := range l.scoreFields {
			for score, v := range values {
				w.AddAt(v+uint64(i), field+shift[score])
			}
		}
		return w
	}
	values := map[int]uint64{30: 9, 20: 17}
	w := build(from, values)
	l.moveSlots(w, []int{30, 20}, from, to)
	if want := build(to, values); w.Cmp(want) != 0 {
		t.Fatalf("moved weight %x, want %x", []uint64(w), []uint64(want))
	}
	if _, ok := l.assignSlots([]int{4, 3, 2, 1}); ok {
		t.Fatal("four scores fit three sub-fields")
	}
}
