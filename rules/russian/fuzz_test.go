package russian

import (
	"testing"
)

// FuzzParseFEN: whatever ParseFEN accepts it writes back as a FEN that
// reads as the same position.
func FuzzParseFEN(f *testing.F) {
	for _, s := range []string{Start().FEN(), "W:W21-32:B1-12:H0:F1", "B:WKa1,c3:BKf6,h8.", "W:W:B", "X", "W:Wz9"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		p, err := ParseFEN(text)
		if err != nil {
			return
		}
		again, err := ParseFEN(p.FEN())
		if err != nil || again != p {
			t.Fatalf("%q read as %s, which reads back as %s, %v", text, p.FEN(), again.FEN(), err)
		}
	})
}

// FuzzValidate: any text is judged without a panic, and a valid game
// written as PDN reads back the same.
func FuzzValidate(f *testing.F) {
	f.Add("1. c3-d4 f6-g5 2. g3-h4 g7-f6 2:0 resignation")
	f.Add("[GameType \"25\"]\n[FEN \"B:WKb2:BKh2\"]\n1... h2-g1 2. b2-a1 1-1")
	f.Add("1. 22-18 11-15 2. 18x11 8x15 *")
	f.Add("1. в3-г4 е6-д5 2. г4:е6 ж7:д5\nничья по согласию")
	f.Add("FEN: B:Wa1,b2,b4,d2,d4,f2,f4:Ba5\n1... a5:c3:e1:g3:e5:c3:a5 {x")
	f.Fuzz(func(t *testing.T, text string) {
		for _, r := range ValidateGames(text) {
			if !r.Valid || !r.Replayed() {
				continue
			}
			back := ValidateGames(r.PDN())
			if len(back) != 1 || len(back[0].Played) != len(r.Played) || back[0].Start != r.Start {
				t.Fatalf("%q: its PDN reads back otherwise:\n%s", text, r.PDN())
			}
		}
	})
}
