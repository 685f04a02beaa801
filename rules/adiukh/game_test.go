package adiukh

import (
	"testing"

	"adiukh/rules"
)

// Adiukh behind the Game interface answers as the rules do.
func TestAdiukhGame(t *testing.T) {
	g := Variant.Rules
	if g.Name() != Variant.Key {
		t.Fatalf("Adiukh's rules are named %q", g.Name())
	}
	s := g.Start()
	if s.ToMove() != White || s.Notation() != Start().String() || s.Outcome().Over {
		t.Fatalf("start %s, %s to move, %+v", s.Notation(), s.ToMove(), s.Outcome())
	}
	if n := g.Perft(s, 4); n != 1469 {
		t.Errorf("perft(4) = %d, want 1469", n)
	}
	if moves := s.Moves(); len(moves) != 7 || moves[0].After.ToMove() != Black {
		t.Fatalf("moves %v", moves)
	}
	m, err := s.Play("cb4")
	if err != nil || m.Notation != "c3-b4" {
		t.Fatalf("cb4: %+v, %v", m, err)
	}
	if _, err := s.Play("c3-c5"); err == nil {
		t.Fatal("c3-c5 was played")
	}
	final, err := g.ParseState("white: a1-1; black: b2-1, c3-1", White)
	if err != nil {
		t.Fatal(err)
	}
	pos := final.(adiukhState).pos
	if out := final.Outcome(); !out.Over || out.Reason != rules.EndFinalPosition || out.Score != pos.Score() {
		t.Fatalf("outcome %+v", out)
	}
	if !g.Memoryless() {
		t.Error("Adiukh's rules count what came before a position")
	}
	if tags := g.PDNTags(s); len(tags) != 2 || tags[0] != (Header{Key: "GameType", Value: PDNGameType}) {
		t.Errorf("the tags of a game from the start: %v", tags)
	}
	if tags := g.PDNTags(final); len(tags) != 4 || tags[2] != (Header{Key: "Position", Value: pos.String()}) || tags[3] != (Header{Key: "ToMove", Value: "white"}) {
		t.Errorf("the tags of a game from a position: %v", tags)
	}
	if _, err := g.ParseState("white: z9", White); err == nil {
		t.Fatal("a bad position was read")
	}
	verdicts := g.ValidateGames("1. c3-b4 b6-c5")
	if len(verdicts) != 1 || !verdicts[0].Valid || verdicts[0].Plies != 2 || verdicts[0].PDN == "" {
		t.Fatalf("verdicts %+v", verdicts)
	}
}
