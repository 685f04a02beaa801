package deps

import (
	"fmt"
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"
)

const module = "adiukh/"

// rule forbids the packages matched by from to depend, directly or through
// others, on any package matched by to, but for the imports allowed.
type rule struct {
	from, to []string
	why      string
	allowed  []allowance
}

// allowance lets one package of a rule's from depend on one of its to, for
// the reason docs/architecture.md gives where it names the two.
type allowance struct{ from, to string }

// areas are the use-case packages beside the domain, each with its own
// Service and store interface.
var areas = []string{"adiukh/tournament/account", "adiukh/tournament/auditlog", "adiukh/tournament/checkin", "adiukh/tournament/composition",
	"adiukh/tournament/correspondence", "adiukh/tournament/entries", "adiukh/tournament/hall", "adiukh/tournament/interchange", "adiukh/tournament/knockout", "adiukh/tournament/micromatch", "adiukh/tournament/people", "adiukh/tournament/playercard", "adiukh/tournament/players", "adiukh/tournament/prizelist", "adiukh/tournament/playoff", "adiukh/tournament/ratings", "adiukh/tournament/relay", "adiukh/tournament/review",
	"adiukh/tournament/search", "adiukh/tournament/submissions", "adiukh/tournament/swiss", "adiukh/tournament/teams"}

// siblingsAllowed are the imports between areas that docs/architecture.md
// allows by name ("`entries` may import `people`").
var siblingsAllowed = []allowance{{"adiukh/tournament/correspondence", "adiukh/tournament/micromatch"}, {"adiukh/tournament/correspondence", "adiukh/tournament/knockout"},
	{"adiukh/tournament/submissions", "adiukh/tournament/knockout"},
	{"adiukh/tournament/hall", "adiukh/tournament/relay"}, {"adiukh/tournament/hall", "adiukh/tournament/teams"}, {"adiukh/tournament/hall", "adiukh/tournament/players"},
	{"adiukh/tournament/entries", "adiukh/tournament/players"}, {"adiukh/tournament/teams", "adiukh/tournament/players"},
	{"adiukh/tournament/playoff", "adiukh/tournament/players"}, {"adiukh/tournament/playoff", "adiukh/tournament/teams"}, {"adiukh/tournament/interchange", "adiukh/tournament/players"}}

// v1Parts are the JSON API's packages below its assembly api/v1: the kit
// and the shapes the areas share, then the areas, each registering its own
// routes; an area moved out of api/v1 joins the list.
var v1Parts = []string{"adiukh/api/v1/kit", "adiukh/api/v1/shapes", "adiukh/api/v1/people", "adiukh/api/v1/playoffs", "adiukh/api/v1/ratings", "adiukh/api/v1/teams", "adiukh/api/v1/correspondence", "adiukh/api/v1/entries", "adiukh/api/v1/submissions", "adiukh/api/v1/events", "adiukh/api/v1/rounds", "adiukh/api/v1/hall", "adiukh/api/v1/knockout", "adiukh/api/v1/exports", "adiukh/api/v1/accounts", "adiukh/api/v1/composition", "adiukh/api/v1/relay", "adiukh/api/v1/checkin"}

// webAreas are the area packages of the pages (docs/architecture.md, "HTTP
// areas"): each imports the kit, core and the domain, never the assembly
// api/web or another area. TestEveryWebAreaIsNamed keeps the list whole.
var webAreas = []string{"adiukh/api/web/accounts", "adiukh/api/web/checkin", "adiukh/api/web/composition", "adiukh/api/web/desk", "adiukh/api/web/entries", "adiukh/api/web/events", "adiukh/api/web/hall", "adiukh/api/web/people", "adiukh/api/web/play", "adiukh/api/web/playoffs", "adiukh/api/web/ratings", "adiukh/api/web/relay", "adiukh/api/web/teams"}

