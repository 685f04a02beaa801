package solve

import (
	"bufio"
	"os"
	"path/filepath"
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
	f, err := os.Open(filepath.Join("testdata", "repetitions.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		parts := strings.Split(line, " | ")
		if len(parts) != 5 {
			t.Fatalf("%q has %d fields, want 5", line, len(parts))
		}
		name, cycle := parts[0], strings.Fields(parts[4])
		side := rules.White
		if parts[1] == "black" {
			side = rules.Black
		}
		n := replay(t, name, node{mustPosition(t, parts[2]), side}, strings.Fields(parts[3]))
		if len(cycle) == 0 {
			t.Fatalf("%s: no cycle", name)
		}
		if back := replay(t, name, n, cycle); back != n {
			t.Errorf("%s: after the cycle %s to move in %s, want %s to move in %s", name, back.side, back.pos, n.side, n.pos)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
}

// replay plays moves in full notation from n, each one legal where it is
// played.
func replay(t *testing.T, name string, n node, moves []string) node {
	t.Helper()
	for i, text := range moves {
		found := false
		for _, m := range n.pos.LegalMoves(n.side) {
			if m.String() == text {
				n, found = node{n.pos.Play(m), n.side.Opponent()}, true
				break
			}
		}
		if !found {
			t.Fatalf("%s: move %d, %s, is not legal for %s in %s", name, i+1, text, n.side, n.pos)
		}
	}
	return n
}
