package report

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"adiukh/internal/testtool"
)

// pdfText reads a rendered PDF back as text with poppler's pdftotext, the
// way a person copying from the PDF would see it. Without pdftotext the test
// is skipped, except in CI (env CI set), where scripts/test installs it.
func pdfText(t *testing.T, name string, pdf []byte) string {
	t.Helper()
	return pdfTextAs(t, name, pdf, "-layout")
}

// pdfTextAs reads the PDF in the given pdftotext mode: "-layout" keeps the
// columns of a table on one line, "-raw" keeps text in drawing order (one
// diagram's notation stays together even when two diagrams stand side by side).
func pdfTextAs(t *testing.T, name string, pdf []byte, mode string) string {
	t.Helper()
	pdftotext := testtool.Need(t, "poppler-utils", "pdftotext")
	dir := t.TempDir()
	if keep := os.Getenv("ADIUKH_REPORT_DIR"); keep != "" {
		dir = keep // set to look at the rendered PDFs
	}
	path := filepath.Join(dir, name+".pdf")
	if err := os.WriteFile(path, pdf, 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(pdftotext, mode, "-enc", "UTF-8", path, "-").CombinedOutput()
	if err != nil {
		t.Fatalf("pdftotext %s: %v\n%s", name, err, out)
	}
	return string(out)
}

func render(t *testing.T, f func(*bytes.Buffer) error) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := f(&buf); err != nil {
		t.Fatalf("render: %v", err)
	}
	return buf.Bytes()
}
