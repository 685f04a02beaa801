package api_test

import (
	"bytes"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"adiukh/api"
	"adiukh/tournament"
	"adiukh/tournament/account"
	"adiukh/tournament/engines"
	"adiukh/tournament/store"
	"adiukh/tournament/store/storetest"
)

// Two servers on one PostgreSQL database, each with its own connections
// and the same signing secret, as behind a load balancer, behave as one:
// a sign-in made on one works on the other and a sign-out on either ends
// it on both, wrong passwords counted on one slow down the next attempt on
// the other, and a result entered on one is read on the other at once.
// (Scheduled work on two instances: TestSweepOnTwoInstances in
// tournament/correspondence.)
func TestTwoInstancesOnOnePostgres(t *testing.T) {
	t.Parallel()
	storetest.SkipWithoutPostgres(t)
	dsn := storetest.DSNs(t)["postgres"]
	secret := []byte("the secret both instances are configured with")
	// The wait after the fifth failure is an hour, not the server's second,
	// so that a slow machine cannot let it pass before the test's next try.
	limits := account.DefaultLimits()
	limits.BaseDelay = time.Hour
	var instances [2]*webServer
	for i := range instances {
		st, err := store.Open(dsn)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { st.Close() })
		w := &webServer{testServer: &testServer{t: t, tokens: map[tournament.Role]string{}}, store: st, accounts: testAccounts(st, account.Options{Limits: limits})}
		if i == 0 {
			w.testServer = newTestServer(t, st)
		} else {
			w.tokens = instances[0].tokens
		}
		w.handler = newRouter(api.Deps{DB: st, Events: tournament.NewService(st, engines.Options()), Accounts: w.accounts,
			Log: slog.New(slog.NewTextHandler(io.Discard, nil)), Secret: secret})
		instances[i] = w
	}
	a, b := instances[0], instances[1]

	// A sign-in on A is a sign-in on B; signing out on B ends it on A.
	onA := a.signIn(tournament.ArbiterRole)
	onB := &page{s: b.testServer, cookie: onA.cookie}
	if rec := onB.get("/manage/events/new"); rec.Code != http.StatusOK {
		t.Fatalf("A's sign-in on B: status %d", rec.Code)
	}
	if rec := onB.post("/logout", nil); rec.Code != http.StatusSeeOther {
		t.Fatalf("sign out on B: %d", rec.Code)
	}
	if rec := onA.get("/manage/events/new"); rec.Code != http.StatusSeeOther || !strings.HasPrefix(rec.Header().Get("Location"), "/login") {
		t.Errorf("after signing out on B, A still knows the session: %d %s", rec.Code, rec.Header().Get("Location"))
	}

	// Five wrong passwords on A, then the right one on B from the same
	// address: it waits.
	token := func(s *webServer, password string) int {
		req := httptest.NewRequest(http.MethodPost, "/api/v1/tokens", bytes.NewBufferString(fmt.Sprintf(`{"email":"arbiter@example.org","password":%q}`, password)))
		req.Header.Set("Content-Type", "application/json")
		req.RemoteAddr = "10.0.0.9:4000"
		rec := httptest.NewRecorder()
		s.handler.ServeHTTP(rec, req)
		return rec.Code
	}
	for i := 1; i <= 5; i++ {
		if code := token(a, fmt.Sprintf("wrong password %d", i)); code != http.StatusUnauthorized {
			t.Fatalf("wrong password %d on A: %d", i, code)
		}
	}
	if code := token(b, "пароль судьи"); code != http.StatusTooManyRequests {
		t.Errorf("the right password on B right after five failures on A: %d, want 429", code)
	}

	// A result entered on A is on B at once, pages included.
	id := a.roundRobin(4)
	standings := fmt.Sprintf("/api/v1/events/%d/rounds/1", id)
	before := fetch(b.handler, standings).Body.String()
	a.must(http.StatusOK, tournament.ArbiterRole, "PUT", fmt.Sprintf("/api/v1/events/%d/rounds/1/games/1/result", id),
		map[string]any{"score": "17:7", "end_reason": "final_position", "version": 1})
	if after := fetch(b.handler, standings).Body.String(); after == before || !strings.Contains(after, "17:7") {
		t.Errorf("B does not show the result entered on A")
	}
}
