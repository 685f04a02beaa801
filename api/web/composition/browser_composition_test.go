package composition_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"adiukh/api/apitest"
	"adiukh/tournament"
	"adiukh/tournament/account"
)

// TestBrowserCompositionEntry is an author at a computer: signs in, opens
// the contest, builds the position on the board editor square by square
// (towers colour by colour), fills the task and submits, and sees the
// solver's verdict.
func TestBrowserCompositionEntry(t *testing.T) {
	t.Parallel()
	s := newCompServer(t, time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC))
	director := s.User("director@example.org", tournament.ArbiterRole)
	namedUser(s, "author@example.org", "Автор Петров", tournament.PlayerRole)
	id := apitest.Num(s.Must(http.StatusCreated, director, "POST", "/api/v1/events", map[string]any{"name": "Конкурс составителей", "discipline": "composition", "system": "round-robin"}).(map[string]any)["id"])
	s.Must(http.StatusOK, director, "PUT", fmt.Sprintf("/api/v1/events/%d/contest", id), map[string]any{"sections": []map[string]string{{"name": "Задачи", "rules": "12+12"}},
		"deadline": "2026-11-10T12:00:00Z", "scale": 4, "aggregation": "mean", "claim_days": 7})
	srv := httptest.NewServer(s.Handler)
	defer srv.Close()
	ctx := apitest.Browser(t)

	// g005 as taps: white a5-1/6 (6 black then 1 white), b2-1, d4-4/1,
	// d8-1/3, e7-3/1; black d6-1/2.
	type build struct {
		tool string
		sq   string
		n    int
	}
	steps := []build{
		{"b", "a5", 6}, {"w", "a5", 1}, {"w", "b2", 1}, {"b", "d4", 1}, {"w", "d4", 4},
		{"b", "d8", 3}, {"w", "d8", 1}, {"b", "e7", 1}, {"w", "e7", 3}, {"w", "d6", 2}, {"b", "d6", 1},
	}
	actions := []chromedp.Action{
		chromedp.EmulateViewport(1100, 900),
		chromedp.Navigate(srv.URL + "/login"),
		chromedp.SendKeys(`input[name=email]`, "author@example.org"),
		chromedp.SendKeys(`input[name=password]`, "пароль игрока"+kb.Enter),
		chromedp.WaitVisible(`form[action="/logout"]`),
		chromedp.Navigate(fmt.Sprintf("%s/events/%d", srv.URL, id)), // redirected to the contest
		apitest.Load(fmt.Sprintf(`a.button[href="/events/%d/contest/entries"]`, id)),
		chromedp.WaitVisible(`#board-editor .be-grid button[data-sq="a1"]`),
	}
	tool := ""
	for _, st := range steps {
		if st.tool != tool {
			actions = append(actions, chromedp.Click(fmt.Sprintf(`#board-editor button[data-tool="%s"]`, st.tool)))
			tool = st.tool
		}
		for range st.n {
			actions = append(actions, chromedp.Click(fmt.Sprintf(`#board-editor button[data-sq="%s"]`, st.sq)))
		}
	}
	var position, counts, verdict string
	actions = append(actions,
		chromedp.Value(`#position-field`, &position),
		chromedp.Text(`.be-counts`, &counts),
		chromedp.Click(`input[name=side][value=black]`),
		chromedp.SendKeys(`input[name=stipulation]`, "exact 18:6"),
		chromedp.SendKeys(`textarea[name=solution]`, "d6:f8 b2-c3 f8:d6 e7:c5"),
		apitest.Shot("composition-editor"),
		apitest.Load(`#entry-submit`),
		chromedp.Text(`#verdict`, &verdict),
		apitest.Shot("composition-verdict"),
	)
	if err := chromedp.Run(ctx, actions...); err != nil {
		t.Fatal(err)
	}
	// The page is Russian: the editor names the sides so.
	if want := ruPosition(apitest.G005); position != want {
		t.Errorf("the board editor wrote %q, want %q", position, want)
	}
	if !strings.Contains(counts, "12/12") || strings.Count(counts, "12/12") != 2 {
		t.Errorf("the counts under the board: %q", counts)
	}
	if !strings.Contains(verdict, apitest.RuT("compo.verdict.sound")) || !strings.Contains(verdict, "001") {
		t.Errorf("the verdict after submitting: %q", verdict)
	}

	// The jury marks it after the deadline; the award page shows it.
	namedUser(s, "judge@example.org", "Судья Иванов", tournament.PlayerRole)
	judge, _, err := s.Accounts.CreateToken(context.Background(), account.NewToken{Email: "judge@example.org"})
	if err != nil {
		t.Fatal(err)
	}
	base := fmt.Sprintf("/api/v1/events/%d/contest", id)
	s.Must(http.StatusOK, director, "PUT", base+"/judges", map[string]any{"judges": []string{"judge@example.org"}})
	s.Clock.Set(time.Date(2026, 11, 10, 12, 0, 0, 0, time.UTC))
	s.Must(http.StatusOK, judge, "PUT", base+"/marks/001", map[string]any{"mark": 3.5, "comment": "Тонкая игра башнями"})
	s.Must(http.StatusOK, director, "POST", base+"/award", map[string]any{"prizes": 1})
	var award string
	if err := chromedp.Run(ctx,
		chromedp.Navigate(fmt.Sprintf("%s/events/%d/contest/award", srv.URL, id)),
		chromedp.Text(`.contest-award`, &award),
		apitest.Shot("composition-award"),
	); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{apitest.RuT("compo.award_provisional"), apitest.Ru.Honour("prize", 1) + " — Автор Петров", "Судья Иванов", ruStip("exact 18:6"), "Тонкая игра башнями"} {
		if !strings.Contains(award, want) {
			t.Errorf("the award page lacks %q:\n%s", want, award)
		}
	}
}

