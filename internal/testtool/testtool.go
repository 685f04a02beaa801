// Package testtool finds the programs that tests drive: poppler-utils'
// pdftotext, pdfinfo and pdftoppm, zbar-tools' zbarimg, and chromium.
// scripts/test installs every one of them when it is missing.
package testtool

import (
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
	for _, name := range names {
		if path, err := exec.LookPath(name); err == nil {
			return path
		}
	}
	program := strings.Join(names, " or ")
	if os.Getenv("CI") != "" {
		t.Fatalf("%s (Debian package %s) is needed by this test and is not installed; scripts/test installs it", program, pkg)
	}
	t.Skipf("%s (Debian package %s) is not installed; scripts/test installs it", program, pkg)
	return ""
}
