package catalog

import (
	"regexp"
	"strings"
	"testing"
)

// countOfRounds is a number put straight before «туров», which is right
// for 5 and wrong for 1, 2 or 21 («для 1 туров»).
var countOfRounds = regexp.MustCompile(`(%(\[\d+\])?d|\{\{\s*\.\w+\s*\}\})\s+туров`)

// TestRoundsCountedInRussian: a Russian message that counts rounds agrees
// with its number — by plural forms, or by putting the number after the
// noun («туров: 1») — so that nobody reads «для 1 туров» (issue 60, item
// 6).
func TestRoundsCountedInRussian(t *testing.T) {
	for id, texts := range textsIn(t, Russian) {
		if len(texts) > 1 {
			continue // plural forms, one for each number
		}
		if m := countOfRounds.FindString(texts[0]); m != "" {
			t.Errorf("%q counts rounds as %q whatever the number: give it plural forms or write «туров: N»: %q", id, m, texts[0])
		}
	}
	for _, tc := range []struct {
		format string
		args   []any
		ru     string
	}{
		{"only %d of %d rounds are paired", []any{1, 5}, "только для 1 тура из 5"},
		{"only %d of %d rounds are paired", []any{2, 5}, "только для 2 туров из 5"},
		{"only %d of %d rounds are paired", []any{21, 25}, "только для 21 тура из 25"},
		{"%d rounds are already paired", []any{1}, "жеребьёвка 1 тура"},
		{"a round robin has %d rounds, fixed by its number of players", []any{1}, "в круговом турнире 1 тур —"},
		{"a round robin has %d rounds, fixed by its number of players", []any{3}, "в круговом турнире 3 тура —"},
	} {
		if got := For(Russian).Sprintf(tc.format, tc.args...); !strings.Contains(got, tc.ru) {
			t.Errorf("%q with %v reads %q, want %q in it", tc.format, tc.args, got, tc.ru)
		}
	}
	if got := For(English).Sprintf("%d rounds are already paired", 1); got != "1 round is already paired" {
		t.Errorf("in English: %q", got)
	}
}
