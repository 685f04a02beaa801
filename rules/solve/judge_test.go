package solve

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"unsafe"

	"adiukh/rules"
	"adiukh/rules/adiukh"
)

// Figure 17: h2 takes two (h2:f4:d2) or three and reaches the king row
// (h2:f4:h6:f8). Best play after the second ends 4:1; after the first White
// forces only 3 points, still a win of the five checkers on the board.
func TestFigure17(t *testing.T) {
	p := mustPosition(t, "white: h2; black: e3, g3, g5, g7")
	s := New(Options{})
	r, err := s.Solve(context.Background(), p, rules.White)
	if err != nil {
		t.Fatal(err)
	}
	if sc, ok := r.Score(); !ok || sc != (rules.Score{White: 4, Black: 1}) {
		t.Fatalf("value [%s, %s], want 4:1", show(r.WhiteMin), show(r.WhiteMax))
	}
	if len(r.Best) != 1 || r.Best[0].Move.String() != "h2:f4:h6:f8" || r.Best[0].Position.String() != "white: f8-1/3; black: e3-1" {
		t.Fatalf("best %v", r.Best)
	}
	checkLine(t, p, rules.White, r)

	for _, tc := range []struct {
		stipulation string
		verdict     Verdict
		keys        string
		reason      string
	}{
		{"white 4", Sound, "h2:f4:h6:f8", ""},
		{"exact 4:1", Sound, "h2:f4:h6:f8", ""},
		{"white wins", Cooked, "h2:f4:h6:f8 h2:f4:d2", ""},
		{"white 3", Cooked, "h2:f4:h6:f8 h2:f4:d2", ""},
		{"white 5", Unsound, "", "white 5 does not hold: best play ends 4:1"},
		{"exact 3:2", Unsound, "", "exact 3:2 does not hold: best play ends 4:1"},
	} {
		st, err := ParseStipulation(tc.stipulation)
		if err != nil {
			t.Fatal(err)
		}
		j, err := s.Judge(context.Background(), p, rules.White, st, nil)
		if err != nil {
			t.Fatalf("%s: %v", tc.stipulation, err)
		}
		var keys []string
		for _, k := range j.Keys {
			keys = append(keys, k.Move.String())
		}
		if j.Verdict != tc.verdict || strings.Join(keys, " ") != tc.keys {
			t.Errorf("%s: %s with keys %v, want %s with %s", tc.stipulation, j.Verdict, keys, tc.verdict, tc.keys)
		}
		if tc.reason != "" && (j.Refutation == nil || j.Refutation.Reason.String() != tc.reason || len(j.Refutation.Line) == 0) {
			t.Errorf("%s: refutation %+v, want %q with a line", tc.stipulation, j.Refutation, tc.reason)
		}
		if tc.verdict != Unsound && (len(j.Line) == 0 || j.Line[0].String() != "h2:f4:h6:f8") {
			t.Errorf("%s: main line %v", tc.stipulation, j.Line)
		}
	}

	// The author's key decides the main line; a key that does not fulfil
	// the stipulation is refuted.
	st, _ := ParseStipulation("white 4")
	wrong := moveNamed(t, p, rules.White, "h2:f4:d2")
	j, err := s.Judge(context.Background(), p, rules.White, st, &wrong)
	if err != nil {
		t.Fatal(err)
	}
	if j.Verdict != Unsound || j.Refutation == nil || len(j.Refutation.Line) != 2 || !strings.HasPrefix(j.Refutation.Reason.String(), "h2:f4:d2 is refuted by ") {
		t.Fatalf("wrong key: %s, refutation %+v", j.Verdict, j.Refutation)
	}
}

