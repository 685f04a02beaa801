package games

import (
	"fmt"
	"strings"
	"testing"

	"adiukh/rules"
)

// Every game of the registry is a whole value: what a page, a document or
// an event asks of it is there and agrees with itself, so that a game
// added with one line is not found wanting by the first caller that asks
// (the catalogue test checks its names).
func TestEveryGameIsWhole(t *testing.T) {
	if _, ok := Lookup(Default.Key); !ok {
		t.Fatalf("the default game %q is not in the registry", Default.Key)
	}
	seen := map[string]bool{}
	for _, v := range All {
		t.Run(v.Key, func(t *testing.T) {
			if v.Key == "" || v.Key != strings.ToLower(strings.TrimSpace(v.Key)) || seen[v.Key] {
				t.Fatalf("key %q: a game's key is lower case, unique and not empty", v.Key)
			}
			seen[v.Key] = true
			if got, ok := Lookup(" " + strings.ToUpper(v.Key) + " "); !ok || got != v {
				t.Errorf("Lookup does not find %q as people type it", v.Key)
			}
			if v.Rules == nil || v.Rules.Name() != v.Key {
				t.Fatalf("its rules are missing or name another game")
			}
			if v.English == "" || v.PDNGameType == "" || v.SheetMoves <= 0 {
				t.Errorf("English name %q, PDN GameType %q, sheet moves %d: each must be given", v.English, v.PDNGameType, v.SheetMoves)
			}
			for _, prefix := range []string{v.DisciplinePrefix, v.DisciplineFullPrefix} {
				if !strings.HasSuffix(prefix, ".") {
					t.Errorf("catalogue prefix %q does not end in a dot", prefix)
				}
			}
			if v.Board.Size < 6 || v.Board.Size%2 != 0 {
				t.Errorf("board of %d squares a side", v.Board.Size)
			}
			scale := v.Scale
			var example rules.Score
			if _, err := fmt.Sscanf(scale.Example, "%d:%d", &example.White, &example.Black); err != nil || !scale.Allows(example) {
				t.Errorf("its example score %q is not one of its scores: %v", scale.Example, err)
			}
			if scale.Points <= 0 || scale.Points%2 != 0 || !scale.Allows(scale.Draw()) || !scale.Allows(scale.Win(true)) || !scale.Allows(scale.Win(false)) {
				t.Errorf("points %d: a win, a loss and a draw must be scores", scale.Points)
			}
			if w, b := scale.OnAdiukhScale(scale.Win(true).White, 0); w != 24 || b != 0 {
				t.Errorf("a win is %d:%d on Adiukh's scale", w, b)
			}
			if len(v.TimeNorms) > 0 && (v.TimeNormsRule == "" || v.TimeNormsLeeway == "") {
				t.Errorf("time norms without the rule book's references")
			}
			if _, err := v.Rules.ValidateAfterOpening("", nil); err != nil {
				t.Errorf("an empty sheet without an opening: %v", err)
			}
		})
	}
}

// Every game is found again by the GameType tag its own PDN writes, so a
// file the site exports names its game to validate; a sheet without the
// tag, or of a type no game has, names none.
func TestOfPDNFindsEveryGameByItsOwnTag(t *testing.T) {
	for _, v := range All {
		var pdn strings.Builder
		for _, h := range v.Rules.PDNTags(v.Rules.Start()) {
			fmt.Fprintf(&pdn, "[%s %q]\n", h.Key, h.Value)
		}
		pdn.WriteString("\n*\n")
		if got, ok := OfPDN(pdn.String()); !ok || got != v {
			t.Errorf("%s's own tags %q name %v (%v)", v.Key, pdn.String(), got, ok)
		}
	}
	for _, text := range []string{"1. 32-28 19-23 *", `[GameType "21"]` + "\n\n*"} {
		if got, ok := OfPDN(text); ok {
			t.Errorf("%q names %s; want no game", text, got.Key)
		}
	}
}
