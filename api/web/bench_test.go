package web_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"testing"

	"adiukh/api"
	"adiukh/api/apitest"
	"adiukh/internal/demo"
	"adiukh/tournament"
	"adiukh/tournament/account"
	"adiukh/tournament/engines"
	"adiukh/tournament/store"
)

// pingOnly is a database that cannot tell its data version: the pages are
// made on every request, as without the page cache.
type pingOnly struct{ st *store.Store }

func (p pingOnly) Ping(ctx context.Context) error { return p.st.Ping(ctx) }

// BenchmarkPages renders the public pages of the demo event (8 players,
// 7 rounds, 4 game sheets) from an SQLite file: what one reader's request
// costs, database reads included — made afresh ("made/…", as after every
// write) and served from the page cache ("kept/…", one data version read).
func BenchmarkPages(b *testing.B) {
	st, err := store.Open(filepath.Join(b.TempDir(), "bench.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer st.Close()
	id, err := demo.Fill(context.Background(), st, engines.Options(), "demo@example.org", "пароль демо")
	if err != nil {
		b.Fatal(err)
	}
	router := func(db api.Pinger) http.Handler {
		return apitest.NewRouter(api.Deps{
			DB: db, Events: tournament.NewService(st, engines.Options()), Accounts: apitest.Accounts(st, account.Options{}),
			Log: slog.New(slog.NewTextHandler(io.Discard, nil)),
		})
	}
	handlers := map[string]http.Handler{"made": router(pingOnly{st}), "kept": router(st)}
	d, err := tournament.NewService(st, engines.Options()).EventData(context.Background(), id)
	if err != nil {
		b.Fatal(err)
	}
	var sheetBoard string
	for _, g := range d.Rounds[0].Games {
		if g.Sheet != "" {
			sheetBoard = fmt.Sprintf("/events/%d/rounds/1/boards/%d", id, g.Board)
		}
	}
	for _, bc := range []struct{ name, path string }{
		{"events", "/"},
		{"event", "/events/1"},
		{"standings", "/events/1/standings"},
		{"crosstable", "/events/1/crosstable"},
		{"player", "/events/1/players/1"},
		{"game", sheetBoard},
	} {
		for _, mode := range []string{"made", "kept"} {
			b.Run(mode+"/"+bc.name, func(b *testing.B) {
				for b.Loop() {
					rec := httptest.NewRecorder()
					handlers[mode].ServeHTTP(rec, httptest.NewRequest(http.MethodGet, bc.path, nil))
					if rec.Code != http.StatusOK {
						b.Fatalf("%s: status %d", bc.path, rec.Code)
					}
				}
			})
		}
	}
}
