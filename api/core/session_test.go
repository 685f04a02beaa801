package core

import (
	"strings"
	"testing"
)

func TestSessionCookieSeal(t *testing.T) {
	t.Parallel()
	s := &Sessions{secret: []byte("secret")}
	other := &Sessions{secret: []byte("another secret")}
	cookie := s.Seal("adk_a.b")
	for _, tc := range []struct {
		name   string
		s      *Sessions
		cookie string
		want   string
	}{
		{"as sealed", s, cookie, "adk_a.b"},
		{"another instance with the same secret", &Sessions{secret: []byte("secret")}, cookie, "adk_a.b"},
		{"another secret", other, cookie, ""},
		{"damaged", s, "x" + cookie, ""},
		{"no signature", s, strings.TrimSuffix(cookie, cookie[strings.LastIndexByte(cookie, '.'):]), ""},
		{"empty", s, "", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, ok := tc.s.Open(tc.cookie)
			if got != tc.want || ok != (tc.want != "") {
				t.Errorf("open(%q) = %q, %v; want %q", tc.cookie, got, ok, tc.want)
			}
		})
	}
}
