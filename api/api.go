// Package api is the HTTP face of adiukh: the gin router, its middleware, the
// HTML pages and the /api/v1 JSON handlers (files v1*.go). It is the only
// package that knows HTTP; it translates requests into calls on the
// tournament and account services and their errors into status codes.
package api

import (
	"context"
	"crypto/rand"
	"log/slog"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"

	"adiukh/tournament"
	"adiukh/tournament/account"
	"adiukh/tournament/composition"
	"adiukh/tournament/correspondence"
)

// Pinger reports whether the database answers.
type Pinger interface {
	Ping(ctx context.Context) error
}

// Deps are what the handlers work with; cmd/adiukh builds them.
type Deps struct {
	// PublicURL is the address the site is reached at, such as
	// https://adiukh.example.org; printed pairing lists link to it. Empty
	// prints no link: the Host header of a request is not trusted.
	PublicURL string

	DB       Pinger
	Events   *tournament.Service
	Accounts *account.Service
	// Correspondence plays the games of correspondence events on the server.
	Correspondence *correspondence.Service
	// Composition runs the contests of composition events.
	Composition *composition.Service
	Log         *slog.Logger
	// Secret signs the session cookies of the web pages; every instance
	// serving the same site needs the same one.
	Secret []byte
	// SetupToken, when set, opens /setup/{token} once to create the first
	// administrator of a fresh database.
	SetupToken string
	// Now is the clock; time.Now when nil.
	Now func() time.Time
	// TrustedProxies are the addresses (IPs or CIDRs) of reverse proxies
	// whose X-Forwarded-For names the client; cmd/adiukh checks them.
	// Without any, the connecting address is the client.
	TrustedProxies []string
}

// handler holds the dependencies every handler shares.
type handler struct {
	Deps
	web
	metrics *metrics
	// pages keeps public answers per data version; nil when the database
	// cannot tell its version.
	pages *pageCache
}

// NewRouter builds the HTTP handler of the application.
func NewRouter(d Deps) http.Handler {
	// Browsers mark cross-site requests (Sec-Fetch-Site, Origin); unsafe
	// methods from another site are refused, which stops CSRF on the forms.
	// Scripts with API tokens send neither header and pass. The refusal is
	// answered by the engine, marked, so that it is a page (or the API's
	// JSON) in the reader's language rather than Go's bare English text.
	engine := newEngine(d)
	csrf := http.NewCrossOriginProtection()
	csrf.SetDenyHandler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		engine.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), crossSite{}, true)))
	}))
	return headAsGet(csrf.Handler(engine))
}

// crossSite marks a request the cross-origin protection refused.
type crossSite struct{}

// refuseCrossSite answers a marked request with 403 before any route runs.
func (h *handler) refuseCrossSite(c *gin.Context) {
	if c.Request.Context().Value(crossSite{}) != nil {
		h.fail(c, tournament.Forbidden("a form sent from another site is refused; open the page on this site and send it again"))
		c.Abort()
	}
}

// newEngine builds the gin router with every route registered.
func newEngine(d Deps) *gin.Engine {
	if d.Log == nil {
		d.Log = slog.Default()
	}
	if d.Now == nil {
		d.Now = time.Now
	}
	if len(d.Secret) == 0 {
		// Without a configured secret, sign-ins last as long as this process.
		d.Secret = make([]byte, 32)
		_, _ = rand.Read(d.Secret)
	}
	pages, err := parsePages()
	if err != nil {
		// The templates are embedded in the binary; a test parses them.
		panic(err)
	}
	h := &handler{Deps: d, metrics: newMetrics(d), web: web{
		pages:     pages,
		sessions:  &sessions{secret: d.Secret},
		setupLink: &setupLink{token: d.SetupToken},
	}}
	if v, ok := d.DB.(Versioner); ok {
		h.pages = newPageCache(v)
	}
	gin.SetMode(gin.ReleaseMode)
	r := gin.New()
	// Sign-in limits count by the client's address: the connecting one, or
	// what a trusted proxy forwards, never a header any client could forge.
	if err := r.SetTrustedProxies(d.TrustedProxies); err != nil {
		d.Log.Error("trusted proxies refused; trusting none", "err", err)
		_ = r.SetTrustedProxies(nil)
	}
	r.Use(h.observe, h.recoverPanic, noSniff, h.refuseCrossSite, h.limitBody)
	h.routesOps(r)
	h.routesV1(r.Group("/api/v1"))
	h.routesWeb(r)
	return r
}

// headAsGet answers HEAD on every page, API read and document as GET would,
// without the body: gin routes HEAD apart from GET and would say 404, while
// link checkers, caches and `curl -I` ask with HEAD.
func headAsGet(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodHead {
			r = r.Clone(r.Context())
			r.Method = http.MethodGet
			w = headWriter{w}
		}
		next.ServeHTTP(w, r)
	})
}

// headWriter keeps the status and headers of an answer and drops its body.
type headWriter struct{ http.ResponseWriter }

func (w headWriter) Write(p []byte) (int, error) { return len(p), nil }

// WriteString keeps gin from writing a string past Write.
func (w headWriter) WriteString(s string) (int, error) { return len(s), nil }
