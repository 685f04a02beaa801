package deps

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// The packages scripts/test runs without the race detector
// (scripts/sequential-packages) must stay sequential: no code of theirs, or
// of the packages of ours they import, starts a goroutine, and their tests
// do not run in parallel. A package that comes to need either goes back
// under the race detector by leaving the list.
func TestSequentialPackagesStartNoGoroutine(t *testing.T) {
	listed, err := os.ReadFile("../../scripts/sequential-packages")
	if err != nil {
		t.Fatal(err)
	}
	var packages []string
	for _, line := range strings.Split(string(listed), "\n") {
		if line = strings.TrimSpace(line); line != "" && !strings.HasPrefix(line, "#") {
			packages = append(packages, line)
		}
	}
	if len(packages) == 0 {
		t.Fatal("scripts/sequential-packages lists no package")
	}
	for _, pkg := range packages {
		out, err := exec.Command("go", "list", "-deps", "-f", `{{if not .Standard}}{{.ImportPath}} {{.Dir}}{{end}}`, pkg).Output()
		if err != nil {
			t.Fatalf("go list %s: %v", pkg, err)
		}
		for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
			path, dir, _ := strings.Cut(line, " ")
			if !strings.HasPrefix(path, module) {
				t.Errorf("%s imports %s, a module that is not ours: the race detector should see its tests", pkg, path)
				continue
			}
			for _, file := range goFiles(t, dir) {
				test := strings.HasSuffix(file, "_test.go")
				if test && path != pkg {
					continue
				}
				ast.Inspect(parse(t, file), func(n ast.Node) bool {
					switch n := n.(type) {
					case *ast.GoStmt:
						if !test {
							t.Errorf("%s: starts a goroutine, and %s is run without the race detector (scripts/sequential-packages)", position(n), pkg)
						}
					case *ast.SelectorExpr:
						if test && n.Sel.Name == "Parallel" {
							t.Errorf("%s: a test runs in parallel, and %s is run without the race detector (scripts/sequential-packages)", position(n), pkg)
						}
					}
					return true
				})
			}
		}
	}
}

func goFiles(t *testing.T, dir string) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	return files
}

var fileSet = token.NewFileSet()

func parse(t *testing.T, file string) *ast.File {
	t.Helper()
	f, err := parser.ParseFile(fileSet, file, nil, parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

func position(n ast.Node) string { return fileSet.Position(n.Pos()).String() }
