package ratings_test

import (
	"fmt"
	"net/http"
	"testing"
	"time"

	"adiukh/api/apitest"
	"adiukh/tournament"
)

// A rating period through the API: an administrator sets the list's
// options and closes it (201 with the published list, the period with the
// options it was rated with); the list and each person's ratings and
// history are read by anyone; closing it again is refused.
func TestRatingsAPI(t *testing.T) {
	t.Parallel()
	apitest.ForEachServer(t, func(t *testing.T, s *apitest.Server) {
		const arbiter, admin = tournament.ArbiterRole, tournament.Admin
		apitest.RatedBlitzEvent(s)
		s.Must(http.StatusForbidden, arbiter, "PUT", "/api/v1/ratings/blitz/options", map[string]any{"initial": 1200, "point_share": true})
		if bad := s.Must(http.StatusBadRequest, admin, "PUT", "/api/v1/ratings/blitz/options", map[string]any{"initial": 3500}); bad["field"] != "initial" {
			t.Errorf("an initial rating out of bounds: %v", bad)
		}
		if opt := s.Must(http.StatusOK, admin, "PUT", "/api/v1/ratings/blitz/options", map[string]any{"initial": 1200, "point_share": true}); apitest.Num(opt["initial"]) != 1200 || opt["point_share"] != true {
			t.Errorf("the options set: %v", opt)
		}
		s.Must(http.StatusForbidden, arbiter, "POST", "/api/v1/ratings/blitz/periods", map[string]any{"until": "2026-10-31"})
		bad := s.Must(http.StatusBadRequest, admin, "POST", "/api/v1/ratings/blitz/periods", map[string]any{"until": "31.10.2026"})
		if bad["field"] != "until" {
			t.Errorf("a bad date: %v", bad)
		}
		s.Must(http.StatusNotFound, admin, "POST", "/api/v1/ratings/bullet/periods", map[string]any{"until": "2026-10-31"})
		// Issue 50.7: what a period would take, asked before closing it.
		s.Must(http.StatusForbidden, arbiter, "GET", "/api/v1/ratings/blitz/next-period?until=2026-10-31", nil)
		tomorrow := time.Now().In(tournament.DefaultLocation()).AddDate(0, 0, 1).Format(time.DateOnly)
		if late := s.Must(http.StatusBadRequest, admin, "GET", "/api/v1/ratings/blitz/next-period?until="+tomorrow, nil); late["field"] != "until" {
			t.Errorf("a period up to tomorrow: %v", late)
		}
		next := s.Must(http.StatusOK, admin, "GET", "/api/v1/ratings/blitz/next-period?until=2026-10-31", nil)
		if evs, _ := next["events"].([]any); len(evs) != 1 || apitest.Num(evs[0].(map[string]any)["games"]) != 6 || apitest.Num(next["games"]) != 6 || apitest.Num(next["persons"]) != 4 || next["after"] != nil {
			t.Errorf("the next period: %v, want one event of 6 games rating 4 persons, the first period", next)
		}
		list := s.Must(http.StatusCreated, admin, "POST", "/api/v1/ratings/blitz/periods", map[string]any{"until": "2026-10-31"})
		period := list["period"].(map[string]any)
		rows := list["rows"].([]any)
		if period["until"] != "2026-10-31" || apitest.Num(period["games"]) != 6 || len(rows) != 4 {
			t.Fatalf("the published list: %v", list)
		}
		first := rows[0].(map[string]any)
		if apitest.Num(first["games"]) != 3 || apitest.Num(first["k"]) != 40 || apitest.Num(first["rating"]) <= 1200 || apitest.Num(first["change"]) != apitest.Num(first["rating"])-1200 {
			t.Errorf("the first row: %v", first)
		}
		if opt := period["options"].(map[string]any); apitest.Num(opt["initial"]) != 1200 || opt["point_share"] != true {
			t.Errorf("the period's options: %v", opt)
		}
		s.Must(http.StatusOK, admin, "PUT", "/api/v1/ratings/blitz/options", map[string]any{"initial": 1500, "point_share": false})
		if l := s.Must(http.StatusOK, "", "GET", "/api/v1/ratings/blitz", nil); apitest.Num(l["options"].(map[string]any)["initial"]) != 1500 ||
			apitest.Num(l["period"].(map[string]any)["options"].(map[string]any)["initial"]) != 1200 {
			t.Errorf("the list after its options changed: %v %v", l["options"], l["period"])
		}
		s.Must(http.StatusConflict, admin, "POST", "/api/v1/ratings/blitz/periods", map[string]any{"until": "2026-10-31"})
		s.Must(http.StatusConflict, admin, "GET", "/api/v1/ratings/blitz/next-period?until=2026-10-31", nil)
		read := s.Must(http.StatusOK, "", "GET", "/api/v1/ratings/blitz?region="+"Адыгея", nil)
		if len(read["rows"].([]any)) != 4 {
			t.Errorf("the list read by region: %v", read)
		}
		if empty := s.Must(http.StatusOK, "", "GET", "/api/v1/ratings/standard", nil); empty["period"] != nil || len(empty["rows"].([]any)) != 0 {
			t.Errorf("the standard list before any period: %v", empty)
		}
		person := s.Must(http.StatusOK, "", "GET", fmt.Sprintf("/api/v1/people/%d", apitest.Num(first["person_id"])), nil)
		var blitz map[string]any
		for _, l := range person["ratings"].([]any) {
			if l.(map[string]any)["list"] == "blitz" {
				blitz = l.(map[string]any)
			}
		}
		if blitz == nil || apitest.Num(blitz["rating"]) != apitest.Num(first["rating"]) || len(blitz["history"].([]any)) != 1 {
			t.Errorf("the person's blitz rating: %v", person["ratings"])
		}
	})
}
