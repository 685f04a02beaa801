package web

import (
	"bytes"
	"errors"
	"fmt"
	"html/template"
	"io/fs"
	"math"
	"net/http"
	"net/url"
	"path"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/gin-gonic/gin"

	"adiukh/api/core"
	"adiukh/static"
	"adiukh/templates"
	"adiukh/tournament"
)

// handler holds what the HTML pages share: the server's services and
// middleware, the parsed page templates and the one-time setup link.
type handler struct {
	*core.Server
	pages     map[string]*template.Template
	setupLink *setupLink
}

// Register adds the HTML pages to r; their errors are answered as pages.
func Register(s *core.Server, r *gin.Engine) {
	pages, err := parsedPages()
	if err != nil {
		// The templates are embedded in the binary; a test parses them.
		panic(err)
	}
	h := &handler{Server: s, pages: pages, setupLink: &setupLink{token: s.SetupToken}}
	s.SetPageFailer(h.failHTML)
	h.routes(r)
}

// parsedPages are the pages parsed once per process: the templates are
// embedded and never change, and a parsed set is safe to execute from many
// requests (and routers) at once. Parsing them is most of what building a
// router costs.
var parsedPages = sync.OnceValues(parsePages)

// parsePages parses one template set per page: the layout, the partials and
// the page itself.
func parsePages() (map[string]*template.Template, error) {
	files, err := fs.Glob(templates.FS, "pages/*.html")
	if err != nil {
		return nil, err
	}
	pages := make(map[string]*template.Template, len(files))
	for _, f := range files {
		t, err := template.New("layout.html").Funcs(templateFuncs).ParseFS(templates.FS, "layout.html", "partials/*.html", f)
		if err != nil {
			return nil, fmt.Errorf("parse page %s: %w", f, err)
		}
		pages[strings.TrimSuffix(path.Base(f), ".html")] = t
	}
	return pages, nil
}

// templateFuncs are the few helpers templates need beyond their data.
var templateFuncs = template.FuncMap{
	"add":       func(a, b int) int { return a + b },
	"contains":  strings.Contains,
	"hasPrefix": strings.HasPrefix,
	"list":      func(items ...string) []string { return items },
	"cellScore": cellScore,
	// shownScore writes a result as its event shows it: an Adiukh game's
	// checkers, another game's table points (1:0, ½:½ in a 1-½-0 event).
	"shownScore": func(e *tournament.Event, r *tournament.Result) string {
		if r == nil {
			return ""
		}
		return e.ScoreText(*r)
	},
	// signed writes a change with its sign: +20, −9, 0.
	"signed": func(n int) string {
		switch {
		case n > 0:
			return "+" + strconv.Itoa(n)
		case n < 0:
			return "−" + strconv.Itoa(-n)
		}
		return "0"
	},
	// minus writes a number's minus as the sign, not a hyphen: −0,223.
	"minus": func(s string) string { return strings.Replace(s, "-", "−", 1) },
	// factor is a number written after a multiplication sign: a negative
	// one in brackets, as arithmetic writes it (20 · (−0,360)).
	"factor": func(s string) string {
		if s = strings.Replace(s, "-", "−", 1); strings.HasPrefix(s, "−") {
			return "(" + s + ")"
		}
		return s
	},
	// round3 rounds an expected score to three decimals for showing.
	"round3": func(v float64) float64 { return math.Round(v*1000) / 1000 },
	// clock is a live game's clock reading: 2:59, 0:08.4.
	"clock": liveClockText,
	// kb is a file's size in kilobytes, rounded up.
	"kb": func(bytes int) int { return (bytes + 1023) / 1024 },
	// personal and personalEnd mark a part of a page that shows the
	// signed-in reader, made by the template named (fillPersonal), of a
	// row of the pairings when a boardMark is given, whose template takes
	// the boardPart that rowPart makes.
	"personal": func(name string, row ...boardMark) template.HTML {
		if len(row) == 1 {
			name += " " + row[0].String()
		}
		return template.HTML(personalMark + name + "-->")
	},
	"rowPart":     func(p page, m boardMark) boardPart { return boardPart{page: p, Row: m} },
	"personalEnd": func() template.HTML { return template.HTML(personalEnd) },
	// dict passes several values to a partial: dict "Key" value ….
	"dict": func(kv ...any) map[string]any {
		m := make(map[string]any, len(kv)/2)
		for i := 0; i+1 < len(kv); i += 2 {
			m[fmt.Sprint(kv[i])] = kv[i+1]
		}
		return m
	},
}

// page is what every template receives: the data of the page and what the
// layout needs (language, signed-in user, the current address).
type page struct {
	T     *translator
	User  *tournament.User
	Title string
	Path  string // the current path and query, to come back to after switching language
	Nav   string // the section of the navigation to highlight
	Data  any
	// LiveMS is how often (in milliseconds) the page looks for news and
	// shows them in place; 0 for a page that does not.
	LiveMS int64
}

