package russian

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"adiukh/rules"
)

func readTestdata(t *testing.T, name string) string {
	t.Helper()
	text, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return string(text)
}

// A PDN file as lidraughts exports Russian draughts: GameType 25, tags of
// its own, comments, NAGs, move numbers, captures written by their start
// and end only, a FEN tag by name and by number, results 0-2, 1-1 and *.
func TestValidateLidraughtsPDN(t *testing.T) {
	reports := ValidateGames(readTestdata(t, "lidraughts-russian.pdn"))
	if len(reports) != 3 {
		t.Fatalf("%d games, want 3", len(reports))
	}
	for i, tc := range []struct {
		plies  int
		result string
		reason rules.EndReason
		final  string
	}{
		{40, "0:2", rules.EndFinalPosition, "W:W:BKa3,b6,c7,e7,f8,Kh2,h4,h8"},
		{8, "1:1", EndRepetition, "B:WKb2:BKh2"},
		{4, "", "", "W:Wa1,a3,b2,c1,d2,e1,e3,f2,g1,g3,h2:Ba7,b6,b8,c7,d6,d8,e5,e7,f8,h6,h8"},
	} {
		r := reports[i]
		if len(r.Warnings) > 0 {
			t.Errorf("game %d: warnings %v", i+1, r.Warnings)
		}
		if !r.Valid || len(r.Played) != tc.plies || r.Game.Position.FEN() != tc.final || r.Reason != tc.reason {
			t.Errorf("game %d: valid %v, %d plies, %s, %s; errors %v", i+1, r.Valid, len(r.Played), r.Game.Position.FEN(), r.Reason, r.Errors)
		}
		if got := scoreText(r.Result); got != tc.result {
			t.Errorf("game %d: result %q, want %q", i+1, got, tc.result)
		}
	}
}

// A PDN result says who won, not how: a win before the end is taken as a
// resignation with a warning; a draw no axiom made is agreed, whether the
// file names no Termination (as ours) or lidraughts' "Normal".
func TestPDNResultBeforeTheEnd(t *testing.T) {
	pdn := "[GameType \"25\"]\n[Result \"%s\"]\n%s\n1. c3-d4 f6-g5 %s\n"
	for _, tc := range []struct {
		result, termination string
		valid               bool
		reason              rules.EndReason
	}{
		{"2-0", "", true, rules.EndResignation},
		{"0-2", `[Termination "Time forfeit"]`, true, rules.EndTime},
		{"1-1", "", true, rules.EndAgreement},
		{"1-1", `[Termination "Normal"]`, true, rules.EndAgreement},
		{"1/2-1/2", "", true, rules.EndAgreement},
		{"½-½", "", true, rules.EndAgreement},
		{"1-1", `[Termination "Draw by agreement"]`, true, rules.EndAgreement},
	} {
		r := ValidateGames(fmt.Sprintf(pdn, tc.result, tc.termination, tc.result))[0]
		if r.Valid != tc.valid || r.Reason != tc.reason {
			t.Errorf("%s %s: valid %v, reason %q, errors %v; want %v, %q", tc.result, tc.termination, r.Valid, r.Reason, r.Errors, tc.valid, tc.reason)
		}
		if tc.valid && tc.reason == rules.EndResignation && (len(r.Warnings) != 1 || !strings.Contains(r.Warnings[0].Message, "taken as a resignation")) {
			t.Errorf("%s: warnings %v, want the resignation taken", tc.result, r.Warnings)
		}
	}
}

func scoreText(s *rules.Score) string {
	if s == nil {
		return ""
	}
	return s.String()
}