// The rules of docs/architecture.md ("Dependency direction"). A pattern
// ending in "/..." matches the package and everything under it; "std!"
// matches any package outside the standard library and this module; a
// pattern starting with "!" takes what it matches out of the rule's "to".
var rules = []rule{
	{from: []string{"adiukh/rules"}, to: []string{"adiukh/..."}, why: "the game imports nothing of ours"},
	{from: []string{"adiukh/rules/flat"}, to: []string{"adiukh/...", "!adiukh/rules", "std!"}, why: "what the games of flat men and kings share imports nothing of ours but rules, and no third-party module"},
	{from: []string{"adiukh/tournament/openings"}, to: []string{"adiukh/...", "!adiukh/rules", "!adiukh/tournament/csvfile", "std!"},
		why: "the tables of openings import nothing of ours but the rules of the game and the CSV writer, and no third-party module"},
	{from: []string{"adiukh/tournament/csvfile"}, to: []string{"adiukh/...", "std!"}, why: "the one CSV writer imports nothing of ours, and no third-party module"},
	{from: []string{"adiukh/internal/names"}, to: []string{"adiukh/..."}, why: "the comparison of names imports nothing of ours"},
	{from: []string{"adiukh/tournament/prizes"}, to: []string{"adiukh/...", "std!"}, why: "the giving of prizes imports nothing of ours, and no third-party module"},
	{from: []string{"adiukh/internal/connlimit"}, to: []string{"adiukh/...", "std!"}, why: "the connection limits import nothing of ours and no third-party module"},
	{from: []string{"adiukh/internal/keptparts"}, to: []string{"adiukh/...", "std!"}, why: "the kept parts of pages import nothing of ours and no third-party module"},
	{from: []string{"adiukh/tournament"}, to: []string{"adiukh/tournament/...", "adiukh/api/...", "std!"},
		why: "the domain imports none of its subpackages, no HTTP and no third-party module"},
	{from: []string{"adiukh/api/core"}, to: []string{"adiukh/api", "adiukh/api/web/...", "adiukh/api/v1/..."}, why: "the core serves the pages and the API, never the other way"},
	{from: []string{"adiukh/api/web/..."}, to: []string{"adiukh/api", "adiukh/api/v1"}, why: "the pages and the JSON API do not import each other"},
	{from: slices.Concat([]string{"adiukh/api/web/kit"}, webAreas), to: []string{"adiukh/api/web/...", "!adiukh/api/web/kit"},
		why: "an area of the pages imports only the kit of them, never the assembly or another area; the kit imports no area"},
	{from: []string{"adiukh/api/v1/..."}, to: []string{"adiukh/api", "adiukh/api/web/..."}, why: "the pages and the JSON API do not import each other"},
	{from: v1Parts, to: []string{"adiukh/api/v1/...", "!adiukh/api/v1/kit", "!adiukh/api/v1/shapes"},
		why: "the JSON API's areas import none of each other nor the assembly api/v1, and the kit and the shapes no area: what areas share is in api/v1/kit and api/v1/shapes"},
	{from: []string{"adiukh/tournament/pairing/...", "adiukh/tournament/standings", "adiukh/tournament/prizes", "adiukh/tournament/trf", "adiukh/rules/solve", "adiukh/tournament/report", "adiukh/tournament/ical", "adiukh/tournament/rating", "adiukh/tournament/openings", "adiukh/tournament/csvfile", "adiukh/internal/names"},
		to:  []string{"adiukh/tournament/store/...", "gorm.io/...", "adiukh/api/...", "net/http"},
		why: "the pure algorithms take in-memory data: no store, no database, no HTTP"},
	{from: areas, to: areas, allowed: siblingsAllowed,
		why: "the use-case areas beside the domain import none of each other but where docs/architecture.md allows it by name; what two areas share is in the domain"},
	{from: areas, to: []string{"adiukh/tournament/store/...", "adiukh/tournament/engines", "adiukh/tournament/export", "adiukh/internal/demo"},
		why: "the use-case areas import the domain (and catalog, rules/solve, the rating formula), never the adapters that join them"},
	{from: []string{"adiukh/tournament/catalog", "adiukh/tournament/report"},
		to:  []string{"adiukh/tournament/...", "!adiukh/tournament/catalog", "!adiukh/tournament/csvfile", "adiukh/rules/solve", "adiukh/api/...", "adiukh/cmd/..."},
		why: "the catalogue and the documents depend on nothing of ours above rules (the domain's values phrase themselves through the catalogue's interfaces)"},
	{from: []string{"adiukh/tournament/...", "adiukh/rules/..."}, to: []string{"adiukh/api/...", "adiukh/cmd/...", "github.com/gin-gonic/..."},
		why: "only api knows HTTP, only cmd wires"},
	{from: []string{"adiukh/..."}, to: []string{"adiukh/api/apitest"}, why: "the HTTP tests' helpers serve the tests of api, api/web and api/v1, never the program"},
}

// gameRule keeps the games' own packages (gamePackages: those the registry
// lists, found there rather than named here, so that a new game is held to
// it without a line of this file) to what every game shares.
func gameRule(games []string) rule {
	return rule{from: games, to: []string{"adiukh/...", "!adiukh/rules", "!adiukh/rules/flat", "std!"},
		why: "a game imports nothing of ours but rules and rules/flat (what the games of flat men and kings share), and no third-party module"}
}

