package russian

import (
	"slices"
	"strings"
	"testing"

	"adiukh/rules"
)

func mustFEN(t *testing.T, fen string) Position {
	t.Helper()
	p, err := ParseFEN(fen)
	if err != nil {
		t.Fatalf("ParseFEN(%q): %v", fen, err)
	}
	return p
}

func moveNames(p Position) []string {
	var out []string
	for _, m := range p.LegalMoves() {
		out = append(out, m.String())
	}
	return out
}

func squares(t *testing.T, names ...string) uint32 {
	t.Helper()
	var set uint32
	for _, n := range names {
		s, ok := rules.ParseSquare(n)
		if !ok {
			t.Fatalf("%q is not a square", n)
		}
		set |= 1 << s
	}
	return set
}

// The rules of the seeds, each with a position of its text.
func TestRulesOfTheSeeds(t *testing.T) {
	t.Run("LD 2: a man captures backward too", func(t *testing.T) {
		// Diagram 3: the white man g5 takes f4 backward, landing on e3.
		p := mustFEN(t, "W:Wg5:Bf4,h8")
		if got := moveNames(p); !slices.Equal(got, []string{"g5:e3"}) {
			t.Fatalf("moves %v, want [g5:e3]", got)
		}
	})
	t.Run("LD 3, diagram 7: a man takes every piece it can, turning as it goes", func(t *testing.T) {
		p := mustFEN(t, "W:Wa3,c1:Bb2,d2,d6,f4,f6,b6")
		got := moveNames(p)
		if !slices.Contains(got, "c1:e3:g5:e7:c5:a7") {
			t.Fatalf("moves %v, want c1:e3:g5:e7:c5:a7 among them", got)
		}
		for _, m := range p.LegalMoves() {
			if m.Captures() != 5 {
				t.Errorf("%s takes %d pieces: a capture goes on while it can (LD 3)", m, m.Captures())
			}
		}
	})
	t.Run("LD 8, diagram 14: a free choice among captures, however many each takes", func(t *testing.T) {
		// The king a1 can take two (b2, then d4), the man h2 one (g3).
		p := mustFEN(t, "W:WKa1,h2:Bb2,d4,g3")
		got := moveNames(p)
		var one, two bool
		for _, m := range p.LegalMoves() {
			one = one || m.Captures() == 1
			two = two || m.Captures() == 2
		}
		if !one || !two {
			t.Fatalf("moves %v: a capture of one and one of two must both be legal (no majority rule)", got)
		}
	})
	t.Run("RD 5: a king lands where it can go on capturing", func(t *testing.T) {
		// After taking c3 the king could stop on d4, e5 or f6, but only
		// from e5 can it take g3 (e5:g3… via f4): it must land there.
		p := mustFEN(t, "W:WKa1:Bc3,f4")
		got := moveNames(p)
		if !slices.Equal(got, []string{"a1:e5:g3", "a1:e5:h2"}) {
			t.Fatalf("moves %v, want [a1:e5:g3 a1:e5:h2]", got)
		}
	})
	t.Run("LD 10, diagram 17: a man crowned by a quiet move does not capture in the same move", func(t *testing.T) {
		p := mustFEN(t, "W:Wa7:Bc7,f6")
		moves := p.LegalMoves()
		if len(moves) != 1 || moves[0].String() != "a7-b8" || !moves[0].Crowns {
			t.Fatalf("moves %v, want the crowning a7-b8 alone", moves)
		}
		after := p.Play(&moves[0])
		if _, king, _ := after.Piece(moves[0].To); !king {
			t.Fatalf("b8 holds no king after a7-b8: %s", after.FEN())
		}
	})
	t.Run("LD 19–21, RD 6–7: crowned during a capture, going on as a king, stopped by the Turkish strike", func(t *testing.T) {
		// Diagram 19: Black's man a5 must take five, is crowned on e1 and
		// ends on c3 either way round, stopped by b4, taken already.
		p := mustFEN(t, "B:Wa1,b2,b4,d2,d4,f2,f4:Ba5")
		moves := p.LegalMoves()
		if len(moves) != 1 {
			t.Fatalf("moves %v, want one (both routes have one result)", moveNames(p))
		}
		m := moves[0]
		if want := squares(t, "b4", "d2", "f2", "f4", "d4"); m.Taken != want || m.To != squares1(t, "c3") || !m.Crowns {
			t.Fatalf("move %s takes %032b, ends on %s, crowns %v", m, m.Taken, m.To, m.Crowns)
		}
		after := p.Play(&m)
		if got := after.FEN(); got != "W:Wa1,b2:BKc3" {
			t.Fatalf("after %s: %s, want W:Wa1,b2:BKc3", m, got)
		}
		if got := moveNames(after); !slices.Equal(got, []string{"b2:d4"}) {
			t.Fatalf("White's answer %v, want b2:d4 (diagram 20: the king is lost)", got)
		}
	})
	t.Run("LD 17, diagram 17: a king stops before a piece it took already", func(t *testing.T) {
		// The king e1 takes c3, b6, e7 and e5 and must stop on d4: going on
		// over c5 it would land on b6, where the piece it took stands until
		// the move is over; and c3 it took already.
		p := mustFEN(t, "W:WKe1,f2:Bb6,c3,c5,e5,e7")
		got := moveNames(p)
		if !slices.Contains(got, "e1:a5:d8:f6:d4") {
			t.Fatalf("moves %v, want e1:a5:d8:f6:d4", got)
		}
		for _, m := range got {
			if strings.HasPrefix(m, "e1:a5:d8:f6:d4:") {
				t.Fatalf("%s goes on past d4", m)
			}
		}
		after := p.Play(&p.LegalMoves()[slices.Index(got, "e1:a5:d8:f6:d4")])
		if got := moveNames(after); !slices.Equal(got, []string{"c5:e3:g1"}) {
			t.Fatalf("Black's answer %v, want c5:e3:g1 (diagram 18: the king and f2 are lost)", got)
		}
	})
	t.Run("RD 3: capturing is compulsory", func(t *testing.T) {
		p := mustFEN(t, "W:Wc3,h2:Bd4")
		if got := moveNames(p); !slices.Equal(got, []string{"c3:e5"}) {
			t.Fatalf("moves %v, want the capture alone", got)
		}
	})
}

