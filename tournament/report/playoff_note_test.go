package report

import (
	"bytes"
	"strings"
	"testing"

	"adiukh/tournament/catalog"
)

// The places a play-off decided are named under the standings in the PDF,
// as the standings page marks them; standings without one have no such note.
func TestStandingsPDFNamesThePlacesAPlayoffDecided(t *testing.T) {
	s := testStandings(4, 3)
	for i := range s.Rows {
		s.Rows[i].Place = i + 1
	}
	var plain bytes.Buffer
	if err := StandingsPDF(&plain, catalog.English, s); err != nil {
		t.Fatal(err)
	}
	legend := strings.SplitN(text(catalog.English, msgLegendPlayoff, ""), ":", 2)[0]
	if strings.Contains(pdfTextAs(t, "standings", plain.Bytes(), "-raw"), legend) {
		t.Errorf("standings without a play-off carry its note")
	}
	s.Rows[0].Playoff, s.Rows[1].Playoff = true, true
	for _, loc := range []catalog.Lang{catalog.English, catalog.Russian} {
		var b bytes.Buffer
		if err := StandingsPDF(&b, loc, s); err != nil {
			t.Fatal(err)
		}
		got := strings.Join(strings.Fields(pdfTextAs(t, "standings", b.Bytes(), "-raw")), " ")
		want := text(loc, msgLegendPlayoff, "1. "+s.Rows[0].Player.Name+", 2. "+s.Rows[1].Player.Name)
		if !strings.Contains(got, want) {
			t.Errorf("%s: the PDF lacks %q:\n%s", loc, want, got)
		}
	}
}
