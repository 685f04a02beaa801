package api

import (
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