func squares1(t *testing.T, name string) Square {
	t.Helper()
	s, _ := rules.ParseSquare(name)
	return s
}

func TestFEN(t *testing.T) {
	for _, tc := range []struct{ in, want, err string }{
		{"W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12:H0:F1", Start().FEN(), ""},
		{"W:W21-32:B1-12", Start().FEN(), ""},
		{" B:WKa1,c3:Bh8,Kf6. ", "B:WKa1,c3:BKf6,h8", ""},
		{"W:WK26:B8,9,10,11,19", "W:WKd2:Bb6,d6,f4,f6,g7", ""},
		{"B:W:Bd4", "B:W:Bd4", ""},
		{"X:Wa1", "", "a FEN starts with the side to move"},
		{"W:Wa1,z9", "", `"z9" is not a dark square`},
		{"W:Wa1,a1", "", "square a1 is given twice"},
		{"W:Wb8:Bd4", "", "a white man stands on b8"},
		{"W:W1-13:B20", "", "white has 13 pieces"},
		{"W", "", "no pieces given"},
		{"W:Wa1:b2", "", `"b2": each colour's pieces follow W or B`},
	} {
		p, err := ParseFEN(tc.in)
		got := ""
		if err == nil {
			got = p.FEN()
		}
		if got != tc.want || (err == nil) != (tc.err == "") || err != nil && !strings.Contains(err.Error(), tc.err) {
			t.Errorf("ParseFEN(%q) = %q, %v; want %q, %q", tc.in, got, err, tc.want, tc.err)
		}
	}
	if _, err := ParseFEN("W:Wa1,z9"); err == nil || !strings.Contains(err.Error(), "character 7") {
		t.Errorf("the error names no place: %v", err)
	}
}

