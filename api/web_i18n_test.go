package api

import (
	"encoding/json"
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"adiukh/rules"
	"adiukh/tournament"
)

// Russian counts take three forms: 1, 21 → one; 2–4, 22 → few; 5–20, 25 →
// many (CLDR plural rules).
func TestRussianPlurals(t *testing.T) {
	b, err := newBundle()
	if err != nil {
		t.Fatal(err)
	}
	ru, en := newTranslator(b, langRU), newTranslator(b, langEN)
	// The number and the word are joined by a no-break space.
	for _, tc := range []struct {
		n      int
		ru, en string
	}{
		{1, "1\u00a0тур", "1\u00a0round"},
		{2, "2\u00a0тура", "2\u00a0rounds"},
		{4, "4\u00a0тура", "4\u00a0rounds"},
		{5, "5\u00a0туров", "5\u00a0rounds"},
		{11, "11\u00a0туров", "11\u00a0rounds"},
		{12, "12\u00a0туров", "12\u00a0rounds"},
		{21, "21\u00a0тур", "21\u00a0rounds"},
		{22, "22\u00a0тура", "22\u00a0rounds"},
		{25, "25\u00a0туров", "25\u00a0rounds"},
	} {
		if got := ru.N("rounds.count", tc.n); got != tc.ru {
			t.Errorf("ru %d: %q, want %q", tc.n, got, tc.ru)
		}
		if got := en.N("rounds.count", tc.n); got != tc.en {
			t.Errorf("en %d: %q, want %q", tc.n, got, tc.en)
		}
	}
}

func TestNumbersAndDates(t *testing.T) {
	b, err := newBundle()
	if err != nil {
		t.Fatal(err)
	}
	ru, en := newTranslator(b, langRU), newTranslator(b, langEN)
	for _, tc := range []struct {
		got, want string
	}{
		{ru.Num(5), "5"}, {ru.Num(5.5), "5½"}, {ru.Num(0.5), "½"}, {ru.Num(12.25), "12,25"}, {en.Num(12.25), "12.25"},
		{ru.Date("2026-11-22"), "22 ноября 2026"}, {en.Date("2026-11-22"), "22 November 2026"}, {ru.Date(""), ""},
		{ru.T("no.such.message"), "⟦no.such.message⟧"},
	} {
		if tc.got != tc.want {
			t.Errorf("got %q, want %q", tc.got, tc.want)
		}
	}
}

// Both message files have the same messages, so that no page falls back
// to a message ID in one language.
func TestMessageFilesMatch(t *testing.T) {
	keys := map[string]map[string]bool{}
	for _, lang := range []string{langRU, langEN} {
		raw, err := localeFiles.ReadFile("locales/" + lang + ".json")
		if err != nil {
			t.Fatal(err)
		}
		var m map[string]any
		if err := json.Unmarshal(raw, &m); err != nil {
			t.Fatalf("%s.json: %v", lang, err)
		}
		keys[lang] = map[string]bool{}
		for k := range m {
			keys[lang][k] = true
		}
	}
	// English readers get the domain's own, more detailed English warnings.
	ruOnly := map[string]bool{"warning.no_time_control": true, "warning.time_control": true}
	for k := range keys[langRU] {
		if !keys[langEN][k] && !ruOnly[k] {
			t.Errorf("%q is in ru.json but not in en.json", k)
		}
	}
	for k := range keys[langEN] {
		if !keys[langRU][k] {
			t.Errorf("%q is in en.json but not in ru.json", k)
		}
	}
}

func TestParsePages(t *testing.T) {
	pages, err := parsePages()
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"events", "event", "standings", "crosstable", "player", "search", "game", "login", "setup", "error", "event_new", "manage", "results", "game_edit", "audit"} {
		if pages[name] == nil {
			t.Errorf("page %q is missing", name)
		}
	}
}

