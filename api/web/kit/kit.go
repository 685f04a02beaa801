// Package kit is what the HTML pages of every area share: the parsed
// templates and their rendering, the reader's translator, the error page,
// the security headers and the sign-in gate, the forms shown again with
// their errors, the board drawn as SVG and the marks of a page's personal
// parts. An area package (api/web/accounts, …) embeds a *Kit in its own
// handler type and registers its routes; areas never import each other.
package kit

import (
	"bytes"
	"fmt"
	"html/template"
	"io"
	"io/fs"
	"net/http"
	"net/url"
	"path"
	"strings"
	"sync"
	"time"

	"github.com/gin-gonic/gin"

	"adiukh/api/core"
	"adiukh/templates"
	"adiukh/tournament"
)

// Kit holds what the pages share: the server's services and middleware,
// the parsed page templates and the forms shown again on a body too large.
// It is built once per router by New; its registrations (ReshowTooLarge)
// are made while the routes are, before any request.
type Kit struct {
	*core.Server
	pages   map[string]*template.Template
	reshown map[string]func(c *gin.Context) error
	// ContestDesk shows the desk of an event that plays no games (a
	// composition contest's) with its form which, "" for none, shown again
	// as f with status. Every event's desk has one address, the arbiter's
	// desk's route: it shows this one through ContestDesk, which the area
	// of composition sets as it registers its routes.
	ContestDesk func(c *gin.Context, e *tournament.Event, which string, f *Form, status int) error
}

// New returns the kit of s's pages and makes it answer s's errors outside
// /api/ as pages.
func New(s *core.Server) *Kit {
	pages, err := parsedPages()
	if err != nil {
		// The templates are embedded in the binary; a test parses them.
		panic(err)
	}
	k := &Kit{Server: s, pages: pages, reshown: map[string]func(c *gin.Context) error{}}
	s.SetPageFailer(k.FailHTML)
	return k
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

// Page is what every template receives: the data of the page and what the
// layout needs (language, signed-in user, the current address).
type Page struct {
	T     *Translator
	User  *tournament.User
	Title string
	Path  string // the current path and query, to come back to after switching language
	Nav   string // the section of the navigation to highlight
	Data  any
	// LiveMS is how often (in milliseconds) the page looks for news and
	// shows them in place; 0 for a page that does not.
	LiveMS int64
}

// LivePage is the data of a page that follows a running event: its
// public tabs, whose news readers wait for.
type LivePage interface {
	LiveEvery(base time.Duration) time.Duration
}

// Translator is the reader's language, from the request.
func (k *Kit) Translator(c *gin.Context) *Translator {
	return NewTranslator(k.Lang(c))
}

// Render writes a page, its title the catalogue's text of titleKey.
func (k *Kit) Render(c *gin.Context, status int, name, titleKey string, data any) {
	tr := k.Translator(c)
	k.RenderWith(c, tr, status, name, tr.T(titleKey), data)
}

// RenderWith writes a page in tr's language with a title of its own. The
// page is rendered into a buffer first so that a template error becomes a
// clean 500 instead of half a page.
func (k *Kit) RenderWith(c *gin.Context, tr *Translator, status int, name, title string, data any) {
	t := k.pages[name]
	if t == nil {
		k.Log.Error("no such page template", "page", name)
		c.String(http.StatusInternalServerError, "internal error")
		return
	}
	p := Page{T: tr, User: tournament.UserFromContext(c.Request.Context()), Title: title, Path: pathWithoutLang(c.Request.URL), Nav: navOf(name), Data: data}
	if l, ok := data.(LivePage); ok {
		p.LiveMS = l.LiveEvery(k.LiveEvery).Milliseconds()
	}
	var buf bytes.Buffer
	if err := t.Execute(&buf, p); err != nil {
		k.Log.Error("render page", "page", name, "err", err)
		c.String(http.StatusInternalServerError, "internal error")
		return
	}
	c.Data(status, "text/html; charset=utf-8", buf.Bytes())
}

// ExecutePart writes the partial template name with data: a part of a
// page made again for its reader (see PersonalMark).
func (k *Kit) ExecutePart(w io.Writer, name string, data any) error {
	return k.pages["event"].ExecuteTemplate(w, name, data) // every page's set has the layout and the partials
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

// Site is the address the site is reached at, without the trailing
// slash: the configured public URL, else the request's own.
func (k *Kit) Site(c *gin.Context) *url.URL {
	if u, err := url.Parse(strings.TrimSuffix(k.PublicURL, "/")); err == nil && u.Host != "" {
		return u
	}
	scheme := "http"
	if c.Request.TLS != nil {
		scheme = "https"
	}
	return &url.URL{Scheme: scheme, Host: c.Request.Host}
}
