package international

import "testing"

// FuzzParseFEN: whatever ParseFEN accepts, for either board, it writes
// back as a FEN that reads as the same position.
func FuzzParseFEN(f *testing.F) {
	for _, s := range []string{International.FEN(International.Start()), "W:W31-50:B1-20:H0:F1", "B:WK46,28:BK3,19.", "W:W:B", "X", "W:W51", "B:WKa1,c3:Bh6"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		for _, v := range []*Variant{International, Brazilian} {
			p, err := v.ParseFEN(text)
			if err != nil {
				continue
			}
			again, err := v.ParseFEN(v.FEN(p))
			if err != nil || again != p {
				t.Fatalf("%s: %q read as %s, which reads back as %s, %v", v.key, text, v.FEN(p), v.FEN(again), err)
			}
		}
	})
}

// FuzzValidate: any text is judged without a panic, and a valid game
// written as PDN reads back the same, for either board.
func FuzzValidate(f *testing.F) {
	f.Add("1. 32-28 19-23 2. 28x19 14x23 2:0 resignation")
	f.Add("[GameType \"20\"]\n[FEN \"W:WK47,K48:BK3,K4\"]\n1. 47-42 3-9 2. 42-47 9-3 3. 47-42 3-9 4. 42-47 9-3 1-1")
	f.Add("[FEN \"W:WK37:B17,20,25,29,32,33,43\"]\n1. 37x48 *")
	f.Add("1. c3-d4 f6-e5 2. d4:f6 g7:e5 *")
	f.Add("1. 22-18 11-15 2. 18x11 8x15 *")
	f.Add("1. 32-55 99x1 --x")
	f.Fuzz(func(t *testing.T, text string) {
		for _, v := range []*Variant{International, Brazilian} {
			for _, r := range v.ValidateGames(text) {
				if !r.Valid || !r.Replayed() {
					continue
				}
				back := v.ValidateGames(r.PDN())
				if len(back) != 1 || len(back[0].Played) != len(r.Played) || back[0].Start != r.Start {
					t.Fatalf("%s: %q: its PDN reads back otherwise:\n%s", v.key, text, r.PDN())
				}
			}
		}
	})
}
