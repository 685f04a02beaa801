package kit

import (
	"errors"
	"net/http"
	"net/url"
	"strings"

	"github.com/gin-gonic/gin"

	"adiukh/api/core"
	"adiukh/tournament"
)

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

// FailHTML answers an error with a page. A domain error shows its message;
// anything else is logged and shown as a bare internal error.
func (k *Kit) FailHTML(c *gin.Context, err error) {
	status := http.StatusInternalServerError
	var msg string
	var e *tournament.Error
	if errors.As(err, &e) && core.StatusOf[e.Code] != 0 {
		// The input at fault is named as the form names it, never by its
		// key ("Дисциплина: …", not "discipline: …").
		status, msg = core.StatusOf[e.Code], k.Translator(c).ErrorWithField(e)
	} else {
		k.Log.Error("request failed", "method", c.Request.Method, "path", c.Request.URL.Path, "err", err)
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
		if sessionErr := k.ReadSession(c); sessionErr != nil {
			k.Log.Error("error page: the session", "err", sessionErr)
		}
	}
	if reshow := k.reshown[c.FullPath()]; status == http.StatusRequestEntityTooLarge && reshow != nil && reshow(c) == nil {
		c.Abort()
		return
	}
	page := errorPage{Status: status, Message: msg, Back: CameFrom(c)}
	if strings.HasPrefix(c.FullPath(), "/events/:id") {
		if id, idErr := core.PathInt(c, "id"); idErr == nil {
			// An event the reader may not see stays unnamed.
			page.Event, _ = k.Events.Event(c.Request.Context(), id)
		}
	}
	k.Render(c, status, "error", "error.title", page)
	c.Abort()
}

// ReshowTooLarge registers an upload form shown again on its own page, the
// refusal at the file's field, when the body sent to route (as gin names
// it: "/events/:id/regulations") is over the route's limit and was never
// read (a 6 MB PDF of regulations): the arbiter stays at the desk instead
// of a bare 413 page (issue 60). A form that cannot be shown (the reader
// may not: reshow returns ErrNotTheReaders) falls back to the error page.
// An area calls it while registering its routes.
func (k *Kit) ReshowTooLarge(route string, reshow func(c *gin.Context) error) {
	k.reshown[route] = reshow
}

// ErrNotTheReaders is a form the reader may not see: the error page is
// shown instead.
var ErrNotTheReaders = errors.New("the form is not the reader's")

// CameFrom is the page of this site the request was sent from (its
// Referer, which the site's Referrer-Policy keeps to its own pages), ""
// for another site's, or for the same address read again. A form sent to
// its own address (a sheet's edit) leads back to itself.
func CameFrom(c *gin.Context) string {
	ref, err := url.Parse(c.GetHeader("Referer"))
	if err != nil || ref.Host != c.Request.Host || ref.Path == "" || ref.Path == c.Request.URL.Path && c.Request.Method == http.MethodGet {
		return ""
	}
	return ref.RequestURI()
}

// SecurityHeaders forbid inline scripts and framing: the pages load scripts
// and styles only from /static/ on the same origin. (X-Content-Type-Options
// is core's, on every answer.)
func SecurityHeaders(c *gin.Context) {
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

// RequireSignIn sends anonymous readers of arbiter pages to the sign-in
// page; the service still checks the role on every call.
func RequireSignIn(c *gin.Context) {
	if tournament.UserFromContext(c.Request.Context()) == nil {
		c.Redirect(http.StatusSeeOther, "/login?next="+url.QueryEscape(c.Request.URL.RequestURI()))
		c.Abort()
		return
	}
	c.Next()
}

// SafeNext keeps a return address on this site: only a local path. A
// browser drops tabs and line breaks from an address and reads a backslash
// as a slash, so "/\t/evil.example" would leave the site: any control
// character or backslash sends the reader home instead.
func SafeNext(next string) string {
	if strings.ContainsFunc(next, func(r rune) bool { return r < 0x20 || r == 0x7f || r == '\\' }) {
		return "/"
	}
	u, err := url.Parse(next)
	if err != nil || u.Scheme != "" || u.Host != "" || !strings.HasPrefix(next, "/") || strings.HasPrefix(next, "//") {
		return "/"
	}
	return next
}