func moveNamed(t *testing.T, p adiukh.Position, side rules.Color, text string) adiukh.Move {
	t.Helper()
	rec, err := rules.ParseRecord(text)
	if err != nil {
		t.Fatal(err)
	}
	m, err := p.Find(side, rec)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// The 6-ply cycle of rules §5 with the towers it does not use taken off:
// c7:e5 d6:f4:d2 e3:c1 d2-e3 c1:f4:c7 e5-d6 brings the position back. The
// 1.3 million positions reachable from it are too many for a unit test of
// the brute force; run offline it gives 7 for both bounds (7:2, nine
// checkers on the board), and so must the solver, which plays through
// positions that come back.
func TestRepetitionCycle(t *testing.T) {
	p := mustPosition(t, "white: d6-3; black: c7-1/3, e3-2")
	q, side := p, rules.Black
	for _, m := range strings.Fields("c7:e5 d6:f4:d2 e3:c1 d2-e3 c1:f4:c7 e5-d6") {
		q, side = q.Play(moveNamed(t, q, side, m)), side.Opponent()
	}
	if q != p || side != rules.Black {
		t.Fatalf("the cycle ends in %s, %s to move", q, side)
	}
	s := New(Options{})
	r, err := s.Solve(context.Background(), p, rules.Black)
	if err != nil {
		t.Fatal(err)
	}
	if sc, ok := r.Score(); !ok || sc != (rules.Score{White: 7, Black: 2}) {
		t.Fatalf("value [%s, %s], want 7:2", show(r.WhiteMin), show(r.WhiteMax))
	}
	checkLine(t, p, rules.Black, r)
}

// Stipulations judged on random small positions agree with the brute force:
// the keys are exactly the first moves after which the bound still holds,
// every dual keeps it too, and an unsound stipulation is one the bounds
// refute.
func TestJudgeAgainstBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(17, 3))
	s := New(Options{TableBytes: 1 << 20})
	checked := 0
	for i := 0; checked < 150 && i < 3000; i++ {
		p := randomPosition(r, 2+r.IntN(4))
		side := rules.Color(r.IntN(2))
		wmin, wmax, ok := bruteForce(p, side, 4000)
		root := node{p, side}
		if !ok || len(p.LegalMoves(side)) == 0 || bound(wmin, root) == nil {
			continue
		}
		checked++
		w, b := p.Checkers()
		total := w + b
		value := *bound(wmin, root)
		points := value + r.IntN(3) - 1
		st := Stipulation{Kind: KindPoints, Side: side, Points: points}
		if side == rules.Black {
			points = total - *bound(wmax, root) + r.IntN(3) - 1
			st.Points = points
		}
		if points < 0 || points > total {
			continue
		}
		j, err := s.Judge(context.Background(), p, side, st, nil)
		if err != nil {
			t.Fatal(err)
		}
		keeps := func(n node) bool {
			if side == rules.White {
				v := bound(wmin, n)
				return v != nil && *v >= points
			}
			v := bound(wmax, n)
			return v != nil && total-*v >= points
		}
		var want []string
		for _, m := range p.LegalMoves(side) {
			if keeps(node{p.Play(m), side.Opponent()}) {
				want = append(want, m.String())
			}
		}
		var got []string
		for _, k := range j.Keys {
			got = append(got, k.Move.String())
		}
		wantVerdict := Sound
		switch {
		case !keeps(root):
			wantVerdict = Unsound
		case len(want) > 1:
			wantVerdict = Cooked
		}
		if j.Verdict != wantVerdict || wantVerdict != Unsound && !slices.Equal(got, want) {
			t.Fatalf("%s, %s to move, %s: %s with keys %v; brute force %s with %v", p, side, st, j.Verdict, got, wantVerdict, want)
		}
		// Every dual keeps the stipulation.
		q, qs := p, side
		for ply, m := range j.Line {
			for _, d := range j.Duals {
				if d.Ply != ply+1 {
					continue
				}
				for _, alt := range d.Alternatives {
					if !keeps(node{q.Play(alt), qs.Opponent()}) {
						t.Fatalf("%s: dual %s at ply %d does not keep %s", p, alt, d.Ply, st)
					}
				}
			}
			q, qs = q.Play(m), qs.Opponent()
		}
	}
}

// A tiny table forgets almost everything, and a tiny budget stops the
// search: neither may change an answer, only make it slower or absent.
func TestTinyTableAndBudget(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 5))
	s := New(Options{TableBytes: 1024})
	for checked, i := 0, 0; checked < 60 && i < 2000; i++ {
		if checkAgainstBruteForce(t, s, randomPosition(r, 2+r.IntN(4)), rules.Color(r.IntN(2))) {
			checked++
		}
	}
	p := mustPosition(t, "white: a1-11, h8-1; black: c5-2, d2-3, e5-4, f2-3")
	_, err := New(Options{MaxNodes: 1000}).Solve(context.Background(), p, rules.White)
	var be *BudgetError
	if !errors.As(err, &be) || err.Error() != "not proved within 1,000 nodes; proved so far: White forces 12:12 or better for White, Black forces 18:6 or better for Black" {
		t.Fatalf("error %v, want the budget's", err)
	}
}

