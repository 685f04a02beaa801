package api_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"runtime"
	"testing"

	"adiukh/api"
	"adiukh/api/apitest"
	"adiukh/internal/testcorpus"
	"adiukh/tournament"
	"adiukh/tournament/account"
	"adiukh/tournament/engines"
	"adiukh/tournament/interchange"
	"adiukh/tournament/store/storetest"
)

// pagedEvent is a Swiss event of 512 players after 3 rounds, whose
// standings and crosstable are 3 pages long, and a way to import others.
func pagedEvent(t *testing.T) (h http.Handler, id int64, importTRF func(players, rounds int) int64) {
	t.Helper()
	st := storetest.SQLite(t)
	h = apitest.NewRouter(api.Deps{DB: st, Events: tournament.NewService(st, engines.Options()),
		Accounts: apitest.Accounts(st, account.Options{}), Log: slog.New(slog.NewTextHandler(io.Discard, nil))})
	arbiter := storetest.Arbiter(t, st)
	importTRF = func(players, rounds int) int64 {
		e, err := interchange.NewService(st.Interchange(), tournament.NewService(st, engines.Options()), engines.InterchangeOptions()).ImportTRF(
			arbiter, bytes.NewReader(testcorpus.BigTRF(t, players, rounds)), "")

		if err != nil {
			t.Fatal(err)
		}
		return e.ID
	}
	return h, importTRF(512, 3), importTRF
}

// Issue 59.3: the values of a parameter a page reads come to the address
// of the page they show: ?page= written otherwise ("01", "+3"), below the
// first or past the last is served the page kept for the page it shows,
// made once; so is ?round= written otherwise, and (issue 65) a ?page= that
// is no whole number ("abc", "1.5", "1e3", "0x10"), the first page.
func TestPageParametersComeToThePageTheyShow(t *testing.T) {
	t.Parallel()
	h, id, _ := pagedEvent(t)
	for _, table := range []string{"standings", "crosstable"} {
		page := fmt.Sprintf("/events/%d/%s", id, table)
		first, last := fetch(h, page), fetch(h, page+"?page=3")
		if first.Code != http.StatusOK || last.Code != http.StatusOK || first.Body.String() == last.Body.String() {
			t.Fatalf("%s: %d, page 3: %d, or the same page", page, first.Code, last.Code)
		}
		before := apitest.CacheAnswers(t, h)
		for query, want := range map[string]string{
			"?page=1": first.Body.String(), "?page=0": first.Body.String(), "?page=-7": first.Body.String(), "?page=01": first.Body.String(),
			"?page=abc": first.Body.String(), "?page=1.5": first.Body.String(), "?page=1e3": first.Body.String(),
			"?page=0x10": first.Body.String(), "?page=x7f3a9c": first.Body.String(),
			"?page=003": last.Body.String(), "?page=%2B3": last.Body.String(), "?page=4": last.Body.String(),
			"?page=99999": last.Body.String(), "?page=2147483647": last.Body.String(),
		} {
			rec := fetch(h, page+query)
			if rec.Code != http.StatusOK || rec.Body.String() != want {
				t.Errorf("%s%s: %d, not the page it shows", page, query, rec.Code)
			}
		}
		after := apitest.CacheAnswers(t, h)
		if made := after["made"] - before["made"]; made != 0 {
			t.Errorf("%s: 14 addresses of its first and last pages made %v pages again; want them served as kept", page, made)
		}
	}
	standings := fmt.Sprintf("/events/%d/standings", id)
	fetch(h, standings+"?round=2")
	before := apitest.CacheAnswers(t, h)
	for _, query := range []string{"?round=02", "?round=%2B2", "?page=1&round=2"} {
		if rec := fetch(h, standings+query); rec.Code != http.StatusOK {
			t.Errorf("%s%s: %d", standings, query, rec.Code)
		}
	}
	if made := apitest.CacheAnswers(t, h)["made"] - before["made"]; made != 0 {
		t.Errorf("?round=2 written otherwise made %v pages again", made)
	}
}

