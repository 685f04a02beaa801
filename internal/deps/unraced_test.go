package deps

import (
	"go/ast"
	"os"
	"os/exec"
	"strings"
	"testing"
)

// The packages scripts/test runs without the race detector
// (scripts/unraced-packages) hold nothing that the race detector could find
// a race in: no code of theirs starts a goroutine, takes a lock or keeps an
// atomic value. A package that comes to need one goes back under the race
// detector by leaving the list.
func TestUnracedPackagesHoldNothingShared(t *testing.T) {
	dirs := packageDirs(t)
	for _, pkg := range listedLines(t, "unraced-packages") {
		if dirs[pkg] == "" {
			t.Errorf("scripts/unraced-packages: %s is not a package of the module", pkg)
			continue
		}
		for _, file := range goFiles(t, dirs[pkg]) {
			if strings.HasSuffix(file, "_test.go") {
				continue
			}
			f := parse(t, file)
			for _, imp := range f.Imports {
				if imp.Path.Value == `"sync/atomic"` {
					t.Errorf("%s: keeps an atomic value, and %s is run without the race detector (scripts/unraced-packages)", position(imp), pkg)
				}
			}
			ast.Inspect(f, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.GoStmt:
					t.Errorf("%s: starts a goroutine, and %s is run without the race detector (scripts/unraced-packages)", position(n), pkg)
				case *ast.SelectorExpr:
					if x, ok := n.X.(*ast.Ident); ok && x.Name == "sync" && !strings.HasPrefix(n.Sel.Name, "Once") {
						t.Errorf("%s: uses sync.%s, and %s is run without the race detector (scripts/unraced-packages)", position(n), n.Sel.Name, pkg)
					}
				}
				return true
			})
		}
	}
}

// The tests of those packages that run code at once run under the race
// detector as well (scripts/raced-tests): each named test exists, and a test
// that starts a goroutine or waits on a sync.WaitGroup, itself or through a
// helper of its package's tests, is named.
func TestRacedTestsAreTheConcurrentOnes(t *testing.T) {
	unraced := map[string]bool{}
	for _, pkg := range listedLines(t, "unraced-packages") {
		unraced[pkg] = true
	}
	listed := map[string]bool{}
	for _, line := range listedLines(t, "raced-tests") {
		pkg, test, ok := strings.Cut(line, " ")
		if !ok || !unraced[pkg] {
			t.Errorf("scripts/raced-tests: %q is not a package of scripts/unraced-packages and a test", line)
			continue
		}
		listed[pkg+" "+test] = true
	}
	found := map[string]bool{}
	inPackages := map[string][]string{} // a test's name → the unraced packages that have it
	dirs := packageDirs(t)
	for pkg := range unraced {
		var tests []*ast.FuncDecl
		helpers := map[string]*ast.FuncDecl{}
		for _, file := range goFiles(t, dirs[pkg]) {
			if !strings.HasSuffix(file, "_test.go") {
				continue
			}
			for _, decl := range parse(t, file).Decls {
				fn, ok := decl.(*ast.FuncDecl)
				if !ok || fn.Body == nil {
					continue
				}
				if fn.Recv == nil && strings.HasPrefix(fn.Name.Name, "Test") {
					tests = append(tests, fn)
				} else {
					helpers[funcKey(fn)] = fn
				}
			}
		}
		for _, fn := range tests {
			found[pkg+" "+fn.Name.Name] = true
			inPackages[fn.Name.Name] = append(inPackages[fn.Name.Name], pkg)
			if concurrent(fn, helpers, map[*ast.FuncDecl]bool{}) && !listed[pkg+" "+fn.Name.Name] {
				t.Errorf("%s: %s runs code at once: name it in scripts/raced-tests so that the race detector runs it", position(fn), fn.Name.Name)
			}
		}
	}
	for test := range listed {
		if !found[test] {
			t.Errorf("scripts/raced-tests names %s, which is not a test of that package", test)
		}
		// scripts/test leaves the raced tests out of the run without the
		// race detector by name, in every unraced package at once.
		pkg, name, _ := strings.Cut(test, " ")
		for _, other := range inPackages[name] {
			if other != pkg && !listed[other+" "+name] {
				t.Errorf("scripts/raced-tests names %s, and %s has a test of that name, which the run without the race detector would leave out too: rename one", test, other)
			}
		}
	}
}

// funcKey names a function of a package's tests as a call to it is written:
// its name, or for a method the name alone (a call x.m() is matched to every
// method m of the tests, which may only name more tests concurrent).
func funcKey(fn *ast.FuncDecl) string {
	if fn.Recv != nil {
		return "." + fn.Name.Name
	}
	return fn.Name.Name
}

// concurrent tells whether fn starts a goroutine or waits on a
// sync.WaitGroup, itself or through the functions of the package's tests it
// calls (helpers, by name), however deep.
func concurrent(fn *ast.FuncDecl, helpers map[string]*ast.FuncDecl, seen map[*ast.FuncDecl]bool) bool {
	if seen[fn] {
		return false
	}
	seen[fn] = true
	var is bool
	ast.Inspect(fn.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.GoStmt:
			is = true
		case *ast.SelectorExpr:
			if x, ok := n.X.(*ast.Ident); ok && x.Name == "sync" && n.Sel.Name == "WaitGroup" {
				is = true
			}
		case *ast.CallExpr:
			var callee *ast.FuncDecl
			switch f := n.Fun.(type) {
			case *ast.Ident:
				callee = helpers[f.Name]
			case *ast.SelectorExpr:
				callee = helpers["."+f.Sel.Name]
			}
			if callee != nil && concurrent(callee, helpers, seen) {
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
