package api_test

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"adiukh/api"
	"adiukh/api/apitest"
	"adiukh/internal/testcorpus"
	"adiukh/tournament"
	"adiukh/tournament/account"
	"adiukh/tournament/engines"
	"adiukh/tournament/store/storetest"
)

// BenchmarkMemoryOfTwoHugeEvents is what the server holds after two
// 4,096-player, 60-round events (testcorpus.BigTRF) are imported through
// the JSON API and their big pages made once each (the pairings, the
// standings, the crosstable, the JSON standings), the garbage collected:
// the heap in use, the heap the runtime holds from the system, the
// process's resident memory, and what the pages' making allocated in all
// (issue 59.5; docs/benchmarks.md). One iteration is the whole story.
func BenchmarkMemoryOfTwoHugeEvents(b *testing.B) {
	file := testcorpus.BigTRF(b, 4096, 60)
	var stats runtime.MemStats
	for b.Loop() {
		st := storetest.SQLite(b)
		accounts := apitest.Accounts(st, account.Options{})
		if _, err := accounts.AddUser(context.Background(), account.NewUser{Email: "arbiter@example.org", Role: string(tournament.ArbiterRole), Password: "пароль судьи"}); err != nil {
			b.Fatal(err)
		}
		token, _, err := accounts.CreateToken(context.Background(), account.NewToken{Email: "arbiter@example.org"})
		if err != nil {
			b.Fatal(err)
		}
		h := apitest.NewRouter(api.Deps{DB: st, Events: tournament.NewService(st, engines.Options()), Accounts: accounts, Log: slog.New(slog.NewTextHandler(io.Discard, nil))})
		for range 2 {
			req := httptest.NewRequest(http.MethodPost, "/api/v1/events/import.trf", bytes.NewReader(file))
			req.Header.Set("Authorization", "Bearer "+token)
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, req)
			if rec.Code != http.StatusCreated {
				b.Fatalf("import: %d %.200s", rec.Code, rec.Body)
			}
		}
		runtime.ReadMemStats(&stats)
		allocated := stats.TotalAlloc
		for id := 1; id <= 2; id++ {
			for _, p := range []string{"/events/%d", "/events/%d/standings", "/events/%d/crosstable", "/api/v1/events/%d/standings"} {
				if code := fetch(h, fmt.Sprintf(p, id)).Code; code != http.StatusOK {
					b.Fatalf("%s: %d", fmt.Sprintf(p, id), code)
				}
			}
		}
		runtime.GC()
		runtime.ReadMemStats(&stats)
		b.ReportMetric(float64(stats.TotalAlloc-allocated)/8/(1<<20), "alloc-MB/page")
	}
	b.ReportMetric(float64(stats.HeapInuse)/(1<<20), "heap-inuse-MB")
	b.ReportMetric(float64(stats.HeapSys-stats.HeapReleased)/(1<<20), "heap-held-MB")
	b.ReportMetric(residentMB(b), "rss-MB")
}

// residentMB is the process's resident memory (VmRSS).
func residentMB(b *testing.B) float64 {
	status, err := os.ReadFile("/proc/self/status")
	if err != nil {
		b.Skip("skipped: reads the resident memory (VmRSS) from Linux's /proc/self/status, which this system does not have")
	}
	for line := range strings.Lines(string(status)) {
		if rest, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			kb, err := strconv.Atoi(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(rest), "kB")))
			if err != nil {
				b.Fatalf("VmRSS: %q", line)
			}
			return float64(kb) / 1024
		}
	}
	b.Fatal("no VmRSS in /proc/self/status")
	return 0
}
