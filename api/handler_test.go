package api

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strings"
	"testing"
)

// Handlers and their helpers return the error to answer with; a call that
// drops it answers nothing at all (a blank 200). The compiler does not
// object to an unused error, so this test does: no statement may call a
// handler method that returns an error and ignore it.
func TestHandlerErrorsAreReturned(t *testing.T) {
	t.Parallel()
	var files []string
	for _, dir := range []string{"core", "web", "v1"} {
		names, err := filepath.Glob(filepath.Join(dir, "*.go"))
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, names...)
	}
	fset := token.NewFileSet()
	var parsed []*ast.File
	returnsError := map[string]bool{}
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		parsed = append(parsed, f)
		for _, d := range f.Decls {
			fn, ok := d.(*ast.FuncDecl)
			if !ok || fn.Recv == nil || fn.Type.Results == nil {
				continue
			}
			if star, ok := fn.Recv.List[0].Type.(*ast.StarExpr); !ok || (star.X.(*ast.Ident).Name != "handler" && star.X.(*ast.Ident).Name != "Server") {
				continue
			}
			results := fn.Type.Results.List
			if id, ok := results[len(results)-1].Type.(*ast.Ident); ok && id.Name == "error" {
				returnsError[fn.Name.Name] = true
			}
		}
	}
	if len(returnsError) == 0 {
		t.Fatal("found no handler method that returns an error: the test reads the wrong files")
	}
	for _, f := range parsed {
		ast.Inspect(f, func(n ast.Node) bool {
			stmt, ok := n.(*ast.ExprStmt)
			if !ok {
				return true
			}
			call, ok := stmt.X.(*ast.CallExpr)
			if !ok {
				return true
			}
			sel, ok := call.Fun.(*ast.SelectorExpr)
			if !ok {
				return true
			}
			if recv, isIdent := sel.X.(*ast.Ident); isIdent && recv.Name == "h" && returnsError[sel.Sel.Name] {
				t.Errorf("%s: the error of h.%s is dropped; return it", fset.Position(stmt.Pos()), sel.Sel.Name)
			}
			return true
		})
	}
}
