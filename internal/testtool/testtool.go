// Package testtool finds the programs that tests drive: poppler-utils'
// pdftotext, pdfinfo and pdftoppm, zbar-tools' zbarimg, and chromium.
// scripts/test installs every one of them when it is missing.
package testtool

import (
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"
)

// Need returns the path of the first of names found on PATH; they are the
// names one program goes by, from the Debian package pkg. When none is
// found the test is skipped with a message naming the program and its
// package, except in CI (env CI set), where it fails: CI runs scripts/test,
// which installs them.
func Need(t testing.TB, pkg string, names ...string) string {
	t.Helper()
	path, missing := find(t, pkg, names)
	if missing != "" {
		t.Skipf("skipped: needs %s, which is not installed; scripts/test installs it", missing)
	}
	return path
}

// Find is Need for one check of a test that has others: when the program
// is missing it returns "" and the test log says which check is left out
// and what it needs, so that the test's other checks still run. In CI it
// fails as Need does.
func Find(t testing.TB, check, pkg string, names ...string) string {
	t.Helper()
	path, missing := find(t, pkg, names)
	if missing != "" {
		t.Logf("left out: %s, which needs %s, not installed; scripts/test installs it", check, missing)
	}
	return path
}

// find looks the program up; when it is missing, it fails the test in CI
// and otherwise names the program and its package.
func find(t testing.TB, pkg string, names []string) (path, missing string) {
	t.Helper()
	for _, name := range names {
		if path, err := exec.LookPath(name); err == nil {
			return path, ""
		}
	}
	missing = fmt.Sprintf("%s (Debian package %s)", strings.Join(names, " or "), pkg)
	if os.Getenv("CI") != "" {
		t.Fatalf("%s is needed by this test and is not installed; scripts/test installs it", missing)
	}
	return "", missing
}
