package api_test

import (
	"bytes"
	"fmt"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"adiukh/tournament"
)

// upload posts a file as the TRF upload form does.
func (p *page) upload(path, name, content string) *httptest.ResponseRecorder {
	var body bytes.Buffer
	w := multipart.NewWriter(&body)
	part, err := w.CreateFormFile("file", name)
	if err != nil {
		p.s.t.Fatal(err)
	}
	part.Write([]byte(content))
	w.Close()
	req := httptest.NewRequest(http.MethodPost, path, &body)
	req.Header.Set("Content-Type", w.FormDataContentType())
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	req.Header.Set("Origin", "http://example.com")
	return p.do(req)
}

// TestSwissPages walks the arbiter through the Swiss parts of the desk: a
// requested bye, pairing, the pairing cards, a pairing typed by hand with
// its warnings, TRF export and import.
func TestSwissPages(t *testing.T) {
	s := newWebServer(t)
	ev := s.must(http.StatusCreated, tournament.ArbiterRole, "POST", "/api/v1/events",
		map[string]any{"name": "Швейцарка", "discipline": "rapid", "system": "swiss", "rounds": 3, "time_control": "8+4"})
	id := num(ev["id"])
	var players []int
	for i := 1; i <= 6; i++ {
		p := s.must(http.StatusCreated, tournament.ArbiterRole, "POST", fmt.Sprintf("/api/v1/events/%d/players", id),
			map[string]any{"name": fmt.Sprintf("Player %d", i), "rating": 2000 - i})
		players = append(players, num(p["id"]))
	}
	arbiter := s.signIn(tournament.ArbiterRole)
	events := fmt.Sprintf("/events/%d", id)
	expect := func(rec *httptest.ResponseRecorder, status int, texts ...string) {
		t.Helper()
		if rec.Code != status {
			t.Fatalf("status %d, want %d\n%s", rec.Code, status, rec.Body.String())
		}
		for _, text := range texts {
			if !strings.Contains(rec.Body.String(), text) {
				t.Fatalf("page lacks %q\n%s", text, rec.Body.String())
			}
		}
	}

	expect(arbiter.get(events+"/manage"), http.StatusOK, "Бай в 1-м туре", "TRF для проверки жеребьёвки", "Игроки одного клуба не встречаются")
	expect(arbiter.post(fmt.Sprintf("%s/players/%d/bye", events, players[5]), url.Values{"round": {"1"}, "kind": {"half"}}), http.StatusSeeOther)
	expect(arbiter.get(events+"/manage"), http.StatusOK, "бай за пол-очка в 1-м туре")
	expect(arbiter.post(events+"/rounds", nil), http.StatusSeeOther)
	// Five players: two boards, the pairing-allocated bye and the requested one.
	expect(arbiter.get(events+"?round=1"), http.StatusOK, "Карточки пар", "E.5", "Задать пары вручную", "бай за пол-очка")

	expect(arbiter.post(events+"/rounds/1/pairing", url.Values{"boards": {"1 x"}}), http.StatusBadRequest, "строка 1: &#34;x&#34; — не стартовый номер")
	// A legal pairing of round 1 by hand: no warning.
	expect(arbiter.post(events+"/rounds/1/pairing", url.Values{"boards": {"1 2\n3 4\n5\n"}, "reason": {"проверка"}}), http.StatusSeeOther)
	if page := arbiter.get(events + "?round=1").Body.String(); strings.Contains(page, "pairing-warnings") {
		t.Fatalf("a legal pairing shows warnings\n%s", page)
	}
	// Two byes in one round: the pairing is kept, with its warning.
	expect(arbiter.post(events+"/rounds/1/pairing", url.Values{"boards": {"1 2\n3\n4\n5"}}), http.StatusSeeOther)
	expect(arbiter.get(events+"?round=1"), http.StatusOK, "Жеребьёвка нарушает абсолютные критерии", "второй бай в туре")

	export := arbiter.get(events + "/pairing.trf")
	expect(export, http.StatusOK, "012 Швейцарка", "001    1")
	expect(arbiter.upload("/manage/events/import.trf", "bad.trf", "012 Open\n152 X\n"), http.StatusBadRequest, "Импорт файла TRF", "строка 2, столбец 5: начальный цвет")
	imported := arbiter.upload("/manage/events/import.trf", "event.trf", export.Body.String())
	expect(imported, http.StatusSeeOther)
	if loc := imported.Header().Get("Location"); !strings.HasSuffix(loc, "/manage") {
		t.Fatalf("import redirects to %q, want the new event's desk", loc)
	}
	expect(arbiter.get("/manage/events/new"), http.StatusOK, "Импорт файла TRF")

	// After round 1 the crosstable names the requested bye.
	expect(arbiter.post(events+"/rounds/1/publish", nil), http.StatusSeeOther)
	expect(s.anonymous().get(events+"/crosstable"), http.StatusOK, "бай за пол-очка")
}
