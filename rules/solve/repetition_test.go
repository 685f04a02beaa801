package solve

import (
	"strings"
	"testing"

	"adiukh/rules"
)

// TestRepetitionsReachable replays, from the rules' §5 cycle and from each
// late position not proved within the benchmark's budget, a line of legal
// moves to a position and the moves that bring that position back. So play
// from those positions can go on for ever, and no test that all play from a
// position ends could answer their "can the prover force any end?" without
// a search (docs/composition.md, Limits).
func TestRepetitionsReachable(t *testing.T) {
	for _, f := range readTable(t, "repetitions.txt", 5) {
		name, cycle := f[0], strings.Fields(f[4])
		n := replay(t, name, node{mustPosition(t, f[2]), sideNamed(f[1])}, strings.Fields(f[3]))
		if len(cycle) == 0 {
			t.Fatalf("%s: no cycle", name)
		}
		if back := replay(t, name, n, cycle); back != n {
			t.Errorf("%s: after the cycle %s to move in %s, want %s to move in %s", name, back.side, back.pos, n.side, n.pos)
		}
	}
}

// replay plays moves in full notation from n, each one legal where it is
// played.
func replay(t *testing.T, name string, n node, moves []string) node {
	t.Helper()
	for i, text := range moves {
		r, err := rules.ParseRecord(text)
		if err != nil {
			t.Fatalf("%s: move %d, %s: %v", name, i+1, text, err)
		}
		m, err := n.pos.Find(n.side, r)
		if err != nil {
			t.Fatalf("%s: move %d, %s, for %s in %s: %v", name, i+1, text, n.side, n.pos, err)
		}
		n = node{n.pos.Play(m), n.side.Opponent()}
	}
	return n
}