// Our PDN opens again with the same moves, start and result, and says
// GameType 25 with full capture paths, as lidraughts reads them.
func TestPDNRoundTrip(t *testing.T) {
	for i, r := range ValidateGames(readTestdata(t, "lidraughts-russian.pdn")) {
		pdn := r.PDN()
		if !strings.Contains(pdn, `[GameType "25"]`) {
			t.Fatalf("game %d: no GameType 25:\n%s", i+1, pdn)
		}
		again := ValidateGames(pdn)
		if len(again) != 1 {
			t.Fatalf("game %d: %d games read back", i+1, len(again))
		}
		a := again[0]
		if !a.Valid || a.Start != r.Start || len(a.Played) != len(r.Played) || scoreText(a.Result) != scoreText(r.Result) {
			t.Fatalf("game %d read back: valid %v, errors %v\n%s", i+1, a.Valid, a.Errors, pdn)
		}
		for j := range a.Played {
			if a.Played[j].Move.String() != r.Played[j].Move.String() {
				t.Fatalf("game %d, ply %d: %s read back as %s", i+1, j+1, r.Played[j].Move, a.Played[j].Move)
			}
		}
		if again := a.PDN(); again != pdn {
			t.Errorf("game %d: written twice differently:\n%s\n%s", i+1, pdn, again)
		}
	}
	first := ValidateGames(readTestdata(t, "lidraughts-russian.pdn"))[0].PDN()
	// lidraughts' g5xg1 and a3xh2 with every landing square: the second
	// crowned on c1 and going on as a king.
	if !strings.Contains(first, "g5xe3xg1") || !strings.Contains(first, "16. e1xg3 a3xc1xf4xh2") {
		t.Errorf("captures are not written with their landing squares:\n%s", first)
	}
	if second := ValidateGames(readTestdata(t, "lidraughts-russian.pdn"))[1].PDN(); !strings.Contains(second, `[FEN "B:WKb2:BKh2"]`) || !strings.Contains(second, "1... h2-g1") || !strings.Contains(second, "1-1") {
		t.Errorf("a game from a FEN is not written with it:\n%s", second)
	}
}

