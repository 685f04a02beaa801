package api

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

func TestSessionValues(t *testing.T) {
	now := time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)
	s := &sessions{secret: []byte("secret"), now: func() time.Time { return now }}
	other := &sessions{secret: []byte("another secret"), now: s.now}
	value := s.issue("a|b@example.org")
	for _, tc := range []struct {
		name  string
		s     *sessions
		value string
		want  string
	}{
		{"as issued", s, value, "a|b@example.org"},
		{"another instance with the same secret", &sessions{secret: []byte("secret"), now: s.now}, value, "a|b@example.org"},
		{"another secret", other, value, ""},
		{"damaged", s, strings.Replace(value, ".", "x.", 1), ""},
		{"no signature", s, strings.Split(value, ".")[0], ""},
		{"empty", s, "", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, ok := tc.s.email(tc.value)
			if got != tc.want || ok != (tc.want != "") {
				t.Errorf("email(%q) = %q, %v; want %q", tc.value, got, ok, tc.want)
			}
		})
	}
	now = now.Add(sessionTTL + time.Second)
	if _, ok := s.email(value); ok {
		t.Error("an expired session is accepted")
	}
}

func TestLoginLimiter(t *testing.T) {
	now := time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)
	l := newLoginLimiter(3, 15*time.Minute, func() time.Time { return now })
	for range 3 {
		if wait := l.retryAfter("ip:1"); wait != 0 {
			t.Fatalf("refused before 3 failures (wait %v)", wait)
		}
		l.fail("ip:1")
		now = now.Add(time.Minute)
	}
	if wait := l.retryAfter("ip:1", "email:x"); wait != 12*time.Minute {
		t.Errorf("after 3 failures: wait %v, want 12m (until the first leaves the window)", wait)
	}
	if wait := l.retryAfter("ip:2"); wait != 0 {
		t.Errorf("another address waits %v", wait)
	}
	now = now.Add(13 * time.Minute)
	if wait := l.retryAfter("ip:1"); wait != 0 {
		t.Errorf("after the window: wait %v", wait)
	}
	for i := range sweepAt + 1 {
		l.fail(fmt.Sprintf("ip:%d", 1000+i))
	}
	now = now.Add(time.Hour)
	l.fail("ip:last")
	if n := len(l.failures); n != 1 {
		t.Errorf("%d keys kept after they all left the window, want 1", n)
	}
}
