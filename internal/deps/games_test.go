package deps

import (
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"adiukh/rules/games"
)

// gamePackages are the games' own packages: those the registry
// (rules/games) imports to list their values, found there, so that a new
// game's package is held to the rules without a line of this file.
func gamePackages(t *testing.T) []string {
	out, err := exec.Command("go", "list", "-f", `{{join .Imports " "}}`, "adiukh/rules/games").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	var pkgs []string
	for _, p := range strings.Fields(string(out)) {
		if strings.HasPrefix(p, module) && p != "adiukh/rules" {
			pkgs = append(pkgs, p)
		}
	}
	if len(pkgs) < len(games.All)/2 {
		t.Fatalf("the registry imports %v: fewer packages than its games could be in", pkgs)
	}
	return pkgs
}

// composing is the package of the game whose value has composition
// contests (rules.Variant.Compositions), which the composition discipline
// reads its problems' positions with and solves (rules/solve): the one
// import of a game's package outside rules/ and cmd/ (""
// when no game has them).
func composing() string {
	for _, v := range games.All {
		if v.Compositions {
			return reflect.TypeOf(v.Rules).PkgPath()
		}
	}
	return ""
}

// A game's difference lives on its value (rules.Variant): no package
// outside rules/ and cmd/ imports a game's own package, or what the games
// of flat men and kings share (rules/flat), but the composition
// discipline the game of its problems' (tests may).
func TestGamesImportedOnlyByTheRegistry(t *testing.T) {
	concrete := map[string]bool{}
	for _, p := range gamePackages(t) {
		concrete[p] = true
	}
	concrete["adiukh/rules/flat"] = true
	allowed := map[[2]string]bool{{"adiukh/tournament/composition", composing()}: true}
	out, err := exec.Command("go", "list", "-f", `{{.ImportPath}} {{join .Imports " "}}`, "adiukh/...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.Fields(line)
		if pkg := f[0]; strings.HasPrefix(pkg, "adiukh/rules") || strings.HasPrefix(pkg, "adiukh/cmd/") {
			continue
		}
		for _, imp := range f[1:] {
			if concrete[imp] && !allowed[[2]string{f[0], imp}] {
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
