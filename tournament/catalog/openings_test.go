package catalog

import (
	russianrules "adiukh/rules/russian"
	"errors"
	"strings"
	"testing"

	"adiukh/tournament/openings"
)

// An arbiter's table with an illegal move is refused in the reader's
// language: the place in the file, then the rules' own reason.
func TestOpeningsErrorReadsInBothLanguages(t *testing.T) {
	_, err := openings.ReadCSV(strings.NewReader("1,A,c3-d4 d6-c5 b2-c3\n2,B,c3-d4 f6-e5 b2-c3\n"), russianrules.Rules{})
	var oe *openings.Error
	if !errors.As(err, &oe) {
		t.Fatalf("error = %v, want an *openings.Error", err)
	}
	for l, want := range map[Lang]string{
		Russian: "строка 2, ходы, полуход 3: b2-c3 — невозможный ход: бить обязательно",
		English: "line 2, moves, ply 3: b2-c3 is not legal: capturing is compulsory",
	} {
		if got := For(l).Phrase(oe); !strings.HasPrefix(got, want) {
			t.Errorf("%s: %q, want it to start %q", l, got, want)
		}
	}
}
