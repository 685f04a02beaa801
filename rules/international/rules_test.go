package international

import (
	"slices"
	"strings"
	"testing"

	"adiukh/rules"
)

// position reads a FEN of the variant, failing the test when it does not
// read.
func position(t *testing.T, v *Variant, fen string) Position {
	t.Helper()
	p, err := v.ParseFEN(fen)
	if err != nil {
		t.Fatalf("%s: %v", fen, err)
	}
	return p
}

// legal lists the legal moves of a position as the game writes them, each
// with the FEN it leads to.
func legal(v *Variant, p Position) map[string]string {
	out := map[string]string{}
	for _, m := range v.LegalMoves(&p) {
		out[v.Notate(&p, &m)] = v.FEN(p.Play(&m))
	}
	return out
}

func TestLegalMovesFollowTheFMJDRules(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		rule string
		v    *Variant
		fen  string
		want map[string]string
	}{
		{"the start: White's men step forward", International, "W:W31-50:B1-20", nil},
		{"the capture that takes the most pieces must be played, not the one of one piece",
			International, "W:W32,40:B19,28,34", map[string]string{"32x14": "B:W14,40:B34"}},
		{"a man captures backward too", International, "W:W23:B28", map[string]string{"23x32": "B:W32:B"}},
		{"a man is crowned when its capture ends on the far row",
			International, "W:W12:B8,45", map[string]string{"12x3": "B:WK3:B45"}},
		{"a man that passes the far row during a capture stays a man",
			International, "W:W13:B9,10,45", map[string]string{"13x15": "B:W15:B45"}},
		{"a man steps onto the far row and is crowned", International, "W:W7:B45", map[string]string{"7-1": "B:WK1:B45", "7-2": "B:WK2:B45"}},
		{"the pieces taken stay until the capture ends, and a capture may end where it started",
			International, "W:W32:B17,18,27,28", map[string]string{"32x32": "B:W32:B"}},
		{"a flying king lands on any free square behind the last piece it takes",
			International, "W:WK46:B19,28,37", map[string]string{"46x14": "B:WK14:B", "46x10": "B:WK10:B", "46x5": "B:WK5:B"}},
		{"two pieces on a diagonal side by side cannot be taken", International, "W:WK46:B37,32", map[string]string{"46-41": "B:WK41:B32,37"}},
		{"captures with the same ends name their landing squares",
			International, "W:WK37:B17,20,25,29,32,33,43", map[string]string{"37x28x39x48": "B:WK48:B17,20,25,29", "37x23x34x48": "B:WK48:B17,20,25,33"}},
		{"Brazilian draughts: the Russian start, algebraic squares", Brazilian, "W:W21-32:B1-12", nil},
		{"Brazilian draughts: the majority rule, every landing square written",
			Brazilian, "W:Wc3,a1:Bd4,f6,b2,b6", map[string]string{"c3xe5xg7": "B:Wa1,g7:Bb2,b6"}},
		{"Brazilian draughts: no crowning in passing", Brazilian, "W:Wd6:Be7,g7,h2", map[string]string{"d6xf8xh6": "B:Wh6:Bh2"}},
	} {
		p := position(t, tc.v, tc.fen)
		got := legal(tc.v, p)
		if tc.want == nil {
			if len(got) != tc.v.size-1 {
				t.Errorf("%s: %d moves from %s, want %d: %v", tc.rule, len(got), tc.fen, tc.v.size-1, got)
			}
			continue
		}
		if len(got) != len(tc.want) {
			t.Errorf("%s: %s has moves %v, want %v", tc.rule, tc.fen, got, tc.want)
			continue
		}
		for m, fen := range tc.want {
			if got[m] != fen {
				t.Errorf("%s: %s: %s leads to %q, want %q (moves %v)", tc.rule, tc.fen, m, got[m], fen, got)
			}
		}
	}
}

