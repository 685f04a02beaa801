// Package testtool finds the programs that tests drive: poppler-utils'
// pdftotext, pdfinfo and pdftoppm, zbar-tools' zbarimg, and Chromium's
// headless shell.
// scripts/test installs every one of them when it is missing.
package testtool

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
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

// ModuleRoot is the directory of go.mod above the test's working directory,
// its package's. It is found from there, not from the source file's path
// (runtime.Caller): scripts/test builds with -trimpath, so that a clone in
// another folder finds the build cache warm, and a trimmed path names no
// folder on the disk.
func ModuleRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("no go.mod above the working directory")
		}
		dir = parent
	}
}
