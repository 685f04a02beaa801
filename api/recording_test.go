package api_test

import (
	"crypto/sha256"
	"flag"
	"fmt"
	"maps"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"codeberg.org/go-pdf/fpdf"
	"github.com/gin-gonic/gin"

	"adiukh/api"
	"adiukh/api/apitest"
	"adiukh/internal/testtool"
	"adiukh/rules"
	"adiukh/rules/games"
	"adiukh/tournament"
	"adiukh/tournament/account"
	"adiukh/tournament/composition"
	"adiukh/tournament/store/storetest"
)

var updateRecording = flag.Bool("update-recording", false, "rewrite "+recordingFile+" with what the site answers now")

// recordingFile is the golden record of TestRecording: one line an answer.
const recordingFile = "testdata/recording/answers.txt"

// recordingExcluded are the GET routes TestRecording does not read, each
// with the reason. Every other GET route of the router is read, so a new
// route is recorded, or named here, before the test passes.
var recordingExcluded = map[string]string{
	"/metrics":                  "counts the requests and times them: it differs with every run",
	"/api/v1/games/:gid/stream": "a stream answers until its reader leaves: what it sent by then depends on timing",
	"/api/v1/events/:id/rounds/:n/relay/stream": "a stream answers until its reader leaves: what it sent by then depends on timing",
	"/relay/:key":                    "an operator link's key is random, made anew on every run (api/web/relay's tests read it)",
	"/relay/:key/boards/:board":      "an operator link's key is random, made anew on every run (api/web/relay's tests read it)",
	"/api/v1/events/:id/hall/stream": "a stream answers until its reader leaves: what it sent by then depends on timing",
}

// recordingParams are the route parameters the recording fills, beside
// the events' (matrixParams): a person, a rating list and its period, a
// file, and the one-time tokens of the mails (a token no mail sent, as a
// reader's mistaken link reads).
var recordingParams = []string{"list", "file", "token"}

