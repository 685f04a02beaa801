package catalog

import "testing"

// The one reading of Accept-Language (RFC 9110 §12.5.4) that pages, JSON
// answers and documents share: the preferred of Russian and English, by
// quality, the earlier on a tie; none when the header names neither.
func TestFromAcceptLanguage(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		header string
		want   Lang // "" for none
	}{
		{"", ""},
		{"fr-FR, de", ""},
		{"en-US,en;q=0.9,ru;q=0.8", English},
		{"ru-RU,ru;q=0.9,en-US;q=0.8", Russian},
		{"de, ru;q=0.3, en;q=0.7", English},
		{"en;q=0.5, ru;q=0.5", English}, // equal quality: the first listed
		{"en;q=0, ru", Russian},         // q=0 means "not acceptable"
		{"en;q=oops, ru;q=0.1", ""},
		{"EN-gb", English},
	} {
		t.Run(tc.header, func(t *testing.T) {
			got, ok := FromAcceptLanguage(tc.header)
			if got != tc.want || ok != (tc.want != "") {
				t.Errorf("FromAcceptLanguage(%q) = %q, %v; want %q", tc.header, got, ok, tc.want)
			}
		})
	}
}
