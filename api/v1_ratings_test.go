package api_test

import (
	"fmt"
	"net/http"
	"testing"
	"time"

	"adiukh/tournament"
)

// A rating period through the API: an administrator sets the list's
// options and closes it (201 with the published list, the period with the
// options it was rated with); the list and each person's ratings and
// history are read by anyone; closing it again is refused.
func TestRatingsAPI(t *testing.T) {
	t.Parallel()
	forEachServer(t, func(t *testing.T, s *testServer) {
		const arbiter, admin = tournament.ArbiterRole, tournament.Admin
		s.ratedBlitzEvent()
		s.must(http.StatusForbidden, arbiter, "PUT", "/api/v1/ratings/blitz/options", map[string]any{"initial": 1200, "point_share": true})
		if bad := s.must(http.StatusBadRequest, admin, "PUT", "/api/v1/ratings/blitz/options", map[string]any{"initial": 3500}); bad["field"] != "initial" {
			t.Errorf("an initial rating out of bounds: %v", bad)
		}
		if opt := s.must(http.StatusOK, admin, "PUT", "/api/v1/ratings/blitz/options", map[string]any{"initial": 1200, "point_share": true}); num(opt["initial"]) != 1200 || opt["point_share"] != true {
			t.Errorf("the options set: %v", opt)
		}
		s.must(http.StatusForbidden, arbiter, "POST", "/api/v1/ratings/blitz/periods", map[string]any{"until": "2026-10-31"})
		bad := s.must(http.StatusBadRequest, admin, "POST", "/api/v1/ratings/blitz/periods", map[string]any{"until": "31.10.2026"})
		if bad["field"] != "until" {
			t.Errorf("a bad date: %v", bad)
		}
		s.must(http.StatusNotFound, admin, "POST", "/api/v1/ratings/bullet/periods", map[string]any{"until": "2026-10-31"})
		// Issue 50.7: what a period would take, asked before closing it.
		s.must(http.StatusForbidden, arbiter, "GET", "/api/v1/ratings/blitz/next-period?until=2026-10-31", nil)
		tomorrow := time.Now().In(tournament.DefaultLocation()).AddDate(0, 0, 1).Format(time.DateOnly)
		if late := s.must(http.StatusBadRequest, admin, "GET", "/api/v1/ratings/blitz/next-period?until="+tomorrow, nil); late["field"] != "until" {
			t.Errorf("a period up to tomorrow: %v", late)
		}
		next := s.must(http.StatusOK, admin, "GET", "/api/v1/ratings/blitz/next-period?until=2026-10-31", nil)
		if evs, _ := next["events"].([]any); len(evs) != 1 || num(evs[0].(map[string]any)["games"]) != 6 || num(next["games"]) != 6 || num(next["persons"]) != 4 || next["after"] != nil {
			t.Errorf("the next period: %v, want one event of 6 games rating 4 persons, the first period", next)
		}
		list := s.must(http.StatusCreated, admin, "POST", "/api/v1/ratings/blitz/periods", map[string]any{"until": "2026-10-31"})
		period := list["period"].(map[string]any)
		rows := list["rows"].([]any)
		if period["until"] != "2026-10-31" || num(period["games"]) != 6 || len(rows) != 4 {
			t.Fatalf("the published list: %v", list)
		}
		first := rows[0].(map[string]any)
		if num(first["games"]) != 3 || num(first["k"]) != 40 || num(first["rating"]) <= 1200 || num(first["change"]) != num(first["rating"])-1200 {
			t.Errorf("the first row: %v", first)
		}
		if opt := period["options"].(map[string]any); num(opt["initial"]) != 1200 || opt["point_share"] != true {
			t.Errorf("the period's options: %v", opt)
		}
		s.must(http.StatusOK, admin, "PUT", "/api/v1/ratings/blitz/options", map[string]any{"initial": 1500, "point_share": false})
		if l := s.must(http.StatusOK, "", "GET", "/api/v1/ratings/blitz", nil); num(l["options"].(map[string]any)["initial"]) != 1500 ||
			num(l["period"].(map[string]any)["options"].(map[string]any)["initial"]) != 1200 {
			t.Errorf("the list after its options changed: %v %v", l["options"], l["period"])
		}
		s.must(http.StatusConflict, admin, "POST", "/api/v1/ratings/blitz/periods", map[string]any{"until": "2026-10-31"})
		s.must(http.StatusConflict, admin, "GET", "/api/v1/ratings/blitz/next-period?until=2026-10-31", nil)
		read := s.must(http.StatusOK, "", "GET", "/api/v1/ratings/blitz?region="+"Адыгея", nil)
		if len(read["rows"].([]any)) != 4 {
			t.Errorf("the list read by region: %v", read)
		}
		if empty := s.must(http.StatusOK, "", "GET", "/api/v1/ratings/standard", nil); empty["period"] != nil || len(empty["rows"].([]any)) != 0 {
			t.Errorf("the standard list before any period: %v", empty)
		}
		person := s.must(http.StatusOK, "", "GET", fmt.Sprintf("/api/v1/people/%d", num(first["person_id"])), nil)
		var blitz map[string]any
		for _, l := range person["ratings"].([]any) {
			if l.(map[string]any)["list"] == "blitz" {
				blitz = l.(map[string]any)
			}
		}
		if blitz == nil || num(blitz["rating"]) != num(first["rating"]) || len(blitz["history"].([]any)) != 1 {
			t.Errorf("the person's blitz rating: %v", person["ratings"])
		}
	})
}