func TestFENReadsAndWritesBack(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		v         *Variant
		fen, want string
	}{
		{International, "W:W31-50:B1-20", "W:W31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20"},
		{International, "B:WK46,28:BK3,19:H0:F1.", "B:W28,K46:BK3,19"},
		{Brazilian, "W:W21-32:B1-12", "W:Wa1,a3,b2,c1,c3,d2,e1,e3,f2,g1,g3,h2:Ba7,b6,b8,c7,d6,d8,e7,f6,f8,g7,h6,h8"},
		{Brazilian, "B:WKa1,c3:Bh6", "B:WKa1,c3:Bh6"},
	} {
		p := position(t, tc.v, tc.fen)
		if got := tc.v.FEN(p); got != tc.want {
			t.Errorf("%s reads as %s, want %s", tc.fen, got, tc.want)
		}
	}
	if International.FEN(International.Start()) != "W:W31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20" {
		t.Errorf("the initial position is %s", International.FEN(International.Start()))
	}
}

func TestBadFENSaysWhatIsWrong(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		v         *Variant
		fen, want string
	}{
		{International, "W:W51:B1", `"51" is not a square of the board (1–50)`},
		{International, "X:W31:B1", `a FEN starts with the side to move`},
		{International, "W:W3:B20", "a white man stands on 3, its last row"},
		{International, "W:W31,31:B1", "square 31 is given twice"},
		{International, "W:W1-50:B", "white has 50 pieces: each side has at most 20"},
		{Brazilian, "W:Wa2:Bh8", `"a2" is not a square of the board`},
		{Brazilian, "W:Wb8:Bh6", "a white man stands on b8"},
	} {
		_, err := tc.v.ParseFEN(tc.fen)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want an error saying %q", tc.fen, err, tc.want)
		}
	}
}

func TestWrittenMovesAreFoundOrExplained(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		v               *Variant
		fen, move, want string
	}{
		{International, "W:W31-50:B1-20", "32-28", "32-28"},
		{International, "W:W32,40:B19,28,34", "32x14", "32x14"},
		{International, "W:W32,40:B19,28,34", "32x23x14", "32x14"},
		{International, "W:WK37:B17,20,25,29,32,33,43", "37x34x48", "37x23x34x48"},
		{International, "W:WK37:B17,20,25,29,32,33,43", "37x48", "37x48 is ambiguous: it fits 37x23x34x48, 37x28x39x48"},
		{International, "W:W32,40:B19,28,34", "40x29", "40x29 takes 1, but the longest capture takes 2 pieces"},
		{International, "W:W32,40:B19,28,34", "32-27", "capturing is compulsory"},
		{International, "W:W31-50:B1-20", "32-55", "there is no square 55: the board's squares are 1–50"},
		{International, "W:W31-50:B1-20", "19-23", "the piece on 19 is black's, and white is to move"},
		{International, "W:W31-50:B1-20", "27-22", "there is no piece on 27"},
		{International, "W:W31-50:B1-20", "хо-д", "is not a square of the board"},
		{International, "W:W31-50:B1-20", "32", "international draughts writes a move with its start and end squares"},
		{International, "W:W15:BK50,45", "15-4", "the piece on 15 is a man"},
		{Brazilian, "W:W21-32:B1-12", "c3-d4", "c3-d4"},
		{Brazilian, "W:W21-32:B1-12", "22-18", "c3-d4"},
		{Brazilian, "W:Wc3,a1:Bd4,f6,b2,b6", "c3:e5", "c3:e5 takes 1, but the longest capture takes 2 pieces"},
		{International, "W:W32,40:B19,28,34", "32x23", "32x23 takes 1, but the longest capture takes 2 pieces"},
		// A king going on along the diagonal it captured on may land on any
		// free square before the next piece: each is a landing a player
		// may write.
		{International, "W:WK50:B33,17", "50x28x11", "50x11"},
		{International, "W:WK50:B33,17", "50x22x11", "50x11"},
		{International, "W:WK50:B33,17", "50x22x6", "50x6"},
		{International, "W:WK50:B33,17", "50x17x6", "50x17x6 is not a legal move"},
	} {
		p := position(t, tc.v, tc.fen)
		got := ""
		r, err := tc.v.ParseRecord(tc.move)
		if err == nil {
			var m Move
			if m, err = tc.v.Find(&p, r); err == nil {
				got = tc.v.Notate(&p, &m)
			}
		}
		if err != nil {
			got = err.Error()
		}
		if !strings.Contains(got, tc.want) {
			t.Errorf("%s on %s: %q, want %q", tc.move, tc.fen, got, tc.want)
		}
	}
}

// play plays written moves from a FEN, failing the test on one that is not
// legal.
func play(t *testing.T, v *Variant, fen string, moves ...string) *Game {
	t.Helper()
	return playOn(t, v.NewGame(position(t, v, fen)), moves...)
}

