package api

import (
	"bytes"
	"errors"
	"fmt"
	"html/template"
	"io/fs"
	"net/http"
	"net/url"
	"path"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"adiukh/static"
	"adiukh/templates"
	"adiukh/tournament"
	"adiukh/tournament/catalog"
)

// web is what the HTML pages share besides the services: the parsed page
// templates, the messages and sessions.
type web struct {
	pages     map[string]*template.Template
	sessions  *sessions
	setupLink *setupLink
}

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
}

// lang is the reader's language: ?lang= (remembered in a cookie), the
// cookie, the signed-in user's choice, the browser's Accept-Language, then
// Russian. A reader's own choice always beats what the browser asks for.
func (h *handler) lang(c *gin.Context) string {
	if l, ok := catalog.Parse(c.Query("lang")); ok {
		setCookie(c, langCookie, string(l), 365*24*time.Hour)
		return string(l)
	}
	if v, err := c.Cookie(langCookie); err == nil {
		if l, ok := catalog.Parse(v); ok {
			return string(l)
		}
	}
	if u := tournament.UserFromContext(c.Request.Context()); u != nil {
		if l, ok := catalog.Parse(u.Locale); ok {
			return string(l)
		}
	}
	if l, ok := catalog.FromAcceptLanguage(c.GetHeader("Accept-Language")); ok {
		return string(l)
	}
	return langRU
}

func (h *handler) translator(c *gin.Context) *translator {
	return newTranslator(h.lang(c))
}

// render writes a page. The page is rendered into a buffer first so that a
// template error becomes a clean 500 instead of half a page.
func (h *handler) render(c *gin.Context, status int, name, titleKey string, data any) {
	tr := h.translator(c)
	h.renderWith(c, tr, status, name, tr.T(titleKey), data)
}