func TestValidateSheets(t *testing.T) {
	for _, tc := range []struct {
		name, sheet string
		valid       bool
		ply         int    // of the first error
		want        string // in the first error
		result      string
	}{
		{"a result the final position gives", "1. c3-d4 f6-g5 2. g3-h4 g7-f6 2:0 resignation", true, 0, "", "2:0"},
		{"an illegal move", "1. c3-d4 f6-e5 2. d4-c5", false, 3, "capturing is compulsory", ""},
		{"a man moving back", "1. c3-d4 f6-g5 2. d4-c3", false, 3, "not a legal move", ""},
		{"an Adiukh score", "1. c3-d4 17:7", false, 0, "not a score of Russian draughts", ""},
		{"a draw without a rule", "1. c3-d4 f6-g5 1:1", false, 0, "claims a draw", ""},
		{"an agreed draw", "1. c3-d4 f6-g5 1:1 agreement", true, 0, "", "1:1"},
		{"a draw written 1:1 ничья", "1. c3-d4 f6-g5 1:1 ничья", true, 0, "", "1:1"},
		{"a bare Ничья", "1. c3-d4 f6-g5\nНичья", true, 0, "", "1:1"},
		{"1:1 НИЧЬЯ. in capitals with a full stop", "1. c3-d4 f6-g5 1:1 НИЧЬЯ.", true, 0, "", "1:1"},
		{"a garbled Ничьяяя", "1. c3-d4 f6-g5\nНичьяяя", false, 0, `"Ничьяяя" is not a word of a draw`, ""},
		{"1:1 ничьяяя", "1. c3-d4 f6-g5 1:1 ничьяяя", false, 0, `"ничьяяя" is not a word of a draw`, ""},
		{"ничья по согласию", "1. c3-d4 f6-g5\nничья по согласию", true, 0, "", "1:1"},
		{"Результат: ничья", "1. c3-d4 f6-g5\nРезультат: ничья", true, 0, "", "1:1"},
		{"Результат: 1-1", "1. c3-d4 f6-g5\nРезультат: 1-1", true, 0, "", "1:1"},
		{"1:1, then ничья on the next line", "1. c3-d4 f6-g5 1:1\nничья", true, 0, "", "1:1"},
		{"½-½ after the moves", "1. c3-d4 f6-g5 ½-½", true, 0, "", "1:1"},
		{"1-0 after the moves", "1. c3-d4 f6-g5 1-0", true, 0, "", "2:0"},
		{"0-2 after the moves", "1. c3-d4 f6-g5 0-2", true, 0, "", "0:2"},
		{"a move after 2-0", "1. c3-d4 f6-g5 2-0 2. g3-h4", false, 0, "stands after the result", "2:0"},
		{"a win called a draw", "1. c3-d4 f6-g5 2:0 ничья", false, 0, "says the game was drawn, but the score 2:0 is a win", ""},
		{"Ничья after a repetition", "FEN: W:WKa1:BKh2\n1. a1-b2 h2-g1 2. b2-a1 g1-h2 3. a1-b2 h2-g1 4. b2-a1 g1-h2 Ничья", true, 0, "", "1:1"},
		{"Cyrillic files in order", "1. в3-г4 е6-д5 2. г4:е5 2:0 сдача", false, 3, `"f5" is not a dark square`, ""},
		{"Cyrillic files in order, played", "1. в3-г4 е6-д5 2. г4:е6 ж7:д5", true, 0, "", ""},
		{"a capture jumping a piece twice", "FEN: B:Wa1,b2,b4,d2,d4,f2,f4:Ba5\n1... a5:c3:e1:g3:e5:c3:a5", false, 2, "jumps the piece on b4 twice, and a piece taken stays on the board until the capture ends (the Turkish strike, RD 7)", ""},
		{"a king turning back over the piece it took", "FEN: W:WKa1:Bc3,e5\n1. a1:d4:b2", false, 1, "jumps the piece on c3 twice", ""},
		{"an unclosed comment", "1. c3-d4 {a comment\nf6-g5 2. g3-h4", false, 0, "is not closed", ""},
		{"a draw claimed by repetition, too early", "1. c3-d4 f6-g5 1:1 троекратное повторение", false, 0, "claims a draw", ""},
		{"a draw claimed by repetition", "FEN: W:WKa1:BKh2\n1. a1-b2 h2-g1 2. b2-a1 g1-h2 3. a1-b2 h2-g1 4. b2-a1 g1-h2 1:1 repetition", true, 0, "", "1:1"},
		{"a win written before the end", "1. c3-d4 f6-g5 2:0", false, 0, "before the game's end", ""},
		{"a wrong score for the end", "FEN: B:Wb2,c1:Ba3\n0:2", false, 0, "the game ended 2:0", ""},
		{"no move, lost", "FEN: B:Wb2,c1:Ba3\n2:0", true, 0, "", "2:0"},
		{"a move after a repetition", "FEN: B:WKb2:BKh2\n1... h2-g1 2. b2-a1 g1-h2 3. a1-b2 h2-g1 4. b2-a1 g1-h2 5. a1-b2 h2-g1", false, 10, "drawn after ply 9", ""},
		{"a move after the end", "FEN: W:Wc3:Bd4\n1. c3:e5 d4-c3", false, 2, "the game is over after ply 1", ""},
		{"a number for a square", "1. 22-18 11-15 2. 18x11 8x15", true, 0, "", ""},
		{"short moves, as Russian books write them", "1. cd4 ba5 2. gh4 fg5 3. hf6 gc3 4. bd4 Ничья", true, 0, "", "1:1"},
		{"short moves in Cyrillic letters", "1. вг4 ба5 2. жз4 еж5 3. зе6 жв3 4. бг4 Ничья", true, 0, "", "1:1"},
		{"a short move two pieces of its file make", "FEN: W:WKc1,Kc5:Bh8\n1. ce3", false, 1, "ce3 is ambiguous: it fits c1-e3, c5-e3; write the square the move starts from", ""},
		{"a short move past a capture", "1. cd4 ba5 2. gh4 fg5 3. hf6 gc3 4. bd4 dc5 5. ab4", false, 9, "capturing is compulsory", ""},
		{"an ambiguous capture", "FEN: W:Wb2,Kb8,c1,c3,d2,e3,h2,h4:Ba3,c5,c7,e7,f6,g5,g7,h8\n1. b8:b4", false, 1, "b8:b4 is ambiguous: it fits b8:d6:b4, b8:f4:h6:f8:d6:b4", ""},
		{"an ambiguous capture made plain", "FEN: W:Wb2,Kb8,c1,c3,d2,e3,h2,h4:Ba3,c5,c7,e7,f6,g5,g7,h8\n1. b8:f4:b4", true, 0, "", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := Validate(rules.ParseSheet(tc.sheet))
			if r.Valid != tc.valid || scoreText(r.Result) != tc.result {
				t.Fatalf("valid %v, result %q, errors %+v; want %v, %q", r.Valid, scoreText(r.Result), r.Errors, tc.valid, tc.result)
			}
			if tc.valid {
				return
			}
			e := r.Errors[0]
			if e.Ply != tc.ply || !strings.Contains(e.Message, tc.want) {
				t.Fatalf("first error at ply %d: %q; want ply %d with %q", e.Ply, e.Message, tc.ply, tc.want)
			}
		})
	}
}

