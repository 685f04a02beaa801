package api_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"slices"
	"sync"
	"testing"
	"time"

	"adiukh/api"
	"adiukh/api/apitest"
	"adiukh/rules"
	"adiukh/rules/adiukh"
	"adiukh/tournament"
	"adiukh/tournament/account"
	"adiukh/tournament/composition"
	"adiukh/tournament/engines"
	"adiukh/tournament/store/storetest"
)

// BenchmarkPageUnderHostileEntries is the second probe's finding A: 24
// accounts send at once a contest entry whose check is the dearest the
// server allows (the starting position, "white wins": a search of
// 2,000,000 nodes), while an anonymous reader loads pages every 20 ms.
// It reports the pages' median and slowest answer (page-p50-ms,
// page-max-ms); the solver runs one at a time per account and at most one
// per core on the server, so the reader keeps getting its pages. The
// entries' requests are then dropped, which stops their searches (drop-ms:
// until the last request has ended).
func BenchmarkPageUnderHostileEntries(b *testing.B) {
	st := storetest.SQLite(b)
	accounts := apitest.Accounts(st, account.Options{})
	handler := apitest.NewRouter(api.Deps{
		DB: st, Events: tournament.NewService(st, engines.Options()), Accounts: accounts,
		Composition: composition.NewService(st.Composition(), composition.Options{}),
		Log:         slog.New(slog.NewTextHandler(io.Discard, nil)),
	})
	send := func(ctx context.Context, token, method, path string, body any) int {
		var reader io.Reader
		if body != nil {
			raw, err := json.Marshal(body)
			if err != nil {
				b.Fatal(err)
			}
			reader = bytes.NewReader(raw)
		}
		req := httptest.NewRequestWithContext(ctx, method, path, reader)
		req.Header.Set("Content-Type", "application/json")
		if token != "" {
			req.Header.Set("Authorization", "Bearer "+token)
		}
		rec := httptest.NewRecorder()
		handler.ServeHTTP(rec, req)
		return rec.Code
	}
	user := func(email string, role tournament.Role) string {
		if _, err := accounts.AddUser(context.Background(), account.NewUser{Email: email, Names: account.Names{Name: email}, Role: string(role), Password: "пароль игрока"}); err != nil {
			b.Fatal(err)
		}
		token, _, err := accounts.CreateToken(context.Background(), account.NewToken{Email: email})
		if err != nil {
			b.Fatal(err)
		}
		return token
	}
	director := user("director@example.org", tournament.ArbiterRole)
	var created struct {
		ID int `json:"id"`
	}
	req := httptest.NewRequest("POST", "/api/v1/events", bytes.NewBufferString(`{"name":"Конкурс","discipline":"composition"}`))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+director)
	rec := httptest.NewRecorder()
	handler.ServeHTTP(rec, req)
	if err := json.Unmarshal(rec.Body.Bytes(), &created); err != nil || rec.Code != http.StatusCreated {
		b.Fatalf("create the contest: %d %s", rec.Code, rec.Body.String())
	}
	base := fmt.Sprintf("/api/v1/events/%d", created.ID)
	if code := send(context.Background(), director, "PUT", base+"/contest", map[string]any{"sections": []map[string]string{{"name": "Задачи"}},
		"deadline": time.Now().Add(48 * time.Hour).UTC().Format(time.RFC3339), "scale": 4, "aggregation": "mean", "claim_days": 7}); code != http.StatusOK {
		b.Fatalf("set up the contest: %d", code)
	}
	authors := make([]string, 24)
	for i := range authors {
		authors[i] = user(fmt.Sprintf("author%02d@example.org", i), tournament.PlayerRole)
	}
	start := adiukh.Start()
	entry := map[string]any{"section": "Задачи", "position": start.String(), "side": "white", "stipulation": "white wins",
		"solution": start.LegalMoves(rules.White)[0].String()}
	pages := []string{"/", fmt.Sprintf("/events/%d/contest", created.ID), "/calendar"}

	b.ResetTimer()
	for range b.N {
		ctx, drop := context.WithCancel(context.Background())
		var wg sync.WaitGroup
		for _, token := range authors {
			wg.Go(func() { send(ctx, token, "POST", base+"/contest/entries", entry) })
		}
		var took []time.Duration
		for i := range 150 {
			time.Sleep(20 * time.Millisecond)
			at := time.Now()
			if code := send(context.Background(), "", "GET", pages[i%len(pages)], nil); code != http.StatusOK {
				b.Fatalf("GET %s under the entries: %d", pages[i%len(pages)], code)
			}
			took = append(took, time.Since(at))
		}
		dropped := time.Now()
		drop()
		wg.Wait()
		b.ReportMetric(float64(time.Since(dropped).Microseconds())/1000, "drop-ms")
		slices.Sort(took)
		b.ReportMetric(float64(took[len(took)/2].Microseconds())/1000, "page-p50-ms")
		b.ReportMetric(float64(took[len(took)-1].Microseconds())/1000, "page-max-ms")
	}
}
