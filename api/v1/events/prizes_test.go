package events_test

import (
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"

	"adiukh/api/apitest"
	"adiukh/tournament"
)

// An event's prize list through the API: set by its arbiter (bad lists
// refused with what is wrong, nothing kept of them), read by anyone
// without awards until the event is finished, then with them; a finished
// event's list stands. The event is apitest.PrizeEvent's: four players
// tied on everything, the junior taking the juniors' 40 over a quarter of
// the 150 by place, the three others sharing the 150.
func TestPrizesAPI(t *testing.T) {
	t.Parallel()
	apitest.ForEachServer(t, func(t *testing.T, s *apitest.Server) {
		id := apitest.PrizeEvent(s, false)
		path := fmt.Sprintf("/api/v1/events/%d/prizes", id)
		list := apitest.PrizeList
		if code, _ := s.Do(tournament.PlayerRole, "PUT", path, list); code != http.StatusForbidden {
			t.Errorf("a player sets the prizes: %d, want 403", code)
		}
		for _, bad := range []struct {
			prizes []any
			ties   string
			want   string
		}{
			{[]any{map[string]any{"place": 1, "amount": 5}, map[string]any{"place": 2, "amount": 4}, map[string]any{"place": 3, "amount": 3}, map[string]any{"place": 4, "amount": 2}, map[string]any{"place": 5, "amount": 1}}, "shared",
				"5 prizes by place for 4 players"},
			{[]any{map[string]any{"category": "women", "place": 1, "amount": 30}}, "shared", "nobody fits the women's prizes: 4 of the 4 players have no sex recorded"},
			{[]any{map[string]any{"category": "students", "place": 1, "amount": 30}}, "shared", `prize 1: unknown category \"students\"`},
			{[]any{map[string]any{"place": 1, "amount": -30}}, "shared", "prize 1: the amount -30 is below zero"},
			{[]any{map[string]any{"place": 1, "amount": 12.345}}, "shared", "prize 1: \\\"12.345\\\" is not an amount of money"},
			{[]any{map[string]any{"place": 1, "amount": 30}}, "lot", `not \"lot\"`},
		} {
			code, body := s.Do(tournament.ArbiterRole, "PUT", path, map[string]any{"prizes": bad.prizes, "ties": bad.ties})
			if text := fmt.Sprintf("%q", fmt.Sprint(body)); code != http.StatusBadRequest || !strings.Contains(text, bad.want) {
				t.Errorf("%v: %d %s, want 400 with %s", bad.prizes, code, text, bad.want)
			}
		}
		// A refused list leaves the one kept; the three players without a
		// birth year are counted out of the juniors, not guessed.
		if got := s.Must(http.StatusOK, "", "GET", path, nil); len(got["prizes"].([]any)) != 3 || got["ties"] != "shared" || got["one_per_player"] != true ||
			fmt.Sprint(got["unknown"]) != "[map[born_from:2008 category:juniors missing:birth_year players:3]]" {
			t.Fatalf("the list kept: %v", got)
		}
		if got := s.Must(http.StatusOK, "", "GET", path, nil); got["finished"] != false || got["awarded"] != nil {
			t.Errorf("every round played, not finished: %v", got)
		}
		// The prizes of the players of another event: none yet.
		other := s.RoundRobin(2)
		if got := s.Must(http.StatusOK, "", "GET", fmt.Sprintf("/api/v1/events/%d/prizes", other), nil); len(got["prizes"].([]any)) != 0 || got["awarded"] != nil {
			t.Errorf("an event without a list: %v", got)
		}
		s.Must(http.StatusOK, tournament.ArbiterRole, "PATCH", fmt.Sprintf("/api/v1/events/%d", id), map[string]any{"status": "finished"})

		got := s.Must(http.StatusOK, "", "GET", path, nil)
		var awarded []string
		for _, a := range got["awarded"].([]any) {
			a := a.(map[string]any)
			prize := a["prize"].(map[string]any)
			awarded = append(awarded, fmt.Sprintf("%d %v%v %v/%v %v", apitest.Num(a["start_no"]), prize["category"], prize["place"], a["places"], a["tied"], a["amount"]))
		}
		want := []string{"1 <nil>1 1-3/3 50", "2 <nil>2 1-3/3 50", "3 <nil>3 1-3/3 50", "4 juniors1 1/1 40"}
		if !slices.Equal(awarded, want) {
			t.Errorf("awarded %q, want %q", awarded, want)
		}
		if declined := got["declined"].([]any); len(declined) != 1 || declined[0].(map[string]any)["amount"] != 37.5 || got["total"] != 190.0 {
			t.Errorf("declined %v, total %v", declined, got["total"])
		}
		if code, _ := s.Do(tournament.ArbiterRole, "PUT", path, list); code != http.StatusConflict {
			t.Errorf("a change after the end: %d, want 409", code)
		}
	})
}