func (h *handler) renderWith(c *gin.Context, tr *translator, status int, name, title string, data any) {
	t := h.web.pages[name]
	if t == nil {
		h.Log.Error("no such page template", "page", name)
		c.String(http.StatusInternalServerError, "internal error")
		return
	}
	p := page{T: tr, User: tournament.UserFromContext(c.Request.Context()), Title: title, Path: pathWithoutLang(c.Request.URL), Nav: navOf(name), Data: data}
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
	if pageName == "search" || pageName == "account" || pageName == "accounts" {
		return pageName
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

// errorPage is the data of the error page.
type errorPage struct {
	Status  int
	Message string
}

// failHTML answers an error with a page. A domain error shows its message;
// anything else is logged and shown as a bare internal error.
func (h *handler) failHTML(c *gin.Context, err error) {
	status := http.StatusInternalServerError
	var msg string
	var e *tournament.Error
	if errors.As(err, &e) && statusOf[e.Code] != 0 {
		// The input at fault is named as the form names it, never by its
		// key ("Дисциплина: …", not "discipline: …").
		status, msg = statusOf[e.Code], h.translator(c).ErrorWithField(e)
	} else {
		h.Log.Error("request failed", "method", c.Request.Method, "path", c.Request.URL.Path, "err", err)
	}
	if status == http.StatusUnauthorized {
		c.Redirect(http.StatusSeeOther, "/login?next="+url.QueryEscape(c.Request.URL.RequestURI()))
		c.Abort()
		return
	}
	retryAfterOf(c, err)
	h.render(c, status, "error", "error.title", errorPage{Status: status, Message: msg})
	c.Abort()
}

// securityHeaders forbid inline scripts and framing: the pages load scripts
// and styles only from /static/ on the same origin.
func securityHeaders(c *gin.Context) {
	hd := c.Writer.Header()
	hd.Set("Content-Security-Policy", "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'")
	hd.Set("X-Content-Type-Options", "nosniff")
	hd.Set("Referrer-Policy", "same-origin")
	hd.Set("X-Frame-Options", "DENY")
	c.Next()
}

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

// routesWeb registers the HTML pages.
func (h *handler) routesWeb(r *gin.Engine) {
	staticFS := http.FileServerFS(static.FS)
	r.GET("/static/*file", func(c *gin.Context) {
		c.Header("Cache-Control", "public, max-age=3600")
		c.Request.URL.Path = c.Param("file")
		staticFS.ServeHTTP(c.Writer, c.Request)
	})

	r.NoRoute(securityHeaders, func(c *gin.Context) {
		missing := tournament.NotFound("there is no page at %s", c.Request.URL.Path)
		if strings.HasPrefix(c.Request.URL.Path, "/api/") {
			h.failJSON(c, missing)
			return
		}
		h.failHTML(c, missing)
	})

	g := r.Group("", securityHeaders, h.sessionUser)
	g.GET("/", h.pageHandler(h.eventsPage))
	g.GET("/search", h.pageHandler(h.searchPage))
	g.GET("/events/:id", h.cached, h.pageHandler(h.eventPage))
	g.GET("/events/:id/standings", h.cached, h.pageHandler(h.standingsPage))
	g.GET("/events/:id/crosstable", h.cached, h.pageHandler(h.crosstablePage))
	g.GET("/events/:id/players/:pid", h.cached, h.pageHandler(h.playerPage))
	g.GET("/events/:id/rounds/:n/boards/:board", h.cached, h.pageHandler(h.gamePage))
	g.GET("/login", h.pageHandler(h.loginPage))
	g.POST("/login", h.pageHandler(h.login))
	g.POST("/logout", h.pageHandler(h.logout))
	g.GET("/setup/:token", h.pageHandler(h.setupPage))
	g.POST("/setup/:token", h.pageHandler(h.setup))

	m := g.Group("", h.requireSignIn)
	m.GET("/account", h.pageHandler(h.accountPage))
	m.POST("/account/name", h.pageHandler(h.changeName))
	m.POST("/account/password", h.pageHandler(h.changePassword))
	m.POST("/account/sessions/:sid/end", h.pageHandler(h.endSession))
	m.POST("/account/sessions/end-others", h.pageHandler(h.endOtherSessions))
	m.POST("/account/tokens", h.pageHandler(h.createToken))
	m.POST("/account/tokens/:tid/revoke", h.pageHandler(h.revokeToken))
	m.GET("/admin/accounts", h.pageHandler(h.accountsPage))
	m.POST("/admin/accounts", h.pageHandler(h.addAccount))
	m.POST("/admin/accounts/:uid/role", h.pageHandler(h.changeRole))
	m.POST("/admin/accounts/:uid/password", h.pageHandler(h.resetPassword))
	m.GET("/manage/events/new", h.pageHandler(h.newEventPage))
	m.POST("/manage/events", h.pageHandler(h.createEvent))
	m.GET("/events/:id/manage", h.pageHandler(h.managePage))
	m.POST("/events/:id/settings", h.pageHandler(h.updateSettings))
	m.POST("/events/:id/players", h.pageHandler(h.addPlayer))
	m.POST("/events/:id/players/csv", h.pageHandler(h.addPlayersCSV))
	m.POST("/events/:id/teams", h.pageHandler(h.addTeam))
	m.POST("/events/:id/team-settings", h.pageHandler(h.setTeamBoards))
	m.POST("/events/:id/team-scoring", h.pageHandler(h.setTeamScoring))
	m.POST("/events/:id/teams/:team", h.pageHandler(h.editTeam))
	m.POST("/events/:id/teams/:team/players", h.pageHandler(h.addReserve))
	m.POST("/events/:id/teams/:team/remove", h.pageHandler(h.removeTeam))
	m.POST("/events/:id/teams/:team/withdraw", h.pageHandler(h.withdrawTeam))
	m.POST("/events/:id/teams/:team/reinstate", h.pageHandler(h.reinstateTeam))
	m.POST("/events/:id/players/:pid/team", h.pageHandler(h.moveToTeam))
	m.GET("/events/:id/rounds/:n/lineups", h.pageHandler(h.lineupsPage))
	m.POST("/events/:id/rounds/:n/lineups/:team", h.pageHandler(h.setLineup))
	m.POST("/events/:id/players/:pid/withdraw", h.pageHandler(h.withdrawPlayer))
	m.POST("/events/:id/players/:pid/reinstate", h.pageHandler(h.reinstatePlayer))
	m.POST("/events/:id/rounds", h.pageHandler(h.pairRound))
	m.POST("/events/:id/rounds/:n/publish", h.pageHandler(h.publishRound))
	m.POST("/events/:id/rounds/:n/swap", h.pageHandler(h.swapSeats))
	m.POST("/events/:id/rounds/:n/delete", h.pageHandler(h.deleteDraftRound))
	m.POST("/events/:id/rounds/:n/unpublish", h.pageHandler(h.unpublishRound))
	m.POST("/events/:id/players/:pid/remove", h.pageHandler(h.removePlayer))
	m.GET("/events/:id/players/:pid/edit", h.pageHandler(h.playerEditPage))
	m.POST("/events/:id/players/:pid/edit", h.pageHandler(h.savePlayer))
	m.GET("/events/:id/rounds/:n/results", h.pageHandler(h.resultsPage))
	m.POST("/events/:id/rounds/:n/results", h.pageHandler(h.enterResult))
	m.POST("/events/:id/rounds/:n/sheets", h.pageHandler(h.enterSheets))
	m.GET("/events/:id/rounds/:n/boards/:board/edit", h.pageHandler(h.gameEditPage))
	m.POST("/events/:id/rounds/:n/boards/:board/edit", h.pageHandler(h.saveGame))
	m.POST("/events/:id/finish", h.pageHandler(h.finishEvent))
	m.GET("/manage/time-control", h.pageHandler(h.timeControlCheck))
	m.GET("/events/:id/audit", h.pageHandler(h.auditPage))
	m.GET("/events/:id/audit.csv", h.pageHandler(h.auditCSV))
	m.GET("/events/:id/audit.json", h.pageHandler(h.auditJSON))
	m.POST("/events/:id/submissions", h.pageHandler(h.setSubmissions))
	m.POST("/events/:id/players/:pid/account", h.pageHandler(h.linkPlayer))
	m.POST("/events/:id/submissions/:sid/decide", h.pageHandler(h.decideSubmission))
	m.GET("/events/:id/rounds/:n/boards/:board/report", h.pageHandler(h.reportPage))
	m.POST("/events/:id/rounds/:n/boards/:board/report", h.pageHandler(h.submitReport))
	h.swissRoutesWeb(m)
	h.correspondenceRoutesWeb(g, m)
	h.compositionRoutesWeb(g, m)
	h.solvingRoutesWeb(g, m)
}
