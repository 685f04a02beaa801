package events_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"testing"
	"time"

	"adiukh/api"
	"adiukh/api/apitest"
	"adiukh/tournament"
	"adiukh/tournament/account"
	"adiukh/tournament/engines"
	"adiukh/tournament/store"
)

// BenchmarkRegisterOneByOne registers 10,000 players with random ratings
// through POST /api/v1/events/{id}/players, one request each, on an SQLite
// file: the open with thousands of entries typed in one at a time. It
// reports the whole run and the cost of a request at the end, where a
// registration that reads or renumbers the whole field grows quadratic.
// Run with -benchtime=1x.
func BenchmarkRegisterOneByOne(b *testing.B) {
	const players = 10000
	for b.Loop() {
		st, err := store.Open(filepath.Join(b.TempDir(), "register.db"))
		if err != nil {
			b.Fatal(err)
		}
		accounts := apitest.Accounts(st, account.Options{})
		ctx := context.Background()
		if _, err := accounts.AddUser(ctx, account.NewUser{Email: "arbiter@example.org", Role: string(tournament.ArbiterRole), Password: "пароль судьи"}); err != nil {
			b.Fatal(err)
		}
		token, _, err := accounts.CreateToken(ctx, account.NewToken{Email: "arbiter@example.org"})
		if err != nil {
			b.Fatal(err)
		}
		handler := apitest.NewRouter(api.Deps{
			DB: st, Events: tournament.NewService(st, engines.Options()), Accounts: accounts,
			Log: slog.New(slog.NewTextHandler(io.Discard, nil)),
		})
		send := func(path string, body any) map[string]any {
			raw, _ := json.Marshal(body)
			req := httptest.NewRequest(http.MethodPost, path, bytes.NewReader(raw))
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("Authorization", "Bearer "+token)
			rec := httptest.NewRecorder()
			handler.ServeHTTP(rec, req)
			if rec.Code != http.StatusCreated {
				b.Fatalf("POST %s: %d %s", path, rec.Code, rec.Body)
			}
			var out map[string]any
			if err := json.Unmarshal(rec.Body.Bytes(), &out); err != nil {
				b.Fatal(err)
			}
			return out
		}
		ev := send("/api/v1/events", map[string]any{"name": "Большой открытый турнир", "discipline": "standard", "system": "swiss", "rounds": 9, "time_control": "90+30"})
		path := fmt.Sprintf("/api/v1/events/%v/players", ev["id"])
		rng := rand.New(rand.NewPCG(1, 2))
		start := time.Now()
		var last time.Duration
		for i := range players {
			if i == players-1000 {
				last = time.Since(start)
			}
			send(path, map[string]any{"name": fmt.Sprintf("Игрок %05d", i), "rating": 1000 + rng.IntN(1500)})
		}
		total := time.Since(start)
		b.ReportMetric(total.Seconds(), "s/10000-players")
		b.ReportMetric(float64((total-last).Milliseconds())/1000, "ms/player-at-10000")
		st.Close()
	}
}
