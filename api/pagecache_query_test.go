package api_test

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"net/http"
	"strings"
	"syscall"
	"testing"
	"time"

	"adiukh/api/apitest"
	"adiukh/tournament"
	"adiukh/tournament/account"
	"adiukh/tournament/engines"
	"adiukh/tournament/interchange"
	"adiukh/tournament/trf"
)

// junk is a query of parameters no page reads, different every time.
func junk(r *rand.Rand) string {
	return fmt.Sprintf("utm_%x=%x&_=%d", r.Uint32(), r.Uint64(), r.IntN(1e9))
}

// Issue 48.4: a parameter no page reads is not part of the cache's key: a
// reader who adds one gets the page kept for its address, made once. The
// page is made for its canonical address, so nothing of what one reader
// added shows in what the others get; the parameters a page reads still
// choose their own page, and ?lang= its language (and its cookie).
func TestPageCacheIgnoresParametersNoPageReads(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	id := s.RoundRobin(4)
	s.Must(http.StatusOK, tournament.ArbiterRole, "PUT", fmt.Sprintf("/api/v1/events/%d/rounds/1/games/1/result", id),
		map[string]any{"score": "17:7", "end_reason": "final_position", "version": 1})
	r := rand.New(rand.NewPCG(48, 4))
	for _, path := range []string{
		fmt.Sprintf("/events/%d", id), fmt.Sprintf("/events/%d/standings", id), fmt.Sprintf("/events/%d/crosstable", id),
		fmt.Sprintf("/api/v1/events/%d/standings", id), fmt.Sprintf("/api/v1/events/%d/rounds/1", id),
	} {
		first := fetch(s.Handler, path+"?"+junk(r)+"&xss=%3Cb%3Ejunk")
		if first.Code != http.StatusOK || strings.Contains(first.Body.String(), "utm_") || strings.Contains(first.Body.String(), "junk") {
			t.Fatalf("%s with junk: %d, or the junk is on the page", path, first.Code)
		}
		for range 3 {
			again := fetch(s.Handler, path+"?"+junk(r))
			if again.Header().Get("ETag") != first.Header().Get("ETag") || again.Body.String() != first.Body.String() {
				t.Errorf("%s with other junk: ETag %q, want the kept page's %q", path, again.Header().Get("ETag"), first.Header().Get("ETag"))
			}
		}
		if plain := fetch(s.Handler, path); plain.Header().Get("ETag") != first.Header().Get("ETag") {
			t.Errorf("%s: ETag %q, not the page kept for it with junk (%q)", path, plain.Header().Get("ETag"), first.Header().Get("ETag"))
		}
	}

	// A parameter the page reads still chooses the page, whatever else
	// comes with it, in any order.
	standings := fmt.Sprintf("/events/%d/standings", id)
	all, afterNone := fetch(s.Handler, standings), fetch(s.Handler, standings+"?round=0&"+junk(r))
	if afterNone.Header().Get("ETag") == all.Header().Get("ETag") {
		t.Errorf("?round=0 got the page of no ?round")
	}
	if again := fetch(s.Handler, standings+"?"+junk(r)+"&round=0"); again.Header().Get("ETag") != afterNone.Header().Get("ETag") {
		t.Errorf("?round=0 after junk: ETag %q, want %q", again.Header().Get("ETag"), afterNone.Header().Get("ETag"))
	}
	if bad := fetch(s.Handler, standings+"?round=x&"+junk(r)); bad.Code != http.StatusBadRequest {
		t.Errorf("?round=x: %d, want 400", bad.Code)
	}

	// ?lang= is the reader's language: the page of that language, and the
	// cookie that remembers the choice, on the kept page too.
	for range 2 {
		en := fetch(s.Handler, standings+"?lang=en&"+junk(r))
		if !strings.Contains(en.Body.String(), "Standings") || !strings.Contains(en.Header().Get("Set-Cookie"), "adiukh_lang=en") {
			t.Fatalf("?lang=en: an English page and its cookie expected; cookie %q", en.Header().Get("Set-Cookie"))
		}
		if cookie := fetch(s.Handler, standings, "Cookie", "adiukh_lang=en"); cookie.Header().Get("ETag") != en.Header().Get("ETag") {
			t.Errorf("the English reader by cookie got ETag %q, the one by ?lang= %q", cookie.Header().Get("ETag"), en.Header().Get("ETag"))
		}
	}
	if ru := fetch(s.Handler, standings); strings.Contains(ru.Body.String(), ">Standings<") {
		t.Errorf("a Russian reader got the English page kept for ?lang=en")
	}
}

