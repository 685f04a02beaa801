package russian

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// The reference generator: the rules written as plainly as they read, on an
// 8×8 array, to check the bitboard generator against. It shares nothing
// with it but the FEN writer of the positions it returns.

type refBoard [8][8]byte // [file][rank]: 0 empty, 'w', 'b', 'W', 'B' (kings)

func refFrom(p Position) (refBoard, byte) {
	var b refBoard
	for s := Square(0); s < 32; s++ {
		c, king, ok := p.Piece(s)
		if !ok {
			continue
		}
		ch := byte("wb"[c])
		if king {
			ch -= 'a' - 'A'
		}
		b[s.File()][s.Rank()] = ch
	}
	return b, "wb"[p.Side]
}

func refTo(b refBoard, side byte) Position {
	var p Position
	for f := 0; f < 8; f++ {
		for r := 0; r < 8; r++ {
			if b[f][r] == 0 {
				continue
			}
			s := Square(r*4 + f/2)
			c := White
			if b[f][r] == 'b' || b[f][r] == 'B' {
				c = Black
			}
			p.Men[c] |= 1 << s
			if b[f][r] == 'W' || b[f][r] == 'B' {
				p.Kings |= 1 << s
			}
		}
	}
	p.Side = White
	if side == 'b' {
		p.Side = Black
	}
	return p
}

func own(ch, side byte) bool   { return ch != 0 && (ch|0x20) == side }
func enemy(ch, side byte) bool { return ch != 0 && (ch|0x20) != side }
func onBoard(f, r int) bool    { return f >= 0 && f < 8 && r >= 0 && r < 8 }

var refDirs = [4][2]int{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}

// refMoves returns the FENs of the positions the side to move can reach.
func refMoves(p Position) []string {
	b, side := refFrom(p)
	other := byte('b')
	if side == 'b' {
		other = 'w'
	}
	last := 7
	if side == 'b' {
		last = 0
	}
	var results []refBoard
	for f := 0; f < 8; f++ {
		for r := 0; r < 8; r++ {
			if own(b[f][r], side) {
				refCaptures(b, f, r, b[f][r], f, r, nil, side, last, &results)
			}
		}
	}
	if len(results) == 0 {
		for f := 0; f < 8; f++ {
			for r := 0; r < 8; r++ {
				ch := b[f][r]
				if !own(ch, side) {
					continue
				}
				king := ch == side-('a'-'A')
				for _, d := range refDirs {
					forward := d[1] == 1 && side == 'w' || d[1] == -1 && side == 'b'
					if !king && !forward {
						continue
					}
					for n := 1; ; n++ {
						tf, tr := f+n*d[0], r+n*d[1]
						if !onBoard(tf, tr) || b[tf][tr] != 0 {
							break
						}
						nb := b
						nb[f][r] = 0
						nb[tf][tr] = ch
						if tr == last {
							nb[tf][tr] = side - ('a' - 'A')
						}
						results = append(results, nb)
						if !king {
							break
						}
					}
				}
			}
		}
	}
	var out []string
	for _, nb := range results {
		fen := refTo(nb, other).FEN()
		if !slices.Contains(out, fen) {
			out = append(out, fen)
		}
	}
	slices.Sort(out)
	return out
}

// refCaptures follows a capture of the piece ch that started on (sf, sr)
// and stands on (f, r), having taken the pieces on taken; it adds the
// board after each complete capture to results. It reports whether it
// could capture at all.
func refCaptures(b refBoard, f, r int, ch byte, sf, sr int, taken [][2]int, side byte, last int, results *[]refBoard) bool {
	king := ch == side-('a'-'A')
	free := func(x, y int) bool { return onBoard(x, y) && (b[x][y] == 0 || x == sf && y == sr) }
	wasTaken := func(x, y int) bool { return slices.Contains(taken, [2]int{x, y}) }
	found := false
	for _, d := range refDirs {
		var vf, vr int
		if king {
			vf, vr = f+d[0], r+d[1]
			for free(vf, vr) {
				vf, vr = vf+d[0], vr+d[1]
			}
		} else {
			vf, vr = f+d[0], r+d[1]
		}
		if !onBoard(vf, vr) || !enemy(b[vf][vr], side) || wasTaken(vf, vr) {
			continue
		}
		var landings [][2]int
		for lf, lr := vf+d[0], vr+d[1]; free(lf, lr); lf, lr = lf+d[0], lr+d[1] {
			landings = append(landings, [2]int{lf, lr})
			if !king {
				break
			}
		}
		if len(landings) == 0 {
			continue
		}
		found = true
		next := append(slices.Clone(taken), [2]int{vf, vr})
		// A king lands where it can go on capturing, if it can anywhere.
		var goOn [][2]int
		for _, l := range landings {
			nch := ch
			if l[1] == last {
				nch = side - ('a' - 'A')
			}
			var probe []refBoard
			if refCaptures(b, l[0], l[1], nch, sf, sr, next, side, last, &probe) {
				goOn = append(goOn, l)
			}
		}
		if len(goOn) > 0 {
			landings = goOn
		}
		for _, l := range landings {
			nch := ch
			if l[1] == last {
				nch = side - ('a' - 'A')
			}
			if !refCaptures(b, l[0], l[1], nch, sf, sr, next, side, last, results) {
				nb := b
				nb[sf][sr] = 0
				for _, t := range next {
					nb[t[0]][t[1]] = 0
				}
				nb[l[0]][l[1]] = nch
				*results = append(*results, nb)
			}
		}
	}
	return found
}

func engineMoves(p Position) []string {
	var out []string
	for _, m := range p.LegalMoves() {
		out = append(out, p.Play(&m).FEN())
	}
	slices.Sort(out)
	return out
}

// TestRandomGamesAgainstReference plays random games and checks every
// position's moves against the reference generator: the same positions
// reached, each once.
func TestRandomGamesAgainstReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(51, 1))
	games, positions := 400, 0
	if testing.Short() {
		games = 60
	}
	for game := 0; game < games; game++ {
		p := Start()
		for ply := 0; ply < 200; ply++ {
			want := refMoves(p)
			got := engineMoves(p)
			positions++
			if !slices.Equal(got, want) {
				t.Fatalf("game %d, ply %d, %s:\nengine    %v\nreference %v", game, ply, p.FEN(), got, want)
			}
			moves := p.LegalMoves()
			if len(moves) == 0 {
				break
			}
			p = p.Play(&moves[rng.IntN(len(moves))])
		}
	}
	t.Logf("%d positions checked", positions)
}

// TestReferenceAgreesOnPerft checks the reference itself against the
// issue's counts, so that the random games compare with a generator known
// to be right.
func TestReferenceAgreesOnPerft(t *testing.T) {
	var count func(fen string, depth int) int64
	count = func(fen string, depth int) int64 {
		p, err := ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		moves := refMoves(p)
		if depth == 1 {
			return int64(len(moves))
		}
		var n int64
		for _, m := range moves {
			n += count(m, depth-1)
		}
		return n
	}
	for depth := 1; depth <= 5; depth++ {
		if got, want := count(Start().FEN(), depth), Perft(Start(), depth); got != want {
			t.Errorf("reference perft(%d) = %d, the engine's %d", depth, got, want)
		}
	}
}

func ExamplePosition_FEN() {
	fmt.Println(Start().FEN())
	// Output: W:Wa1,a3,b2,c1,c3,d2,e1,e3,f2,g1,g3,h2:Ba7,b6,b8,c7,d6,d8,e7,f6,f8,g7,h6,h8
}
