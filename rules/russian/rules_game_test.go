package russian

import (
	"fmt"
	"strings"
	"testing"
)

// Russian draughts behind rules.Game: positions as FEN, moves with the
// state after them, the draws of the axioms as the end of a game.
func TestRulesGame(t *testing.T) {
	g := Variant.Rules
	s := g.Start()
	if s.Notation() != Start().FEN() || s.ToMove() != White || g.Perft(s, 5) != 7482 {
		t.Fatalf("start %s", s.Notation())
	}
	m, err := s.Play("22-18") // c3-d4, by number
	if err != nil || m.Notation != "c3-d4" || m.After.ToMove() != Black {
		t.Fatalf("22-18: %+v, %v", m, err)
	}
	if _, err := s.Play("c3-c5"); err == nil {
		t.Fatal("c3-c5 was played")
	}
	st, err := g.ParseState("W:WKa1:BKh2", Black) // the FEN names the side to move
	if err != nil || st.ToMove() != White {
		t.Fatalf("%v, %v", st, err)
	}
	for _, move := range shuttle(8, [2]string{"a1", "b2"}, [2]string{"h2", "g1"}) {
		next, err := st.Play(move)
		if err != nil {
			t.Fatalf("%s: %v", move, err)
		}
		st = next.After
	}
	if out := st.Outcome(); !out.Over || out.Reason != EndRepetition || out.Score != Draw || len(st.Moves()) != 0 || !strings.Contains(out.Detail.String(), "axiom 7") {
		t.Fatalf("after the repetition: %+v, moves %v", out, st.Moves())
	}
	if g.Memoryless() {
		t.Error("Russian draughts' rules are taken to need nothing but a position")
	}
	if tags := fmt.Sprint(g.PDNTags(g.Start())); tags != "[{GameType 25 0} {Variant Russian 0}]" {
		t.Errorf("the tags of a game from the start: %s", tags)
	}
	if tags := fmt.Sprint(g.PDNTags(st)); tags != "[{GameType 25 0} {Variant Russian 0} {FEN W:WKa1:BKh2 0}]" {
		t.Errorf("the tags of a game from a FEN: %s", tags)
	}
	if _, err := st.Play("a1-b2"); err == nil {
		t.Fatal("a move was played after the draw")
	}
	v := g.ValidateGames("FEN: B:Wb2,c1:Ba3\n2:0")
	if len(v) != 1 || !v[0].Valid || v[0].Result == nil || *v[0].Result != WhiteWins || v[0].Final.Notation() != "B:Wb2,c1:Ba3" {
		t.Fatalf("verdict %+v", v)
	}
}
