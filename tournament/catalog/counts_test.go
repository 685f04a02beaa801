package catalog

import (
	"strings"
	"testing"
)

// TestCountsAgreeWithTheirNumber: a message that prints a count which may
// be any number (a wait in seconds, a name's length, perft's positions)
// agrees with it in both languages — by plural forms, or with the number
// after its noun — so that nobody reads «1 seconds» or «81 позиций»
// (issue 60, plural forms everywhere a count is printed).
func TestCountsAgreeWithTheirNumber(t *testing.T) {
	for _, tc := range []struct {
		lang   Lang
		format string
		args   []any
		want   string
	}{
		{English, "the site has too many mails to send just now; try again in %d seconds", []any{1}, "try again in 1 second"},
		{English, "too many password reset requests from your address; try again in %d seconds", []any{1}, "try again in 1 second"},
		{English, "too many sign-ups from your address; try again in %d seconds", []any{1}, "try again in 1 second"},
		{English, "too many sign-ups from your address; try again in %d seconds", []any{30}, "try again in 30 seconds"},
		{Russian, "the site has too many mails to send just now; try again in %d seconds", []any{21}, "через 21 секунду"},
		{Russian, "too many password reset requests from your address; try again in %d seconds", []any{2}, "через 2 секунды"},
		{Russian, "too many sign-ups from your address; try again in %d seconds", []any{5}, "через 5 секунд"},
		{Russian, "perft(%d): %d positions in %s", []any{2, 81, "1ms"}, "позиций — 81"},
		{Russian, "the name is %d characters long; at most %d are allowed", []any{101, 100}, "символов в названии: 101"},
	} {
		got := For(tc.lang).Sprintf(tc.format, tc.args...)
		if !strings.Contains(got, tc.want) || (tc.lang == English && strings.HasSuffix(tc.want, " second") && strings.Contains(got, tc.want+"s")) {
			t.Errorf("%s %q with %v reads %q, want %q in it", tc.lang, tc.format, tc.args, got, tc.want)
		}
	}
}
