package tournament_test

import (
	"errors"
	"strings"
	"testing"

	"adiukh/tournament"
	registration "adiukh/tournament/players"
)

// TestParseFederation: a federation is three Latin letters, written in
// capitals however typed; anything else is refused naming the field and
// the text (issue 64).
func TestParseFederation(t *testing.T) {
	for text, want := range map[string]string{"RUS": "RUS", " ned ": "NED", "Sen": "SEN", "": ""} {
		if got, err := tournament.ParseFederation("federation", text); err != nil || got != want {
			t.Errorf("ParseFederation(%q) = %q, %v; want %q", text, got, err, want)
		}
	}
	for _, text := range []string{"RU", "RUSS", "РУС", "R1S"} {
		_, err := tournament.ParseFederation("federation", text)
		var bad *tournament.Error
		if !errors.As(err, &bad) || bad.Field != "federation" || !strings.Contains(bad.Message, text) {
			t.Errorf("ParseFederation(%q) = %v; want an error of the federation naming the text", text, err)
		}
	}
	p := tournament.Player{}
	in := tournament.PlayerInput{Federation: ptr("fra")}
	if err := registration.ApplyDetails(in, &p, tournament.DefaultGame); err != nil || p.Federation != "FRA" {
		t.Errorf("a player entered of «fra» plays for %q, %v; want FRA", p.Federation, err)
	}
}
