package deps

import (
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"adiukh/rules/games"
)

// gamePackages are the packages of the games themselves: rules/ holds them,
// rules/games lists them, and only the commands may import one besides.
func gamePackages(t *testing.T) map[string]bool {
	out, err := exec.Command("go", "list", "adiukh/rules/...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	pkgs := map[string]bool{}
	for _, p := range strings.Fields(string(out)) {
		if p != "adiukh/rules" && p != "adiukh/rules/games" && p != "adiukh/rules/solve" {
			pkgs[p] = true
		}
	}
	return pkgs
}

// A game's difference lives on its value (rules.Variant): no package
// outside rules/ and cmd/ imports a game's own package (tests may), but the
// tables of openings, whose default table is Russian draughts' data
// (docs/architecture.md).
func TestGamesImportedOnlyByTheRegistry(t *testing.T) {
	concrete := gamePackages(t)
	out, err := exec.Command("go", "list", "-f", `{{.ImportPath}} {{join .Imports " "}}`, "adiukh/...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	allowed := map[string]bool{"adiukh/tournament/openings": true}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.Fields(line)
		if pkg := f[0]; strings.HasPrefix(pkg, "adiukh/rules") || strings.HasPrefix(pkg, "adiukh/cmd/") || allowed[pkg] {
			continue
		}
		for _, imp := range f[1:] {
			if concrete[imp] {
				t.Errorf("%s imports %s: ask the event's game (rules/games) instead", f[0], imp)
			}
		}
	}
}

// Nothing outside rules/ and cmd/ compares a game's key: neither Go code
// nor a template (`eq .Game "russian"`). Tests may name games.
func TestNoGameKeyCompared(t *testing.T) {
	keys := strings.Join(games.Keys(), "|")
	goCompare := regexp.MustCompile(`(==|!=)\s*"(` + keys + `)"|"(` + keys + `)"\s*(==|!=)|case\s+"(` + keys + `)"`)
	templateCompare := regexp.MustCompile(`(eq|ne)\s[^}]*"(` + keys + `)"`)
	root := "../.."
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		if d.IsDir() {
			switch rel {
			case "rules", "cmd", ".git", "node_modules":
				return filepath.SkipDir
			}
			return nil
		}
		var re *regexp.Regexp
		switch {
		case strings.HasSuffix(path, "_test.go"):
			return nil
		case strings.HasSuffix(path, ".go"):
			re = goCompare
		case strings.HasSuffix(path, ".html"), strings.HasSuffix(path, ".js"):
			re = templateCompare
		default:
			return nil
		}
		text, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for i, line := range strings.Split(string(text), "\n") {
			if re.MatchString(line) {
				t.Errorf("%s:%d compares a game's key: %s", rel, i+1, strings.TrimSpace(line))
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