// hugeEvent imports a 4,096-player Swiss event with rounds played (in
// round r player i meets player i XOR r, as the import benchmark's file):
// what a hostile reader may ask the pages of.
func hugeEvent(t *testing.T, s *apitest.WebServer, rounds int) int64 {
	t.Helper()
	file := &trf.Tournament{Info: []trf.InfoLine{{Code: "012", Text: "Большой турнир"}}, TotalRounds: rounds}
	for i := range 4096 {
		p := trf.Player{StartNo: i + 1, Name: fmt.Sprintf("Игрок %04d", i+1), Rating: 1000 + i%1500}
		for r := 1; r <= rounds; r++ {
			res := trf.Result{Opponent: i ^ r + 1, Color: 'w', Code: '1'}
			if i^r < i {
				res.Color, res.Code = 'b', '0'
			}
			p.Results = append(p.Results, res)
		}
		file.Players = append(file.Players, p)
	}
	var buf bytes.Buffer
	if err := trf.Write(&buf, file); err != nil {
		t.Fatal(err)
	}
	arbiter, err := apitest.Accounts(s.Store, account.Options{}).User(context.Background(), "arbiter@example.org")
	if err != nil {
		t.Fatal(err)
	}
	e, err := interchange.NewService(s.Store.Interchange(), tournament.NewService(s.Store, engines.Options()), engines.InterchangeOptions()).ImportTRF(tournament.NewContextWithUser(context.Background(), arbiter), &buf)
	if err != nil {
		t.Fatal(err)
	}
	return e.ID
}

// processCPU is the CPU time this process has used, user and system.
func processCPU(t *testing.T) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		t.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// Issue 48.4: each page of a 4,096-player event costs a third of a second
// of CPU or more to make; a reader who added a parameter nobody reads made
// it again on every request. 100 such requests, after each page was made
// once for its own address, cost under 2 s of CPU in all. Not parallel:
// the process's CPU time is the measure, and no other test runs beside it.
func TestJunkParametersOfAHugeEventAreServedFromTheCache(t *testing.T) {
	s := apitest.NewWebServer(t)
	id := hugeEvent(t, s, 9)
	pages := []string{
		fmt.Sprintf("/events/%d", id), fmt.Sprintf("/events/%d/standings", id), fmt.Sprintf("/events/%d/crosstable", id),
		fmt.Sprintf("/events/%d/players/%d", id, apitest.Num(s.Must(http.StatusOK, "", "GET", fmt.Sprintf("/api/v1/events/%d/players", id), nil)["players"].([]any)[0].(map[string]any)["id"])),
		fmt.Sprintf("/api/v1/events/%d/standings", id),
	}
	for _, p := range pages {
		if code := fetch(s.Handler, p).Code; code != http.StatusOK {
			t.Fatalf("%s: %d", p, code)
		}
	}
	r := rand.New(rand.NewPCG(48, 4))
	before := processCPU(t)
	for i := range 100 {
		p := pages[i%len(pages)] + "?" + junk(r)
		if code := fetch(s.Handler, p).Code; code != http.StatusOK {
			t.Fatalf("%s: %d", p, code)
		}
	}
	if took := processCPU(t) - before; took > 2*time.Second {
		t.Errorf("100 requests with junk parameters took %v of CPU, want under 2 s", took)
	} else {
		t.Logf("100 requests with junk parameters: %v of CPU", took)
	}
}
