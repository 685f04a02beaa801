package api_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"adiukh/api"
	"adiukh/api/apitest"
	"adiukh/internal/connlimit"
	"adiukh/tournament"
	"adiukh/tournament/account"
	"adiukh/tournament/correspondence"
	"adiukh/tournament/engines"
)

type deadDB struct{}

func (deadDB) Ping(context.Context) error { return errors.New("connection refused") }

// fullDB answers but refuses writes, as the store's Ping does on a full
// disk until a write commits again.
type fullDB struct{}

func (fullDB) Ping(context.Context) error {
	return tournament.Unavailable(time.Minute, "the server cannot save now, nothing was changed: its database refuses writes (a full disk, or a database made read-only); try again in a few minutes")
}

func TestHealthAndReadiness(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	for _, path := range []string{"/healthz", "/readyz"} {
		if rec := s.Anonymous().Get(path); rec.Code != http.StatusOK {
			t.Errorf("%s: status %d, want 200", path, rec.Code)
		}
	}
	dead := apitest.NewRouter(api.Deps{DB: deadDB{}, Events: tournament.NewService(s.Store, engines.Options()), Accounts: s.Accounts, Log: slog.New(slog.DiscardHandler)})
	for path, want := range map[string]int{"/healthz": http.StatusOK, "/readyz": http.StatusServiceUnavailable} {
		rec := httptest.NewRecorder()
		dead.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, path, nil))
		if rec.Code != want {
			t.Errorf("%s without a database: status %d, want %d", path, rec.Code, want)
		}
	}
	// A database that refuses writes: the process is alive, the instance
	// not ready, and /readyz says why.
	full := apitest.NewRouter(api.Deps{DB: fullDB{}, Events: tournament.NewService(s.Store, engines.Options()), Accounts: s.Accounts, Log: slog.New(slog.DiscardHandler)})
	for path, want := range map[string]string{"/healthz": "200 ok", "/readyz": "503 database refuses writes"} {
		rec := httptest.NewRecorder()
		full.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, path, nil))
		var body struct{ Status string }
		_ = json.Unmarshal(rec.Body.Bytes(), &body)
		if got := fmt.Sprintf("%d %s", rec.Code, body.Status); got != want {
			t.Errorf("%s with a database refusing writes: %q, want %q", path, got, want)
		}
	}
}

// Every request is logged once with its route pattern, status, duration
// and user, and counted in /metrics with the sign-in failures, the
// database pool and the listener's connections.
func TestRequestLogAndMetrics(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	var logged bytes.Buffer
	s.Handler = apitest.NewRouter(api.Deps{
		DB: s.Store, Events: tournament.NewService(s.Store, engines.Options()), Accounts: s.Accounts,
		Correspondence: correspondence.NewService(s.Store.Correspondence(), correspondence.Options{}),
		Log:            slog.New(slog.NewJSONHandler(&logged, nil)),
		Connections: func() connlimit.Stats {
			return connlimit.Stats{Open: 12, RefusedAddress: 1950, RefusedTotal: 3, ClosedIdle: 7, ClosedSlow: 5, ByAccount: 4}
		},
	})
	s.RoundRobin(4)
	s.Must(http.StatusNotFound, tournament.ArbiterRole, "GET", "/api/v1/events/999", nil)
	s.Anonymous().Post("/login", url.Values{"email": {"arbiter@example.org"}, "password": {"не тот пароль"}})
	// A live game's stream, which a page opens with its sign-in cookie and
	// no token, is logged with its user too (issue 64).
	s.SignIn(tournament.PlayerRole).Get("/api/v1/games/999/stream")
	logLine := func(path string) string {
		for _, l := range strings.Split(logged.String(), "\n") {
			if strings.Contains(l, `"path":"`+path+`"`) {
				return l
			}
		}
		return ""
	}
	line := logLine("/api/v1/events/999")
	for _, want := range []string{`"msg":"request"`, `"method":"GET"`, `"route":"/api/v1/events/:id"`, `"status":404`, `"duration":`, `"user":"arbiter@example.org"`} {
		if !strings.Contains(line, want) {
			t.Errorf("request log line lacks %s:\n%s", want, line)
		}
	}
	if line := logLine("/api/v1/games/999/stream"); !strings.Contains(line, `"route":"/api/v1/games/:gid/stream"`) || !strings.Contains(line, `"user":"player@example.org"`) {
		t.Errorf("a signed-in page's stream request is logged without its user:\n%s", line)
	}
	rec := s.Anonymous().Get("/metrics")
	body := rec.Body.String()
	for _, want := range []string{
		`adiukh_http_requests_total{method="GET",route="/api/v1/events/:id",status="404"} 1`,
		`adiukh_http_requests_total{method="POST",route="/api/v1/events/:id/rounds/:n/publish",status="200"} 1`,
		`adiukh_http_request_duration_seconds_bucket{method="POST",route="/api/v1/events/:id/players",le="+Inf"} 4`,
		`adiukh_signin_failures_total{reason="wrong"} 1`,
		`adiukh_signin_failures_total{reason="limited"} 0`,
		`adiukh_db_connections_open{pool="write"} `,
		`adiukh_db_connections_open{pool="read"} `,
		`adiukh_db_waits_total{pool="urgent"} `,
		"adiukh_live_streams_open 0",
		"adiukh_connections_open 12",
		`adiukh_connections_refused_total{why="address"} 1950`,
		`adiukh_connections_refused_total{why="total"} 3`,
		"adiukh_connections_closed_idle_total 7",
		"adiukh_connections_closed_slow_total 5",
		"adiukh_connections_by_account 4",
		`go_goroutines `,
	} {
		if !strings.Contains(body, want) {
			t.Errorf("/metrics lacks %s", want)
		}
	}
}