// playOn plays written moves on a game.
func playOn(t *testing.T, g *Game, moves ...string) *Game {
	t.Helper()
	v := g.v
	for i, text := range moves {
		r, err := v.ParseRecord(text)
		if err != nil {
			t.Fatalf("move %d %s: %v", i+1, text, err)
		}
		m, err := v.Find(&g.Position, r)
		if err != nil {
			t.Fatalf("move %d %s: %v", i+1, text, err)
		}
		if g.Outcome().Over {
			t.Fatalf("move %d %s after the end: %+v", i+1, text, g.Outcome())
		}
		g = g.Play(&m)
	}
	return g
}

// shuffle is n moves of each side's king back and forth between two
// squares, starting with the first.
func shuffle(n int, white, black [2]string) []string {
	var out []string
	for i := 0; i < n; i++ {
		w, b := white, black
		if i%2 == 1 {
			w, b = [2]string{w[1], w[0]}, [2]string{b[1], b[0]}
		}
		out = append(out, w[0]+"-"+w[1], b[0]+"-"+b[1])
	}
	return out
}

// wander plays n plies of quiet king moves from a FEN: each time the first
// legal move that captures nothing, leaves the opponent nothing to capture,
// keeps the ending of few pieces the board holds and leads to a position
// not seen before. It fails the test when there is none, or when the game
// ends before the last ply.
func wander(t *testing.T, v *Variant, fen string, n int) *Game {
	t.Helper()
	g := v.NewGame(position(t, v, fen))
	seen := map[Position]bool{g.Position: true}
	ending, _ := v.endingOf(v, &g.Position)
	for ply := 1; ply <= n; ply++ {
		if g.Outcome().Over {
			t.Fatalf("%s: over before ply %d: %+v", fen, ply, g.Outcome())
		}
		moved := false
		for _, m := range v.LegalMoves(&g.Position) {
			next := g.Position.Play(&m)
			if e, _ := v.endingOf(v, &next); m.IsCapture() || e != ending || seen[next] || v.CanCapture(&next) ||
				g.Position.Kings&(1<<m.From) == 0 {
				continue
			}
			g, seen[next], moved = g.Play(&m), true, true
			break
		}
		if !moved {
			t.Fatalf("%s: no quiet king move at ply %d in %s", fen, ply, v.FEN(g.Position))
		}
	}
	return g
}

