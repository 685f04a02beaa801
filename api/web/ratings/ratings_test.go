package ratings_test

import (
	"fmt"
	"html"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"adiukh/api/apitest"
	"adiukh/tournament"
	"adiukh/tournament/ratings"
)

// The rating pages: an administrator closes a period from the list's page
// (a bad date or one after today shown at its field) after a question
// that shows what the period takes; the list shows everyone with their
// change and K, narrowed by the filters; a person's page draws the rating
// history as an SVG chart.
func TestRatingPages(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	apitest.RatedBlitzEvent(s.Server)
	admin := s.SignIn(tournament.Admin)
	if body := s.Anonymous().Get("/ratings/blitz").Body.String(); strings.Contains(body, `action="/ratings/blitz/periods"`) {
		t.Error("an anonymous reader is offered to close a period")
	}
	bad := admin.Post("/ratings/blitz/periods", url.Values{"until": {"вчера"}})
	if bad.Code != http.StatusBadRequest || !strings.Contains(bad.Body.String(), "field-error") {
		t.Errorf("a bad date: %d", bad.Code)
	}
	tomorrow := time.Now().In(tournament.DefaultLocation()).AddDate(0, 0, 1).Format(time.DateOnly)
	if rec := admin.Post("/ratings/blitz/periods", url.Values{"until": {tomorrow}}); rec.Code != http.StatusBadRequest || !strings.Contains(apitest.PageText(rec), "не позже сегодняшнего дня") {
		t.Errorf("a period up to tomorrow: %d, want 400 saying a period ends today at the latest\n%s", rec.Code, apitest.PageText(rec))
	}
	// Issue 50.7: the limits stand beside the fields; the form asks first,
	// showing what the period takes.
	page := apitest.PageText(admin.Get("/ratings/blitz"))
	if !strings.Contains(page, apitest.RuT("ratings.until_limit")) || !strings.Contains(page, fmt.Sprintf("от %d до %d", ratings.MinInitial, ratings.MaxInitial)) {
		t.Errorf("the administrator's forms do not state their limits:\n%s", page)
	}
	ask := admin.Post("/ratings/blitz/periods", url.Values{"until": {"2026-10-31"}})
	asked := html.UnescapeString(ask.Body.String())
	if ask.Code != http.StatusOK || !strings.Contains(asked, `name="confirm" value="1"`) || !strings.Contains(asked, `name="until" value="2026-10-31"`) {
		t.Fatalf("closing asks first: %d\n%s", ask.Code, apitest.PageText(ask))
	}
	takes := regexp.MustCompile(`<tr data-event="\d+"><td><a href="/events/\d+">Рейтинговый турнир</a></td><td>[^<]+</td><td class="num">6</td></tr>`)
	if !takes.MatchString(asked) || !strings.Contains(apitest.PageText(ask), apitest.RuT("ratings.close_first")) || !strings.Contains(apitest.PageText(ask), "изменятся рейтинги 4 человек") {
		t.Errorf("the question does not show the event with its 6 games and the 4 persons rated:\n%s", apitest.PageText(ask))
	}
	if body := s.Anonymous().Get("/ratings/blitz").Body.String(); !strings.Contains(body, apitest.RuT("ratings.none_yet")) {
		t.Fatal("asking closed the period")
	}
	if rec := admin.Post("/ratings/blitz/periods", url.Values{"until": {"2026-10-31"}, "confirm": {"1"}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("close the period: %d\n%s", rec.Code, rec.Body.String())
	}
	list := html.UnescapeString(s.Anonymous().Get("/ratings/blitz").Body.String())
	rows := regexp.MustCompile(`<tr data-person="(\d+)">`).FindAllStringSubmatch(list, -1)
	if len(rows) != 4 || !strings.Contains(list, "Хуажев Аслан") {
		t.Fatalf("the blitz list has %d rows:\n%s", len(rows), list)
	}
	if narrowed := s.Anonymous().Get("/ratings/blitz?q=" + url.QueryEscape("заур")).Body.String(); strings.Count(narrowed, "<tr data-person=") != 1 {
		t.Error("the search does not narrow the list to one")
	}
	if rec := s.Anonymous().Get("/ratings/bullet"); rec.Code != http.StatusNotFound {
		t.Errorf("an unknown list: %d", rec.Code)
	}
	csv := s.Anonymous().Get("/ratings/blitz/list.csv").Body.String()
	if !strings.HasPrefix(csv, "rank,federation_id,name,") || strings.Count(csv, "\n") != 5 || !strings.Contains(csv, "Хуажев Аслан") {
		t.Errorf("the list as CSV:\n%s", csv)
	}
	// The CSV for Excel is headed in the reader's language.
	if excel := s.Anonymous().Get("/ratings/blitz/list.csv?dialect=excel&lang=en").Body.String(); !strings.HasPrefix(excel, "\ufeffRank;Federation ID;Player;") {
		t.Errorf("the list as CSV for Excel, in English:\n%s", excel)
	}
	if xlsx := s.Anonymous().Get("/ratings/blitz/list.xlsx"); xlsx.Code != http.StatusOK || !strings.HasPrefix(xlsx.Body.String(), "PK") {
		t.Errorf("the list as XLSX: %d", xlsx.Code)
	}
	report := regexp.MustCompile(`href="(/ratings/blitz/periods/\d+)"`).FindStringSubmatch(list)
	if report == nil {
		t.Fatal("the list does not link its period's report")
	}
	if body := html.UnescapeString(s.Anonymous().Get(report[1]).Body.String()); strings.Count(body, `<section class="rating-change"`) != 4 || !strings.Contains(body, `<td class="num">0,5</td>`) {
		t.Errorf("the period's report:\n%s", body)
	}
	person := s.Anonymous().Get("/people/" + rows[0][1]).Body.String()
	if !strings.Contains(person, `<svg class="rating-chart"`) || !strings.Contains(person, "<polyline points=") {
		t.Error("the person's page draws no rating chart")
	}
	// Issue 50.7: the chart's axes are dated, and K is the next period's.
	if !strings.Contains(person, `class="axis day">31.10.2026</text>`) {
		t.Error("the chart does not date its period below the plot")
	}
	if !strings.Contains(list, `<th class="num k-next">`+apitest.RuT("ratings.k_next")+`</th>`) {
		t.Errorf("the list's K column is not headed %q", apitest.RuT("ratings.k_next"))
	}
	if games := report[1] + "#person-" + rows[0][1]; !strings.Contains(person, `href="`+games+`"`) {
		t.Errorf("the person's history does not link their games of the period, %s", games)
	}
	if games := regexp.MustCompile(`(?s)<details class="rated-games">.*?</details>`).FindString(person); strings.Count(games, `<a href="/people/`) != 3 {
		t.Errorf("the person's page does not list their 3 rated games with their opponents:\n%s", games)
	}
}

// Issue 37: a rating list is named as its discipline is at the desk and on
// the event's pages, in the rule book's words: the list's page, its tabs
// and the person's page say the discipline's name, and so does the event.
// Issue 57: beside the other games' lists, Adiukh's name their game too
// («Адиюх — молниеносная игра», not «Молниеносная игра» or «Адиюх»).
func TestRatingListNamedAsItsDiscipline(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	id := apitest.RatedBlitzEvent(s.Server)
	for _, list := range []string{"standard", "rapid", "blitz"} {
		name := apitest.RuT("rating_list." + list)
		if game := apitest.RuT("gametype.adiukh") + " — "; !strings.HasPrefix(name, game) {
			t.Errorf("the %s list is named %q, not by its game %q", list, name, game)
		}
		page := apitest.PageText(s.Anonymous().Get("/ratings/" + list))
		if !strings.Contains(page, "<h1>"+name+"</h1>") || !strings.Contains(page, `<a href="/ratings/`+list+`"`+` aria-current="page">`+name+"</a>") {
			t.Errorf("the %s list is not named %q:\n%s", list, name, page)
		}
	}
	if event := apitest.PageText(s.Anonymous().Get(fmt.Sprintf("/events/%d", id))); !strings.Contains(event, apitest.RuT("discipline.blitz")+" · ") {
		t.Errorf("the event does not name its discipline %q", apitest.RuT("discipline.blitz"))
	}
	if rec := s.SignIn(tournament.Admin).Post("/ratings/blitz/periods", url.Values{"until": {"2026-10-31"}, "confirm": {"1"}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("close the period: %d", rec.Code)
	}
	list := apitest.PageText(s.Anonymous().Get("/ratings/blitz"))
	person := regexp.MustCompile(`<tr data-person="(\d+)">`).FindStringSubmatch(list)
	if person == nil {
		t.Fatal("the list has no rows")
	}
	if page := apitest.PageText(s.Anonymous().Get("/people/" + person[1])); !strings.Contains(page, "<h3>"+apitest.RuT("rating_list.blitz")+": ") {
		t.Errorf("the person's page does not name the list %q", apitest.RuT("rating_list.blitz"))
	}
}

// The list's options on its page: an administrator sets them with the
// form (an initial rating out of bounds is shown at its field); the next
// period is announced with them, and the closed period's report and the
// list show what it was rated with.
func TestRatingOptionsPage(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	apitest.RatedBlitzEvent(s.Server)
	admin := s.SignIn(tournament.Admin)
	if body := s.Anonymous().Get("/ratings/blitz").Body.String(); strings.Contains(body, `action="/ratings/blitz/options"`) {
		t.Error("an anonymous reader is offered the list's options")
	}
	if rec := s.SignIn(tournament.ArbiterRole).Post("/ratings/blitz/options", url.Values{"initial": {"1200"}}); rec.Code != http.StatusForbidden {
		t.Errorf("an arbiter sets the options: %d", rec.Code)
	}
	bad := admin.Post("/ratings/blitz/options", url.Values{"initial": {"50"}, "point_share": {"on"}})
	if text := apitest.PageText(bad); bad.Code != http.StatusBadRequest || !strings.Contains(text, apitest.RuF("the initial rating is %d; it is between %d and %d", 50, 100, 3000)) ||
		!strings.Contains(text, `name="initial" min="100" max="3000" value="50"`) {
		t.Errorf("an initial rating out of bounds: %d\n%s", bad.Code, text)
	}
	if rec := admin.Post("/ratings/blitz/options", url.Values{"initial": {"1200"}, "point_share": {"on"}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("set the options: %d\n%s", rec.Code, rec.Body.String())
	}
	shareOn := apitest.RuT("ratings.initial_is", "Initial", 1200) + " · " + apitest.RuT("ratings.point_share_on")
	page := apitest.PageText(admin.Get("/ratings/blitz"))
	if !strings.Contains(page, `<p class="meta" data-options="next">`+apitest.RuT("ratings.next_with")+": "+shareOn) ||
		!strings.Contains(page, `value="1200"`) || !strings.Contains(page, `name="point_share" checked`) || strings.Count(page, "<li>") < 1 {
		t.Errorf("the list page after the options were set:\n%s", page)
	}
	if rec := admin.Post("/ratings/blitz/periods", url.Values{"until": {"2026-10-31"}, "confirm": {"1"}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("close the period: %d", rec.Code)
	}
	list := apitest.PageText(s.Anonymous().Get("/ratings/blitz"))
	if !strings.Contains(list, `<p class="meta" data-options="period">`+apitest.RuT("ratings.rated_with")+": "+shareOn) || strings.Contains(list, `data-options="next"`) {
		t.Errorf("the list rated with the options:\n%s", list)
	}
	if rec := admin.Post("/ratings/blitz/options", url.Values{"initial": {"1500"}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("set the options back: %d", rec.Code)
	}
	report := regexp.MustCompile(`href="(/ratings/blitz/periods/\d+)"`).FindStringSubmatch(list)
	if report == nil {
		t.Fatal("the list does not link its period's report")
	}
	if body := apitest.PageText(s.Anonymous().Get(report[1])); !strings.Contains(body, apitest.RuT("ratings.rated_with")+": "+shareOn) {
		t.Errorf("the period's report does not keep the options it was rated with:\n%s", body)
	}
}

// An event's rating report: before its period the page says the games are
// not rated yet and the event's pages have no tab for it; after, the tab
// leads to each person's games of the event with the event's part of the
// change and a link to the period's report.
func TestEventRatingPage(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	id := apitest.RatedBlitzEvent(s.Server)
	path := fmt.Sprintf("/events/%d/rating", id)
	pending := apitest.PageText(s.Anonymous().Get(path))
	if !strings.Contains(pending, `data-state="pending"`) || !strings.Contains(pending, apitest.RuT("ratings.event_pending", "List", apitest.RuT("rating_list.blitz"))) {
		t.Errorf("the report before the period:\n%s", pending)
	}
	if strings.Contains(s.Anonymous().Get(fmt.Sprintf("/events/%d/standings", id)).Body.String(), `href="`+path+`"`) {
		t.Error("the event's pages link a rating report before the period")
	}
	if rec := s.SignIn(tournament.Admin).Post("/ratings/blitz/periods", url.Values{"until": {"2026-10-31"}, "confirm": {"1"}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("close the period: %d", rec.Code)
	}
	if !strings.Contains(s.Anonymous().Get(fmt.Sprintf("/events/%d/standings", id)).Body.String(), `href="`+path+`"`) {
		t.Error("the event's pages do not link its rating report")
	}
	rec := s.Anonymous().Get(path)
	body := apitest.PageText(rec)
	if rec.Code != http.StatusOK || !strings.Contains(body, `data-state="rated"`) || strings.Count(body, `<section class="rating-change"`) != 4 ||
		strings.Count(body, `<p class="contribution">`) != 4 || !regexp.MustCompile(`href="/ratings/blitz/periods/\d+#person-\d+"`).MatchString(body) {
		t.Errorf("the event's rating report: %d\n%s", rec.Code, body)
	}
	if rec := s.Anonymous().Get("/events/999999/rating"); rec.Code != http.StatusNotFound {
		t.Errorf("the rating report of no event: %d", rec.Code)
	}
	if parts := regexp.MustCompile(`<p class="contribution">[^<]*`).FindAllString(body, -1); !strings.Contains(strings.Join(parts, ""), "= −") || strings.Contains(strings.Join(parts, ""), "-") {
		t.Errorf("the events' parts write their minus as a hyphen, or none is negative:\n%s", strings.Join(parts, "\n"))
	}
	// A negative sum multiplied by K is written in brackets: «20 · (−0,360)», not «20 · −0,360».
	if parts := regexp.MustCompile(`<p class="contribution">[^<]*`).FindAllString(body, -1); !strings.Contains(strings.Join(parts, ""), "· (−") || strings.Contains(strings.Join(parts, ""), "· −") {
		t.Errorf("a negative factor is not in brackets, or none is negative:\n%s", strings.Join(parts, "\n"))
	}
	if strings.Contains(body, "data-unlinked") {
		t.Errorf("the report of an event whose players are all linked names some not linked:\n%s", body)
	}
}

// An event's rating report names the players not linked to the register,
// whose games are not rated, before its period and after, as a page and
// as PDF.
func TestEventRatingUnlinked(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	id := apitest.RatedBlitzEventWith(s.Server, "Иванов Иван")
	path := fmt.Sprintf("/events/%d/rating", id)
	unlinked := func(when string) {
		t.Helper()
		body := apitest.PageText(s.Anonymous().Get(path))
		if !strings.Contains(body, `data-unlinked="1"`) || !strings.Contains(body, apitest.RuN("ratings.event_unlinked", 1)) || !strings.Contains(body, "<li>Иванов Иван</li>") {
			t.Errorf("%s: the report does not name the player not linked:\n%s", when, body)
		}
	}
	unlinked("before the period")
	if rec := s.SignIn(tournament.Admin).Post("/ratings/blitz/periods", url.Values{"until": {"2026-10-31"}, "confirm": {"1"}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("close the period: %d", rec.Code)
	}
	unlinked("after the period")
	rec := s.Anonymous().Get(path + ".pdf")
	if text := apitest.Spaced(apitest.PDFToText(t, "rating-unlinked", rec.Body.Bytes())); rec.Code != http.StatusOK || !strings.Contains(text, apitest.Spaced(apitest.RuDoc("report.rating_event_unlinked", "Иванов Иван"))) {
		t.Errorf("the report as PDF: %d\n%s", rec.Code, text)
	}
}

// The rating documents: the list as PDF narrowed as its page (linked with
// the page's filter), the period's report and the event's rating report,
// each linked from its page, in the reader's language.
func TestRatingDocuments(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	id := apitest.RatedBlitzEvent(s.Server)
	if rec := s.SignIn(tournament.Admin).Post("/ratings/blitz/periods", url.Values{"until": {"2026-10-31"}, "confirm": {"1"}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("close the period: %d", rec.Code)
	}
	pdf := func(path string) string {
		t.Helper()
		rec := s.Anonymous().Get(path)
		if rec.Code != http.StatusOK || rec.Header().Get("Content-Type") != "application/pdf" {
			t.Fatalf("GET %s: %d %s\n%.300s", path, rec.Code, rec.Header().Get("Content-Type"), rec.Body.String())
		}
		return apitest.Spaced(apitest.PDFToText(t, strings.NewReplacer("/", "-", "?", "-", "=", "-", "&", "-").Replace(path), rec.Body.Bytes()))
	}
	page := s.Anonymous().Get("/ratings/blitz?q=" + url.QueryEscape("заур")).Body.String()
	link := regexp.MustCompile(`href="(/ratings/blitz/list\.pdf[^"]*)"`).FindStringSubmatch(page)
	if link == nil || !strings.Contains(html.UnescapeString(link[1]), "q=%D0%B7%D0%B0%D1%83%D1%80") {
		t.Fatalf("the list page does not link its PDF with its filter: %v", link)
	}
	narrowed := pdf(html.UnescapeString(link[1]))
	if !strings.Contains(narrowed, apitest.RuDoc("report.rating_list", apitest.RuT("rating_list.blitz"))) || !strings.Contains(narrowed, "Хуажев Заур") ||
		strings.Contains(narrowed, "Хуажев Аслан") || !strings.Contains(narrowed, apitest.RuDoc("report.rating_filter", apitest.RuDoc("report.rating_search")+": заур")) {
		t.Errorf("the narrowed list as PDF:\n%s", narrowed)
	}
	whole := pdf("/ratings/blitz/list.pdf?lang=en")
	if !strings.Contains(whole, "Хуажев Аслан") || !strings.Contains(whole, "Хуажев Заур") || !strings.Contains(whole, "after the period up to") {
		t.Errorf("the whole list as PDF in English:\n%s", whole)
	}

	report := regexp.MustCompile(`href="(/ratings/blitz/periods/\d+)"`).FindStringSubmatch(s.Anonymous().Get("/ratings/blitz").Body.String())
	if report == nil {
		t.Fatal("the list does not link its period's report")
	}
	periodPage := s.Anonymous().Get(report[1]).Body.String()
	if !strings.Contains(periodPage, `href="`+report[1]+`/report.pdf?lang=ru"`) {
		t.Error("the period's report does not link its PDF")
	}
	if text := pdf(report[1] + "/report.pdf"); strings.Count(text, "Хуажев") < 4 || !strings.Contains(text, apitest.RuDoc("report.rating_period_report", "31.10.2026")) {
		t.Errorf("the period's report as PDF:\n%s", text)
	}
	if rec := s.Anonymous().Get("/ratings/blitz/periods/999999/report.pdf"); rec.Code != http.StatusNotFound {
		t.Errorf("the PDF of no period: %d", rec.Code)
	}

	eventPage := s.Anonymous().Get(fmt.Sprintf("/events/%d/rating", id)).Body.String()
	eventPDF := fmt.Sprintf("/events/%d/rating.pdf", id)
	if !strings.Contains(eventPage, `href="`+eventPDF+`?lang=ru"`) {
		t.Error("the event's rating report does not link its PDF")
	}
	// Its footer is in the event's zone, as its other documents (issue 60).
	if text := pdf(eventPDF); !strings.Contains(text, "Рейтинговый турнир") || !strings.Contains(text, " MSK") || len(regexp.MustCompile(`(?m)^\s*→ \d+ \([+−]\d+\) Σ`).FindAllString(text, -1)) != 4 ||
		!strings.Contains(text, apitest.RuDoc("report.rating_event_period", apitest.RuT("rating_list.blitz"), "31.10.2026")) {
		t.Errorf("the event's rating report as PDF:\n%s", text)
	}
}

// Issue 37: a correction on a period's report says which game it corrects,
// a game of an earlier period: its event, linked, and its round and board,
// linked to the game's page; and so does the report as PDF.
func TestRatingCorrectionNamesItsGame(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	id := apitest.RatedBlitzEvent(s.Server)
	admin := s.SignIn(tournament.Admin)
	if rec := admin.Post("/ratings/blitz/periods", url.Values{"until": {"2026-10-31"}, "confirm": {"1"}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("close the period: %d", rec.Code)
	}
	_, round := s.Do("", "GET", fmt.Sprintf("/api/v1/events/%d/rounds/1", id), nil)
	game := round["games"].([]any)[0].(map[string]any)
	board := apitest.Num(game["board"])
	// A finished event's result is corrected by reopening it (issue 60).
	s.Must(http.StatusOK, tournament.ArbiterRole, "PATCH", fmt.Sprintf("/api/v1/events/%d", id), map[string]any{"status": "running", "reason": "бланк записи"})
	s.Must(http.StatusOK, tournament.ArbiterRole, "PUT", fmt.Sprintf("/api/v1/events/%d/rounds/1/games/%d/result", id, board),
		map[string]any{"score": "7:17", "end_reason": "final_position", "version": apitest.Num(game["version"]), "reason": "бланк записи"})
	s.Must(http.StatusOK, tournament.ArbiterRole, "PATCH", fmt.Sprintf("/api/v1/events/%d", id), map[string]any{"status": "finished"})
	if rec := admin.Post("/ratings/blitz/periods", url.Values{"until": {"2026-11-20"}, "confirm": {"1"}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("close the next period: %d", rec.Code)
	}
	report := regexp.MustCompile(`href="(/ratings/blitz/periods/\d+)"`).FindStringSubmatch(s.Anonymous().Get("/ratings/blitz").Body.String())
	if report == nil {
		t.Fatal("the list does not link its period's report")
	}
	page := apitest.PageText(s.Anonymous().Get(report[1]))
	where := fmt.Sprintf(`<span class="corrected-game"><a href="/events/%d">Рейтинговый турнир</a>, <a href="/events/%d/rounds/1/boards/%d">%s</a></span>`,
		id, id, board, apitest.RuT("ratings.round_board", "Round", 1, "Board", board))
	if strings.Count(page, `<span class="badge">`+apitest.RuT("ratings.correction")+"</span> "+where) != 2 {
		t.Errorf("the correction's two lines do not name the corrected game, %s:\n%s", where, page)
	}
	rec := s.Anonymous().Get(report[1] + "/report.pdf")
	if text := apitest.Spaced(apitest.PDFToText(t, "rating-correction", rec.Body.Bytes())); rec.Code != http.StatusOK ||
		strings.Count(text, apitest.RuDoc("report.rating_correction")+": "+apitest.RuDoc("report.rating_game_place", "Рейтинговый турнир", 1, board)) != 2 {
		t.Errorf("the report as PDF does not name the corrected game: %d\n%s", rec.Code, text)
	}
}
