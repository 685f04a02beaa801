package api_test

import (
	"cmp"
	"fmt"
	"net/http"
	"net/http/httptest"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/gin-gonic/gin"

	"adiukh/api"
	"adiukh/api/apitest"
	"adiukh/rules"
	"adiukh/rules/games"
)

// The one matrix of the games: every game of the registry × every
// discipline of players (an individual event, a team competition, a
// correspondence section, an event played live) × every page, document and
// export the router has for an event, its rounds, boards, players and
// games, in Russian and in English, read by the event's arbiter. Each event
// has a forfeit, a bye and a withdrawal in it, the team competition an
// empty board, the individual event its regulations. A game with
// composition contests has one more event, a contest with a solving
// contest, read as it is judged and solved and again once its award is
// final, by its director, a judge, an author, a solver and an anonymous
// reader: each of its contest's, solving's and regulations' routes opens
// for one of them at least; a game without them refuses the contest, at
// the game's field. Nothing answers 5xx; an event of another game than Adiukh's
// says nothing of Adiukh (no 24:0, 12:12, 17:7, no rule-book paragraph, not
// its name); every PDN replays by the rules `adiukh validate` uses; every
// TRF file, imported, gives the same players the same points. A game added
// to the registry, or a route to the router, is in it with no new test
// code.
//
// The matrix is checked on the site TestRecording builds for each game,
// whose events are the matrix's (matrixCheck): building them again, and
// reading every page in Russian a second time, doubled the dearest tests
// of the package.

// matrixCheck checks the matrix on a game's site once the recording has
// read it: the events of players are swept side by side, their Russian
// answers those the arbiter had in the recording (kept), their English
// read anew; then the contest's award, or the refusal of a contest, and
// the list of the site's events, all of the game, which filters them by a
// discipline of any game. It runs after the recording, since a sweep
// writes (each TRF file is imported as a new event).
func (m *matrixSite) matrixCheck(t *testing.T, routes []string, events []matrixEvent, award *matrixEvent) {
	// The events of players are read side by side: reading changes
	// none of them, and the reads wait on the database and on pdftotext
	// far more than they compute.
	t.Run("players", func(t *testing.T) {
		for _, ev := range events {
			t.Run(ev.discipline, func(t *testing.T) {
				t.Parallel()
				m.sweep(t, routes, ev)
			})
		}
	})
	if award != nil {
		t.Run(award.discipline, func(t *testing.T) { m.sweep(t, routes, *award) })
	} else {
		m.noComposition(t)
	}
	m.check(t, m.director, "/")
}

// matrixParams are the parameters of a route the matrix can fill from an
// event: a route with any other (a person, a rating list, a token) is not
// the event's.
var matrixParams = []string{"id", "n", "board", "number", "pid", "gid"}

// eventRoutes are the GET routes of an event: those whose every parameter
// the matrix fills, the event's among them.
func eventRoutes(all gin.RoutesInfo) []string {
	var out []string
	for _, r := range all {
		if r.Method != http.MethodGet || strings.Contains(r.Path, "/people/") {
			continue
		}
		params := routeParams(r.Path)
		if len(params) == 0 || !slices.Contains(params, "id") && !slices.Contains(params, "gid") {
			continue
		}
		if !slices.ContainsFunc(params, func(p string) bool { return !slices.Contains(matrixParams, p) }) {
			out = append(out, r.Path)
		}
	}
	return out
}

func routeParams(pattern string) []string {
	var out []string
	for _, part := range strings.Split(pattern, "/") {
		if len(part) > 1 && (part[0] == ':' || part[0] == '*') {
			out = append(out, part[1:])
		}
	}
	return out
}

type matrixSite struct {
	t       *testing.T
	game    *rules.Variant
	s       *apitest.CorrServer
	arbiter string // the arbiter's API token
	// director is the arbiter as a reader: the API token and the session.
	director  matrixReader
	pdftotext string
	accounts  map[string]string
	// forbidden is what a page of the game must not say: Adiukh's words
	// in an event of another game; nil for Adiukh's own.
	forbidden *regexp.Regexp
	// kept are the Russian answers the arbiter had in the recording, by
	// path: the sweep checks them rather than reading them again.
	kept map[string]*httptest.ResponseRecorder
}

// matrixReader reads the pages with its session and the API with its
// token; the anonymous reader has neither.
type matrixReader struct {
	name   string
	token  string
	cookie *http.Cookie
}

// matrixEvent is one event of the matrix: its ID and discipline, its
// rounds' numbers and their boards', its players and its games played on
// the server; who reads it (its arbiter when none is named), and the
// routes (by the end of their pattern) that must open for one of them.
type matrixEvent struct {
	discipline string
	id         int
	boards     map[int][]int // round → the numbers of its games
	players    []int
	games      []int
	// matchGames are the games of a knockout's matches by round and
	// board.
	matchGames map[[2]int][]int
	readers    []matrixReader
	opens      []string
}

// forbid names Adiukh's words as what no page of the game may say, for
// a game other than Adiukh.
func (m *matrixSite) forbid() {
	if m.game != games.Default {
		m.forbidden = regexp.MustCompile(`(?i)адиюх|adiukh|\b(24:0|0:24|12:12|17:7)\b|§`)
	}
}

func (m *matrixSite) must(want int, method, path string, body any) map[string]any {
	m.t.Helper()
	out, _ := m.s.Must(want, m.arbiter, method, path, body).(map[string]any)
	return out
}

func (m *matrixSite) newEvent(body map[string]any) (int, string) {
	m.t.Helper()
	body["game"] = m.game.Key
	id := apitest.Num(m.must(http.StatusCreated, "POST", "/api/v1/events", body)["id"])
	return id, fmt.Sprintf("/api/v1/events/%d", id)
}

