package v1

import (
	"adiukh/tournament/catalog"
	"testing"
)

func TestAcceptedLocale(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		header string
		want   catalog.Lang
	}{
		{"", catalog.Russian},
		{"fr-FR, de", catalog.Russian},
		{"en-US,en;q=0.9,ru;q=0.8", catalog.English},
		{"ru-RU,ru;q=0.9,en-US;q=0.8", catalog.Russian},
		{"de, ru;q=0.3, en;q=0.7", catalog.English},
		{"en;q=0.5, ru;q=0.5", catalog.English}, // equal quality: the first listed
		{"en;q=0, ru", catalog.Russian},         // q=0 means "not acceptable"
		{"en;q=oops, ru;q=0.1", catalog.Russian},
		{"EN-gb", catalog.English},
	} {
		t.Run(tc.header, func(t *testing.T) {
			if got := acceptedLocale(tc.header); got != tc.want {
				t.Errorf("acceptedLocale(%q) = %q, want %q", tc.header, got, tc.want)
			}
		})
	}
}