// livePage is the data of a page that follows a running event: its
// public tabs, whose news readers wait for.
type livePage interface {
	liveEvery(base time.Duration) time.Duration
}

func (h *handler) translator(c *gin.Context) *translator {
	return newTranslator(h.Lang(c))
}

// render writes a page. The page is rendered into a buffer first so that a
// template error becomes a clean 500 instead of half a page.
func (h *handler) render(c *gin.Context, status int, name, titleKey string, data any) {
	tr := h.translator(c)
	h.renderWith(c, tr, status, name, tr.T(titleKey), data)
}

func (h *handler) renderWith(c *gin.Context, tr *translator, status int, name, title string, data any) {
	t := h.pages[name]
	if t == nil {
		h.Log.Error("no such page template", "page", name)
		c.String(http.StatusInternalServerError, "internal error")
		return
	}
	p := page{T: tr, User: tournament.UserFromContext(c.Request.Context()), Title: title, Path: pathWithoutLang(c.Request.URL), Nav: navOf(name), Data: data}
	if l, ok := data.(livePage); ok {
		p.LiveMS = l.liveEvery(h.LiveEvery).Milliseconds()
	}
	var buf bytes.Buffer
	if err := t.Execute(&buf, p); err != nil {
		h.Log.Error("render page", "page", name, "err", err)
		c.String(http.StatusInternalServerError, "internal error")
		return
	}
	c.Data(status, "text/html; charset=utf-8", buf.Bytes())
}

// navOf is the item of the main navigation a page belongs to.
func navOf(pageName string) string {
	switch pageName {
	case "search", "account", "accounts", "calendar", "signup":
		return pageName
	case "accounts_audit":
		return "accounts"
	case "my":
		return "my"
	case "people", "person", "people_duplicates", "people_claims":
		return "people"
	case "ratings", "rating_period":
		return "ratings"
	}
	return "events"
}

// pathWithoutLang is the current address without its lang parameter, for
// the language switch links.
func pathWithoutLang(u *url.URL) string {
	q := u.Query()
	q.Del("lang")
	if len(q) == 0 {
		return u.Path
	}
	return u.Path + "?" + q.Encode()
}

// errorPage is the data of the error page. Event is the event of the
// address the error came from, when the reader may see it, and Back the
// page of this site the reader came from: the page is never bare, it
// leads back to where the reader was.
type errorPage struct {
	Status  int
	Message string
	Event   *tournament.Event
	Back    string
}

// failHTML answers an error with a page. A domain error shows its message;
// anything else is logged and shown as a bare internal error.
func (h *handler) failHTML(c *gin.Context, err error) {
	status := http.StatusInternalServerError
	var msg string
	var e *tournament.Error
	if errors.As(err, &e) && core.StatusOf[e.Code] != 0 {
		// The input at fault is named as the form names it, never by its
		// key ("Дисциплина: …", not "discipline: …").
		status, msg = core.StatusOf[e.Code], h.translator(c).ErrorWithField(e)
	} else {
		h.Log.Error("request failed", "method", c.Request.Method, "path", c.Request.URL.Path, "err", err)
	}
	if status == http.StatusUnauthorized {
		c.Redirect(http.StatusSeeOther, "/login?next="+url.QueryEscape(c.Request.URL.RequestURI()))
		c.Abort()
		return
	}
	core.RetryAfterOf(c, err)
	if tournament.UserFromContext(c.Request.Context()) == nil {
		// Refused before the session was read (a body too large, a NUL):
		// the page still shows who is signed in, not «Войти».
		if sessionErr := h.ReadSession(c); sessionErr != nil {
			h.Log.Error("error page: the session", "err", sessionErr)
		}
	}
	if reshow := reshownTooLarge[c.FullPath()]; status == http.StatusRequestEntityTooLarge && reshow != nil && reshow(h, c) == nil {
		c.Abort()
		return
	}
	page := errorPage{Status: status, Message: msg, Back: cameFrom(c)}
	if strings.HasPrefix(c.FullPath(), "/events/:id") {
		if id, idErr := core.PathInt(c, "id"); idErr == nil {
			// An event the reader may not see stays unnamed.
			page.Event, _ = h.Events.Event(c.Request.Context(), id)
		}
	}
	h.render(c, status, "error", "error.title", page)
	c.Abort()
}

