// Package api is the HTTP face of adiukh. It puts together the router of
// the whole site: the middleware and error table of package core, the HTML
// pages of package web and the /api/v1 JSON handlers of package v1, which
// register their own routes and never import each other. Together they are
// the only packages that know HTTP; they translate requests into calls on
// the services and the services' errors into status codes.
package api

import (
	"adiukh/api/core"
	v1 "adiukh/api/v1"
	"adiukh/api/web"
	"net/http"

	"github.com/gin-gonic/gin"
)

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
		engine.ServeHTTP(w, core.MarkCrossSite(r))
	}))
	return headAsGet(csrf.Handler(engine))
}

// Deps are what the handlers work with; cmd/adiukh builds them.
type Deps = core.Deps

// Pinger reports whether the database answers.
type Pinger = core.Pinger

// StreamLimits bound the live-game streams the server holds open.
type StreamLimits = core.StreamLimits

// DefaultStreamLimits are the limits of streams of docs/security.md.
var DefaultStreamLimits = core.DefaultStreamLimits

// ConnContext is the http.Server's ConnContext of the router: with it, a
// kept page leaves in one piece.
var ConnContext = core.ConnContext

// newEngine builds the gin router with every route registered.
func newEngine(d Deps) *gin.Engine {
	s := core.New(d)
	r := s.Engine()
	v1.Register(s, r.Group("/api/v1"))
	web.Register(s, r)
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

// Flush sends the head: gin's writer asserts that the writer beneath it
// can flush.
func (w headWriter) Flush() {
	if f, ok := w.ResponseWriter.(http.Flusher); ok {
		f.Flush()
	}
}