// TestBrowserBoardEditorCoordinates: the board editor has the a–h and 1–8
// labels every diagram has, the ranks at the left of their rows and the
// files under their columns, on a computer's screen and within a phone's;
// the square named in the tower's line is in the line's own type.
func TestBrowserBoardEditorCoordinates(t *testing.T) {
	t.Parallel()
	s := newCompServer(t, time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC))
	_, _, base, _ := judgedContest(s, "Задачи")
	s.User("author@example.org", tournament.PlayerRole)
	at, run := apitest.BrowserOn(t, s.Handler)
	run("sign in", chromedp.Navigate(at("/login")),
		chromedp.SendKeys(`input[name=email]`, "author@example.org"),
		chromedp.SendKeys(`input[name=password]`, "пароль игрока"+kb.Enter),
		chromedp.WaitVisible(`form[action="/logout"]`))
	// Where each label stands against its square, and the type of the
	// tower's line, measured by the browser.
	const measure = `(() => {
		const box = e => e.getBoundingClientRect();
		const label = (sel, text) => [...document.querySelectorAll(sel)].find(e => e.textContent === text);
		const out = {files: "", ranks: "", misplaced: []};
		out.files = [...document.querySelectorAll("#board-editor .be-files span")].map(e => e.textContent).join("");
		out.ranks = [...document.querySelectorAll("#board-editor .be-ranks span")].map(e => e.textContent).join("");
		const grid = box(document.querySelector("#board-editor .be-grid"));
		for (const sq of ["a1", "c3", "h8", "b8", "g1"]) {
			const b = box(document.querySelector('#board-editor button[data-sq="' + sq + '"]'));
			const fl = label("#board-editor .be-files span", sq[0]), rl = label("#board-editor .be-ranks span", sq[1]);
			if (!fl || !rl) { out.misplaced.push(sq + " unlabelled"); continue; }
			const f = box(fl), r = box(rl);
			if (Math.abs((f.left + f.right) / 2 - (b.left + b.right) / 2) > 1 || f.top < grid.bottom - 1) out.misplaced.push(sq + " file");
			if (Math.abs((r.top + r.bottom) / 2 - (b.top + b.bottom) / 2) > 1 || r.right > grid.left + 1) out.misplaced.push(sq + " rank");
		}
		out.right = grid.right;
		const line = document.querySelector("#board-editor .be-square");
		if (line) {
			const p = getComputedStyle(line.parentNode), l = getComputedStyle(line);
			out.square = line.textContent;
			out.sameType = l.fontSize === p.fontSize && l.fontFamily === p.fontFamily && l.letterSpacing === p.letterSpacing;
		}
		return out;
	})()`
	for _, width := range []int64{1280, 360} {
		var got struct {
			Files, Ranks string
			Misplaced    []string
			Right        float64
			Square       string
			SameType     bool
		}
		run(fmt.Sprintf("the editor at %d px", width),
			chromedp.EmulateViewport(width, 900),
			chromedp.Navigate(at(strings.TrimPrefix(base, "/api/v1")+"/contest/entries")),
			chromedp.WaitVisible(`#board-editor .be-grid button[data-sq="e3"]`),
			chromedp.Click(`#board-editor button[data-sq="e3"]`),
			chromedp.Click(`#board-editor button[data-sq="e3"]`),
			chromedp.Evaluate(measure, &got))
		if got.Files != "abcdefgh" || got.Ranks != "87654321" || len(got.Misplaced) > 0 {
			t.Errorf("at %d px the editor's coordinates read %q and %q; misplaced: %v", width, got.Files, got.Ranks, got.Misplaced)
		}
		if got.Right > float64(width) {
			t.Errorf("at %d px the editor ends at %v px", width, got.Right)
		}
		if got.Square != "e3: " || !got.SameType {
			t.Errorf("at %d px the tower's line names %q in the same type as the line: %v", width, got.Square, got.SameType)
		}
	}
}

