package desk_test

import (
	"bytes"
	"fmt"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"adiukh/api/apitest"
	"adiukh/tournament"
	"adiukh/tournament/review"
)

// upload posts a file as the TRF upload form does.
func upload(p *apitest.Page, path, name, content string) *httptest.ResponseRecorder {
	var body bytes.Buffer
	w := multipart.NewWriter(&body)
	part, err := w.CreateFormFile("file", name)
	if err != nil {
		p.Server.T.Fatal(err)
	}
	part.Write([]byte(content))
	w.Close()
	req := httptest.NewRequest(http.MethodPost, path, &body)
	req.Header.Set("Content-Type", w.FormDataContentType())
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	req.Header.Set("Origin", "http://example.com")
	return p.Do(req)
}

// TestSwissPages walks the arbiter through the Swiss parts of the desk: a
// requested bye, pairing, the pairing cards, a pairing typed by hand with
// its warnings, TRF export and import.
func TestSwissPages(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	id, players := apitest.SwissOfSix(s, "rapid", "8+4")
	arbiter := s.SignIn(tournament.ArbiterRole)
	events := fmt.Sprintf("/events/%d", id)
	expect := func(rec *httptest.ResponseRecorder, status int, texts ...string) {
		t.Helper()
		if rec.Code != status {
			t.Fatalf("status %d, want %d\n%s", rec.Code, status, rec.Body.String())
		}
		for _, text := range texts {
			if !strings.Contains(apitest.PageText(rec), text) {
				t.Fatalf("page lacks %q\n%s", text, rec.Body.String())
			}
		}
	}

	expect(arbiter.Get(events+"/manage"), http.StatusOK, apitest.RuT("bye.request", "N", 1), apitest.RuT("manage.export_trf"), apitest.Ru.Field("forbid_same_club"))
	expect(arbiter.Post(fmt.Sprintf("%s/players/%d/bye", events, players[5]), url.Values{"round": {"1"}, "kind": {"half"}}), http.StatusSeeOther)
	expect(arbiter.Get(events+"/manage"), http.StatusOK, apitest.RuT("bye.requested_half", "N", 1))
	expect(arbiter.Post(events+"/rounds", nil), http.StatusSeeOther)
	// Five players: two boards, the pairing-allocated bye and the requested one.
	expect(arbiter.Get(events+"?round=1"), http.StatusOK, apitest.RuT("cards.title"), "E.5", apitest.RuT("edit.title"), apitest.RuT("reason.half_point_bye"))

	// The requested bye is not part of the pairing: the swap form offers
	// the seats of the other boards only.
	if swap := formOf(t, arbiter.Get(events+"?round=1").Body.String(), "review"); strings.Contains(swap, "Player 6") || !strings.Contains(swap, `value="3w"`) {
		t.Errorf("the swap form offers the requested bye, or not the pairing's bye\n%s", swap)
	}
	// A refused pairing stays in its box with its reason and its error,
	// whether the text was misread or the service refused it; the swap
	// form shows no error.
	typed := arbiter.Post(events+"/rounds/1/pairing", url.Values{"boards": {"1 2\n3 x"}, "reason": {"ошибка в карточке"}})
	expect(typed, http.StatusBadRequest)
	pairingForm := formOf(t, apitest.PageText(typed), "edit-pairing")
	notStartNo := func(line int, s string) string {
		return apitest.RuT("error.line", "Line", line, "Message", apitest.RuF("%q is not a start number", s))
	}
	for _, want := range []string{notStartNo(2, "x"), ">1 2\n3 x</textarea>", `value="ошибка в карточке"`} {
		if !strings.Contains(pairingForm, want) {
			t.Errorf("the refused pairing form lacks %q\n%s", want, pairingForm)
		}
	}
	if strings.Contains(pairingForm, apitest.Ru.Field("boards")) {
		t.Errorf("the typed pairing's error is labelled as a team event's number of boards\n%s", pairingForm)
	}
	// Every line that cannot be read is named at once.
	typed = arbiter.Post(events+"/rounds/1/pairing", url.Values{"boards": {"1 2\n3 x\n4 5 6\n7-y"}, "reason": {"ошибка в карточке"}})
	expect(typed, http.StatusBadRequest)
	pairingForm = formOf(t, apitest.PageText(typed), "edit-pairing")
	for _, want := range []string{
		apitest.RuF("%d lines of the pairing cannot be read", 3),
		notStartNo(2, "x"),
		apitest.RuT("error.line", "Line", 3, "Message", apitest.RuF(`write the start numbers of White and Black, like "3 7"`)),
		notStartNo(4, "y"),
	} {
		if !strings.Contains(pairingForm, want) {
			t.Errorf("the pairing with three bad lines lacks %q\n%s", want, pairingForm)
		}
	}
	paired := arbiter.Post(events+"/rounds/1/pairing", url.Values{"boards": {"1 2\n3 4\n5 6"}, "reason": {"без бая"}})
	expect(paired, http.StatusConflict)
	pairingForm = formOf(t, apitest.PageText(paired), "edit-pairing")
	for _, want := range []string{apitest.RuF("player %d asked for a bye in round %d but is paired", 6, 1), ">1 2\n3 4\n5 6</textarea>", `value="без бая"`} {
		if !strings.Contains(pairingForm, want) {
			t.Errorf("the pairing form refused by the service lacks %q\n%s", want, pairingForm)
		}
	}
	if swap := formOf(t, paired.Body.String(), "review"); strings.Contains(swap, "field-error") {
		t.Errorf("the pairing's error is shown in the swap form\n%s", swap)
	}
	// A refused swap keeps its seats and reason, and leaves the pairing box
	// as stored.
	same := arbiter.Post(events+"/rounds/1/swap", url.Values{"seat_a": {"2b"}, "seat_b": {"2b"}, "reason": {"цвета"}})
	expect(same, http.StatusBadRequest)
	swap := formOf(t, apitest.PageText(same), "review")
	for _, want := range []string{apitest.RuF("choose two different seats; both are %s", review.Seat{Board: 2}), `<option value="2b" selected>`, `value="цвета"`} {
		if !strings.Contains(swap, want) {
			t.Errorf("the refused swap form lacks %q\n%s", want, swap)
		}
	}
	if pairingForm := formOf(t, same.Body.String(), "edit-pairing"); strings.Contains(pairingForm, "field-error") || strings.Contains(pairingForm, "цвета") {
		t.Errorf("the swap's error or reason is shown in the pairing form\n%s", pairingForm)
	}
	// A legal pairing of round 1 by hand: no warning.
	expect(arbiter.Post(events+"/rounds/1/pairing", url.Values{"boards": {"1 2\n3 4\n5\n"}, "reason": {"проверка"}}), http.StatusSeeOther)
	if page := arbiter.Get(events + "?round=1").Body.String(); strings.Contains(page, "pairing-warnings") {
		t.Fatalf("a legal pairing shows warnings\n%s", page)
	}
	// Two byes in one round: the pairing is kept, with its warning.
	expect(arbiter.Post(events+"/rounds/1/pairing", url.Values{"boards": {"1 2\n3\n4\n5"}}), http.StatusSeeOther)
	expect(arbiter.Get(events+"?round=1"), http.StatusOK, apitest.RuT("warnings.title"),
		apitest.RuF("a second bye in the round (player %d): an odd field has one pairing-allocated bye (C2)", 4))

	// The desk links the file of the API, read with the session.
	export := arbiter.Get("/api/v1" + events + "/pairing.trf")
	expect(export, http.StatusOK, "012 Швейцарка", "001    1")
	expect(upload(arbiter, "/manage/events/import.trf", "bad.trf", "012 Open\n152 X\n"), http.StatusBadRequest, apitest.RuT("import.title"),
		apitest.RuF("line %d, column %d: %s", 2, 5, apitest.RuF("initial colour %q: want W or B", "X")))
	imported := upload(arbiter, "/manage/events/import.trf", "event.trf", export.Body.String())
	expect(imported, http.StatusSeeOther)
	if loc := imported.Header().Get("Location"); !strings.HasSuffix(loc, "/manage") {
		t.Fatalf("import redirects to %q, want the new event's desk", loc)
	}
	expect(arbiter.Get("/manage/events/new"), http.StatusOK, apitest.RuT("import.title"))

	// After round 1 the crosstable names the requested bye.
	expect(arbiter.Post(events+"/rounds/1/publish", nil), http.StatusSeeOther)
	expect(s.Anonymous().Get(events+"/crosstable"), http.StatusOK, apitest.RuT("reason.half_point_bye"))
}

// formOf cuts the form with the given id out of a page.
func formOf(t *testing.T, page, id string) string {
	t.Helper()
	start := strings.Index(page, `id="`+id+`"`)
	if start < 0 {
		t.Fatalf("the page has no form %q\n%s", id, page)
	}
	end := strings.Index(page[start:], "</form>")
	return page[start : start+end]
}
