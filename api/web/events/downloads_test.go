package events_test

import (
	"bytes"
	"fmt"
	"net/http"
	"regexp"
	"slices"
	"strings"
	"testing"

	"adiukh/api/apitest"
)

var apiLink = regexp.MustCompile(`href="(/api/v1/[^"]+)"`)

// apiLinks lists the /api/v1 links of a page, with &amp; unescaped.
func apiLinks(body string) []string {
	var links []string
	for _, m := range apiLink.FindAllStringSubmatch(body, -1) {
		links = append(links, strings.ReplaceAll(m[1], "&amp;", "&"))
	}
	return links
}

// TestDownloadLinks checks that the pages link the documents of the event
// in the reader's language, that the links answer with the document, and
// that a team event links only what it can print.
func TestDownloadLinks(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	id := s.RoundRobin(4)
	result := fmt.Sprintf("/api/v1/events/%d/rounds/1/games/1/result", id)
	s.Must(http.StatusOK, apitest.Arbiter, "PUT", result, map[string]any{"score": "17:7", "end_reason": "final_position", "version": 1, "sheet": apitest.SampleGame})
	// A sheet that does not replay, accepted by override, has no record.
	s.Must(http.StatusOK, apitest.Arbiter, "PUT", fmt.Sprintf("/api/v1/events/%d/rounds/1/games/2/result", id), map[string]any{
		"score": "24:0", "end_reason": "resignation", "version": 1, "sheet": apitest.InvalidSheet, "override_reason": "чёрные сдались, бланк заполнен с ошибкой"})
	reader := s.Anonymous()

	for _, tc := range []struct {
		page, lang string
		want       []string
	}{
		{fmt.Sprintf("/events/%d/standings", id), "ru", []string{"/standings.pdf?lang=ru", "/standings.csv?dialect=excel&lang=ru", "/standings.csv", "/standings.xlsx?lang=ru", "/crosstable.pdf?lang=ru", "/export.trf?lang=ru", "/games.pdn?lang=ru", "/scoresheets.pdf?lang=ru"}},
		{fmt.Sprintf("/events/%d?round=1", id), "en", []string{"/rounds/1/pairings.pdf?lang=en", "/rounds/1/scoresheets.pdf?lang=en", "/standings.pdf?lang=en", "/standings.csv", "/standings.csv?dialect=excel&lang=en"}},
		{fmt.Sprintf("/events/%d/rounds/1/boards/1", id), "ru", []string{"/rounds/1/games/1/record.pdf?lang=ru"}},
		{fmt.Sprintf("/events/%d/rounds/1/boards/2", id), "ru", nil},
	} {
		t.Run(tc.page+" "+tc.lang, func(t *testing.T) {
			sep := "?"
			if strings.Contains(tc.page, "?") {
				sep = "&"
			}
			rec := reader.Get(tc.page + sep + "lang=" + tc.lang)
			apitest.MustStatus(t, tc.page, rec.Code, http.StatusOK, rec.Body.String())
			links := apiLinks(rec.Body.String())
			for _, want := range tc.want {
				link := fmt.Sprintf("/api/v1/events/%d%s", id, want)
				if !slices.Contains(links, link) {
					t.Errorf("%s has no link %s; it links %v", tc.page, link, links)
				}
			}
			for _, link := range links {
				got := reader.Get(link)
				if got.Code != http.StatusOK {
					t.Errorf("the link %s answers %d: %s", link, got.Code, got.Body.String())
				}
				if strings.Contains(link, ".pdf") && !bytes.HasPrefix(got.Body.Bytes(), []byte("%PDF-")) {
					t.Errorf("the link %s answers no PDF: %.40q", link, got.Body.String())
				}
			}
		})
	}

	t.Run("team event", func(t *testing.T) {
		te := apitest.NewTeamEvent(t, s.Server, "round-robin", 0, 2, []int{2, 2, 2, 2})
		s.Must(http.StatusCreated, apitest.Arbiter, "POST", te.Path("/rounds"), nil)
		s.Must(http.StatusOK, apitest.Arbiter, "POST", te.Path("/rounds/1/publish"), nil)
		rec := reader.Get(fmt.Sprintf("/events/%d?round=1", te.ID))
		apitest.MustStatus(t, "team pairings", rec.Code, http.StatusOK, rec.Body.String())
		links := apiLinks(rec.Body.String())
		var want []string
		for _, doc := range []string{"/standings.pdf?lang=ru", "/standings.csv?dialect=excel&lang=ru", "/standings.csv", "/standings.xlsx?lang=ru", "/crosstable.pdf?lang=ru", "/boards.pdf?lang=ru", "/games.pdn?lang=ru", "/scoresheets.pdf?lang=ru", "/rounds/1/matches.pdf?lang=ru", "/rounds/1/pairings.pdf?lang=ru", "/rounds/1/scoresheets.pdf?lang=ru"} {
			want = append(want, fmt.Sprintf("/api/v1/events/%d%s", te.ID, doc))
		}
		slices.Sort(links)
		slices.Sort(want)
		if !slices.Equal(links, want) {
			t.Errorf("a team event links\n%v\nwant its team documents and PDN, without TRF:\n%v", links, want)
		}
		if body := apitest.PageText(rec); !strings.Contains(body, apitest.RuT("docs.match_cards_pdf")) {
			t.Errorf("the team round's documents do not offer match cards")
		}
		for _, link := range links {
			if got := reader.Get(link); got.Code != http.StatusOK {
				t.Errorf("the link %s answers %d: %s", link, got.Code, got.Body.String())
			}
		}
	})

	// A private event's arbiter follows the links with the session; an
	// anonymous reader gets nothing of it.
	t.Run("private event", func(t *testing.T) {
		s.Must(http.StatusOK, apitest.Arbiter, "PATCH", fmt.Sprintf("/api/v1/events/%d", id), map[string]any{"visibility": "private"})
		signedIn := s.SignIn(apitest.Arbiter)
		rec := signedIn.Get(fmt.Sprintf("/events/%d/standings", id))
		apitest.MustStatus(t, "private standings", rec.Code, http.StatusOK, rec.Body.String())
		links := apiLinks(rec.Body.String())
		if len(links) == 0 {
			t.Fatal("the arbiter of a private event sees no document links")
		}
		for _, link := range links {
			if got := signedIn.Get(link); got.Code != http.StatusOK {
				t.Errorf("the arbiter's link %s answers %d: %s", link, got.Code, got.Body.String())
			}
			if got := reader.Get(link); got.Code != http.StatusNotFound {
				t.Errorf("an anonymous reader's %s answers %d, want 404", link, got.Code)
			}
		}
	})
}