// TestBrowserCompositionEventForm: an arbiter creating a composition
// contest sees no pairing system, rounds, clock, scoring or tie-breaks on
// the form, and the contest's header names no pairing system either.
func TestBrowserCompositionEventForm(t *testing.T) {
	t.Parallel()
	s := newCompServer(t, time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC))
	s.User("director@example.org", tournament.ArbiterRole)
	at, run := apitest.BrowserOn(t, s.Handler)
	var visible []string
	var header string
	run("sign in and choose the composition discipline",
		chromedp.Navigate(at("/login")),
		chromedp.SendKeys(`input[name=email]`, "director@example.org"),
		chromedp.SendKeys(`input[name=password]`, "пароль игрока"+kb.Enter),
		chromedp.WaitVisible(`form[action="/logout"]`),
		chromedp.Navigate(at("/manage/events/new")),
		chromedp.WaitVisible(`select[name=system]`),
		chromedp.SetValue(`input[name=name]`, "Конкурс составителей"),
		chromedp.SetValue(`select[name=discipline]`, "composition"),
		chromedp.Evaluate(`document.querySelector("select[name=discipline]").dispatchEvent(new Event("change"))`, nil),
		chromedp.WaitNotVisible(`select[name=system]`),
		chromedp.Evaluate(`[...document.querySelectorAll("form [name]")].filter(e => e.offsetParent !== null).map(e => e.name)`, &visible),
		apitest.Shot("composition-event-form"),
	)
	for _, name := range visible {
		if name == "rounds" || name == "time_control" || name == "scoring_win" || name == "tiebreak" || name == "baku" || name == "sheets_required" {
			t.Errorf("the composition form shows %q", name)
		}
	}
	run("create the contest",
		apitest.Load(`form[action="/manage/events"] button[type=submit]`),
		chromedp.Text(`main`, &header),
	)
	if !strings.Contains(header, "Конкурс составителей") || strings.Contains(header, apitest.RuT("system.round-robin")) || strings.Contains(header, apitest.RuT("system.swiss")) {
		t.Errorf("the new contest's page:\n%s", header)
	}
}

