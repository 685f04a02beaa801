package catalog

import (
	"strings"
	"testing"
)

// TestRegulationsAndStandingsNamedApart: the regulations' link names them
// as their page does («Положение о турнире (PDF)»), so that it does not
// read as the standings' PDF («Турнирное положение (PDF)») beside it
// (issue 60).
func TestRegulationsAndStandingsNamedApart(t *testing.T) {
	for _, lang := range []Lang{Russian, English} {
		l := For(lang)
		link, title, standings := l.T("regulations.link"), l.T("regulations.title"), l.T("docs.standings_pdf")
		if !strings.HasPrefix(link, title) {
			t.Errorf("%s: the regulations' link reads %q: begin it with their title %q", lang, link, title)
		}
		if strings.Contains(standings, title) || strings.Contains(title, strings.TrimSuffix(standings, " (PDF)")) {
			t.Errorf("%s: the standings' PDF %q and the regulations %q read alike", lang, standings, title)
		}
	}
}
