package apitest

import (
	"strings"
	"testing"
)

// MustContain fails the test for each of wants that page (named by what)
// lacks.
func MustContain(t testing.TB, what, page string, wants ...string) {
	t.Helper()
	for _, w := range wants {
		if !strings.Contains(page, w) {
			t.Errorf("%s lacks %q", what, w)
		}
	}
}

// MustNotContain fails the test for each of unwanted that page (named by
// what) shows.
func MustNotContain(t testing.TB, what, page string, unwanted ...string) {
	t.Helper()
	for _, w := range unwanted {
		if strings.Contains(page, w) {
			t.Errorf("%s shows %q", what, w)
		}
	}
}