// mallocs is the count of heap allocations of one request.
func mallocs(h http.Handler, path string) (uint64, int) {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	code := fetch(h, path).Code
	runtime.ReadMemStats(&after)
	return after.Mallocs - before.Mallocs, code
}

// Issue 59.3: an error answer costs nothing like a page: a round past the
// last, a board no round has, a ?game= out of range, a ?round= that is no
// number and a player of another event are answered before the event is
// read. Each is asked with a
// new value, so that nothing kept answers it; what it costs is counted in
// heap allocations, a tenth of making the standings page at most (before,
// each read the whole event, as the page does). Not parallel, so that no
// other test's allocations are counted.
func TestErrorAnswersDoNotReadTheEvent(t *testing.T) {
	h, id, importTRF := pagedEvent(t)
	other := importTRF(8, 1)
	var players struct {
		Players []struct {
			ID int64 `json:"id"`
		} `json:"players"`
	}
	if err := json.Unmarshal(fetch(h, fmt.Sprintf("/api/v1/events/%d/players", other)).Body.Bytes(), &players); err != nil || len(players.Players) == 0 {
		t.Fatalf("the players of event %d: %v", other, err)
	}
	page, code := mallocs(h, fmt.Sprintf("/events/%d/standings?round=3", id))
	if code != http.StatusOK {
		t.Fatalf("the standings after round 3: %d", code)
	}
	for path, want := range map[string]int{
		fmt.Sprintf("/events/%d/standings?round=99999", id):             http.StatusBadRequest,
		fmt.Sprintf("/events/%d/crosstable?round=4", id):                http.StatusBadRequest,
		fmt.Sprintf("/api/v1/events/%d/standings?round=777", id):        http.StatusBadRequest,
		fmt.Sprintf("/events/%d?round=99998", id):                       http.StatusNotFound,
		fmt.Sprintf("/events/%d?round=-3", id):                          http.StatusNotFound,
		fmt.Sprintf("/events/%d?round=x", id):                           http.StatusBadRequest,
		fmt.Sprintf("/events/%d/rounds/1/boards/99999", id):             http.StatusNotFound,
		fmt.Sprintf("/events/%d/rounds/9/boards/1", id):                 http.StatusNotFound,
		fmt.Sprintf("/events/%d/rounds/1/boards/1?game=99", id):         http.StatusSeeOther,
		fmt.Sprintf("/events/%d/rounds/1/boards/1?game=banana", id):     http.StatusBadRequest,
		fmt.Sprintf("/events/%d/players/%d", id, players.Players[0].ID): http.StatusNotFound,
		fmt.Sprintf("/events/%d/players/99999", id):                     http.StatusNotFound,
	} {
		n, code := mallocs(h, path)
		if code != want {
			t.Errorf("%s: %d, want %d", path, code, want)
			continue
		}
		if n > page/10 {
			t.Errorf("%s: %d allocations; the standings page made %d: it read the event", path, n, page)
		}
	}
}

// Issue 59.3: a board's page reads that board, its round and its two
// players, not the event: made, it costs a tenth of the standings page at
// most in heap allocations (before, it read every player and game of the
// event, as the standings do). Not parallel, as above.
func TestABoardsPageReadsTheBoardAlone(t *testing.T) {
	h, id, _ := pagedEvent(t)
	page, code := mallocs(h, fmt.Sprintf("/events/%d/standings?round=3", id))
	if code != http.StatusOK {
		t.Fatalf("the standings after round 3: %d", code)
	}
	for _, board := range []int{1, 256} {
		path := fmt.Sprintf("/events/%d/rounds/2/boards/%d", id, board)
		n, code := mallocs(h, path)
		if code != http.StatusOK {
			t.Fatalf("%s: %d", path, code)
		}
		if n > page/10 {
			t.Errorf("%s: %d allocations; the standings page made %d: it read the event", path, n, page)
		}
	}
}
