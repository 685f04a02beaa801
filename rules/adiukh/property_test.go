package adiukh

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"adiukh/rules"
)

// randomGame plays random legal moves from the start to the final position.
func randomGame(rng *rand.Rand) (positions []Position, moves []Move) {
	p, side := Start(), White
	positions = append(positions, p)
	for {
		legal := p.LegalMoves(side)
		if len(legal) == 0 {
			return positions, moves
		}
		m := legal[rng.IntN(len(legal))]
		moves = append(moves, m)
		p = p.Play(m)
		positions = append(positions, p)
		side = side.Opponent()
	}
}

// checkInvariants checks what must hold in every position of a game from the
// start: 12 checkers of each colour, towers of the two-block shape with
// consistent bookkeeping.
func checkInvariants(t *testing.T, p Position) {
	t.Helper()
	if w, b := p.Checkers(); w != 12 || b != 12 {
		t.Fatalf("%s: %d white and %d black checkers", p, w, b)
	}
	if p.top[White]&p.top[Black] != 0 {
		t.Fatalf("%s: a square is topped by both colours", p)
	}
	for s := Square(0); s < 32; s++ {
		occupied := p.occupied()&(1<<s) != 0
		if occupied != (p.own[s] > 0) || (!occupied && p.other[s] != 0) {
			t.Fatalf("%s: square %s: occupied %v with counts %d/%d", p, s, occupied, p.own[s], p.other[s])
		}
	}
	if sc := p.Score(); sc.White+sc.Black != 24 {
		t.Fatalf("%s: score %s does not add up to 24", p, sc)
	}
}

// Replaying a random game through its own notation — full, and short where
// the short record is unique — reaches the same positions.
func TestRandomGameProperties(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 2026))
	for game := 0; game < 200; game++ {
		positions, moves := randomGame(rng)
		for _, p := range positions {
			checkInvariants(t, p)
		}
		final := positions[len(positions)-1]
		for _, short := range []bool{false, true} {
			sheet := sheetOf(positions, moves, short) + fmt.Sprintf("\nScore %s\n", final.Score())
			r := ValidateSheet(sheet)
			if !r.Valid || r.Position != final || r.Score == nil || *r.Score != final.Score() {
				t.Fatalf("game %d (short %v) does not replay: %+v\n%s", game, short, r.Errors, sheet)
			}
			again := ValidateSheet(r.PDN())
			if !again.Valid || again.Position != final || len(again.Played) != len(moves) {
				t.Fatalf("game %d does not survive PDN: %+v\n%s", game, again.Errors, r.PDN())
			}
		}
	}
}

// sheetOf writes moves as a sheet, in short notation where that names one
// move.
func sheetOf(positions []Position, moves []Move, short bool) string {
	var b strings.Builder
	side := White
	for i, m := range moves {
		if side == White {
			fmt.Fprintf(&b, "%d. ", i/2+1)
		}
		text := m.String()
		if short {
			rec, _ := rules.ParseRecord(m.Short())
			if found, err := positions[i].Find(side, rec); err == nil && sameResult(&found, &m) {
				text = m.Short()
			}
		}
		b.WriteString(text + " ")
		if side == Black {
			b.WriteString("\n")
		}
		side = side.Opponent()
	}
	return b.String()
}

func TestPositionNotation(t *testing.T) {
	for _, tc := range []struct{ in, want, err string }{
		{"white: a5-1, d4-1, e5-2/1, f8-3/1, g5-1/1; black: a1-1, b6-2/3, c7-3",
			"white: a5-1, d4-1, e5-2/1, f8-3/1, g5-1/1; black: a1-1, b6-2/3, c7-3", ""},
		{"белые: g5-1/1, a5-1; чёрные: c7-3", "white: a5-1, g5-1/1; black: c7-3", ""},
		{"белые - a1, a3, b2, c1, c3, d2, e1, e3, f2, g1, g3, h2; черные - a7, b6, b8, c7, d6, d8, e7, f6, f8, g7, h6, h8", Start().String(), ""},
		{"white: a5-1/2, b4-3; black: —", "white: a5-1/2, b4-3; black: ", ""},
		{"black: h8", "white: ; black: h8-1", ""},
		{"white: a2", "", "character 8: \"a2\" is not a dark square"},
		{"white: a1, a1", "", "character 12: square a1 is given twice"},
		{"red: a1", "", "character 1: \"red\" is not a side"},
		{"white: a1-13", "", "count of the owner's checkers must be 1–12"},
		{"white: a1-12, c1-1", "", "at most 12"},
		{"", "", "no side given"},
	} {
		t.Run(tc.in, func(t *testing.T) {
			p, err := ParsePosition(tc.in)
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("error %v, want %q", err, tc.err)
				}
				return
			}
			if err != nil || p.String() != tc.want {
				t.Fatalf("got %q, %v; want %q", p.String(), err, tc.want)
			}
		})
	}
}

// Mobility is 0 exactly when there is no legal move; without a capture it
// counts the quiet moves, and with one no more first jumps than there are
// capture routes (each first jump begins one at least).
func TestMobility(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 2026))
	for game := 0; game < 100; game++ {
		positions, _ := randomGame(rng)
		for _, p := range positions {
			for _, side := range []Color{White, Black} {
				n, legal := p.Mobility(side), p.LegalMoves(side)
				switch {
				case (n == 0) != (len(legal) == 0):
					t.Fatalf("%s, %s: mobility %d with %d legal moves", p, side, n, len(legal))
				case len(legal) > 0 && !legal[0].IsCapture() && n != len(legal):
					t.Fatalf("%s, %s: mobility %d with %d quiet moves", p, side, n, len(legal))
				case len(legal) > 0 && legal[0].IsCapture() && n > len(p.appendMoves(nil, side, false)):
					t.Fatalf("%s, %s: mobility %d with %d capture routes", p, side, n, len(p.appendMoves(nil, side, false)))
				}
			}
		}
	}
}

// The position turned round with the colours exchanged is the same game
// with the other side to move: along random games every position's turned
// copy has as many legal moves for the other side, the points exchanged,
// and the moves lead to the turned positions; turning twice gives the
// position back.
func TestTurnedPosition(t *testing.T) {
	rng := rand.New(rand.NewPCG(41, 2026))
	for game := 0; game < 50; game++ {
		positions, _ := randomGame(rng)
		side := White
		for i, p := range positions {
			q := p.Turned()
			if q.Turned() != p {
				t.Fatalf("game %d, ply %d: turning twice changes %s", game, i, p)
			}
			if sc, tc := p.Score(), q.Score(); sc.White != tc.Black || sc.Black != tc.White {
				t.Fatalf("game %d, ply %d: %s scores %s, turned %s", game, i, p, sc, tc)
			}
			want := map[Position]bool{}
			for _, m := range p.LegalMoves(side) {
				want[p.Play(m).Turned()] = true
			}
			got := map[Position]bool{}
			for _, m := range q.LegalMoves(side.Opponent()) {
				got[q.Play(m)] = true
			}
			if len(got) != len(want) {
				t.Fatalf("game %d, ply %d: %d positions after a move, turned %d", game, i, len(want), len(got))
			}
			for r := range want {
				if !got[r] {
					t.Fatalf("game %d, ply %d: %s cannot be reached in the turned position %s", game, i, r, q)
				}
			}
			side = side.Opponent()
		}
	}
	p, _ := ParsePosition("white: a1-2/1, c3-1; black: h8-1, f6-3/2")
	if got, want := p.Turned().String(), "white: a1-1, c3-3/2; black: f6-1, h8-2/1"; got != want {
		t.Errorf("turned %q, want %q", got, want)
	}
}