// ratedBlitzEvent is a finished, rated blitz round robin of four persons of
// the register (Хуажев Аслан, Бислан, Заур, Мурат) in October 2026.
func (s *testServer) ratedBlitzEvent() int {
	s.t.Helper()
	return s.ratedBlitzEventWith("")
}

// ratedBlitzEventWith is ratedBlitzEvent with its fourth player added by
// name only, not linked to the register, when unlinked names one.
func (s *testServer) ratedBlitzEventWith(unlinked string) int {
	s.t.Helper()
	const arbiter = tournament.ArbiterRole
	ev := s.must(http.StatusCreated, arbiter, "POST", "/api/v1/events", map[string]any{"name": "Рейтинговый турнир", "discipline": "blitz",
		"system": "round-robin", "time_control": "3+2", "start_date": "2026-10-01", "end_date": "2026-10-01", "rated": true})
	if ev["rated"] != true {
		s.t.Fatalf("the event is not rated: %v", ev)
	}
	id := num(ev["id"])
	for _, name := range []string{"Аслан", "Бислан", "Заур", "Мурат"} {
		if name == "Мурат" && unlinked != "" {
			s.must(http.StatusCreated, arbiter, "POST", fmt.Sprintf("/api/v1/events/%d/players", id), map[string]any{"name": unlinked})
			continue
		}
		p := s.must(http.StatusCreated, arbiter, "POST", "/api/v1/people", map[string]any{"surname": "Хуажев", "given_names": name, "region": "Адыгея"})
		s.must(http.StatusCreated, arbiter, "POST", fmt.Sprintf("/api/v1/events/%d/players", id), map[string]any{"person_id": num(p["id"])})
	}
	for n := 1; n <= 3; n++ {
		s.must(http.StatusCreated, arbiter, "POST", fmt.Sprintf("/api/v1/events/%d/rounds", id), nil)
		s.must(http.StatusOK, arbiter, "POST", fmt.Sprintf("/api/v1/events/%d/rounds/%d/publish", id, n), nil)
		s.playRound(id, n, "17:7", "12:12")
	}
	s.must(http.StatusOK, arbiter, "PATCH", fmt.Sprintf("/api/v1/events/%d", id), map[string]any{"status": "finished"})
	return id
}