// line plays moves written as the game writes them from a FEN, failing
// the test on a move that is not legal.
func line(t *testing.T, fen string, moves ...string) *Game {
	t.Helper()
	g := NewGame(mustFEN(t, fen))
	for i, text := range moves {
		if out := g.Outcome(); out.Over {
			t.Fatalf("ply %d: the game ended before %s: %+v", i+1, text, out)
		}
		r, err := rules.ParseRecord(text)
		if err != nil {
			t.Fatal(err)
		}
		m, err := g.Position.Find(r)
		if err != nil {
			t.Fatalf("ply %d, %s: %v", i+1, g.Position.FEN(), err)
		}
		g = g.Play(&m)
	}
	return g
}

// shuttle is a line of n plies in which each side's king goes back and
// forth between two squares, and the others stand.
func shuttle(n int, white, black [2]string) []string {
	var out []string
	for i := 0; len(out) < n; i++ {
		w := white[0] + "-" + white[1]
		b := black[0] + "-" + black[1]
		if i%2 == 1 {
			w, b = white[1]+"-"+white[0], black[1]+"-"+black[0]
		}
		out = append(out, w, b)
	}
	return out[:n]
}

// tour is a line of plies in which kings walk without coming back to a
// position, found by a search: each ply is a quiet king move that keeps the
// game going, and the position it leads to has not stood before.
func tour(t *testing.T, fen string, plies int, keep func(p *Position, m *Move) bool) []string {
	t.Helper()
	var path []string
	seen := map[Position]bool{}
	var search func(g *Game) bool
	search = func(g *Game) bool {
		if len(path) == plies {
			return true
		}
		if g.Outcome().Over {
			return false
		}
		for _, m := range g.Position.LegalMoves() {
			if m.IsCapture() || !keep(&g.Position, &m) {
				continue
			}
			next := g.Play(&m)
			if seen[next.Position] || next.Position.CanCapture() {
				continue
			}
			seen[next.Position] = true
			path = append(path, m.String())
			if search(next) {
				return true
			}
			path = path[:len(path)-1]
		}
		return false
	}
	if !search(NewGame(mustFEN(t, fen))) {
		t.Fatalf("no line of %d plies from %s", plies, fen)
	}
	return path
}

func kingsOnly(p *Position, m *Move) bool { return p.Kings&(1<<m.From) != 0 }

// The draw axioms (draw-axioms-ru.txt): each ends the game on the ply
// it names and not one ply before. The seed's diagrams are not in its
// text; the positions are built as the text describes them.
func TestDrawAxioms(t *testing.T) {
	type axiom struct {
		name   string
		fen    string
		moves  []string
		reason rules.EndReason
		score  rules.Score
	}
	for _, tc := range []axiom{
		{
			// Diagram 1: Black to move, nothing taken, and no move: lost.
			name: "axiom 1: no move is a loss", fen: "B:Wb2,c1:Ba3",
			reason: rules.EndFinalPosition, score: WhiteWins,
		},
		{
			name: "axiom 1: no piece left is a loss", fen: "W:Wc3:Bd4", moves: []string{"c3:e5"},
			reason: rules.EndFinalPosition, score: WhiteWins,
		},
		{
			// The kings of diagram 2 going back and forth: the start stands
			// for the third time after eight plies, before axiom 3's ten.
			name: "axiom 7: the same position three times", fen: "W:WKa1:BKh2",
			moves:  shuttle(8, [2]string{"a1", "b2"}, [2]string{"h2", "g1"}),
			reason: EndRepetition, score: Draw,
		},
		{
			// Diagrams 2–4: a two-piece ending with kings on both sides, 5
			// moves without a change of force.
			name: "axiom 3: 2–3 pieces, 5 moves", fen: "W:WKa1:BKh2",
			moves:  tour(t, "W:WKa1:BKh2", 10, kingsOnly),
			reason: EndForceCount, score: Draw,
		},
		{
			// Diagram 9: kings and men, only the kings moving for 15 moves.
			name: "axiom 4: 15 moves of kings only", fen: "W:WKa1,Kc1,e1,g1:BKh8,Kf8,d8,b8",
			moves:  tour(t, "W:WKa1,Kc1,e1,g1:BKh8,Kf8,d8,b8", 30, kingsOnly),
			reason: EndKingsOnly, score: Draw,
		},
		{
			// Diagram 12: three kings against one, 15 moves of the stronger
			// side from the last change of force.
			name: "axiom 6: three kings against a lone king, 15 moves", fen: "W:WKa3,Kc1,Ke1:BKh2",
			moves:  tour(t, "W:WKa3,Kc1,Ke1:BKh2", 29, func(p *Position, m *Move) bool { return m.To.File() != m.To.Rank() }),
			reason: EndThreeKings, score: Draw,
		},
		{
			// Diagram 10: three pieces against the king on the main road; the
			// stronger side's fifth move does not win.
			name: "axiom 5: three pieces against a king on the main road, 5 moves", fen: "W:WKc1,Ke1,Kg1:BKa1",
			moves:  tour(t, "W:WKc1,Ke1,Kg1:BKa1", 9, func(p *Position, m *Move) bool { return p.Side == White || mainRoad&(1<<m.To) != 0 }),
			reason: EndMainRoad, score: Draw,
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := line(t, tc.fen, tc.moves...)
			out := g.Outcome()
			if !out.Over || out.Reason != tc.reason || out.Score != tc.score {
				t.Fatalf("after %v: %+v, want %s %s", tc.moves, out, tc.reason, tc.score)
			}
			if len(tc.moves) > 0 {
				if before := line(t, tc.fen, tc.moves[:len(tc.moves)-1]...).Outcome(); before.Over {
					t.Fatalf("the game ended a ply early: %+v", before)
				}
			}
		})
	}
}

