package api_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"

	"adiukh/api"
	"adiukh/api/apitest"
	"adiukh/tournament"
	"adiukh/tournament/engines"
	"adiukh/tournament/entries"
	"adiukh/tournament/store/storetest"
)

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
			id := calendarEvent(s.Server, "Кубок Майкопа", "rapid", "2026-12-05", "2026-12-07", "Майкоп")
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
			want := fmt.Sprint([]tournament.Notice{{To: "ann@example.org", Locale: "ru", Kind: entries.NoticeHidden, Args: []any{"Event", "Кубок Майкопа 2026", "Link", "/my"}}})
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