// Every page of a composition event fits a 360 px phone as its director
// sees it, with an entry marked, the award published and a solving
// contest over: a wide table scrolls inside its own box.
func TestBrowserCompositionPagesOnAPhone(t *testing.T) {
	t.Parallel()
	s := newCompServer(t, time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC))
	director, judge, base, id := judgedContest(s, "Задачи")
	author := s.User("author@example.org", tournament.PlayerRole)
	s.Must(http.StatusCreated, author, "POST", base+"/contest/entries", map[string]any{"section": "Задачи", "position": apitest.G005, "side": "black",
		"stipulation": "exact 18:6", "solution": "d6:f8 b2-c3 f8:d6 e7:c5", "comment": "Тонкая игра"})
	s.Must(http.StatusOK, director, "PUT", base+"/solving", map[string]any{"starts": "2026-11-01T13:00:00Z", "ends": "2026-11-01T15:00:00Z",
		"problems": []any{map[string]any{"position": apitest.G005, "side": "black", "stipulation": "exact 18:6", "solution": "d6:f8 b2-c3 f8:d6 e7:c5"}}})
	s.Clock.Set(time.Date(2026, 11, 1, 14, 0, 0, 0, time.UTC))
	// The author does not solve their own problem: another account does.
	solver := s.User("solver@example.org", tournament.PlayerRole)
	s.Must(http.StatusCreated, solver, "POST", base+"/solving/problems/1/answer", map[string]any{"answer": "d6:f8 b2-c3 f8:d6 e7:c5"})
	s.Clock.Set(time.Date(2026, 11, 10, 12, 0, 0, 0, time.UTC))
	s.Must(http.StatusOK, judge, "PUT", base+"/contest/marks/001", map[string]any{"mark": 3.5, "comment": "Тонкая игра"})
	s.Must(http.StatusOK, director, "POST", base+"/contest/award", map[string]any{"prizes": 1})

	at, run := apitest.BrowserOn(t, s.Handler)
	run("a 360 px phone", chromedp.EmulateViewport(360, 740, chromedp.EmulateMobile, chromedp.EmulateScale(2)),
		chromedp.Navigate(at("/login")),
		chromedp.SendKeys(`input[name=email]`, "director@example.org"),
		chromedp.SendKeys(`input[name=password]`, "пароль игрока"+kb.Enter),
		chromedp.WaitVisible(`form[action="/logout"]`))
	ev := fmt.Sprintf("/events/%d", id)
	for _, page := range []string{"/contest", "/manage", "/contest/judging", "/contest/award", "/solving", "/contest/entries"} {
		var width int
		var tabsSeen bool
		run("open "+page, chromedp.Navigate(at(ev+page)), chromedp.WaitVisible(`main`),
			chromedp.Evaluate(`document.documentElement.scrollWidth`, &width),
			// Every tab is on the screen: the row wraps, none is cut off.
			chromedp.Evaluate(`Array.from(document.querySelectorAll('nav.tabs a')).every(a => { const r = a.getBoundingClientRect(); return r.left >= 0 && r.right <= window.innerWidth })`, &tabsSeen))
		if width > 360 {
			t.Errorf("%s is %d px wide on a 360 px screen", page, width)
		}
		if !tabsSeen {
			t.Errorf("%s cuts a tab off on a 360 px screen", page)
		}
	}
	// Issue 41, item 10: on a 390 px phone the jury's marks table on the
	// desk reflows instead of scrolling sideways in its box, and every
	// contest page fits the screen.
	run("a 390 px phone", chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile, chromedp.EmulateScale(3)))
	for _, page := range []string{"/contest", "/manage", "/contest/judging", "/contest/award", "/solving", "/contest/entries"} {
		var width int
		run("open "+page+" at 390 px", chromedp.Navigate(at(ev+page)), chromedp.WaitVisible(`main`),
			chromedp.Evaluate(`document.documentElement.scrollWidth`, &width))
		if width > 390 {
			t.Errorf("%s is %d px wide on a 390 px screen", page, width)
		}
	}
	var marks struct{ Found, Fits bool }
	run("the marks table at 390 px", chromedp.Navigate(at(ev+"/manage")), chromedp.WaitVisible(`#marks-table`),
		chromedp.Evaluate(`(() => { const t = document.getElementById('marks-table'); if (!t) return {Found: false, Fits: false};
			const box = t.parentElement; return {Found: true, Fits: box.scrollWidth <= box.clientWidth && t.getBoundingClientRect().right <= window.innerWidth} })()`, &marks))
	if !marks.Found || !marks.Fits {
		t.Errorf("the jury's marks table on a 390 px screen: %+v, want it reflowed within the screen", marks)
	}
}