func TestImportRules(t *testing.T) {
	rules := append(slices.Clone(rules), gameRule(gamePackages(t)))
	out, err := exec.Command("go", "list", "-f", `{{.ImportPath}} {{join .Deps " "}}`, "adiukh/...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	deps := map[string][]string{}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.Fields(line)
		deps[f[0]] = f[1:]
	}
	// The standard library is what go list says it is.
	all, err := exec.Command("go", "list", "std").Output()
	if err != nil {
		t.Fatalf("go list std: %v", err)
	}
	std := map[string]bool{}
	for _, p := range strings.Fields(string(all)) {
		std[p] = true
	}
	doc, err := os.ReadFile("../../docs/architecture.md")
	if err != nil {
		t.Fatal(err)
	}
	r := check(rules, deps, std, string(doc))
	for _, p := range r.problems {
		t.Error(p)
	}
	for i, found := range r.findings {
		if len(found) > 0 {
			t.Errorf("rule %d (%s), imports that break it: %d\n\t%s", i+1, rules[i].why, len(found), strings.Join(found, "\n\t"))
		}
	}
}

// report is what check finds: per rule (by index), the imports that break
// it; and the rules that cannot be checked as written.
type report struct {
	findings [][]string
	problems []string
}

// check holds the import graph deps (each package of the module to every
// package it depends on) to the rules. A rule, or an allowance, naming a
// package of the module that is not in the graph is a problem: it no longer
// checks what it was written for. So is an allowance the architecture
// document doc does not name.
func check(rules []rule, deps map[string][]string, std map[string]bool, doc string) report {
	r := report{findings: make([][]string, len(rules))}
	for i, ru := range rules {
		for _, p := range slices.Concat(ru.from, ru.to) {
			if !exists(strings.TrimPrefix(p, "!"), deps) {
				r.problems = append(r.problems, fmt.Sprintf("rule %d (%s) names %s, which is no package of the module", i+1, ru.why, p))
			}
		}
		for _, a := range ru.allowed {
			for _, p := range []string{a.from, a.to} {
				if _, ok := deps[p]; !ok {
					r.problems = append(r.problems, fmt.Sprintf("rule %d allows an import of %s, which is no package of the module", i+1, p))
				}
			}
			if named := "`" + short(a.from) + "` may import `" + short(a.to) + "`"; !strings.Contains(doc, named) {
				r.problems = append(r.problems, fmt.Sprintf("rule %d allows %s to import %s, which docs/architecture.md does not allow by name (%s)", i+1, a.from, a.to, named))
			}
		}
		for _, pkg := range sortedKeys(deps) {
			if !matchesAny(pkg, ru.from, std) {
				continue
			}
			for _, d := range deps[pkg] {
				if d != pkg && matchesAny(d, ru.to, std) && !slices.Contains(ru.allowed, allowance{pkg, d}) {
					r.findings[i] = append(r.findings[i], pkg+" depends on "+d)
				}
			}
		}
	}
	return r
}

// exists reports whether a pattern of the module names a package in the
// graph; patterns outside the module (the standard library, other modules)
// are taken as written.
func exists(pattern string, deps map[string][]string) bool {
	if pattern == "std!" || !strings.HasPrefix(pattern, module) {
		return true
	}
	root, tree := strings.CutSuffix(pattern, "/...")
	for pkg := range deps {
		if pkg == root || (tree && strings.HasPrefix(pkg, root+"/")) {
			return true
		}
	}
	return false
}

// short names a package as the architecture document does: the last part
// of its path.
func short(pkg string) string { return pkg[strings.LastIndex(pkg, "/")+1:] }

func sortedKeys(m map[string][]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

func matchesAny(pkg string, patterns []string, std map[string]bool) bool {
	for _, p := range patterns {
		if except, ok := strings.CutPrefix(p, "!"); ok && matchesAny(pkg, []string{except}, std) {
			return false
		}
	}
	for _, p := range patterns {
		switch {
		case strings.HasPrefix(p, "!"):
		case p == "std!":
			if !std[pkg] && !strings.HasPrefix(pkg, module) && !strings.HasPrefix(pkg, "vendor/") {
				return true
			}
		case strings.HasSuffix(p, "/..."):
			root := strings.TrimSuffix(p, "/...")
			if pkg == root || strings.HasPrefix(pkg, root+"/") {
				return true
			}
		case pkg == p:
			return true
		}
	}
	return false
}

// Every package under api/web but the kit is an area webAreas names, so
// that the rule between areas checks a new one from its first commit.
func TestEveryWebAreaIsNamed(t *testing.T) {
	out, err := exec.Command("go", "list", "adiukh/api/web/...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	for _, pkg := range strings.Fields(string(out)) {
		if pkg != "adiukh/api/web" && pkg != "adiukh/api/web/kit" && !slices.Contains(webAreas, pkg) {
			t.Errorf("%s is an area of the pages that webAreas does not name", pkg)
		}
	}
}
