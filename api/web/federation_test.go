package web_test

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
)

// A player's federation, typed at the desk in any case or sent by the API,
// is shown beside the name where FMJD lists show it: the player list, the
// pairings, the standings, the crosstable and the player's card (issue
// 64); one that is not three letters is told next to the field.
func TestDeskFederations(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	const arbiter = tournament.ArbiterRole
	a := s.SignIn(arbiter)
	id := apitest.Num(s.Must(http.StatusCreated, arbiter, "POST", "/api/v1/events", map[string]any{"name": "Кубок наций", "game": "international", "discipline": "rapid",
		"system": "round-robin", "visibility": "public"})["id"])
	rec := a.Post(fmt.Sprintf("/events/%d/players", id), url.Values{"name": {"Baliakin Alexander"}, "federation": {"ned"}})
	apitest.MustStatus(t, "a player of «ned»", rec.Code, http.StatusSeeOther, apitest.PageText(rec))
	s.Must(http.StatusCreated, arbiter, "POST", fmt.Sprintf("/api/v1/events/%d/players", id), map[string]any{"name": "Ndiaye Mamadou", "federation": "SEN"})

	rec = a.Post(fmt.Sprintf("/events/%d/players", id), url.Values{"name": {"Иванов Иван"}, "federation": {"Россия"}})
	body := apitest.PageText(rec)
	apitest.MustStatus(t, "a federation of more than three letters", rec.Code, http.StatusBadRequest, body)
	refusal := apitest.RuF("a federation is three Latin letters, as FMJD lists write it (RUS, NED, SEN); got %q", "Россия")
	if !strings.Contains(body, refusal) || !strings.Contains(body, `name="federation" value="Россия"`) {
		t.Errorf("the desk after a bad federation lacks the refusal %q or the text typed", refusal)
	}

	s.Must(http.StatusCreated, arbiter, "POST", fmt.Sprintf("/api/v1/events/%d/rounds", id), nil)
	for _, page := range []string{"/events/%d", "/events/%d?round=1", "/events/%d/standings", "/events/%d/crosstable"} {
		path := fmt.Sprintf(page, id)
		rec := a.Get(path)
		body := apitest.PageText(rec)
		apitest.MustStatus(t, path, rec.Code, http.StatusOK, body)
		for _, want := range []string{`Baliakin Alexander</a> <abbr class="federation">NED</abbr>`, `Ndiaye Mamadou</a> <abbr class="federation">SEN</abbr>`} {
			if !strings.Contains(body, want) {
				t.Errorf("%s lacks %q", path, want)
			}
		}
	}
	var pid int
	for _, p := range s.Must(http.StatusOK, arbiter, "GET", fmt.Sprintf("/api/v1/events/%d/players", id), nil)["players"].([]any) {
		if p := p.(map[string]any); p["name"] == "Baliakin Alexander" {
			pid = apitest.Num(p["id"])
		}
	}
	if body := apitest.PageText(a.Get(fmt.Sprintf("/events/%d/players/%d", id, pid))); !strings.Contains(body, `Baliakin Alexander <abbr class="federation">NED</abbr>`) {
		t.Error("the player's card does not show the federation beside the name")
	}
	if body := apitest.PageText(a.Get(fmt.Sprintf("/events/%d/players/%d/edit", id, pid))); !strings.Contains(body, `name="federation" value="NED"`) {
		t.Error("the player's form does not offer the federation to change")
	}
}

// The register's person form keeps the person's federation, told at the
// field when it is not three letters; the person's page shows it, the API
// answers it, and a player registered from the register takes it (issue
// 64).
func TestRegisterFederation(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	arbiter := s.SignIn(tournament.ArbiterRole)
	form := url.Values{"surname": {"Ндиайе"}, "given_names": {"Мамаду"}, "birth_year": {"1992"}, "federation": {"Сенегал"}}
	rec := arbiter.Post("/people", form)
	body := apitest.PageText(rec)
	apitest.MustStatus(t, "a person of «Сенегал»", rec.Code, http.StatusBadRequest, body)
	if refusal := apitest.RuF("a federation is three Latin letters, as FMJD lists write it (RUS, NED, SEN); got %q", "Сенегал"); !strings.Contains(body, refusal) {
		t.Errorf("the person form does not tell the federation %q", refusal)
	}
	form.Set("federation", "sen")
	rec = arbiter.Post("/people", form)
	apitest.MustStatus(t, "a person of «sen»", rec.Code, http.StatusSeeOther, apitest.PageText(rec))
	path := rec.Header().Get("Location")
	body = apitest.PageText(s.SignIn(tournament.Admin).Get(path))
	if !strings.Contains(body, `<abbr class="federation">SEN</abbr>`) || !strings.Contains(body, `name="federation" value="SEN"`) {
		t.Error("the person's page does not show the federation SEN, or its form does not offer it")
	}
	person := s.Must(http.StatusOK, tournament.ArbiterRole, "GET", "/api/v1"+path, nil)["person"].(map[string]any)
	if person["federation"] != "SEN" {
		t.Errorf("the API answers the person's federation as %v", person["federation"])
	}
	id := apitest.Num(s.Must(http.StatusCreated, tournament.ArbiterRole, "POST", "/api/v1/events", map[string]any{"name": "Кубок", "discipline": "rapid", "system": "round-robin"})["id"])
	player := s.Must(http.StatusCreated, tournament.ArbiterRole, "POST", fmt.Sprintf("/api/v1/events/%d/players", id), map[string]any{"person_id": apitest.Num(person["id"])})
	if player["federation"] != "SEN" {
		t.Errorf("a player registered from the register plays for %v; want SEN", player["federation"])
	}
}

