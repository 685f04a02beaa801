package api_test

import (
	"bytes"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"runtime"
	"runtime/metrics"
	"sync"
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

// BenchmarkMakingAHugeEventsPages is what one making of each heavy page of
// a 4,096-player, 60-round Swiss (testcorpus.BigTRF, 122,880 games)
// allocates, and the most the heap held live while it was made (the live
// heap the collector marked, sampled during the making, beside the live
// heap before it): the event's
// page, its standings, crosstable, a player's card and a round's page.
// Each iteration makes the page on a new router, so that no kept page
// answers. Run it with -memprofile to see what the making allocates
// (issue 65.3; docs/benchmarks.md).
func BenchmarkMakingAHugeEventsPages(b *testing.B) {
	st := storetest.SQLite(b)
	events := tournament.NewService(st, engines.Options())
	arbiter := storetest.Arbiter(b, st)
	e, err := interchange.NewService(st.Interchange(), events, engines.InterchangeOptions()).ImportTRF(arbiter, bytes.NewReader(testcorpus.BigTRF(b, 4096, 60)), "")
	if err != nil {
		b.Fatal(err)
	}
	deps := api.Deps{DB: st, Events: events, Accounts: apitest.Accounts(st, account.Options{}), Log: slog.New(slog.NewTextHandler(io.Discard, nil))}
	for _, page := range []string{"", "/standings", "/crosstable", "/players/2048", "?round=30"} {
		path := fmt.Sprintf("/events/%d%s", e.ID, page)
		b.Run(path, func(b *testing.B) {
			var before, peak uint64
			for b.Loop() {
				h := apitest.NewRouter(deps)
				runtime.GC()
				var live uint64
				before, live = livePeakWhile(func() {
					if rec := fetch(h, path); rec.Code != http.StatusOK {
						b.Fatalf("GET %s: %d", path, rec.Code)
					}
				})
				peak = max(peak, live)
			}
			b.ReportAllocs()
			b.ReportMetric(float64(before)/(1<<20), "live-before-MB")
			b.ReportMetric(float64(peak)/(1<<20), "live-peak-MB")
		})
	}
}

// livePeakWhile runs do and returns the live heap before it and the
// largest the collector marked meanwhile (or before it, when no
// collection came).
func livePeakWhile(do func()) (before, peak uint64) {
	sample := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	read := func() uint64 { metrics.Read(sample); return sample[0].Value.Uint64() }
	before = read()
	peak = before
	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Go(func() {
		for {
			select {
			case <-stop:
				return
			case <-time.After(2 * time.Millisecond):
				peak = max(peak, read())
			}
		}
	})
	do()
	close(stop)
	wg.Wait()
	return before, max(peak, read())
}
