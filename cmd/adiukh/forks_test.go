package main

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strings"
	"testing"
)

// A test that forks a child runs apart (crash_test.go, startChild): no test
// of this package that starts a program, itself or through the package's
// helpers, calls t.Parallel.
func TestForkingTestsRunApart(t *testing.T) {
	t.Parallel()
	files, err := filepath.Glob("*_test.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	calls := map[string][]string{} // a function to the package's functions it calls
	forks := map[string]bool{}     // a function that starts a program itself
	parallel := map[string]token.Pos{}
	for _, file := range files {
		f, err := parser.ParseFile(fset, file, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		for _, decl := range f.Decls {
			fn, ok := decl.(*ast.FuncDecl)
			if !ok || fn.Body == nil {
				continue
			}
			name := fn.Name.Name
			ast.Inspect(fn.Body, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok {
					return true
				}
				switch fun := call.Fun.(type) {
				case *ast.Ident:
					calls[name] = append(calls[name], fun.Name)
				case *ast.SelectorExpr:
					if pkg, ok := fun.X.(*ast.Ident); ok && pkg.Name == "exec" && strings.HasPrefix(fun.Sel.Name, "Command") {
						forks[name] = true
					}
					if fun.Sel.Name == "Parallel" && len(call.Args) == 0 {
						parallel[name] = call.Pos()
					}
				}
				return true
			})
		}
	}
	// What calls a function that forks, forks.
	for changed := true; changed; {
		changed = false
		for caller, callees := range calls {
			for _, callee := range callees {
				if forks[callee] && !forks[caller] {
					forks[caller], changed = true, true
				}
			}
		}
	}
	if !forks["startChild"] || !forks["pdfText"] {
		t.Fatal("startChild and pdfText are not seen to start a program: this test no longer finds the tests that fork")
	}
	for name, pos := range parallel {
		if strings.HasPrefix(name, "Test") && forks[name] {
			t.Errorf("%s: %s starts a program and runs in parallel; a test that forks runs apart (crash_test.go)", fset.Position(pos), name)
		}
	}
}
