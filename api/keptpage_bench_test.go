package api_test

import (
	"bytes"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
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

// BenchmarkKeptPage is the CPU of a kept page's request in the process,
// through the router's whole middleware chain, compressed, as browsers
// ask, with the versions kept in memory as `adiukh serve` keeps them: the
// event's page, its standings and crosstable of a 40-player, 5-round
// Swiss. It leaves out the connection and the kernel's writes, which
// scripts/bench-pages measures; run it with -cpuprofile to see the kept
// path's own cost (docs/benchmarks.md, "A kept page's fixed cost, again").
func BenchmarkKeptPage(b *testing.B) {
	st := storetest.SQLite(b)
	events := tournament.NewService(st, engines.Options())
	h := apitest.NewRouter(api.Deps{DB: st, Events: events, Accounts: apitest.Accounts(st, account.Options{}), Log: slog.New(slog.NewTextHandler(io.Discard, nil))})
	keepVersions(b, st)
	arbiter := storetest.Arbiter(b, st)
	e, err := interchange.NewService(st.Interchange(), events, engines.InterchangeOptions()).ImportTRF(arbiter, bytes.NewReader(testcorpus.BigTRF(b, 40, 5)), "")
	if err != nil {
		b.Fatal(err)
	}
	for _, page := range []string{"", "/standings", "/crosstable"} {
		path := fmt.Sprintf("/events/%d%s", e.ID, page)
		b.Run(path, func(b *testing.B) {
			req := httptest.NewRequest(http.MethodGet, path, nil)
			req.Header.Set("Accept-Encoding", "gzip")
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, req)
			if rec.Code != http.StatusOK || rec.Header().Get("Content-Encoding") != "gzip" {
				b.Fatalf("GET %s: %d, %q; want 200, compressed", path, rec.Code, rec.Header().Get("Content-Encoding"))
			}
			b.ReportAllocs()
			for b.Loop() {
				rec := httptest.NewRecorder()
				h.ServeHTTP(rec, req)
			}
		})
	}
}