// A FEN that cannot be read stops the check with its own error: its
// moves replayed from the initial position would be errors of a game
// never played. So it goes for a game played from an opening.
func TestBadFENStopsTheCheck(t *testing.T) {
	for _, sheet := range []string{"FEN: X:Wa1\n1. c3-d4 f6-e5", "fen: W:Wa1,a2\n1. c3-d4 f6-e5 2:0", "[GameType \"25\"]\n[FEN \"W:Wz9\"]\n\n1. c3-d4 *"} {
		r := ValidateGames(sheet)[0]
		if r.Valid || len(r.Errors) != 1 || !strings.Contains(r.Errors[0].Message, "cannot be read, so the moves were not checked") || r.Errors[0].Line == 0 {
			t.Errorf("%q: errors %+v, want the FEN's alone", sheet, r.Errors)
		}
		if len(r.Played) > 0 || r.Replayed() || len(r.Warnings) > 0 {
			t.Errorf("%q: %d plies replayed, warnings %v", sheet, len(r.Played), r.Warnings)
		}
		v := Rules{}.ValidateGames(sheet)[0]
		if v.Valid || v.PDN != "" || v.Plies != 0 {
			t.Errorf("%q: verdict %+v", sheet, v)
		}
	}
	r, err := ValidateAfterOpening("FEN: B:Wc3,c3\n1. c3-d4", []string{"c3-d4"})
	if err != nil || r.Valid || len(r.Errors) != 1 || len(r.Played) > 0 {
		t.Errorf("after an opening: %v, errors %+v, %d plies", err, r.Errors, len(r.Played))
	}
}

// A sheet whose result cannot be read has that error, and is not also
// told it has no result.
func TestUnreadResultIsNotNoResult(t *testing.T) {
	r := Validate(rules.ParseSheet("1. c3-d4 f6-g5\nСчёт: abc"))
	if r.Valid || len(r.Errors) != 1 || len(r.Warnings) != 0 {
		t.Fatalf("errors %+v, warnings %+v; want the result's error alone", r.Errors, r.Warnings)
	}
}

// BenchmarkValidatePDN reads and replays the three games of the
// lidraughts-style file (52 plies).
func BenchmarkValidatePDN(b *testing.B) {
	text, err := os.ReadFile(filepath.Join("testdata", "lidraughts-russian.pdn"))
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		for _, r := range ValidateGames(string(text)) {
			if !r.Valid {
				b.Fatal(r.Errors)
			}
		}
	}
}