func TestParseStipulation(t *testing.T) {
	for text, want := range map[string]string{
		"white wins": "white wins", "White 17": "white 17", "black wins": "black wins", "черные 15": "black 15",
		"draw": "draw", "ничья": "draw", "exact 13:11": "exact 13:11", "точно 20:4": "exact 20:4", "белые выигрывают": "white wins",
	} {
		st, err := ParseStipulation(text)
		if err != nil || st.String() != want {
			t.Errorf("%q: %v, %v; want %s", text, st, err, want)
		}
	}
	for text, want := range map[string]string{
		"":            "no stipulation: write \"white wins\", \"white 17\", \"draw\" or \"exact 13:11\"",
		"mate in 2":   "\"mate in 2\": \"mate\" is not a stipulation: start with white, black, draw or exact",
		"white":       "\"white\": after the side write wins or the points, like white 17",
		"white 25":    "\"white 25\": \"25\" is neither wins nor a number of points 0–24",
		"exact 13-x":  "\"exact 13-x\": \"13-x\" is not a score like 13:11",
		"draw please": "\"draw please\": nothing may follow \"draw\"",
	} {
		_, err := ParseStipulation(text)
		var se *StipulationError
		if !errors.As(err, &se) || err.Error() != want {
			t.Errorf("%q: error %v, want %q", text, err, want)
		}
	}
	p := mustPosition(t, "white: h2; black: e3, g3, g5, g7")
	for text, want := range map[string]string{
		"black wins":  "the stipulation \"black wins\" is set for black, but white is to move",
		"exact 13:11": "exact 13:11: the points add up to 24, but there are 5 checkers on the board",
		"draw":        "draw: 5 checkers on the board cannot be split equally",
		"white 6":     "white 6: there are only 5 checkers on the board",
	} {
		st, err := ParseStipulation(text)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := New(Options{}).Judge(context.Background(), p, rules.White, st, nil); err == nil || err.Error() != want {
			t.Errorf("%q: error %v, want %q", text, err, want)
		}
	}
}

func TestKeeps(t *testing.T) {
	p := mustPosition(t, "white: h2; black: e3, g3, g5, g7")
	st, _ := ParseStipulation("white 4")
	s := New(Options{})
	for move, want := range map[string]bool{"h2:f4:h6:f8": true, "h2:f4:d2": false} {
		got, err := s.Keeps(context.Background(), st, rules.White, p, moveNamed(t, p, rules.White, move))
		if err != nil || got != want {
			t.Errorf("%s keeps white 4: %v, %v; want %v", move, got, err, want)
		}
	}
}