// sweep reads every route of the event with every value of its parameters
// as its first reader, and the event's page and the routes the event must
// open as each of the others too (what else each kind of reader may see
// is authz_test.go's), and checks that the routes the event must open
// open for one of them.
func (m *matrixSite) sweep(t *testing.T, routes []string, ev matrixEvent) {
	readers := ev.readers
	if readers == nil {
		readers = []matrixReader{m.director}
	}
	for _, pattern := range routes {
		must := slices.ContainsFunc(ev.opens, func(end string) bool { return strings.HasSuffix(pattern, end) })
		for _, path := range ev.paths(pattern) {
			var tried []string
			opened := false
			for i, r := range readers {
				if i > 0 && !must && !strings.HasSuffix(pattern, "/events/:id") {
					break
				}
				opened = m.check(t, r, path) == http.StatusOK || opened
				tried = append(tried, r.name)
			}
			if must && !opened {
				t.Errorf("GET %s opens for none of %s", path, strings.Join(tried, ", "))
			}
		}
	}
}

// paths fills a route's parameters with every value the event has: each
// round, each game of the round, each player, each game played on the
// server. A route with a parameter the event has no value for has none.
func (ev matrixEvent) paths(pattern string) []string {
	paths := []string{pattern}
	fill := func(param string, values func(path string) []int) {
		var out []string
		for _, p := range paths {
			if !strings.Contains(p, "/:"+param) {
				out = append(out, p)
				continue
			}
			for _, v := range values(p) {
				out = append(out, strings.Replace(p, ":"+param, fmt.Sprint(v), 1))
			}
		}
		paths = out
	}
	fill("id", func(string) []int { return []int{ev.id} })
	fill("n", func(string) []int {
		var rounds []int
		for n := range ev.boards {
			rounds = append(rounds, n)
		}
		slices.Sort(rounds)
		return rounds
	})
	fill("board", func(p string) []int {
		var n int
		if i := strings.Index(p, "/knockout/"); i >= 0 {
			fmt.Sscanf(p[i:], "/knockout/%d/", &n)
		} else {
			fmt.Sscanf(p[strings.Index(p, "/rounds/"):], "/rounds/%d/", &n)
		}
		return ev.boards[n]
	})
	fill("number", func(p string) []int {
		var n, board int
		fmt.Sscanf(p[strings.Index(p, "/knockout/"):], "/knockout/%d/%d/", &n, &board)
		return ev.matchGames[[2]int{n, board}]
	})
	fill("pid", func(string) []int { return ev.players })
	fill("gid", func(string) []int { return ev.games })
	return paths
}

// check reads one path as r, in Russian and, for a page or a document, in
// English too, and says what the Russian answered. The arbiter's Russian
// answer is the recording's when it kept one (read without ?lang=, which
// is Russian for the arbiter, who chose no language).
func (m *matrixSite) check(t *testing.T, r matrixReader, path string) int {
	code := 0
	for _, lang := range []string{"ru", "en"} {
		rec, kept := m.kept[path], lang == "ru" && r == m.director
		what := fmt.Sprintf("GET %s?lang=%s as %s", path, lang, r.name)
		if !kept || rec == nil {
			rec = m.get(r, path+"?lang="+lang)
		} else {
			what = fmt.Sprintf("GET %s as %s (in Russian, the recording's answer)", path, r.name)
		}
		code = cmp.Or(code, rec.Code)
		if !m.checkAnswer(t, what, path, rec) {
			return code
		}
	}
	return code
}

// checkAnswer checks one answer of path: nothing 5xx, and what a page, a
// document or a file says; it reports whether the path is to be read in
// the other language too (a page or a document, made in the reader's).
func (m *matrixSite) checkAnswer(t *testing.T, what, path string, rec *httptest.ResponseRecorder) (again bool) {
	if rec.Code >= http.StatusInternalServerError {
		t.Errorf("%s: %d\n%s", what, rec.Code, rec.Body.String())
		return false
	}
	if rec.Code != http.StatusOK {
		return false
	}
	kind := rec.Header().Get("Content-Type")
	switch {
	case strings.HasSuffix(path, "/regulations.pdf"):
		// The organisers' own file, in their words, served as it was
		// attached.
		if rec.Body.String() != apitest.MinimalPDF || !strings.HasPrefix(kind, "application/pdf") {
			t.Errorf("%s: %s %q, want the attached PDF", what, kind, rec.Body.String())
		}
		return false
	case strings.HasPrefix(kind, "text/html"):
		m.checkPage(t, what, rec.Body.String())
	case strings.HasPrefix(kind, "application/pdf"):
		m.checkPDF(t, what, rec.Body.Bytes())
	default:
		m.checkFile(t, path, what, rec.Body.String())
		return false // a file's words are the same in both languages
	}
	return true
}

func (m *matrixSite) get(r matrixReader, path string) *httptest.ResponseRecorder {
	req := httptest.NewRequest(http.MethodGet, path, nil)
	switch {
	case strings.HasPrefix(path, "/api/") && r.token != "":
		req.Header.Set("Authorization", "Bearer "+r.token)
	case !strings.HasPrefix(path, "/api/") && r.cookie != nil:
		req.AddCookie(r.cookie)
	}
	if strings.HasSuffix(strings.SplitN(path, "?", 2)[0], "/stream") {
		// A stream answers until the reader leaves: leave after its first
		// event.
		return api.ServeStream(m.t, m.s.Handler, req)
	}
	rec := httptest.NewRecorder()
	m.s.Handler.ServeHTTP(rec, req)
	return rec
}
