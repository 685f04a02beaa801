package deps

import (
	"go/ast"
	"os"
	"os/exec"
	"strings"
	"testing"
)

// The HTTP handlers scripts/test runs without the race detector
// (scripts/handler-packages) hold nothing between requests that the race
// detector could find a race in: no code of theirs starts a goroutine, takes
// a lock or keeps an atomic value. A package that comes to need one goes back
// under the race detector by leaving the list.
func TestHandlerPackagesShareNothingBetweenRequests(t *testing.T) {
	dirs := packageDirs(t)
	for _, pkg := range listedLines(t, "handler-packages") {
		if dirs[pkg] == "" {
			t.Errorf("scripts/handler-packages: %s is not a package of the module", pkg)
			continue
		}
		for _, file := range goFiles(t, dirs[pkg]) {
			if strings.HasSuffix(file, "_test.go") {
				continue
			}
			f := parse(t, file)
			for _, imp := range f.Imports {
				if imp.Path.Value == `"sync/atomic"` {
					t.Errorf("%s: keeps an atomic value, and %s is run without the race detector (scripts/handler-packages)", position(imp), pkg)
				}
			}
			ast.Inspect(f, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.GoStmt:
					t.Errorf("%s: starts a goroutine, and %s is run without the race detector (scripts/handler-packages)", position(n), pkg)
				case *ast.SelectorExpr:
					if x, ok := n.X.(*ast.Ident); ok && x.Name == "sync" && !strings.HasPrefix(n.Sel.Name, "Once") {
						t.Errorf("%s: uses sync.%s, and %s is run without the race detector (scripts/handler-packages)", position(n), n.Sel.Name, pkg)
					}
				}
				return true
			})
		}
	}
}

// The tests of those packages that make requests at once run under the race
// detector as well (scripts/raced-handler-tests): each named test exists, and
// a test that starts a goroutine or waits on a sync.WaitGroup itself is named.
func TestRacedHandlerTestsAreTheConcurrentOnes(t *testing.T) {
	handlers := map[string]bool{}
	for _, pkg := range listedLines(t, "handler-packages") {
		handlers[pkg] = true
	}
	listed := map[string]bool{}
	for _, line := range listedLines(t, "raced-handler-tests") {
		pkg, test, ok := strings.Cut(line, " ")
		if !ok || !handlers[pkg] {
			t.Errorf("scripts/raced-handler-tests: %q is not a package of scripts/handler-packages and a test", line)
			continue
		}
		listed[pkg+" "+test] = true
	}
	found := map[string]bool{}
	dirs := packageDirs(t)
	for pkg := range handlers {
		for _, file := range goFiles(t, dirs[pkg]) {
			if !strings.HasSuffix(file, "_test.go") {
				continue
			}
			for _, decl := range parse(t, file).Decls {
				fn, ok := decl.(*ast.FuncDecl)
				if !ok || fn.Recv != nil || !strings.HasPrefix(fn.Name.Name, "Test") {
					continue
				}
				found[pkg+" "+fn.Name.Name] = true
				if concurrent(fn) && !listed[pkg+" "+fn.Name.Name] {
					t.Errorf("%s: %s makes requests at once: name it in scripts/raced-handler-tests so that the race detector runs it", position(fn), fn.Name.Name)
				}
			}
		}
	}
	for test := range listed {
		if !found[test] {
			t.Errorf("scripts/raced-handler-tests names %s, which is not a test of that package", test)
		}
	}
}

func concurrent(fn *ast.FuncDecl) bool {
	var is bool
	ast.Inspect(fn.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.GoStmt:
			is = true
		case *ast.SelectorExpr:
			if x, ok := n.X.(*ast.Ident); ok && x.Name == "sync" && n.Sel.Name == "WaitGroup" {
				is = true
			}
		}
		return !is
	})
	return is
}

func listedLines(t *testing.T, name string) []string {
	t.Helper()
	text, err := os.ReadFile("../../scripts/" + name)
	if err != nil {
		t.Fatal(err)
	}
	var lines []string
	for _, line := range strings.Split(string(text), "\n") {
		if line = strings.TrimSpace(line); line != "" && !strings.HasPrefix(line, "#") {
			lines = append(lines, line)
		}
	}
	if len(lines) == 0 {
		t.Fatalf("scripts/%s lists nothing", name)
	}
	return lines
}

// packageDirs maps each package of the module to its folder.
func packageDirs(t *testing.T) map[string]string {
	t.Helper()
	out, err := exec.Command("go", "list", "-f", "{{.ImportPath}} {{.Dir}}", module+"...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	dirs := map[string]string{}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		pkg, dir, _ := strings.Cut(line, " ")
		dirs[pkg] = dir
	}
	return dirs
}
