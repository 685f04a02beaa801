package deps

import (
	"os/exec"
	"slices"
	"strings"
	"testing"
)

const module = "adiukh/"

// rule forbids the packages matched by from to depend, directly or through
// others, on any package matched by to.
type rule struct {
	from, to []string
	why      string
}

// areas are the use-case packages beside the domain, each with its own
// Service and store interface.
var areas = []string{"adiukh/tournament/account", "adiukh/tournament/auditlog", "adiukh/tournament/composition",
	"adiukh/tournament/correspondence", "adiukh/tournament/people", "adiukh/tournament/ratings"}

// The rules of docs/architecture.md ("Dependency direction"). A pattern
// ending in "/..." matches the package and everything under it; "std!"
// matches any package outside the standard library and this module; a
// pattern starting with "!" takes what it matches out of the rule's "to".
var rules = []rule{
	{[]string{"adiukh/rules"}, []string{"adiukh/..."}, "the game imports nothing of ours"},
	{[]string{"adiukh/tournament"}, []string{"adiukh/tournament/...", "adiukh/api/...", "std!"},
		"the domain imports none of its subpackages, no HTTP and no third-party module"},
	{[]string{"adiukh/api/core"}, []string{"adiukh/api", "adiukh/api/web", "adiukh/api/v1"}, "the core serves the pages and the API, never the other way"},
	{[]string{"adiukh/api/web"}, []string{"adiukh/api", "adiukh/api/v1"}, "the pages and the JSON API do not import each other"},
	{[]string{"adiukh/api/v1"}, []string{"adiukh/api", "adiukh/api/web"}, "the pages and the JSON API do not import each other"},
	{[]string{"adiukh/tournament/pairing/...", "adiukh/tournament/standings", "adiukh/tournament/trf", "adiukh/rules/solve", "adiukh/tournament/report", "adiukh/tournament/ical", "adiukh/tournament/rating"},
		[]string{"adiukh/tournament/store/...", "gorm.io/...", "adiukh/api/...", "net/http"},
		"the pure algorithms take in-memory data: no store, no database, no HTTP"},
	{areas, slices.Concat(areas, []string{"adiukh/tournament/store/...", "adiukh/tournament/engines", "adiukh/tournament/export", "adiukh/tournament/demo"}),
		"the use-case areas beside the domain import the domain (and catalog, rules/solve, the rating formula), never each other nor the adapters that join them; what two areas share is in the domain"},
	{[]string{"adiukh/tournament/catalog", "adiukh/tournament/report"},
		[]string{"adiukh/tournament/...", "!adiukh/tournament/catalog", "adiukh/rules/solve", "adiukh/api/...", "adiukh/cmd/..."},
		"the catalogue and the documents depend on nothing of ours above rules (the domain's values phrase themselves through the catalogue's interfaces)"},
	{[]string{"adiukh/tournament/...", "adiukh/rules/..."}, []string{"adiukh/api/...", "adiukh/cmd/...", "github.com/gin-gonic/..."},
		"only api knows HTTP, only cmd wires"},
}

func TestImportRules(t *testing.T) {
	out, err := exec.Command("go", "list", "-f", `{{.ImportPath}} {{.Standard}} {{join .Deps " "}}`, "adiukh/...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	std := map[string]bool{}
	deps := map[string][]string{}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.Fields(line)
		deps[f[0]] = f[2:]
	}
	// The standard library is what go list says it is.
	all, err := exec.Command("go", "list", "std").Output()
	if err != nil {
		t.Fatalf("go list std: %v", err)
	}
	for _, p := range strings.Fields(string(all)) {
		std[p] = true
	}
	checked := 0
	for _, r := range rules {
		for pkg, ds := range deps {
			if !matchesAny(pkg, r.from, std) {
				continue
			}
			checked++
			for _, d := range ds {
				if d != pkg && matchesAny(d, r.to, std) {
					t.Errorf("%s depends on %s: %s", pkg, d, r.why)
				}
			}
		}
	}
	if checked < len(rules) {
		t.Fatalf("only %d packages checked for %d rules: a rule names no package", checked, len(rules))
	}
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
