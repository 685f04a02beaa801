package apitest

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"testing"

	"adiukh/internal/testtool"
)

// PDFToText reads a PDF back with poppler's pdftotext -layout, as a person
// copying from it would. Without the tool the test is skipped, except in CI
// (env CI set), where scripts/test installs it.
func PDFToText(t *testing.T, name string, pdf []byte) string {
	t.Helper()
	path := WritePDF(t, name, pdf)
	out, err := exec.Command(testtool.Need(t, "poppler-utils", "pdftotext"), "-layout", "-enc", "UTF-8", path, "-").CombinedOutput()
	if err != nil {
		t.Fatalf("pdftotext %s: %v\n%s", name, err, out)
	}
	return string(out)
}

// WritePDF saves a PDF to look at: in ADIUKH_REPORT_DIR when set, else in
// the test's temporary folder.
func WritePDF(t *testing.T, name string, pdf []byte) string {
	t.Helper()
	dir := t.TempDir()
	if keep := os.Getenv("ADIUKH_REPORT_DIR"); keep != "" {
		dir = keep
	}
	path := filepath.Join(dir, name+".pdf")
	if err := os.WriteFile(path, pdf, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// Spaced collapses the runs of spaces pdftotext -layout puts between
// columns, so that a table row reads "1 Хуаде Аслан 1900 8".
func Spaced(s string) string {
	return regexp.MustCompile(`[ \t]+`).ReplaceAllString(s, " ")
}

// InvalidSheet has an illegal third move: the arbiter accepts the
// resignation it records with an override, and the exports cannot replay it.
const InvalidSheet = "1. c3-b4 b6-c5 2. h2-a1"