// Every Russian error format takes the same arguments, in the same order,
// as the English one it translates.
func TestErrorCatalog(t *testing.T) {
	verbs := regexp.MustCompile(`%[-+# 0]*[a-zA-Z]`)
	for en, ru := range errorsRU() {
		if a, b := verbs.FindAllString(en, -1), verbs.FindAllString(ru, -1); !slices.Equal(a, b) {
			t.Errorf("%q takes %v, its translation %q takes %v", en, a, ru, b)
		}
	}
	b, err := newBundle()
	if err != nil {
		t.Fatal(err)
	}
	ru := newTranslator(b, langRU)
	e := tournament.Invalid("score", "the two scores add up to 24 (every checker is counted once, §5.1); %s adds up to %d", "14:11", 25)
	if got, want := ru.Error(e), "сумма счёта — 24 (каждая шашка считается один раз, §5.1); у 14:11 сумма 25"; got != want {
		t.Errorf("translated error %q, want %q", got, want)
	}
	if got := newTranslator(b, langEN).Error(e); got != e.Message {
		t.Errorf("English error %q, want %q", got, e.Message)
	}
}

// Every message the rules can give on a game sheet has a Russian
// translation taking the same arguments: the formats are collected from the
// rules' source, as the first argument of say, recordError and fail and the
// literals assigned to a variable named format.
func TestRulesCatalog(t *testing.T) {
	files, err := filepath.Glob("../rules/*.go")
	if err != nil {
		t.Fatal(err)
	}
	// The solver's messages (rules/solve) share the rules' catalogue.
	solverFiles, err := filepath.Glob("../rules/solve/*.go")
	if err != nil {
		t.Fatal(err)
	}
	files = append(files, solverFiles...)
	formats := map[string]bool{}
	fset := token.NewFileSet()
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		file, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(file, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CallExpr:
				if id, ok := n.Fun.(*ast.Ident); ok && (id.Name == "say" || id.Name == "recordError" || id.Name == "fail" || id.Name == "stipulationError") && len(n.Args) > 0 {
					if lit, ok := n.Args[0].(*ast.BasicLit); ok && lit.Kind == token.STRING {
						s, _ := strconv.Unquote(lit.Value)
						formats[s] = true
					}
				}
			case *ast.AssignStmt:
				if id, ok := n.Lhs[0].(*ast.Ident); ok && id.Name == "format" {
					if lit, ok := n.Rhs[0].(*ast.BasicLit); ok && lit.Kind == token.STRING {
						s, _ := strconv.Unquote(lit.Value)
						formats[s] = true
					}
				}
			}
			return true
		})
	}
	if len(formats) < 40 {
		t.Fatalf("found only %d formats in the rules' source", len(formats))
	}
	verbs := regexp.MustCompile(`%[-+# 0]*[a-zA-Z]`)
	for en := range formats {
		ru, ok := rulesRU()[en]
		if !ok {
			t.Errorf("no Russian for the rules' message %q", en)
			continue
		}
		if a, b := verbs.FindAllString(en, -1), verbs.FindAllString(ru, -1); !slices.Equal(a, b) {
			t.Errorf("%q takes %v, its translation %q takes %v", en, a, ru, b)
		}
	}
	for en := range rulesRU() {
		if !formats[en] {
			t.Errorf("the Russian catalogue has %q, which the rules no longer say", en)
		}
	}

	b, err := newBundle()
	if err != nil {
		t.Fatal(err)
	}
	report := rules.ValidateSheet("1. c3-b4 b6-c5 2. b6-a5")
	if got, want := newTranslator(b, langRU).Problem(report.Errors[0]), "b6-a5: на поле b6 нет фигуры"; got != want {
		t.Errorf("translated problem %q, want %q", got, want)
	}
	report = rules.ValidateSheet("1. c3-b4 12:12 resigned")
	if got, want := newTranslator(b, langRU).Problem(report.Errors[0]), "при окончании «сдача» счёт 24:0 или 0:24, а не 12:12 (пп. 5.2–5.4)"; got != want {
		t.Errorf("translated problem %q, want %q", got, want)
	}
}
