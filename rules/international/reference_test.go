package international

import (
	"bufio"
	"crypto/sha1"
	"encoding/hex"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"adiukh/rules/flat"
)

// successorHash is the first 12 hex digits of the SHA-1 of the positions
// the legal moves of p lead to, canonical and sorted, one a line; with
// them, by their canonical form.
func successorHash(v *Variant, p Position) (string, []string, map[string]Position) {
	next := map[string]Position{}
	for _, m := range v.LegalMoves(&p) {
		after := p.Play(&m)
		next[canonical(after)] = after
	}
	keys := make([]string, 0, len(next))
	for k := range next {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	sum := sha1.Sum([]byte(strings.Join(keys, "\n")))
	return hex.EncodeToString(sum[:])[:12], keys, next
}

// canonical writes a position as the reference files do: the side to
// move, then each colour's squares by number, in order, K before a king,
// whatever the board's own notation.
func canonical(p Position) string {
	var squares [2][]string
	for _, c := range []Color{White, Black} {
		for set := p.Men[c]; set != 0; set &= set - 1 {
			s := lowest(set)
			name := strconv.Itoa(int(s) + 1)
			if p.Kings&(1<<s) != 0 {
				name = "K" + name
			}
			squares[c] = append(squares[c], name)
		}
	}
	return flat.WriteFEN(p.Side, squares, false)
}

// TestAgainstAnIndependentImplementation replays random games that
// another program played (pydraughts, kept outside the project: see
// testdata/README.md). Each line of a reference file is a game from the
// initial position; each of its words is one position, in order: the
// first 12 hex digits of the SHA-1 of the sorted positions its legal
// moves lead to (canonical, one a line), their number and the index of
// the one the game went on to — or "-" where the side to move had no
// legal move.
func TestAgainstAnIndependentImplementation(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		v    *Variant
		file string
	}{
		{International, "testdata/reference-international.txt"},
		{Brazilian, "testdata/reference-brazilian.txt"},
	} {
		f, err := os.Open(tc.file)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		scanner := bufio.NewScanner(f)
		scanner.Buffer(nil, 1<<20)
		games, positions := 0, 0
		for scanner.Scan() {
			games++
			p := tc.v.Start()
			for ply, word := range strings.Fields(scanner.Text()) {
				positions++
				fields := strings.Split(word, "/")
				hash, keys, next := successorHash(tc.v, p)
				if hash != fields[0] || fields[1] != "-" && fields[1] != strconv.Itoa(len(keys)) {
					t.Fatalf("%s, game %d, ply %d, %s: %d legal moves, %v; the reference has %s of them",
						tc.file, games, ply+1, tc.v.FEN(p), len(keys), keys, fields[1])
				}
				if fields[1] == "-" {
					if tc.v.HasMove(&p) {
						t.Fatalf("%s, game %d, ply %d: the reference has no move in %s", tc.file, games, ply+1, tc.v.FEN(p))
					}
					break
				}
				i, _ := strconv.Atoi(fields[2])
				p = next[keys[i]]
			}
		}
		if err := scanner.Err(); err != nil {
			t.Fatal(err)
		}
		if games < 10 || positions < 1000 {
			t.Fatalf("%s: only %d games, %d positions", tc.file, games, positions)
		}
		t.Logf("%s: %d games, %d positions agree", tc.file, games, positions)
	}
}

// TestRandomPositionsAgainstAnIndependentImplementation compares the legal
// moves of random positions rich in kings, where the random games have
// few, with pydraughts' (testdata/README.md): each line of a positions file
// is a canonical FEN, then the hash and number of the positions its legal
// moves lead to.
func TestRandomPositionsAgainstAnIndependentImplementation(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		v    *Variant
		file string
	}{
		{International, "testdata/positions-international.txt"},
		{Brazilian, "testdata/positions-brazilian.txt"},
	} {
		raw, err := os.ReadFile(tc.file)
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(strings.TrimSpace(string(raw)), "\n")
		for i, line := range lines {
			fen, want, _ := strings.Cut(line, " ")
			p, err := tc.v.ParseFEN(fen)
			if err != nil {
				t.Fatalf("%s:%d: %v", tc.file, i+1, err)
			}
			hash, keys, _ := successorHash(tc.v, p)
			if got := hash + "/" + strconv.Itoa(len(keys)); got != want {
				t.Errorf("%s:%d: %s: %d legal moves, %v; the reference has %s", tc.file, i+1, fen, len(keys), keys, want)
			}
		}
		if len(lines) < 1000 {
			t.Fatalf("%s: only %d positions", tc.file, len(lines))
		}
		t.Logf("%s: %d positions agree", tc.file, len(lines))
	}
}
