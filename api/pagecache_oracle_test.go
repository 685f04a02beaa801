package api_test

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"sync"
	"testing"
	"time"

	"adiukh/api/apitest"
	"adiukh/tournament"
	"adiukh/tournament/account"
	"adiukh/tournament/store/storetest"
)

// mailbox is a Mailer that tells each address it mails.
type mailbox struct {
	mu   sync.Mutex
	sent map[string]chan struct{}
}

func (m *mailbox) to(address string) chan struct{} {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.sent == nil {
		m.sent = map[string]chan struct{}{}
	}
	if m.sent[address] == nil {
		m.sent[address] = make(chan struct{}, 16)
	}
	return m.sent[address]
}

func (m *mailbox) Send(_ context.Context, to, _, _ string) error {
	m.to(to) <- struct{}{}
	return nil
}

// Issue 59.2: the ETag of a public page is the page's own, not a version
// of all the data: sign-ups, reset requests (for an existing address and
// an unknown one), sign-ins, sign-outs, tokens, follows and writes to
// other events, private ones included, leave it, and the account writes
// leave the page kept (no page is made again). A result in the event
// itself changes it.
func TestPublicETagTellsNothingOfOtherWrites(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			var clock struct {
				sync.Mutex
				at time.Time
			}
			clock.at = time.Now()
			now := func() time.Time { clock.Lock(); defer clock.Unlock(); return clock.at }
			mails := &mailbox{}
			accounts := apitest.Accounts(st, account.Options{Mailer: mails, SiteURL: "https://adiukh.example", Now: now})
			t.Cleanup(func() { _ = accounts.Close(context.Background()) })
			s := apitest.WithRouter(&apitest.WebServer{Server: apitest.NewServer(t, st), Store: st, Accounts: accounts}, "")
			id := s.RoundRobin(4)
			page := fmt.Sprintf("/events/%d/standings", id)
			first := fetch(s.Handler, page)
			etag := first.Header().Get("ETag")
			if first.Code != http.StatusOK || etag == "" {
				t.Fatalf("%s: %d, ETag %q", page, first.Code, etag)
			}
			ctx := context.Background()
			must := func(what string, err error) {
				t.Helper()
				if err != nil {
					t.Fatalf("%s: %v", what, err)
				}
			}
			unchanged := func(what string, kept bool) {
				t.Helper()
				before := apitest.CacheAnswers(t, s.Handler)
				rec := fetch(s.Handler, page)
				if got := rec.Header().Get("ETag"); rec.Code != http.StatusOK || got != etag {
					t.Errorf("after %s: %d, ETag %q, want %q", what, rec.Code, got, etag)
				}
				if made := apitest.CacheAnswers(t, s.Handler)["made"] - before["made"]; kept && made != 0 {
					t.Errorf("after %s the page was made again", what)
				}
			}

			stamp := s.Accounts.SignUpStamp()
			clock.Lock()
			clock.at = clock.at.Add(account.MinFillTime + time.Second)
			clock.Unlock()
			for _, email := range []string{"newcomer@example.org", "player@example.org"} {
				must("sign up "+email, s.Accounts.SignUp(ctx, account.SignUpInput{Email: email,
					Names: account.Names{Surname: "Хуаде", GivenNames: "Аслан"}, From: "192.0.2.1", Stamp: stamp}))
				<-mails.to(email)
				unchanged("a sign-up of "+email, true)
			}
			must("reset for an unknown address", s.Accounts.RequestPasswordReset(ctx, "nobody@example.org", "192.0.2.2"))
			must("reset for an existing address", s.Accounts.RequestPasswordReset(ctx, "arbiter@example.org", "192.0.2.2"))
			<-mails.to("arbiter@example.org") // the queue sends in order: the unknown address's turn came first
			unchanged("reset requests", true)

			reader := s.SignInAs("player@example.org")
			unchanged("a sign-in", true)
			for _, follow := range []string{fmt.Sprintf("/events/%d/follow", id), fmt.Sprintf("/events/%d/follow", id)} {
				if rec := reader.Post(follow, url.Values{}); rec.Code != http.StatusSeeOther {
					t.Fatalf("follow: %d", rec.Code)
				}
			}
			unchanged("a follow", true)
			_, token, err := s.Accounts.CreateToken(ctx, account.NewToken{Email: "player@example.org", Name: "телефон"})
			must("a token", err)
			owner, err := s.Accounts.User(ctx, "player@example.org")
			must("the token's owner", err)
			must("revoke a token", s.Accounts.RevokeToken(tournament.NewContextWithUser(ctx, owner), token.ID))
			unchanged("a token made and revoked", true)
			if rec := reader.Post("/logout", url.Values{}); rec.Code != http.StatusSeeOther {
				t.Fatalf("sign out: %d", rec.Code)
			}
			unchanged("a sign-out", true)

			other := s.RoundRobin(4)
			s.Must(http.StatusOK, tournament.ArbiterRole, "PUT", fmt.Sprintf("/api/v1/events/%d/rounds/1/games/1/result", other),
				map[string]any{"score": "17:7", "end_reason": "final_position", "version": 1})
			unchanged("a result in another event", false)
			private := s.Must(http.StatusCreated, tournament.ArbiterRole, "POST", "/api/v1/events", map[string]any{
				"name": "Закрытое первенство", "discipline": "rapid", "system": "round-robin", "time_control": "8+4", "visibility": "private",
			})
			s.Must(http.StatusCreated, tournament.ArbiterRole, "POST", fmt.Sprintf("/api/v1/events/%d/players", apitest.Num(private["id"])),
				map[string]any{"name": "Тайный игрок", "rating": 1900})
			unchanged("a private event's writes", false)

			for board := 1; board <= 2; board++ {
				s.Must(http.StatusOK, tournament.ArbiterRole, "PUT", fmt.Sprintf("/api/v1/events/%d/rounds/1/games/%d/result", id, board),
					map[string]any{"score": "17:7", "end_reason": "final_position", "version": 1})
			}
			if got := fetch(s.Handler, page).Header().Get("ETag"); got == etag {
				t.Errorf("after a result in the event itself the ETag stayed %q", got)
			}
		})
	}
}
