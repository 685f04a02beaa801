package solve

import (
	"bufio"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"adiukh/rules"
	"adiukh/rules/adiukh"
)

// fixture is one line of testdata/figures.txt or testdata/late.txt.
type fixture struct {
	name  string
	side  rules.Color
	pos   adiukh.Position
	value string // "?" when not proved
}

func loadFixtures(t testing.TB, file string) []fixture {
	t.Helper()
	var out []fixture
	for _, f := range readTable(t, file, 4) {
		out = append(out, fixture{f[0], sideNamed(f[1]), mustPosition(t, f[2]), f[3]})
	}
	return out
}

// readTable reads the lines of a file of testdata whose fields are set
// apart by " | ", leaving out empty lines and comments (#); every line must
// have n fields.
func readTable(t testing.TB, file string, n int) [][]string {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", file))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out [][]string
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20) // repetitions.txt has lines of thousands of moves
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		fields := strings.Split(line, " | ")
		if len(fields) != n {
			t.Fatalf("%s: %q has %d fields, want %d", file, line, len(fields), n)
		}
		out = append(out, fields)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// sideNamed is the side "white" or "black" names.
func sideNamed(name string) rules.Color {
	if name == "black" {
		return rules.Black
	}
	return rules.White
}

// TestFixtures solves the figures and the late random-game positions and
// checks their values, best moves and lines.
func TestFixtures(t *testing.T) {
	s := New(Options{TableBytes: 16 << 20})
	for _, file := range []string{"figures.txt", "late.txt"} {
		for _, f := range loadFixtures(t, file) {
			if f.value == "?" {
				continue
			}
			r, err := s.Solve(context.Background(), f.pos, f.side)
			if err != nil {
				t.Fatalf("%s: %v", f.name, err)
			}
			if sc, ok := r.Score(); !ok || sc.String() != f.value {
				t.Errorf("%s: value [%s, %s], want %s", f.name, show(r.WhiteMin), show(r.WhiteMax), f.value)
			}
			if len(r.Best) == 0 && !r.Final {
				t.Errorf("%s: no best move", f.name)
			}
			checkLine(t, f.pos, f.side, r)
		}
	}
}

// benchmarkFixtures proves each position with a fresh solver (a 16 MiB
// table) and reports the nodes searched and the nodes per second.
func benchmarkFixtures(b *testing.B, file string) {
	for _, f := range loadFixtures(b, file) {
		if f.value == "?" {
			continue
		}
		b.Run(strings.ReplaceAll(f.name, " ", "_"), func(b *testing.B) {
			var nodes int64
			for b.Loop() {
				s := New(Options{TableBytes: 16 << 20})
				r, err := s.Solve(context.Background(), f.pos, f.side)
				if err != nil {
					b.Fatal(err)
				}
				if sc, _ := r.Score(); sc.String() != f.value {
					b.Fatalf("value %s, want %s", sc, f.value)
				}
				nodes += r.Nodes
			}
			b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
		})
	}
}

func BenchmarkFigures(b *testing.B) { benchmarkFixtures(b, "figures.txt") }

func BenchmarkLate(b *testing.B) { benchmarkFixtures(b, "late.txt") }
