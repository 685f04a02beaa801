package api_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"adiukh/api"
	"adiukh/api/apitest"
	"adiukh/internal/testcorpus"
	"adiukh/tournament"
	"adiukh/tournament/account"
	"adiukh/tournament/engines"
	"adiukh/tournament/interchange"
	"adiukh/tournament/store/storetest"
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

// TestJunkParametersAreServedAsKept (issue 48.4): after each page was made
// once for its own address, requests with parameters no page reads are all
// answered with the kept page, none made again. On a 4,096-player event a
// page costs a third of a second of CPU or more to make
// (BenchmarkJunkParametersOfAHugeEvent); the count of pages made, not a
// time, is what this checks.
func TestJunkParametersAreServedAsKept(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	id := s.RoundRobin(6)
	pages := junkedPages(t, s.Handler, id)
	start := apitest.CacheAnswers(t, s.Handler)
	for _, p := range pages {
		if code := fetch(s.Handler, p).Code; code != http.StatusOK {
			t.Fatalf("%s: %d", p, code)
		}
	}
	before := apitest.CacheAnswers(t, s.Handler)
	if made := before["made"] - start["made"]; made != float64(len(pages)) {
		t.Errorf("the first request of each of the %d pages made %v pages", len(pages), made)
	}
	r := rand.New(rand.NewPCG(48, 4))
	const requests = 100
	for i := range requests {
		p := pages[i%len(pages)] + "?" + junk(r)
		if code := fetch(s.Handler, p).Code; code != http.StatusOK {
			t.Fatalf("%s: %d", p, code)
		}
	}
	after := apitest.CacheAnswers(t, s.Handler)
	if made := after["made"] - before["made"]; made != 0 {
		t.Errorf("%d requests with junk parameters made %v pages again; want every one served as kept", requests, made)
	}
	if kept := after["kept"] - before["kept"]; kept != requests {
		t.Errorf("%d requests with junk parameters: %v served as kept", requests, kept)
	}
}

// junkedPages are the pages of event id a reader may add junk to: the
// event, the standings, the crosstable, a player's card and the JSON
// standings.
func junkedPages(t testing.TB, h http.Handler, id int) []string {
	t.Helper()
	var players struct {
		Players []struct {
			ID int64 `json:"id"`
		} `json:"players"`
	}
	rec := fetch(h, fmt.Sprintf("/api/v1/events/%d/players", id))
	if err := json.Unmarshal(rec.Body.Bytes(), &players); err != nil || len(players.Players) == 0 {
		t.Fatalf("the players of event %d: %d %v", id, rec.Code, err)
	}
	return []string{
		fmt.Sprintf("/events/%d", id), fmt.Sprintf("/events/%d/standings", id), fmt.Sprintf("/events/%d/crosstable", id),
		fmt.Sprintf("/events/%d/players/%d", id, players.Players[0].ID), fmt.Sprintf("/api/v1/events/%d/standings", id),
	}
}

// BenchmarkJunkParametersOfAHugeEvent is the CPU of a request with junk
// parameters to a page of a 4,096-player, 9-round Swiss event
// (testcorpus.BigTRF) once the
// page has been made for its address: what a hostile reader may ask for.
// Each page costs a third of a second of CPU or more to make; before
// issue 48.4 each such request made it again (docs/benchmarks.md).
func BenchmarkJunkParametersOfAHugeEvent(b *testing.B) {
	st := storetest.SQLite(b)
	h := apitest.NewRouter(api.Deps{DB: st, Events: tournament.NewService(st, engines.Options()),
		Accounts: apitest.Accounts(st, account.Options{}), Log: slog.New(slog.NewTextHandler(io.Discard, nil))})
	e, err := interchange.NewService(st.Interchange(), tournament.NewService(st, engines.Options()), engines.InterchangeOptions()).ImportTRF(storetest.Arbiter(b, st), bytes.NewReader(testcorpus.BigTRF(b, 4096, 9)), "")
	if err != nil {
		b.Fatal(err)
	}
	pages := junkedPages(b, h, int(e.ID))
	for _, p := range pages {
		if code := fetch(h, p).Code; code != http.StatusOK {
			b.Fatalf("%s: %d", p, code)
		}
	}
	r := rand.New(rand.NewPCG(48, 4))
	before, requests := processCPU(b), 0
	for b.Loop() {
		p := pages[requests%len(pages)] + "?" + junk(r)
		if code := fetch(h, p).Code; code != http.StatusOK {
			b.Fatalf("%s: %d", p, code)
		}
		requests++
	}
	b.ReportMetric(float64(processCPU(b)-before)/float64(requests)/1e3, "cpu-µs/req")
}

// processCPU is the CPU time this process has used, user and system.
func processCPU(t testing.TB) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		t.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// A crowd asking for a page nobody has asked for yet (every player
// refreshing the pairings as a round is published) has it made once: the
// first request makes it, the others wait for it or find it kept.
func TestACrowdHasAPageMadeOnce(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	id := s.RoundRobin(6)
	page := fmt.Sprintf("/events/%d/standings", id)
	before := apitest.CacheAnswers(t, s.Handler)
	const crowd = 20
	var wg sync.WaitGroup
	for range crowd {
		wg.Go(func() {
			if code := fetch(s.Handler, page).Code; code != http.StatusOK {
				t.Errorf("%s: %d", page, code)
			}
		})
	}
	wg.Wait()
	after := apitest.CacheAnswers(t, s.Handler)
	made, shared, uncached := after["made"]-before["made"], after["waited"]+after["kept"]-before["waited"]-before["kept"], after["uncached"]-before["uncached"]
	if made != 1 || shared != crowd-1 || uncached != 0 {
		t.Errorf("%d requests at once: %v made, %v waited for it or found it kept, %v uncached; want 1, %d, 0", crowd, made, shared, uncached, crowd-1)
	}
}