func TestDrawRules(t *testing.T) {
	t.Parallel()
	// The same position a third time, the same side to move.
	g := play(t, International, "W:WK47,K48:BK3,K4", shuffle(4, [2]string{"47", "42"}, [2]string{"3", "9"})...)
	if out := g.Outcome(); !out.Over || out.Reason != EndRepetition || out.Score != Draw {
		t.Errorf("after two cycles: %+v", out)
	}
	if out := play(t, International, "W:WK47,K48:BK3,K4", shuffle(3, [2]string{"47", "42"}, [2]string{"3", "9"})...).Outcome(); out.Over {
		t.Errorf("one cycle and a half is not a repetition: %+v", out)
	}
	for _, tc := range []struct {
		rule   string
		v      *Variant
		fen    string
		moves  int
		reason rules.EndReason
	}{
		{"FMJD: 25 moves each of kings only", International, "W:WK47,K48,36,37:BK3,K4,14,15", 25, EndKingsOnly},
		{"FMJD: three kings against one, 16 moves each", International, "W:WK47,K48,K49:BK3", 16, EndThreeAgainstKing},
		{"FMJD: a king and two men against a king, 16 moves each", International, "W:WK47,37,36:BK3", 16, EndThreeAgainstKing},
		{"FMJD: two kings against one, 5 moves each", International, "W:WK47,K48:BK3", 5, EndTwoAgainstKing},
		{"FMJD-64 7.2.5: 15 moves of kings only", Brazilian, "W:WKa1,Kc1,a3,c3:BKh8,Kf8,h6,f6", 15, EndKingsOnly},
		{"FMJD-64 7.2.8: two kings against one, 5 moves", Brazilian, "W:WKa1,Kc1:BKh6", 5, EndTwoAgainstKing},
		{"FMJD-64 7.2.7: three kings against one on the long diagonal, 5 moves", Brazilian, "W:WKa3,Kc1,Ke1:BKh8", 5, EndMainRoad},
		{"FMJD-64 7.2.4: three kings against one off the long diagonal, 15 moves", Brazilian, "W:WKc1,Ke1,Kg1:BKf8", 15, EndThreeKings},
	} {
		if out := wander(t, tc.v, tc.fen, 2*tc.moves-1).Outcome(); out.Over {
			t.Errorf("%s: over a ply early: %+v", tc.rule, out)
		}
		if out := wander(t, tc.v, tc.fen, 2*tc.moves).Outcome(); !out.Over || out.Reason != tc.reason || out.Moves != tc.moves || out.Score != Draw {
			t.Errorf("%s: %+v", tc.rule, out)
		}
	}

	// FMJD-64 7.2.6: with kings on both sides and four pieces, 30 moves
	// without a capture or a crowning. Men's moves among them keep the
	// kings-only count from running out first, so the game is taken at its
	// 59th ply.
	for plies, over := range map[int]bool{58: false, 59: true} {
		g := Brazilian.NewGame(position(t, Brazilian, "W:WKa1,c3:BKh8,f6"))
		g.history.SinceChange = plies
		if got := playOn(t, g, "a1-b2").Outcome(); got.Over != over || over && (got.Reason != EndForceCount || got.Moves != 30) {
			t.Errorf("after %d plies: %+v", plies+1, got)
		}
	}
}
func TestTheGamesAreRegistered(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		game  *rules.Variant
		fen   string
		moves int
	}{
		{InternationalGame, "W:W31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20", 9},
		{BrazilianGame, "W:Wa1,a3,b2,c1,c3,d2,e1,e3,f2,g1,g3,h2:Ba7,b6,b8,c7,d6,d8,e7,f6,f8,g7,h6,h8", 7},
	} {
		g := tc.game.Rules
		s := g.Start()
		if s.Notation() != tc.fen || len(s.Moves()) != tc.moves || g.Memoryless() || g.Name() != tc.game.Key {
			t.Errorf("%s: %s with %d moves", tc.game.Key, s.Notation(), len(s.Moves()))
		}
		tags := g.PDNTags(s)
		if !slices.ContainsFunc(tags, func(h rules.Header) bool { return h.Key == "GameType" }) || len(tags) != 2 {
			t.Errorf("%s: tags %v", tc.game.Key, tags)
		}
	}
}

// A game of a micro-match is replayed from its opening whichever way its
// sheet is written: the whole game, or the moves after the opening
// numbered on from it; an opening that does not replay is an error.
func TestValidateAfterOpening(t *testing.T) {
	t.Parallel()
	opening := []string{"32-28", "19-23", "28x19", "14x23"}
	for name, sheet := range map[string]string{
		"whole game":    "1. 32-28 19-23 2. 28x19 14x23 3. 37-32 10-14 1-1",
		"after opening": "3. 37-32 10-14 1-1",
	} {
		v, err := InternationalGame.Rules.ValidateAfterOpening(sheet, opening)
		if err != nil || !v.Valid || !v.Replayed || len(v.Moves) != 6 || v.OpeningPlies != 4 || v.Moves[4].Notation != "37-32" || v.Moves[4].Ply != 5 {
			t.Errorf("%s: %v, %+v (%d moves)", name, err, v.Errors, len(v.Moves))
			continue
		}
		again := InternationalGame.Rules.ValidateGames(v.PDN)
		if len(again) != 1 || !again[0].Valid || again[0].Plies != 6 {
			t.Errorf("%s: its PDN does not read back: %s", name, v.PDN)
		}
		// The paper sheet numbers the moves after the opening on from it.
		after := InternationalGame.Rules.ValidateGames(v.PDNAfterOpening)
		if !strings.Contains(v.PDNAfterOpening, "[FEN ") || !strings.Contains(v.PDNAfterOpening, "3. 37-32 10-14 1-1") || len(after) != 1 || !after[0].Valid || after[0].Plies != 2 {
			t.Errorf("%s: its PDN after the opening:\n%s", name, v.PDNAfterOpening)
		}
	}
	if _, err := InternationalGame.Rules.ValidateAfterOpening("", []string{"32-27", "19-24", "27x20"}); err == nil {
		t.Error("an opening that does not replay was taken")
	}
}
