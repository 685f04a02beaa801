package web_test

import (
	"context"
	"encoding/json"
	"fmt"
	"html"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"adiukh/api"
	"adiukh/api/apitest"
	"adiukh/tournament"
	"adiukh/tournament/correspondence"
	"adiukh/tournament/engines"
	"adiukh/tournament/entries"
	"adiukh/tournament/store/storetest"
)

// TestEntriesPages follows entries through the pages: the arbiter opens
// them on the entries page, a signed-in player finds the tab, is refused
// with the reason next to the field, enters, and the arbiter accepts all
// who meet the conditions; the player then reads the decision.
func TestEntriesPages(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	arbiter := s.SignIn(tournament.ArbiterRole)
	id := apitest.CalendarEvent(s.Server, "Кубок Майкопа", "rapid", "2026-12-05", "2026-12-07", "Майкоп")
	entries := fmt.Sprintf("/events/%d/entries", id)

	deadline := time.Now().Add(72 * time.Hour).Format("2006-01-02T15:04")
	if rec := arbiter.Post(entries+"/settings", url.Values{"open": {"on"}, "deadline": {deadline}, "max": {"x"}}); rec.Code != http.StatusBadRequest || !strings.Contains(rec.Body.String(), "field-error") {
		t.Errorf("places that are not a number: %d", rec.Code)
	}
	if rec := arbiter.Post(entries+"/settings", url.Values{"open": {"on"}, "deadline": {deadline}, "max": {"20"}, "min_birth_year": {"2000"}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("open entries: %d\n%s", rec.Code, rec.Body)
	}

	player := s.AddUser("ann@example.org", tournament.PlayerRole)
	player.Post("/account/name", url.Values{"surname": {"Тлехас"}, "given_names": {"Анна"}})
	page := player.Get(fmt.Sprintf("/events/%d", id)).Body.String()
	if !strings.Contains(page, `href="`+entries+`"`) {
		t.Errorf("the event page shows a signed-in player no entries tab")
	}
	if rec := s.Anonymous().Get(fmt.Sprintf("/events/%d", id)); strings.Contains(rec.Body.String(), `href="`+entries+`"`) {
		t.Errorf("the cached page for anonymous readers links the entries")
	}
	form := player.Get(entries).Body.String()
	if !strings.Contains(form, `action="`+entries+`"`) {
		t.Fatalf("no entry form for the player:\n%s", form)
	}
	rec := player.Post(entries, url.Values{"birth_year": {"1990"}, "note": {"приеду"}})
	if rec.Code != http.StatusBadRequest || !strings.Contains(rec.Body.String(), "2000") {
		t.Errorf("an entry not meeting the age condition: %d", rec.Code)
	}
	if rec := player.Post(entries, url.Values{"birth_year": {"2004"}, "sex": {"f"}, "note": {"приеду"}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("enter: %d\n%s", rec.Code, rec.Body)
	}
	if body := player.Get(entries).Body.String(); !strings.Contains(body, "<strong>"+apitest.RuT("entries.mine")+": "+apitest.RuT("entries.status.pending")+"</strong>") || strings.Contains(body, `action="`+entries+`"`) {
		t.Errorf("after entering the player does not see the pending entry, or still the form")
	}
	desk := arbiter.Get(entries).Body.String()
	if !strings.Contains(desk, "Тлехас Анна") || !strings.Contains(desk, "приеду") {
		t.Errorf("the arbiter's list lacks the entry")
	}
	// The list says the entrant's sex and whether the account is linked to
	// the register (issue 60).
	if !strings.Contains(desk, "<td>"+apitest.RuT("entries.sex.f")+"</td>") || !strings.Contains(desk, apitest.RuT("entries.not_in_register")) {
		t.Errorf("the arbiter's list tells neither the entrant's sex nor the register's link")
	}
	if rec := arbiter.Post(entries+"/accept", nil); rec.Code != http.StatusSeeOther {
		t.Fatalf("accept all: %d\n%s", rec.Code, rec.Body)
	}
	if body := player.Get(entries).Body.String(); !strings.Contains(body, "<strong>"+apitest.RuT("entries.mine")+": "+apitest.RuT("entries.status.accepted")+"</strong>") {
		t.Errorf("the player does not see the entry accepted")
	}
	if body := s.Anonymous().Get(fmt.Sprintf("/events/%d/standings", id)).Body.String(); !strings.Contains(body, "Тлехас Анна") {
		t.Errorf("the accepted player is not in the event")
	}
	if body := s.Anonymous().Get("/calendar?open=1").Body.String(); !strings.Contains(body, "Кубок Майкопа") || !strings.Contains(body, apitest.RuN("calendar.entered", 1)) {
		t.Errorf("the calendar of open entries lacks the event with its player")
	}
}

// TestEntryStatesOnPages (issue 50.3): a player manages their own entry on
// the pages, and the entries page, the player's own page and the
// arbiter's list show every state: awaiting approval, the place on the
// waiting list, declined with the reason and a way to enter again, moved
// up when a place frees, withdrawn from the player's own page, and after
// round 1 a withdrawal asked for, which the arbiter confirms.
func TestEntryStatesOnPages(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	arbiter := s.SignIn(tournament.ArbiterRole)
	id := apitest.CalendarEvent(s.Server, "Кубок Майкопа", "rapid", "2026-12-05", "2026-12-07", "Майкоп")
	entries := fmt.Sprintf("/events/%d/entries", id)
	if rec := arbiter.Post(entries+"/settings", url.Values{"open": {"on"}, "max": {"1"}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("open entries: %d\n%s", rec.Code, rec.Body)
	}
	ann, bob := s.SignIn(tournament.PlayerRole), s.SignIn(tournament.Admin)
	ann.Post("/account/name", url.Values{"surname": {"Тлехас"}, "given_names": {"Анна"}})
	bob.Post("/account/name", url.Values{"surname": {"Нехай"}, "given_names": {"Борис"}})
	state := func(p *apitest.Page, path string) string {
		t.Helper()
		rec := p.Get(path)
		if rec.Code != http.StatusOK {
			t.Fatalf("GET %s: %d", path, rec.Code)
		}
		return apitest.PageText(rec)
	}
	mine := func(status string) string {
		return "<strong>" + apitest.RuT("entries.mine") + ": " + apitest.RuT("entries.status."+status) + "</strong>"
	}
	withdrawForm := regexp.MustCompile(`action="(` + entries + `/(\d+)/withdraw)"`)

	if form := state(ann, entries); strings.Contains(form, `name="rating"`) {
		t.Errorf("the entry form asks for a rating; the register's counts")
	}
	if rec := ann.Post(entries, url.Values{"note": {"приеду"}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("enter: %d\n%s", rec.Code, rec.Body)
	}
	if body := state(ann, entries); !strings.Contains(body, mine("pending")) || !withdrawForm.MatchString(body) {
		t.Errorf("Ann's entry is not shown awaiting approval with a withdraw button")
	}
	if body := state(bob, entries); !strings.Contains(body, apitest.RuT("entries.enter_waiting")) || !strings.Contains(body, apitest.RuT("entries.full_note")) {
		t.Errorf("the full event does not offer Bob the waiting list")
	}
	if rec := bob.Post(entries, nil); rec.Code != http.StatusSeeOther {
		t.Fatalf("Bob enters: %d\n%s", rec.Code, rec.Body)
	}
	if body := state(bob, entries); !strings.Contains(body, mine("waiting")) || !strings.Contains(body, apitest.RuT("entries.position", "N", 1)) {
		t.Errorf("Bob's entry is not shown first on the waiting list")
	}
	if tab := state(bob, fmt.Sprintf("/events/%d", id)); !strings.Contains(tab, `data-entry-status="waiting">· `+apitest.RuT("entries.status.waiting")) {
		t.Errorf("the event page's entries tab does not name Bob's entry waiting")
	}

	// The arbiter declines Ann's entry: Bob moves up, Ann may enter again.
	desk := state(arbiter, entries)
	annEntry := regexp.MustCompile(`action="(` + entries + `/\d+)/decline"`).FindStringSubmatch(desk)
	if annEntry == nil {
		t.Fatalf("no decline form on the arbiter's list")
	}
	if rec := arbiter.Post(annEntry[1]+"/decline", url.Values{"reason": {"нет взноса"}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("decline: %d\n%s", rec.Code, rec.Body)
	}
	if body := state(bob, entries); !strings.Contains(body, mine("pending")) {
		t.Errorf("Bob did not move up when Ann's entry was declined")
	}
	// Bob holds the one place: Ann's new entry would wait.
	body := state(ann, entries)
	if !strings.Contains(body, mine("declined")) || !strings.Contains(body, "нет взноса") || !strings.Contains(body, apitest.RuT("entries.enter_again_note")) || !strings.Contains(body, apitest.RuT("entries.enter_waiting")) {
		t.Errorf("Ann's declined entry lacks the reason or the way to enter again")
	}
	if my := state(ann, "/my"); !strings.Contains(my, apitest.RuT("entries.status.declined")+": нет взноса") || !strings.Contains(my, `href="`+entries+`">`+apitest.RuT("entries.enter_again")) {
		t.Errorf("Ann's page does not show the declined entry with a way to enter again")
	}
	if rec := ann.Post(entries, url.Values{"note": {"взнос оплачен"}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("Ann enters again: %d\n%s", rec.Code, rec.Body)
	}
	if my := state(ann, "/my"); !strings.Contains(my, apitest.RuT("entries.status.waiting")+" · "+apitest.RuT("entries.position", "N", 1)) {
		t.Errorf("Ann's page does not show her new entry first on the waiting list")
	}

	// Bob is accepted, then withdraws from his own page: Ann moves up.
	bobEntry := regexp.MustCompile(`action="(` + entries + `/\d+)/accept"`).FindStringSubmatch(state(arbiter, entries))
	if rec := arbiter.Post(bobEntry[1]+"/accept", nil); rec.Code != http.StatusSeeOther {
		t.Fatalf("accept Bob: %d\n%s", rec.Code, rec.Body)
	}
	my := state(bob, "/my")
	if !strings.Contains(my, apitest.RuT("entries.status.accepted")) || !strings.Contains(my, `name="from" value="my"`) {
		t.Fatalf("Bob's page does not offer to withdraw his accepted entry")
	}
	if rec := bob.Post(withdrawForm.FindStringSubmatch(my)[1], url.Values{"from": {"my"}}); rec.Code != http.StatusSeeOther || rec.Header().Get("Location") != "/my" {
		t.Fatalf("withdraw from /my: %d %s", rec.Code, rec.Header().Get("Location"))
	}
	if my := state(bob, "/my"); !strings.Contains(my, apitest.RuT("entries.status.withdrawn")) {
		t.Errorf("Bob's page does not show his entry withdrawn")
	}
	if body := state(ann, entries); !strings.Contains(body, mine("pending")) {
		t.Errorf("Ann did not move up when Bob withdrew")
	}

	// After round 1 Ann's withdrawal is a request the arbiter confirms.
	annEntry = regexp.MustCompile(`action="(` + entries + `/\d+)/accept"`).FindStringSubmatch(state(arbiter, entries))
	if rec := arbiter.Post(annEntry[1]+"/accept", nil); rec.Code != http.StatusSeeOther {
		t.Fatalf("accept Ann: %d\n%s", rec.Code, rec.Body)
	}
	s.Must(http.StatusCreated, tournament.ArbiterRole, "POST", fmt.Sprintf("/api/v1/events/%d/players", id), map[string]any{"name": "Заур Хуаде"})
	s.Must(http.StatusCreated, tournament.ArbiterRole, "POST", fmt.Sprintf("/api/v1/events/%d/rounds", id), nil)
	body = state(ann, entries)
	if !strings.Contains(body, apitest.RuT("entries.ask_withdraw")) || !strings.Contains(body, apitest.RuT("entries.ask_withdraw_note")) {
		t.Fatalf("after round 1 Ann is not offered to ask the arbiter")
	}
	if rec := ann.Post(withdrawForm.FindStringSubmatch(body)[1], url.Values{"reason": {"заболела"}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("ask to withdraw: %d\n%s", rec.Code, rec.Body)
	}
	body = state(ann, entries)
	if !strings.Contains(body, mine("withdrawing")) || withdrawForm.MatchString(body) || !strings.Contains(body, apitest.RuT("entries.take_back")) {
		t.Errorf("Ann's request is not shown with a way to take it back, or she may withdraw twice")
	}
	// She takes it back from her page, then asks again.
	cancel := regexp.MustCompile(`action="(` + entries + `/\d+/withdraw/cancel)"`).FindStringSubmatch(state(ann, "/my"))
	if cancel == nil {
		t.Fatalf("Ann's page does not offer to take the request back")
	}
	if rec := ann.Post(cancel[1], url.Values{"from": {"my"}}); rec.Code != http.StatusSeeOther || rec.Header().Get("Location") != "/my" {
		t.Fatalf("take back: %d %s", rec.Code, rec.Header().Get("Location"))
	}
	body = state(ann, entries)
	if !strings.Contains(body, mine("accepted")) {
		t.Errorf("Ann's entry is not accepted again after taking the request back")
	}
	if rec := ann.Post(withdrawForm.FindStringSubmatch(body)[1], url.Values{"reason": {"заболела"}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("ask again: %d\n%s", rec.Code, rec.Body)
	}
	desk = state(arbiter, entries)
	confirm := regexp.MustCompile(`action="(` + entries + `/\d+/withdraw/confirm)"`).FindStringSubmatch(desk)
	if confirm == nil || !strings.Contains(desk, "заболела") {
		t.Fatalf("the arbiter's list lacks the request with its reason")
	}
	if rec := arbiter.Post(confirm[1], url.Values{"reason": {"заболела"}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("confirm: %d\n%s", rec.Code, rec.Body)
	}
	if body := state(ann, entries); !strings.Contains(body, mine("withdrawn")) || !strings.Contains(body, apitest.RuT("entries.withdrawn_from", "Round", 2)) {
		t.Errorf("Ann's entry is not shown withdrawn from round 2")
	}
}

// Issue 50.7: a deadline after the event's end is refused at its field,
// through the API as through the entries page; the refused terms form
// shows what was typed, not the saved terms, and each field states its
// limits beside it.
func TestEntryTermsDeadlineAndRefusedForm(t *testing.T) {
	t.Parallel()
	start := time.Now().AddDate(0, 1, 0)
	first, last := start.Format(time.DateOnly), start.AddDate(0, 0, 1).Format(time.DateOnly)
	afterEnd := start.AddDate(0, 0, 3).Format("2006-01-02T15:04")
	inTime := start.AddDate(0, 0, -7).Format("2006-01-02T15:04")
	apitest.ForEachServer(t, func(t *testing.T, s *apitest.Server) {
		id := apitest.CalendarEvent(s, "Кубок Адыгеи", "rapid", first, last, "Майкоп")
		path := fmt.Sprintf("/api/v1/events/%d/entries", id)
		code, out := s.Do(tournament.ArbiterRole, "PUT", path, map[string]any{"open": true, "deadline": afterEnd})
		if code != http.StatusBadRequest || out["field"] != "deadline" {
			t.Errorf("API: a deadline after the event's end: %d %v, want 400 at deadline", code, out)
		}
		s.Must(http.StatusOK, tournament.ArbiterRole, "PUT", path, map[string]any{"open": true, "deadline": inTime, "region": "Адыгея", "max": 12})
	})

	s := apitest.NewWebServer(t)
	id := apitest.CalendarEvent(s.Server, "Кубок Майкопа", "rapid", first, last, "Майкоп")
	arbiter := s.SignIn(tournament.ArbiterRole)
	page := fmt.Sprintf("/events/%d/entries", id)
	saved := url.Values{"open": {"on"}, "deadline": {inTime}, "max": {"12"}, "region": {"Адыгея"}, "min_rating": {"1200"}}
	if rec := arbiter.Post(page+"/settings", saved); rec.Code != http.StatusSeeOther {
		t.Fatalf("the terms: %d\n%s", rec.Code, apitest.PageText(rec))
	}
	typed := url.Values{"deadline": {afterEnd}, "max": {"20"}, "region": {"Кубань"}, "min_birth_year": {"2008"}, "sex": {"f"}}
	rec := arbiter.Post(page+"/settings", typed)
	body := html.UnescapeString(rec.Body.String())
	if rec.Code != http.StatusBadRequest || !strings.Contains(apitest.PageText(rec), "позже окончания турнира") {
		t.Fatalf("a deadline after the event's end: %d, want 400 saying so\n%s", rec.Code, apitest.PageText(rec))
	}
	for _, want := range []string{
		`name="deadline" value="` + afterEnd + `"`, `name="max" min="0" max="10000" value="20"`, `name="region" maxlength="100" value="Кубань"`,
		`name="min_birth_year" min="1900" max="2100" value="2008"`, `<option value="f" selected>`, `name="min_rating" min="0" max="4000" value=""`,
	} {
		if !strings.Contains(body, want) {
			t.Errorf("the refused form lacks what was typed: %s", want)
		}
	}
	if strings.Contains(body, `name="open" checked`) {
		t.Error("the refused form checks «take entries», which was not typed")
	}
	for _, key := range []string{"entries.hint.deadline", "entries.hint.max", "entries.hint.birth_years", "entries.hint.region", "entries.hint.ratings"} {
		if !strings.Contains(body, apitest.RuT(key)) {
			t.Errorf("the terms form does not state %s beside its field", key)
		}
	}
	shown := html.UnescapeString(arbiter.Get(page).Body.String())
	for _, want := range []string{`name="open" checked`, `name="deadline" value="` + inTime + `"`, `name="max" min="0" max="10000" value="12"`, `name="region" maxlength="100" value="Адыгея"`, `name="min_rating" min="0" max="4000" value="1200"`} {
		if !strings.Contains(shown, want) {
			t.Errorf("the page lacks the saved terms: %s", want)
		}
	}
}

// An event made private after it was public (PATCH /events/{id}) tells
// its entrant, as a cancellation does, and the entrant's own page keeps
// the entry with the word that the organiser made it private, where the
// event's page is no longer theirs to read.
func TestMadePrivateTellsEntrants(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			var mu sync.Mutex
			var told []tournament.Notice
			s := apitest.NewWebServerOn(t, st)
			ent := entries.NewService(st.Entries(), entries.Options{Notify: func(_ context.Context, n tournament.Notice) {
				mu.Lock()
				defer mu.Unlock()
				told = append(told, n)
			}})
			opt := engines.Options()
			opt.Hidden = ent.TellHidden
			s.Handler = apitest.NewRouter(api.Deps{DB: st, Events: tournament.NewService(st, opt), Entries: ent, Accounts: s.Accounts,
				Log: slog.New(slog.NewTextHandler(io.Discard, nil))})
			arbiter := s.SignIn(tournament.ArbiterRole)
			id := apitest.CalendarEvent(s.Server, "Кубок Майкопа", "rapid", "2026-12-05", "2026-12-07", "Майкоп")
			path := fmt.Sprintf("/events/%d/entries", id)
			if rec := arbiter.Post(path+"/settings", url.Values{"open": {"on"}}); rec.Code != http.StatusSeeOther {
				t.Fatalf("open entries: %d\n%s", rec.Code, rec.Body)
			}
			player := s.AddUser("ann@example.org", tournament.PlayerRole)
			player.Post("/account/name", url.Values{"surname": {"Тлехас"}, "given_names": {"Анна"}})
			if rec := player.Post(path, url.Values{"birth_year": {"2004"}}); rec.Code != http.StatusSeeOther {
				t.Fatalf("enter: %d\n%s", rec.Code, rec.Body)
			}
			s.Must(http.StatusOK, tournament.ArbiterRole, "PATCH", fmt.Sprintf("/api/v1/events/%d", id), map[string]any{"name": "Кубок Майкопа 2026"})
			if len(told) != 0 {
				t.Errorf("a public event renamed told %v", told)
			}
			s.Must(http.StatusOK, tournament.ArbiterRole, "PATCH", fmt.Sprintf("/api/v1/events/%d", id), map[string]any{"visibility": "private"})
			ann, err := s.Accounts.User(context.Background(), "ann@example.org")
			if err != nil {
				t.Fatal(err)
			}
			want := fmt.Sprint([]tournament.Notice{{UserID: ann.ID, EventID: int64(id), To: "ann@example.org", Locale: "ru", Kind: entries.NoticeHidden, Args: []any{"Event", "Кубок Майкопа 2026", "Link", "/my"}}})
			if fmt.Sprint(told) != want {
				t.Errorf("made private, told %v, want %v", told, want)
			}
			if rec := player.Get(fmt.Sprintf("/events/%d", id)); rec.Code != http.StatusNotFound {
				t.Errorf("the private event's page for its entrant: %d, want 404", rec.Code)
			}
			my := player.Get("/my").Body.String()
			if !strings.Contains(my, `<li class="hidden-event">Кубок Майкопа 2026 — `+apitest.RuT("my.event_hidden")+`</li>`) {
				t.Errorf("the entrant's page does not keep the entry of the private event:\n%s", my)
			}
		})
	}
}

// A cancelled event's entry reads cancelled on the entrant's own page,
// with the reason, and offers no withdrawal; the form and the JSON API
// that would withdraw it are refused, saying the event is cancelled. The
// entrant is told in the site's inbox, on the page and through the API,
// though no mail server is configured.
func TestCancelledEventFreezesEntries(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			s := apitest.NewWebServerOn(t, st)
			// The site as served: the inbox has the correspondence games'
			// notifications beside the notices.
			s.Handler = apitest.NewRouter(api.Deps{DB: st, Events: tournament.NewService(st, engines.Options()), Accounts: s.Accounts,
				Correspondence: correspondence.NewService(st.Correspondence(), correspondence.Options{}), Log: slog.New(slog.NewTextHandler(io.Discard, nil))})
			arbiter := s.SignIn(tournament.ArbiterRole)
			id := apitest.CalendarEvent(s.Server, "Кубок Майкопа", "rapid", "2026-12-05", "2026-12-07", "Майкоп")
			path := fmt.Sprintf("/events/%d/entries", id)
			if rec := arbiter.Post(path+"/settings", url.Values{"open": {"on"}}); rec.Code != http.StatusSeeOther {
				t.Fatalf("open entries: %d\n%s", rec.Code, rec.Body)
			}
			player := s.SignIn(tournament.PlayerRole)
			player.Post("/account/name", url.Values{"surname": {"Тлехас"}, "given_names": {"Анна"}})
			if rec := player.Post(path, url.Values{"birth_year": {"2004"}}); rec.Code != http.StatusSeeOther {
				t.Fatalf("enter: %d\n%s", rec.Code, rec.Body)
			}
			s.Must(http.StatusOK, tournament.ArbiterRole, "POST", fmt.Sprintf("/api/v1/events/%d/entries/accept", id), nil)
			entry := regexp.MustCompile(`data-entry="(\d+)"`).FindStringSubmatch(player.Get("/my").Body.String())
			if entry == nil {
				t.Fatal("the player's page lists no entry")
			}
			withdraw := fmt.Sprintf("%s/%s/withdraw", path, entry[1])
			s.Must(http.StatusOK, tournament.ArbiterRole, "PATCH", fmt.Sprintf("/api/v1/events/%d", id), map[string]any{"status": "cancelled", "reason": "зал закрыт"})

			my := player.Get("/my").Body.String()
			if !strings.Contains(my, html.EscapeString(apitest.RuT("my.entry_cancelled", "Reason", "зал закрыт"))) || strings.Contains(my, `action="`+withdraw+`"`) {
				t.Errorf("the entrant's page does not read cancelled, or offers a withdrawal:\n%s", my)
			}
			told := html.EscapeString(apitest.RuT("notice.inbox.event-cancelled", "Event", "Кубок Майкопа", "Reason", "зал закрыт"))
			if !strings.Contains(my, `<li data-notice="event-cancelled" class="unread">`) || !strings.Contains(my, `<a href="/events/`+fmt.Sprint(id)+`">`+told+`</a>`) {
				t.Errorf("the entrant's page does not tell of the cancellation:\n%s", my)
			}
			if again := player.Get("/my").Body.String(); strings.Contains(again, `class="unread"`) {
				t.Errorf("the notice shown once is still unread")
			}

			if desk := arbiter.Get(path).Body.String(); strings.Contains(desk, `action="`+path+`/accept"`) {
				t.Errorf("the arbiter is offered to accept entries of the cancelled event")
			}
			refusal := apitest.RuT("the event is cancelled; its entries no longer change")
			if rec := player.Post(withdraw, url.Values{"from": {"my"}}); rec.Code != http.StatusConflict || !strings.Contains(rec.Body.String(), html.EscapeString(refusal)) {
				t.Errorf("withdrawing by the form: %d, want 409 saying %q\n%s", rec.Code, refusal, rec.Body)
			}
			// The API answers in English unless asked otherwise.
			code, out := s.Do(tournament.PlayerRole, "POST", "/api/v1"+withdraw, nil)
			if refusal := "the event is cancelled; its entries no longer change"; code != http.StatusConflict || out["message"] != refusal {
				t.Errorf("withdrawing through the API: %d %v, want 409 saying %q", code, out, refusal)
			}

			mine := s.Must(http.StatusOK, tournament.PlayerRole, "GET", "/api/v1/me/entries", nil)["entries"].([]any)
			if e := mine[0].(map[string]any); e["event_cancelled"] != true || e["cancel_reason"] != "зал закрыт" || e["can_withdraw"] != false || e["status"] != "accepted" {
				t.Errorf("the player's entries through the API: %v, want the accepted entry of a cancelled event, not to withdraw", e)
			}

			code, body := s.Text(tournament.PlayerRole, "GET", "/api/v1/me/notifications", "")
			var inbox []map[string]any
			if err := json.Unmarshal([]byte(body), &inbox); err != nil || code != http.StatusOK {
				t.Fatalf("the inbox through the API: %d %s (%v)", code, body, err)
			}
			if len(inbox) == 0 || inbox[0]["source"] != "notices" || inbox[0]["kind"] != "event-cancelled" || apitest.Num(inbox[0]["event_id"]) != id ||
				inbox[0]["text"] != apitest.RuT("notice.inbox.event-cancelled", "Event", "Кубок Майкопа", "Reason", "зал закрыт") {
				t.Errorf("the inbox through the API: %v, want the cancellation first", inbox)
			}
		})
	}
}
