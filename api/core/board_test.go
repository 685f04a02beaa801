package core

import (
	"strings"
	"testing"

	"adiukh/rules"
	"adiukh/rules/adiukh"
	"adiukh/tournament"
)

// A played game's position is coded for the pages' scripts in its event's
// game: Adiukh's towers, or Russian draughts' men and kings with each
// capture's whole path among the legal moves; a position of the other game
// does not read.
func TestGameCodes(t *testing.T) {
	pieces, legal, ok := GameCodes(tournament.GameKind("russian"), "W:Wb6,c3,h2:Ba7,c7,d4,f4,f6,Kh8", rules.White, true)
	if !ok || pieces != "h2:wm c3:wm d4:bm f4:bm b6:wm f6:bm a7:bm c7:bm h8:bk" {
		t.Errorf("Russian pieces %q (%v)", pieces, ok)
	}
	if !strings.Contains(legal, "c3 e5 g3=c3:e5:g3") || !strings.Contains(legal, "b6 d8 g5 e3 c5=b6:d8:g5:e3:c5") {
		t.Errorf("Russian legal moves %q", legal)
	}
	if _, legal, _ := GameCodes(tournament.GameKind("russian"), "W:Wc3:Bf6", rules.White, false); legal != "" {
		t.Errorf("legal moves not asked for: %q", legal)
	}
	start := adiukh.Start()
	pieces, legal, ok = GameCodes(tournament.DefaultGame, start.String(), rules.White, true)
	if !ok || !strings.HasPrefix(pieces, "a1:w1/0 c1:w1/0 ") || !strings.HasPrefix(legal, "a3 b4=a3-b4;") {
		t.Errorf("Adiukh: %q, %q (%v)", pieces, legal, ok)
	}
	if _, _, ok := GameCodes(tournament.GameKind("russian"), start.String(), rules.White, true); ok {
		t.Error("an Adiukh position read as Russian draughts")
	}
}