// JSON, PDF and CSV answers, like pages, forbid content sniffing.
func TestNoSniffOnEveryAnswer(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	id := s.RoundRobin(4)
	for _, path := range []string{
		"/api/v1/events",
		fmt.Sprintf("/api/v1/events/%d/standings.csv", id),
		fmt.Sprintf("/api/v1/events/%d/rounds/1/pairings.pdf", id),
		"/api/v1/no-such-thing",
		"/",
	} {
		rec := s.Anonymous().Get(path)
		if rec.Header().Get("X-Content-Type-Options") != "nosniff" {
			t.Errorf("%s (status %d, %s): no X-Content-Type-Options: nosniff", path, rec.Code, rec.Header().Get("Content-Type"))
		}
	}
}

// The one-time setup link stops working once an administrator exists,
// even one added from the command line.
func TestSetupLinkEndsOnceAnAdminExists(t *testing.T) {
	t.Parallel()
	s := apitest.NewFreshServer(t, "one-time-token")
	if rec := s.Anonymous().Get("/setup/one-time-token"); rec.Code != http.StatusOK {
		t.Fatalf("setup link on a fresh database: status %d, want 200", rec.Code)
	}
	// adiukh user add --role arbiter leaves the link open; --role admin ends it.
	if _, err := s.Accounts.AddUser(context.Background(), account.NewUser{Email: "judge@example.org", Role: "arbiter", Password: "длинный пароль"}); err != nil {
		t.Fatal(err)
	}
	if rec := s.Anonymous().Get("/setup/one-time-token"); rec.Code != http.StatusOK {
		t.Fatalf("setup link with an arbiter only: status %d, want 200", rec.Code)
	}
	if _, err := s.Accounts.AddUser(context.Background(), account.NewUser{Email: "root@example.org", Role: "admin", Password: "длинный пароль"}); err != nil {
		t.Fatal(err)
	}
	if rec := s.Anonymous().Get("/setup/one-time-token"); rec.Code != http.StatusNotFound {
		t.Errorf("setup link on a database with an administrator: status %d, want 404", rec.Code)
	}
	good := url.Values{"email": {"chief@example.org"}, "password": {"длинный пароль"}}
	if rec := s.Anonymous().Post("/setup/one-time-token", good); rec.Code != http.StatusNotFound {
		t.Errorf("setup with an administrator present: status %d, want 404", rec.Code)
	}
}

// A return address after sign-in never leaves the site, however it is
// disguised.
func TestSignInReturnAddressStaysOnSite(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	for _, next := range []string{"/\t/evil.example", "/%09/evil.example", "//evil.example", "/\\evil.example", "https://evil.example/", "/\n/evil.example", "\\/evil.example"} {
		form := url.Values{"email": {"arbiter@example.org"}, "password": {"пароль судьи"}, "next": {next}}
		decoded, err := url.QueryUnescape(next)
		if err == nil {
			form.Set("next", decoded)
		}
		rec := s.Anonymous().Post("/login", form)
		if loc := rec.Header().Get("Location"); rec.Code != http.StatusSeeOther || loc != "/" {
			t.Errorf("next=%q: status %d, Location %q; want 303 to /", next, rec.Code, loc)
		}
	}
	rec := s.Anonymous().Post("/login", url.Values{"email": {"arbiter@example.org"}, "password": {"пароль судьи"}, "next": {"/events/1?round=2"}})
	if loc := rec.Header().Get("Location"); loc != "/events/1?round=2" {
		t.Errorf("a local return address: Location %q", loc)
	}
}

// Finding B of the second security pass: any method string used to become
// a metric label, so 20,000 invented methods grew /metrics to 719 MB. The
// labels come from a closed set now, and the log keeps a request's own text
// only in part.
func TestMetricsLabelsAndLogLinesAreBounded(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	var logged bytes.Buffer
	s.Handler = apitest.NewRouter(api.Deps{
		DB: s.Store, Events: tournament.NewService(s.Store, engines.Options()), Accounts: s.Accounts,
		Correspondence: correspondence.NewService(s.Store.Correspondence(), correspondence.Options{}),
		Log:            slog.New(slog.NewJSONHandler(&logged, nil)),
	})
	metricsSize := func() int { return s.Anonymous().Get("/metrics").Body.Len() }
	s.Anonymous().Do(httptest.NewRequest("INVENTED", "/no-such-page", nil))
	before := metricsSize()
	long := strings.Repeat("M", 2000)
	for i := range 200 {
		s.Anonymous().Do(httptest.NewRequest(fmt.Sprintf("%s%d", long, i), "/no-such-page/"+strings.Repeat("п", 2000), nil))
	}
	after := metricsSize()
	if after > before+2000 {
		t.Errorf("/metrics grew from %d to %d bytes after 200 requests with invented methods", before, after)
	}
	if got := s.Anonymous().Get("/metrics").Body.String(); !strings.Contains(got, `method="other"`) || strings.Contains(got, long) {
		t.Errorf("an invented method is not counted as \"other\"")
	}
	for _, line := range strings.Split(logged.String(), "\n") {
		if len(line) > 2000 {
			t.Fatalf("a log line of %d bytes: %.200s…", len(line), line)
		}
	}
}
