package export

import (
	"testing"

	"adiukh/tournament"
)

// A player's rank reaches the documents in its Latin form too, which the
// English ones print: «KMS» for «КМС», «1j» for «1ю»; the FMJD's titles
// and the adult ranks are Latin already (issue 64).
func TestPlayerViewLatinTitle(t *testing.T) {
	for title, want := range map[string]string{"КМС": "KMS", "МСМК": "MSMK", "1ю": "1j", "II": "II", "GMI": "GMI", "": ""} {
		if got := PlayerView(&tournament.Player{Title: title}).LatinTitle; got != want {
			t.Errorf("a player of %q prints %q in English; want %q", title, got, want)
		}
	}
}