// The exception of axiom 5 (diagram 11): three men, two of them past the
// двойник, go on after five moves against the king on the main road; with
// fewer past it, the five moves draw.
func TestMainRoadException(t *testing.T) {
	for _, tc := range []struct {
		fen  string
		draw bool
	}{
		{"W:Wa3,c3,e3:BKh8", true},  // no man past the двойник
		{"W:Wa3,f6,h4:BKh8", false}, // f6 and h4 are past it
		{"B:WKh8:Bh6,f4,d4", true},  // the black men have not crossed it
		{"B:WKa1:Bh6,c3,a3", false}, // c3 and a3 are past it, for Black
	} {
		p := mustFEN(t, tc.fen)
		if _, ok := p.mainRoadEnding(); !ok {
			t.Fatalf("%s is not an ending of axiom 5", tc.fen)
		}
		if got := p.mainRoadException(); got == tc.draw {
			t.Errorf("%s: exception %v, want %v", tc.fen, got, !tc.draw)
		}
		// The fifth move of the stronger side has been made: the game is
		// drawn unless the exception holds.
		g := NewGame(p)
		g.roadMoves = 5
		g.judge()
		if out := g.Outcome(); out.Over != tc.draw || tc.draw && out.Reason != EndMainRoad {
			t.Errorf("%s after five moves: %+v, want a draw %v", tc.fen, out, tc.draw)
		}
	}
	// Three kings, two standing where men would be past the двойник: the
	// exception is for men only.
	if p := mustFEN(t, "W:WKf6,Kh4,Kc1:BKa1"); p.mainRoadException() {
		t.Error("kings take the exception of men")
	}
}

func TestForceLimits(t *testing.T) {
	for _, tc := range []struct {
		fen   string
		limit int
	}{
		{"W:WKa1:BKh8", 5},
		{"W:WKa1,c3:BKh8", 5},
		{"W:WKa1,c3:BKh8,h6", 30},
		{"W:WKa1,c3,e3:BKh8,h6", 30},
		{"W:WKa1,c3,e3:BKh8,h6,f6", 60},
		{"W:WKa1,c3,e3,g3:BKh8,h6,f6", 60},
		{"W:WKa1,c3,e3,g3:BKh8,h6,f6,d6", 0}, // eight pieces: axiom 3 gives no count
		{"W:Wa1,c3:BKh8", 0},                 // White has no king
	} {
		p := mustFEN(t, tc.fen)
		if got := forceLimit(&p); got != tc.limit {
			t.Errorf("%s: %d moves, want %d", tc.fen, got, tc.limit)
		}
	}
}