// A search that runs out of nodes keeps the bounds it proved before, and
// they hold: White forces at least what it says, Black holds White to at
// most what it says (checked against the brute-force model).
func TestBudgetKeepsProvedBounds(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 7))
	// tight counts White's bounds equal to WhiteMin (the search went on to
	// Black's): a bound one point too strong fails there.
	partial, tight := 0, 0
	for i := 0; i < 5000 && (partial < 40 || tight < 10); i++ {
		p, side := randomPosition(r, 2+r.IntN(4)), rules.Color(r.IntN(2))
		wmin, wmax, ok := bruteForce(p, side, 4000)
		if !ok {
			continue
		}
		root := node{p, side}
		_, err := New(Options{MaxNodes: int64(1 + r.IntN(60)), TableBytes: 1024}).Solve(context.Background(), p, side)
		var be *BudgetError
		if !errors.As(err, &be) || be.WhiteAtLeast == nil && be.WhiteAtMost == nil {
			continue
		}
		partial++
		if least, min := be.WhiteAtLeast, bound(wmin, root); least != nil && (min == nil || *min < *least) {
			t.Fatalf("%s, %s to move: White forces at least %d, but WhiteMin is %s", p, side, *least, show(min))
		}
		if most, max := be.WhiteAtMost, bound(wmax, root); most != nil && (max == nil || *max > *most) {
			t.Fatalf("%s, %s to move: Black holds White to at most %d, but WhiteMax is %s", p, side, *most, show(max))
		}
		if be.WhiteAtLeast != nil && sameBound(be.WhiteAtLeast, bound(wmin, root)) {
			tight++
		}
	}
	if partial < 40 || tight < 10 {
		t.Fatalf("only %d searches ran out of nodes with a bound proved, %d of them exact", partial, tight)
	}

	// Figure 28 takes 7,366 nodes with the best moves and the main line,
	// and more when each question may take only a quarter of a small
	// budget: 12,000 nodes find the value (13:11) but not the rest. Bounds
	// that meet are the value: it is given, without the best moves.
	fig28 := mustPosition(t, "white: a1-11, h8-1; black: c5-2, d2-3, e5-4, f2-3")
	v, err := New(Options{MaxNodes: 12_000, TableBytes: 16 << 20}).Solve(context.Background(), fig28, rules.White)
	if err != nil || !v.Unfinished || v.Best != nil || v.Line != nil {
		t.Fatalf("figure 28: %+v, %v; want the value alone", v, err)
	}
	if sc, ok := v.Score(); !ok || sc.String() != "13:11" {
		t.Fatalf("figure 28: value [%s, %s], want 13:11", show(v.WhiteMin), show(v.WhiteMax))
	}
	var want string

	// Random game g000, four plies before its end: White forces all 24
	// points at once, whether Black can force an end at all is not settled.
	g000 := mustPosition(t, "white: c1-1/4, e5-1/1, f2-1, g1-1, g3-1, h2-1, h8-6/6; black: b4-1")
	_, err = New(Options{MaxNodes: 200_000, TableBytes: 16 << 20}).Solve(context.Background(), g000, rules.Black)
	want = "not proved within 200,000 nodes; proved so far: White forces 24:0 or better for White"
	if err == nil || err.Error() != want {
		t.Fatalf("g000: %v, want %q", err, want)
	}

	// Random game g026, four plies before its end: whether White can force
	// any end is not settled in millions of nodes, but Black holds White to
	// 0 points within a few thousand. White's question, asked first, may
	// take only its share of the budget, so Black's bound is still proved.
	g026 := mustPosition(t, "white: c7-1/3; black: a3-2/1, b6-1, c3-1/6, d8-1/2, e7-1/1, f8-1/1, g5-2")
	_, err = New(Options{MaxNodes: 100_000, TableBytes: 16 << 20}).Solve(context.Background(), g026, rules.White)
	want = "not proved within 100,000 nodes; proved so far: Black forces 0:24 or better for Black"
	if err == nil || err.Error() != want {
		t.Fatalf("g026: %v, want %q", err, want)
	}
}

// Whatever the memory bound, the proof and disproof numbers keep an eighth
// of it at least: at 25 MiB the buckets alone could fill it exactly.
func TestTableLeavesProofNumbersTheirShare(t *testing.T) {
	for _, mib := range []int{1, 12, 16, 25, 50, 64, 100} {
		s := New(Options{TableBytes: mib << 20})
		bucketBytesUsed := len(s.table.buckets) * bucketBytes
		pnBytes := len(s.pns.slots) * int(unsafe.Sizeof(pnSlot{}))
		if pnBytes < (mib<<20)/16 || bucketBytesUsed+pnBytes > mib<<20 {
			t.Errorf("%d MiB: buckets %d bytes, proof numbers %d bytes", mib, bucketBytesUsed, pnBytes)
		}
	}
}

// The problems of testdata/problems.txt get their verdicts within the
// contest check's budget: a refutation that the bounds proved so far
// already give is a verdict, never "not proved".
func TestProblems(t *testing.T) {
	for _, f := range readTable(t, "problems.txt", 6) {
		t.Run(f[0], func(t *testing.T) {
			st, err := ParseStipulation(f[3])
			if err != nil {
				t.Fatal(err)
			}
			s := New(Options{MaxNodes: 2_000_000, TableBytes: 8 << 20})
			j, err := s.Judge(context.Background(), mustPosition(t, f[2]), sideNamed(f[1]), st, nil)
			if err != nil {
				t.Fatal(err)
			}
			got := ""
			if j.Refutation != nil {
				got = j.Refutation.Reason.String()
			}
			if j.Verdict != Unsound {
				var keys []string
				for _, k := range j.Keys {
					keys = append(keys, k.Move.String())
				}
				got = strings.Join(keys, " ")
			}
			if string(j.Verdict) != f[4] || got != f[5] {
				t.Fatalf("%s with %q, want %s with %q (%d nodes)", j.Verdict, got, f[4], f[5], j.Nodes)
			}
		})
	}
}