// reshownTooLarge are the upload forms shown again on their own page, the
// refusal at the file's field, when the body is over the route's limit and
// was never read (a 6 MB PDF of regulations): the arbiter stays at the
// desk instead of a bare 413 page (issue 60). A form that cannot be shown
// (the reader may not) falls back to the error page.
var reshownTooLarge = map[string]func(h *handler, c *gin.Context) error{
	"/events/:id/regulations": (*handler).regulationsTooLarge,
	"/people/:pid/photo":      (*handler).photoTooLarge,
}

// errNotTheReaders is a form the reader may not see: the error page is
// shown instead.
var errNotTheReaders = errors.New("the form is not the reader's")

// cameFrom is the page of this site the request was sent from (its
// Referer, which the site's Referrer-Policy keeps to its own pages), ""
// for another site's, or for the same address read again. A form sent to
// its own address (a sheet's edit) leads back to itself.
func cameFrom(c *gin.Context) string {
	ref, err := url.Parse(c.GetHeader("Referer"))
	if err != nil || ref.Host != c.Request.Host || ref.Path == "" || ref.Path == c.Request.URL.Path && c.Request.Method == http.MethodGet {
		return ""
	}
	return ref.RequestURI()
}

// securityHeaders forbid inline scripts and framing: the pages load scripts
// and styles only from /static/ on the same origin. (X-Content-Type-Options
// is core's, on every answer.)
func securityHeaders(c *gin.Context) {
	hd := c.Writer.Header()
	hd["Content-Security-Policy"] = contentSecurityPolicy
	hd["Referrer-Policy"] = sameOrigin
	hd["X-Frame-Options"] = deny
	c.Next()
}

// The values of the security headers, made once and shared by every
// answer, set without copying (in the canonical form of their names, as
// Header.Set writes them): nothing writes into a header's values later.
var (
	contentSecurityPolicy = []string{"default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"}
	sameOrigin            = []string{"same-origin"}
	deny                  = []string{"DENY"}
)

// requireSignIn sends anonymous readers of arbiter pages to the sign-in
// page; the service still checks the role on every call.
func (h *handler) requireSignIn(c *gin.Context) {
	if tournament.UserFromContext(c.Request.Context()) == nil {
		c.Redirect(http.StatusSeeOther, "/login?next="+url.QueryEscape(c.Request.URL.RequestURI()))
		c.Abort()
		return
	}
	c.Next()
}