// The upload form of a TRF file names the event's game: the file's own
// comment must agree, or the form tells both games at the field, with the
// game chosen kept (issue 64).
func TestImportTRFOfAGame(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	arbiter := s.SignIn(tournament.ArbiterRole)
	id, _ := apitest.SwissOfSix(s, "rapid", "15+10")
	file := arbiter.Get(fmt.Sprintf("/api/v1/events/%d/pairing.trf", id)).Body.String()
	send := func(game string) *httptest.ResponseRecorder {
		var body bytes.Buffer
		w := multipart.NewWriter(&body)
		w.WriteField("game", game)
		part, err := w.CreateFormFile("file", "event.trf")
		if err != nil {
			t.Fatal(err)
		}
		part.Write([]byte(file))
		w.Close()
		req := httptest.NewRequest(http.MethodPost, "/manage/events/import.trf", &body)
		req.Header.Set("Content-Type", w.FormDataContentType())
		req.Header.Set("Sec-Fetch-Site", "same-origin")
		req.Header.Set("Origin", "http://example.com")
		return arbiter.Do(req)
	}
	rec := send("russian")
	body := apitest.PageText(rec)
	apitest.MustStatus(t, "an Adiukh file imported as Russian draughts", rec.Code, http.StatusBadRequest, body)
	refusal := apitest.RuF("the file is of %s (its \"### game:\" comment), not of %s as the import asks", tournament.GameKind("adiukh"), tournament.GameKind("russian"))
	if !strings.Contains(body, refusal) || !strings.Contains(body, `<option value="russian" selected>`) {
		t.Errorf("the upload form does not tell %q, or lost the game chosen", refusal)
	}
	apitest.MustStatus(t, "an Adiukh file imported as Adiukh checkers", send("adiukh").Code, http.StatusSeeOther, "")
}

// A team's roster on the desk is written as the pasted player list is, one
// order of cells (entries.ParsePlayerLine): the seventh cell is the rank or
// title and the eighth the federation, so that a line copied from one
// pastes into the other (issue 64; the roster had read the seventh as the
// federation since the federation came).
func TestDeskRosterTakesTheListsColumns(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	const arbiter = tournament.ArbiterRole
	a := s.SignIn(arbiter)
	id := apitest.Num(s.Must(http.StatusCreated, arbiter, "POST", "/api/v1/events", map[string]any{"name": "Кубок наций", "game": "international",
		"discipline": "standard-team", "system": "swiss", "rounds": 3})["id"])
	rec := a.Post(fmt.Sprintf("/events/%d/teams", id), url.Values{"name": {"Нидерланды"},
		"roster": {"Ван дер Берг Ян, 2400, 1990, , Амстердам, , GMI, ned\nДе Йонг Питер; 2300; ; ; Роттердам\nЯнсен Ким\t2200\t\tDCR Utrecht"}})
	apitest.MustStatus(t, "a team of three", rec.Code, http.StatusSeeOther, apitest.PageText(rec))
	teams := s.Must(http.StatusOK, "", "GET", fmt.Sprintf("/api/v1/events/%d/teams", id), nil)["teams"].([]any)
	roster := teams[0].(map[string]any)["players"].([]any)
	first := roster[0].(map[string]any)
	if first["title"] != "GMI" || first["federation"] != "NED" || first["city"] != "Амстердам" {
		t.Errorf("the roster's first line gave %v; want the title GMI and the federation NED", first)
	}
	// Semicolons, as spreadsheets in Russian locales export, and the tabs
	// of cells copied from a spreadsheet separate the cells as in the
	// pasted list; they were read as part of the name.
	second, third := roster[1].(map[string]any), roster[2].(map[string]any)
	if second["name"] != "Де Йонг Питер" || apitest.Num(second["rating"]) != 2300 || second["city"] != "Роттердам" {
		t.Errorf("the roster's line of semicolons gave %v", second)
	}
	if third["name"] != "Янсен Ким" || apitest.Num(third["rating"]) != 2200 || third["club"] != "DCR Utrecht" {
		t.Errorf("the roster's line of tabs gave %v", third)
	}

	// The team's pages show the federation beside the name as the
	// individual ones do: the desk's roster, the event's team cards and
	// the round's boards.
	s.Must(http.StatusCreated, arbiter, "POST", fmt.Sprintf("/api/v1/events/%d/teams", id), map[string]any{"name": "Сенегал", "players": []any{
		map[string]any{"name": "Ндиайе Мамаду", "federation": "SEN"}, map[string]any{"name": "Диоп Шейх", "federation": "SEN"}}})
	s.Must(http.StatusCreated, arbiter, "POST", fmt.Sprintf("/api/v1/events/%d/rounds", id), nil)
	for _, page := range []string{"/events/%d/manage", "/events/%d", "/events/%d?round=1"} {
		path := fmt.Sprintf(page, id)
		rec := a.Get(path)
		body := apitest.PageText(rec)
		apitest.MustStatus(t, path, rec.Code, http.StatusOK, body)
		for _, want := range []string{`Ван дер Берг Ян <abbr class="federation">NED</abbr>`, `Ндиайе Мамаду <abbr class="federation">SEN</abbr>`} {
			if !strings.Contains(body, want) {
				t.Errorf("%s lacks %q", path, want)
			}
		}
	}
}