// TestRecording records every answer of the site: the writes that build,
// for each game of the registry, an individual Swiss event with a bye, a
// forfeit and a withdrawal, a team competition, a correspondence section,
// a round robin played live, a rated round robin of the register's people
// with its rating list, and (for a game that has them) a composition
// contest with a solving contest and its award; then every GET route of
// the router with every value of its parameters as each kind of reader
// (anonymous, a player, the arbiter, an admin), pages, JSON and
// documents. Each answer is one line of method, path, reader, status,
// content type and the digest of its body, compared with the golden
// file: what a change of the HTTP layer that means to change no output
// changed shows as the paths named. The site runs on a fixed clock, so
// that its answers are the same on every run; what still follows the
// wall clock (an account's creation) is normalized.
//
// go test ./api -run TestRecording -update-recording rewrites the file.
//
// The site of each game is then the matrix's (matrix_test.go): its checks
// run on what the recording read and on the same events.
func TestRecording(t *testing.T) {
	t.Parallel()
	all := api.RoutesOf(t)
	routes, matrix := recordedRoutes(t, all), eventRoutes(all)
	pdftotext := testtool.Find(t, "the words of the PDFs", "poppler-utils", "pdftotext")
	var mu sync.Mutex
	var lines []string
	t.Run("games", func(t *testing.T) {
		for _, game := range games.All {
			t.Run(game.Key, func(t *testing.T) {
				t.Parallel()
				got := recordGame(t, game, routes, matrix, pdftotext)
				mu.Lock()
				defer mu.Unlock()
				lines = append(lines, got...)
			})
		}
	})
	if t.Failed() {
		return
	}
	slices.Sort(lines)
	got := strings.Join(lines, "\n") + "\n"
	if *updateRecording {
		if err := os.MkdirAll(filepath.Dir(recordingFile), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(recordingFile, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(recordingFile)
	if err != nil {
		t.Fatalf("%v: record it with go test ./api -run TestRecording -update-recording", err)
	}
	if changed := recordingDiff(strings.Split(strings.TrimSpace(string(want)), "\n"), lines); len(changed) > 0 {
		t.Errorf("%d answers differ from %s (rewrite it with -update-recording if the change is meant):\n%s",
			len(changed), recordingFile, strings.Join(changed, "\n"))
	}
}

// recordingDiff names every request whose answers differ: what the record
// has and the site no longer answers (-), and what the site answers that
// the record has not (+).
func recordingDiff(want, got []string) []string {
	count := map[string]int{}
	for _, l := range want {
		count[l]++
	}
	for _, l := range got {
		count[l]--
	}
	var out []string
	for l, n := range count {
		switch {
		case n > 0:
			out = append(out, "- "+l)
		case n < 0:
			out = append(out, "+ "+l)
		}
	}
	slices.SortFunc(out, func(a, b string) int { return strings.Compare(a[2:]+a[:1], b[2:]+b[:1]) })
	return out
}

// recordedRoutes are the GET routes the recording reads: all but the
// excluded, each of whose parameters it can fill. A route with another
// parameter fails the test, as does an exclusion of a route that is gone.
func recordedRoutes(t *testing.T, all gin.RoutesInfo) []string {
	var out []string
	seen := map[string]bool{}
	for _, r := range all {
		if r.Method != http.MethodGet {
			continue
		}
		seen[r.Path] = true
		if recordingExcluded[r.Path] != "" {
			continue
		}
		for _, p := range routeParams(r.Path) {
			if !slices.Contains(matrixParams, p) && !slices.Contains(recordingParams, p) {
				t.Errorf("GET %s: the recording cannot fill :%s; fill it in recordGame or exclude the route in recordingExcluded, with the reason", r.Path, p)
			}
		}
		out = append(out, r.Path)
	}
	for path := range recordingExcluded {
		if !seen[path] {
			t.Errorf("recordingExcluded names GET %s, which the router no longer has", path)
		}
	}
	return out
}

// answerRecorder is the site's handler with every answer noted down.
type answerRecorder struct {
	next    http.Handler
	mu      sync.Mutex
	answers []recordedAnswer
}

type recordedAnswer struct {
	method, uri, credential, contentType string
	status                               int
	digest                               [sha256.Size]byte
}

func (r *answerRecorder) ServeHTTP(w http.ResponseWriter, req *http.Request) {
	rec := httptest.NewRecorder()
	r.next.ServeHTTP(rec, req)
	maps.Copy(w.Header(), rec.Header())
	w.WriteHeader(rec.Code)
	w.Write(rec.Body.Bytes())
	a := recordedAnswer{method: req.Method, uri: req.URL.RequestURI(), status: rec.Code, contentType: rec.Header().Get("Content-Type"),
		digest: sha256.Sum256(normalizeAnswer(rec.Body.Bytes()))}
	if token, ok := strings.CutPrefix(req.Header.Get("Authorization"), "Bearer "); ok {
		a.credential = token
	} else if c, err := req.Cookie("adiukh_session"); err == nil {
		a.credential = c.Value
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.answers = append(r.answers, a)
}

// wallClock is what of the wall clock an answer may say: the accounts are
// created on it, not on the site's clock. A run over midnight has both
// days.
var wallClock = sync.OnceValue(func() *regexp.Regexp {
	var days []string
	for _, d := range []time.Time{time.Now().UTC(), time.Now().UTC().Add(24 * time.Hour), time.Now().Add(24 * time.Hour)} {
		days = append(days, d.Format("2006-01-02"), d.Format("02.01.2006"), d.Format("2006/01/02"))
	}
	// The day, and the time of day after it when there is one.
	return regexp.MustCompile(`(` + strings.Join(days, "|") + `)([T ]\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:\d\d)?)?`)
})

// normalizeAnswer is an answer's body without what legitimately differs
// between runs.
func normalizeAnswer(body []byte) []byte {
	return wallClock().ReplaceAll(body, []byte("NOW"))
}

// The PDFs of the test binary are written as on one day, their
// catalogue's entries (fonts, images) in order, not in a map's: the same
// document is the same bytes on every run. It is set before any test
// runs, as fpdf keeps it in a global.
func init() {
	fpdf.SetDefaultCatalogSort(true)
	fpdf.SetDefaultCreationDate(apitest.CorrStart)
	fpdf.SetDefaultModificationDate(apitest.CorrStart)
}

// recordingSite is a game's site as the recording builds it: the
// matrix's events, and who reads them.
type recordingSite struct {
	*matrixSite
	rec     *answerRecorder
	readers []matrixReader
	names   map[string]string // a reader's token or session → its name
	events  []matrixEvent
	people  []int
	lists   []string
	periods map[string][]int
}

func recordGame(t *testing.T, game *rules.Variant, routes, matrix []string, pdftotext string) []string {
	st := storetest.SQLite(t)
	// The accounts too are made on the site's clock (apitest's are on
	// the wall clock), so that the pages that show when are the same.
	var accounts *account.Service
	s := apitest.NewCorrServerOn(t, st, st.Correspondence(), apitest.CorrStart, nil, func(d *api.Deps) {
		d.Composition = composition.NewService(st.Composition(), composition.Options{Now: d.Now, MaxNodes: 5_000_000, TableBytes: 4 << 20})
		// A fixed secret, so that what it signs on a page (the sign-up
		// form's stamp) is the same on every run.
		d.Secret = []byte("the secret of the recording")
		accounts = apitest.Accounts(st, account.Options{Now: d.Now, Secret: d.Secret})
		d.Accounts = accounts
	})
	s.Accounts = accounts
	rec := &answerRecorder{next: s.Handler}
	s.Handler = rec
	m := &matrixSite{t: t, game: game, s: s, pdftotext: pdftotext, accounts: map[string]string{}, kept: map[string]*httptest.ResponseRecorder{}}
	m.forbid()
	m.arbiter = s.User("arbiter@example.org", tournament.ArbiterRole)
	m.director = matrixReader{name: "arbiter", token: m.arbiter, cookie: s.Session("arbiter@example.org")}
	r := &recordingSite{matrixSite: m, rec: rec, names: map[string]string{}, periods: map[string][]int{}}
	admin := matrixReader{name: "admin", token: s.User("admin@example.org", tournament.Admin), cookie: s.Session("admin@example.org")}
	players := []matrixEvent{m.individual(), m.team(), m.correspondence(), m.live()}
	r.events = slices.Clone(players)
	var award *matrixEvent
	if game.Compositions {
		ev := m.composition()
		// The matrix reads the contest as it is judged and solved, unrecorded:
		// the recording reads it once its award is final.
		s.Handler = rec.next
		t.Run(ev.discipline, func(t *testing.T) { m.sweep(t, matrix, ev) })
		s.Handler = rec
		award = new(m.award(ev))
		r.events = append(r.events, *award)
		for _, reader := range ev.readers {
			r.name(reader)
		}
	}
	// A knockout, made after the contest so that the events before it
	// keep their numbers in the recording.
	knockout := m.knockout()
	players = append(players, knockout)
	r.events = append(r.events, knockout)
	r.rated(admin)
	// A player of the events: the first of the correspondence section.
	player := matrixReader{name: "player", token: m.user("corr0@example.org"), cookie: s.Session("corr0@example.org")}
	r.readers = []matrixReader{{name: "anonymous"}, player, m.director, admin}
	for _, reader := range r.readers {
		r.name(reader)
	}
	for email, token := range m.accounts {
		if r.names[token] == "" {
			r.names[token] = email
		}
	}
	// The paths the matrix checks: those of its routes in the events of
	// players.
	checked := map[string]bool{}
	for _, pattern := range matrix {
		for _, ev := range players {
			for _, path := range ev.paths(pattern) {
				checked[path] = true
			}
		}
	}
	for _, pattern := range routes {
		paths := r.paths(pattern)
		if len(paths) == 0 {
			t.Errorf("GET %s: the site of %s has no value for its parameters; give it one or exclude the route in recordingExcluded, with the reason", pattern, game.Key)
		}
		readers := r.readers
		if isDocument(pattern) {
			// A document is the same whoever may read it, and the
			// dearest answer: it is read once, by the arbiter, who may
			// read them all (who else may is authz_test.go's).
			readers = []matrixReader{m.director}
		}
		for _, path := range paths {
			for _, reader := range readers {
				answer := m.get(reader, path)
				if reader == m.director && checked[path] {
					m.kept[path] = answer
				}
			}
		}
	}
	// The matrix's checks, unrecorded.
	s.Handler = rec.next
	m.matrixCheck(t, matrix, players, award)
	var lines []string
	for _, a := range rec.answers {
		reader := "anonymous"
		if a.credential != "" {
			if reader = r.names[a.credential]; reader == "" {
				t.Errorf("%s %s: read with a token or session of nobody the recording knows", a.method, a.uri)
			}
		}
		lines = append(lines, fmt.Sprintf("%s %s %s %s %d %s %x", game.Key, a.method, a.uri, reader, a.status, strings.ReplaceAll(a.contentType, " ", ""), a.digest[:12]))
	}
	return lines
}

// isDocument is whether a route serves a made document (a PDF, a
// spreadsheet).
func isDocument(pattern string) bool {
	return strings.HasSuffix(pattern, ".pdf") || strings.HasSuffix(pattern, ".xlsx")
}

func (r *recordingSite) name(reader matrixReader) {
	if reader.token != "" {
		r.names[reader.token] = reader.name
	}
	if reader.cookie != nil {
		r.names[reader.cookie.Value] = reader.name
	}
}

// rated is a rated blitz round robin of four people of the register,
// finished, and its rating list's period computed by the admin.
func (r *recordingSite) rated(admin matrixReader) {
	m := r.matrixSite
	id, ev := m.newEvent(map[string]any{"name": "Рейтинговый блиц", "discipline": "blitz", "system": "round-robin", "time_control": "3+2",
		"start_date": "2026-10-01", "end_date": "2026-10-01", "rated": true})
	for i := 1; i <= 4; i++ {
		person := m.must(http.StatusCreated, "POST", "/api/v1/people", map[string]any{"surname": "Людов", "given_names": fmt.Sprintf("Человек %d", i), "birth_year": 1990 + i, "region": "Адыгея"})
		r.people = append(r.people, apitest.Num(person["id"]))
		m.must(http.StatusCreated, "POST", ev+"/players", map[string]any{"person_id": apitest.Num(person["id"])})
	}
	for n := 1; n <= 3; n++ {
		m.must(http.StatusCreated, "POST", ev+"/rounds", nil)
		m.must(http.StatusOK, "POST", fmt.Sprintf("%s/rounds/%d/publish", ev, n), nil)
		m.results(ev, n)
	}
	m.must(http.StatusOK, "PATCH", ev, map[string]any{"status": "finished"})
	list := "blitz"
	if m.game != games.Default {
		list = m.game.Key + "-blitz"
	}
	out := m.s.Must(http.StatusCreated, admin.token, "POST", "/api/v1/ratings/"+list+"/periods", map[string]any{"until": "2026-10-31"}).(map[string]any)
	r.lists = append(r.lists, list)
	r.periods[list] = append(r.periods[list], apitest.Num(out["period"].(map[string]any)["id"]))
	r.events = append(r.events, m.read("rated", id))
}

// paths are the paths of a route with every value of its parameters the
// site has: each event's, each person, each rating list and its periods,
// a static file, and a one-time token no mail sent.
func (r *recordingSite) paths(pattern string) []string {
	params := routeParams(pattern)
	switch {
	case len(params) == 0:
		return []string{pattern}
	case slices.Contains(params, "token"):
		return []string{strings.Replace(pattern, ":token", "no-such-token", 1)}
	case slices.Contains(params, "file"):
		return []string{"/static/app.css", "/static/app.js", "/static/no-such-file"}
	case slices.Contains(params, "list"):
		var out []string
		for _, list := range r.lists {
			p := strings.Replace(pattern, ":list", list, 1)
			if !strings.Contains(p, ":pid") {
				out = append(out, p)
				continue
			}
			for _, period := range r.periods[list] {
				out = append(out, strings.Replace(p, ":pid", fmt.Sprint(period), 1))
			}
		}
		return out
	case strings.Contains(pattern, "/people/"):
		var out []string
		for _, pid := range r.people {
			out = append(out, strings.Replace(pattern, ":pid", fmt.Sprint(pid), 1))
		}
		return out
	}
	var out []string
	for _, ev := range r.events {
		out = append(out, ev.paths(pattern)...)
	}
	return out
}