// BenchmarkValidatePDNVerdicts checks the same file as the program does,
// through rules.Game: each game's verdict with its moves and its PDN.
func BenchmarkValidatePDNVerdicts(b *testing.B) {
	text, err := os.ReadFile(filepath.Join("testdata", "lidraughts-russian.pdn"))
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		for _, v := range (Rules{}).ValidateGames(string(text)) {
			if !v.Valid || v.PDN == "" {
				b.Fatal(v.Errors)
			}
		}
	}
}

// TestSeedSheets replays the sheets of testdata/seeds: positions of the
// seeds' diagrams and axioms, each naming its source and the end it must
// reach ("Expect: repetition") or the ply of its first error ("Expect:
// error at ply 10").
func TestSeedSheets(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "seeds", "*.txt"))
	if err != nil || len(files) < 10 {
		t.Fatalf("%d seed sheets, %v", len(files), err)
	}
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			text, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			r := ValidateGames(string(text))[0]
			expect := r.Sheet.Header("Expect")
			if wrong, ok := strings.CutPrefix(expect, "error"); ok {
				var ply int
				fmt.Sscanf(wrong, " at ply %d", &ply)
				if r.Valid || ply > 0 && r.Errors[0].Ply != ply {
					t.Fatalf("valid %v, errors %+v; want an error at ply %d", r.Valid, r.Errors, ply)
				}
				return
			}
			if !r.Valid || string(r.Reason) != expect || r.Result == nil || *r.Result != r.Sheet.Result.Score {
				t.Fatalf("valid %v, end %q, result %v, errors %+v; want %s", r.Valid, r.Reason, r.Result, r.Errors, expect)
			}
		})
	}
}

// Random games played to their end, written as sheets with their result,
// validate with that end and result; written as PDN, they read back the
// same. Many end by the draw axioms, their kings wandering.
func TestRandomGamesToTheEnd(t *testing.T) {
	rng := rand.New(rand.NewPCG(51, 3))
	ends := map[rules.EndReason]int{}
	starts := []string{Start().FEN(), "W:WKa1,Kc1,Ke1:BKh8", "B:WKa1,c3,e3:BKh8,f6,d6", "W:WKb2,g3:BKg7,b6", "W:WKa1,Kc1,e1:BKh8"}
	for game := 0; game < 300; game++ {
		start := mustFEN(t, starts[game%len(starts)])
		g := NewGame(start)
		var b strings.Builder
		fmt.Fprintf(&b, "FEN: %s\n", start.FEN())
		if start.Side == Black {
			b.WriteString("1... ")
		}
		for ply := int(start.Side); !g.Outcome().Over; ply++ {
			moves := g.Position.LegalMoves()
			m := moves[rng.IntN(len(moves))]
			// Kings are moved more often than men, so that the endings
			// last and the draw axioms come into play.
			var kings []Move
			for _, k := range moves {
				if g.Position.Kings&(1<<k.From) != 0 {
					kings = append(kings, k)
				}
			}
			if len(kings) > 0 && rng.IntN(10) > 0 {
				m = kings[rng.IntN(len(kings))]
			}
			if ply%2 == 0 {
				fmt.Fprintf(&b, "%d. ", ply/2+1)
			}
			b.WriteString(m.String() + " ")
			g = g.Play(&m)
		}
		out := g.Outcome()
		ends[out.Reason]++
		b.WriteString(out.Score.String())
		r := Validate(rules.ParseSheet(b.String()))
		if !r.Valid || r.Reason != out.Reason || r.Result == nil || *r.Result != out.Score || r.Game.Position != g.Position {
			t.Fatalf("game %d: valid %v, %s %v, errors %+v; want %s %s\n%s", game, r.Valid, r.Reason, r.Result, r.Errors, out.Reason, out.Score, b.String())
		}
		back := ValidateGames(r.PDN())[0]
		if !back.Valid || back.Reason != out.Reason || back.Game.Position != g.Position {
			t.Fatalf("game %d: its PDN reads back %v %s, errors %+v\n%s", game, back.Valid, back.Reason, back.Errors, r.PDN())
		}
	}
	t.Logf("ends of 300 random games: %v", ends)
}
