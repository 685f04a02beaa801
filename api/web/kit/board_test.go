package kit

import (
	"sort"
	"testing"

	"adiukh/api/core"
	"adiukh/rules"
	"adiukh/rules/adiukh"
)

// The tower codes game.js draws from name every occupied square with its
// owner and the checkers of each colour (§7.2: e5-2/1).
func TestTowerCode(t *testing.T) {
	t.Parallel()
	p, err := adiukh.ParsePosition("white: a1, e5-2/1; black: h8-1/3")
	if err != nil {
		t.Fatal(err)
	}
	s, err := adiukh.Variant.Rules.ParseState(p.String(), rules.White)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := core.PieceCode(true, s), "a1:w1/0 e5:w2/1 h8:b1/3"; got != want {
		t.Errorf("PieceCode = %q, want %q", got, want)
	}
	b := StateBoardView(adiukh.Variant, s, rules.White)
	towers := map[string]*towerView{}
	for _, sq := range b.Squares {
		if sq.Tower != nil {
			towers[sq.Name] = sq.Tower
		}
	}
	if tw := towers["e5"]; tw == nil || tw.Owner != "w" || tw.Under != "b" || tw.Label != "2/1" {
		t.Errorf("e5 drawn as %+v, want white over black labelled 2/1", tw)
	}
	if tw := towers["a1"]; tw == nil || tw.Label != "" || tw.Under != "" {
		t.Errorf("a1 drawn as %+v, want a single white man", tw)
	}
	if len(towers) != 3 || len(b.Squares) != 64 {
		t.Errorf("%d towers on %d squares, want 3 on 64", len(towers), len(b.Squares))
	}
}

// The player of Black sees the board turned round, as they sit at it: a1
// at the top right, h8 at the bottom left, the files read h..a from the
// left and the ranks 1..8 from the top. White's view is the usual one.
func TestBoardViewTurnedForBlack(t *testing.T) {
	t.Parallel()
	p, err := adiukh.Variant.Rules.ParseState("white: a1; black: h8", rules.White)
	if err != nil {
		t.Fatal(err)
	}
	at := func(b *BoardView, name string) (int, int) {
		for _, sq := range b.Squares {
			if sq.Name == name {
				return sq.X, sq.Y
			}
		}
		t.Fatalf("no square %s", name)
		return 0, 0
	}
	labels := func(ls []labelView, less func(a, b labelView) bool) string {
		sorted := append([]labelView(nil), ls...)
		sort.Slice(sorted, func(i, j int) bool { return less(sorted[i], sorted[j]) })
		s := ""
		for _, l := range sorted {
			s += l.Text
		}
		return s
	}
	byX := func(a, b labelView) bool { return a.X < b.X }
	byY := func(a, b labelView) bool { return a.Y < b.Y }
	for _, tc := range []struct {
		bottom       rules.Color
		a1, h8       [2]int
		files, ranks string
	}{
		{rules.White, [2]int{20, 350}, [2]int{370, 0}, "abcdefgh", "87654321"},
		{rules.Black, [2]int{370, 0}, [2]int{20, 350}, "hgfedcba", "12345678"},
	} {
		t.Run(tc.bottom.String(), func(t *testing.T) {
			b := StateBoardView(adiukh.Variant, p, tc.bottom)
			if x, y := at(b, "a1"); [2]int{x, y} != tc.a1 {
				t.Errorf("a1 at %d,%d, want %v", x, y, tc.a1)
			}
			if x, y := at(b, "h8"); [2]int{x, y} != tc.h8 {
				t.Errorf("h8 at %d,%d, want %v", x, y, tc.h8)
			}
			if got := labels(b.Files, byX); got != tc.files {
				t.Errorf("files from the left %q, want %q", got, tc.files)
			}
			if got := labels(b.Ranks, byY); got != tc.ranks {
				t.Errorf("ranks from the top %q, want %q", got, tc.ranks)
			}
		})
	}
}