// routes registers the HTML pages, and answers an address no route has.
func (h *handler) routes(r *gin.Engine) {
	staticFS := http.FileServerFS(static.FS)
	r.GET("/static/*file", func(c *gin.Context) {
		c.Header("Cache-Control", "public, max-age=3600")
		c.Request.URL.Path = c.Param("file")
		staticFS.ServeHTTP(c.Writer, c.Request)
	})

	r.NoRoute(securityHeaders, func(c *gin.Context) {
		h.Fail(c, tournament.NotFound("there is no page at %s", c.Request.URL.Path))
	})

	g := r.Group("", securityHeaders, h.SessionUser)
	g.GET("/", h.Page(h.eventsPage))
	g.GET("/search", h.Page(h.searchPage))
	g.GET("/events/:id", h.EventPage(h.eventReader, h.eventOrICS, "round", "page"))
	g.GET("/events/:id/standings", h.EventPage(h.eventReader, h.standingsPage, "round", "page"))
	g.GET("/events/:id/crosstable", h.EventPage(h.eventReader, h.crosstablePage, "round", "page"))
	g.GET("/events/:id/players/:pid", h.EventPage(h.playerReader, h.playerPage))
	g.GET("/events/:id/rounds/:n/boards/:board", h.EventPage(h.eventReader, h.gamePage, "game"))
	g.GET("/login", h.Page(h.loginPage))
	g.POST("/login", h.Page(h.login))
	g.POST("/logout", h.Page(h.logout))
	g.GET("/setup/:token", h.Page(h.setupPage))
	g.POST("/setup/:token", h.Page(h.setup))

	m := g.Group("", h.requireSignIn)
	m.GET("/account", h.Page(h.accountPage))
	m.POST("/account/name", h.Page(h.changeName))
	m.POST("/account/password", h.Page(h.changePassword))
	m.POST("/account/sessions/:sid/end", h.Page(h.endSession))
	m.POST("/account/sessions/end-others", h.Page(h.endOtherSessions))
	m.POST("/account/tokens", h.Page(h.createToken))
	m.POST("/account/tokens/:tid/revoke", h.Page(h.revokeToken))
	m.GET("/admin/accounts", h.Page(h.accountsPage))
	m.POST("/admin/accounts", h.Page(h.addAccount))
	m.POST("/admin/accounts/:uid/role", h.Page(h.changeRole))
	m.POST("/admin/accounts/:uid/password", h.Page(h.resetPassword))
	m.GET("/admin/accounts/audit", h.Page(h.accountsAudit))
	h.myRoutesWeb(m)
	h.regulationsRoutesWeb(g, m)
	h.micromatchRoutesWeb(g, m)
	h.peopleRoutesWeb(g, m)
	h.peopleMergesRoutesWeb(m)
	h.peopleClaimsRoutesWeb(m)
	h.peoplePhotosRoutesWeb(g, m)
	h.peopleMatchesRoutesWeb(m)
	h.ratingsRoutesWeb(g, m)
	m.GET("/manage/events/new", h.Page(h.newEventPage))
	m.POST("/manage/events", h.Page(h.createEvent))
	m.GET("/events/:id/manage", h.Page(h.managePage))
	m.POST("/events/:id/settings", h.Page(h.updateSettings))
	m.POST("/events/:id/players", h.Page(h.addPlayer))
	m.POST("/events/:id/players/csv", h.Page(h.addPlayersCSV))
	m.POST("/events/:id/teams", h.Page(h.addTeam))
	m.POST("/events/:id/team-settings", h.Page(h.setTeamBoards))
	m.POST("/events/:id/team-scoring", h.Page(h.setTeamScoring))
	m.POST("/events/:id/teams/:team", h.Page(h.editTeam))
	m.POST("/events/:id/teams/:team/players", h.Page(h.addReserve))
	m.POST("/events/:id/teams/:team/remove", h.Page(h.removeTeam))
	m.POST("/events/:id/teams/:team/withdraw", h.Page(h.withdrawTeam))
	m.POST("/events/:id/teams/:team/reinstate", h.Page(h.reinstateTeam))
	m.POST("/events/:id/players/:pid/team", h.Page(h.moveToTeam))
	m.GET("/events/:id/rounds/:n/lineups", h.Page(h.lineupsPage))
	m.POST("/events/:id/rounds/:n/lineups/:team", h.Page(h.setLineup))
	m.POST("/events/:id/players/:pid/withdraw", h.Page(h.withdrawPlayer))
	m.POST("/events/:id/players/:pid/reinstate", h.Page(h.reinstatePlayer))
	m.POST("/events/:id/rounds", h.Page(h.pairRound))
	m.POST("/events/:id/rounds/:n/publish", h.Page(h.publishRound))
	m.POST("/events/:id/live/start-position", h.Page(h.saveLiveStart))
	m.POST("/events/:id/rounds/:n/start", h.Page(h.setRoundStart))
	m.POST("/events/:id/rounds/:n/swap", h.Page(h.swapSeats))
	m.POST("/events/:id/rounds/:n/delete", h.Page(h.deleteDraftRound))
	m.POST("/events/:id/rounds/:n/unpublish", h.Page(h.unpublishRound))
	m.POST("/events/:id/players/:pid/remove", h.Page(h.removePlayer))
	m.GET("/events/:id/players/:pid/edit", h.Page(h.playerEditPage))
	m.POST("/events/:id/players/:pid/edit", h.Page(h.savePlayer))
	m.GET("/events/:id/rounds/:n/results", h.Page(h.resultsPage))
	m.POST("/events/:id/rounds/:n/results", h.Page(h.enterResult))
	m.POST("/events/:id/rounds/:n/sheets", h.Page(h.enterSheets))
	m.GET("/events/:id/rounds/:n/boards/:board/edit", h.Page(h.gameEditPage))
	m.POST("/events/:id/rounds/:n/boards/:board/edit", h.Page(h.saveGame))
	m.POST("/events/:id/finish", h.Page(h.finishEvent))
	m.POST("/events/:id/cancel", h.Page(h.cancelEvent))
	m.POST("/events/:id/reopen", h.Page(h.reopenEvent))
	m.GET("/manage/time-control", h.Page(h.timeControlCheck))
	m.GET("/events/:id/audit", h.Page(h.auditPage))
	m.GET("/events/:id/audit.csv", h.Page(h.auditCSV))
	m.GET("/events/:id/audit.json", h.Page(h.auditJSON))
	m.POST("/events/:id/submissions", h.Page(h.setSubmissions))
	m.POST("/events/:id/players/:pid/account", h.Page(h.linkPlayer))
	m.POST("/events/:id/submissions/:sid/decide", h.Page(h.decideSubmission))
	m.GET("/events/:id/rounds/:n/boards/:board/report", h.Page(h.reportPage))
	m.POST("/events/:id/rounds/:n/boards/:board/report", h.Page(h.submitReport))
	h.swissRoutesWeb(m)
	h.correspondenceRoutesWeb(g, m)
	h.compositionRoutesWeb(g, m)
	h.solvingRoutesWeb(g, m)
	h.calendarRoutesWeb(g)
	h.myFeedRoutesWeb(g, m)
	h.entriesRoutesWeb(m)
	h.signupRoutesWeb(g, m)
	h.passwordResetRoutesWeb(g)
}
