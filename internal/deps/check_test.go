package deps

import (
	"slices"
	"strings"
	"testing"
)

// plantedRules are the rules with the rule of the games over a planted game.
var plantedRules = append(slices.Clone(rules), gameRule([]string{"adiukh/rules/plantedgame"}))

// planted is a module whose every package a rule names exists and imports
// nothing: the rules find no import to object to, and a test plants one.
func planted() map[string][]string {
	deps := map[string][]string{}
	for _, r := range plantedRules {
		for _, p := range slices.Concat(r.from, r.to) {
			if pkg, ok := concrete(p); ok {
				deps[pkg] = nil
			}
		}
	}
	return deps
}

// concrete is a package a pattern matches: the root of a tree, a module
// outside this one for "std!"; none for an exclusion.
func concrete(pattern string) (string, bool) {
	switch {
	case strings.HasPrefix(pattern, "!"):
		return "", false
	case pattern == "std!":
		return "example.org/thirdparty", true
	}
	return strings.TrimSuffix(pattern, "/..."), true
}

var plantedStd = map[string]bool{"net/http": true}

// plantedDoc is an architecture document that names every import the
// rules allow, as docs/architecture.md does.
func plantedDoc() string {
	var b strings.Builder
	for _, r := range rules {
		for _, a := range r.allowed {
			b.WriteString("- `" + short(a.from) + "` may import `" + short(a.to) + "`\n")
		}
	}
	return b.String()
}

// Each rule fails on an import planted against each of its patterns,
// counted under that rule; the module as planted, without one, breaks none.
func TestEachRuleFailsOnAPlantedImport(t *testing.T) {
	rules := plantedRules
	if r := check(rules, planted(), plantedStd, plantedDoc()); len(r.problems) > 0 || slices.ContainsFunc(r.findings, func(f []string) bool { return len(f) > 0 }) {
		t.Fatalf("the planted module without a planted import breaks the rules: %+v", r)
	}
	for i, ru := range rules {
		for _, p := range ru.to {
			to, ok := concrete(p)
			if !ok {
				continue
			}
			if strings.HasSuffix(p, "/...") {
				// Inside the tree, which the rule's from may be the root of.
				to += "/planted"
			}
			from, _ := concrete(ru.from[0])
			if from == to {
				from, _ = concrete(ru.from[len(ru.from)-1])
			}
			deps := planted()
			deps[from] = []string{to}
			r := check(rules, deps, plantedStd, plantedDoc())
			want := from + " depends on " + to
			if !slices.Equal(r.findings[i], []string{want}) {
				t.Errorf("rule %d (%s) finds %q for a planted import %s", i+1, ru.why, r.findings[i], want)
			}
		}
	}
}

// A rule that names a package the module no longer has fails, rather than
// checking nothing.
func TestARuleNamingAMissingPackageFails(t *testing.T) {
	rules := plantedRules
	for i, ru := range rules {
		for _, p := range ru.from {
			gone, _ := concrete(p)
			deps := planted()
			for pkg := range deps {
				if pkg == gone || strings.HasPrefix(pkg, gone+"/") {
					delete(deps, pkg)
				}
			}
			r := check(rules, deps, plantedStd, plantedDoc())
			if !slices.ContainsFunc(r.problems, func(s string) bool { return strings.Contains(s, "names "+p+",") }) {
				t.Errorf("rule %d with %s gone: problems %q", i+1, gone, r.problems)
			}
		}
	}
}

// Two areas import each other only where the architecture document allows
// it by name; an allowance the document does not name fails.
func TestSiblingAreasOnlyWhereTheDocumentAllows(t *testing.T) {
	const from, to = "adiukh/tournament/entries", "adiukh/tournament/people"
	siblings := slices.IndexFunc(rules, func(r rule) bool { return slices.Equal(r.from, areas) && slices.Equal(r.to, areas) })
	if siblings < 0 {
		t.Fatal("no rule keeps the areas apart")
	}
	deps := planted()
	deps[from] = []string{to}
	allowing := slices.Clone(rules)
	allowing[siblings].allowed = []allowance{{from, to}}

	if r := check(allowing, deps, plantedStd, "- `entries` may import `people`: …"); len(r.findings[siblings]) > 0 || len(r.problems) > 0 {
		t.Errorf("an import the document allows: %q, %q", r.findings[siblings], r.problems)
	}
	r := check(allowing, deps, plantedStd, "nothing allowed")
	if len(r.findings[siblings]) > 0 || len(r.problems) != 1 || !strings.Contains(r.problems[0], "does not allow by name") {
		t.Errorf("an allowance the document does not name: %q, %q", r.findings[siblings], r.problems)
	}
	if r := check(rules, deps, plantedStd, "- `entries` may import `people`: …"); len(r.findings[siblings]) != 1 {
		t.Errorf("named in the document but not allowed in the rule: %q", r.findings[siblings])
	}
}
