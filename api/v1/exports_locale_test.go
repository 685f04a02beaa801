package v1

import (
	"testing"

	"adiukh/tournament/report"
)

func TestAcceptedLocale(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		header string
		want   report.Locale
	}{
		{"", report.Russian},
		{"fr-FR, de", report.Russian},
		{"en-US,en;q=0.9,ru;q=0.8", report.English},
		{"ru-RU,ru;q=0.9,en-US;q=0.8", report.Russian},
		{"de, ru;q=0.3, en;q=0.7", report.English},
		{"en;q=0.5, ru;q=0.5", report.English}, // equal quality: the first listed
		{"en;q=0, ru", report.Russian},         // q=0 means "not acceptable"
		{"en;q=oops, ru;q=0.1", report.Russian},
		{"EN-gb", report.English},
	} {
		t.Run(tc.header, func(t *testing.T) {
			if got := acceptedLocale(tc.header); got != tc.want {
				t.Errorf("acceptedLocale(%q) = %q, want %q", tc.header, got, tc.want)
			}
		})
	}
}
