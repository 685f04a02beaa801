package core

import (
	"net/http"
	"net/url"
	"strconv"
	"time"

	"github.com/gin-gonic/gin"

	"adiukh/tournament"
	"adiukh/tournament/catalog"
)

// Cached is the middleware of a route whose answers depend on the data,
// the reader's language, the path and the query parameters named (those
// its handler reads) only: the public pages of an event and their JSON.
// Any other parameter is left out of the key and out of what the handler
// sees, so that a parameter nobody reads cannot make a page again: an
// anonymous reader's request is answered as its canonical address (the
// parameters named, sorted), so that every link to the page keeps working.
func (h *Server) Cached(params ...string) gin.HandlerFunc {
	r := cachedRoute{params: params}
	return func(c *gin.Context) { h.serveCached(c, r, (*gin.Context).Next) }
}

// Personal reads what a signed-in reader's page of a kept route shows of
// them and returns what fills those parts into the kept page, which must
// then be the very page made for them; nil when their page differs in
// more (a reader of a composition contest, an arbiter who plays in the
// event): such a page is made for them alone. managers tells that the
// reader manages the event and reads it as its managers do (draft rounds,
// forms, management tabs): their pages are kept apart from the public
// ones, made once for all of the event's managers (issue 65).
type Personal func(c *gin.Context) (fill func(kept []byte) ([]byte, error), managers bool, err error)

// EventPage is the page fn of one event, its path parameter id, which
// reads only that event's data and the data no event owns (the register,
// the rating lists, the accounts' names): kept by those versions (a write
// of another event leaves it kept) for anonymous readers, and served to a
// signed-in reader from the same kept page with their parts filled in by
// personal, so that a crowd of signed-in players makes a big event's page
// once too (issue 59.3).
func (h *Server) EventPage(personal Personal, fn HandlerFunc, params ...string) gin.HandlerFunc {
	r := cachedRoute{params: params, ofEvent: true, personal: personal}
	page := h.Page(fn)
	return func(c *gin.Context) { h.serveCached(c, r, page) }
}

// EventJSON is the JSON answer fn of one event, kept as EventPage's and
// by the language JSON answers are in (JSONLang), and given as kept to a reader
// with a token or a session who may not manage the event, to whom it is
// the very answer made: a script polling a big event's standings with a
// token makes them no more than an anonymous reader does (issue 65).
// The answer is fn's (a JSON handler), called again for a reader the kept
// answer is not for: (*gin.Context).Next runs a route's handler once only.
func (h *Server) EventJSON(fn gin.HandlerFunc, params ...string) gin.HandlerFunc {
	r := cachedRoute{params: params, ofEvent: true, lang: JSONLang, personal: h.publicReader}
	return func(c *gin.Context) { h.serveCached(c, r, fn) }
}

// EventDocument is a document of one event (PDF, PDN, TRF, CSV, XLSX and
// JSON files) made by fn, kept as EventPage's by the pages' language: a reader with a
// token or a session who may not manage the event (a player at a round's
// start, a script) gets the very document kept for anonymous readers, with
// nothing of theirs in it, as it is sent to them (a file's name, a big
// PDN from its spool); the event's managers read more (draft rounds) and
// get theirs made for them (issue 65). fn is called again for a reader the
// kept document is not for, as in EventJSON.
func (h *Server) EventDocument(fn gin.HandlerFunc, params ...string) gin.HandlerFunc {
	r := cachedRoute{params: params, ofEvent: true, personal: h.publicReader, public: true}
	return func(c *gin.Context) { h.serveCached(c, r, fn) }
}

// publicReader is the Personal of an event's JSON and documents: a reader
// who may not manage the event reads what an anonymous reader does; a
// manager reads more (draft rounds, a private event), made for them.
func (h *Server) publicReader(c *gin.Context) (func([]byte) ([]byte, error), bool, error) {
	id, err := PathInt(c, "id")
	if err != nil {
		return nil, false, err
	}
	e, err := h.Events.Event(c.Request.Context(), id)
	if err != nil || tournament.CanManage(tournament.UserFromContext(c.Request.Context()), e) {
		return nil, false, err
	}
	return func(public []byte) ([]byte, error) { return public, nil }, false, nil
}

// cachedRoute is how a route's answers are kept: the query parameters its
// handler reads, whether they are one event's, the language its answers
// are in (nil: the pages', Server.Lang), and how a signed-in reader's
// parts are filled in (nil: made for each signed-in reader); public tells
// that a signed-in reader whose personal fill leaves the kept answer as it
// is gets the anonymous readers' answer whole, as they do (EventDocument).
type cachedRoute struct {
	params   []string
	ofEvent  bool
	lang     func(*gin.Context) catalog.Lang
	personal Personal
	public   bool
}

// language is the language of the request's answer, which its key names.
func (r cachedRoute) language(h *Server, c *gin.Context) catalog.Lang {
	if r.lang != nil {
		return r.lang(c)
	}
	return h.Lang(c)
}

func (h *Server) serveCached(c *gin.Context, r cachedRoute, next gin.HandlerFunc) {
	if h.pages == nil || c.Request.Method != http.MethodGet {
		next(c)
		return
	}
	if tournament.UserFromContext(c.Request.Context()) != nil {
		h.servePersonal(c, r, next)
		return
	}
	if page := h.keptPage(c, r, next, true, false); page != nil {
		page.write(c)
		c.Abort()
	}
}

// servePersonal answers a signed-in reader with the kept public page (or
// the managers' one) and their parts filled in, or with a page made for
// them when the route has no personal parts, their page differs in more,
// or the page is not kept (an error page shows who is signed in).
func (h *Server) servePersonal(c *gin.Context, r cachedRoute, next gin.HandlerFunc) {
	if r.personal == nil {
		next(c)
		return
	}
	// The reader's language (their account's, unless they chose one) is
	// the kept page's and their parts' alike.
	c.Set(langKey, h.Lang(c))
	fill, managers, err := r.personal(c)
	if err != nil || fill == nil {
		next(c)
		return
	}
	// The public page is made for no one; the managers' page by the
	// manager who asks first, whose parts the fill replaces as any
	// reader's.
	signedIn := c.Request.Context()
	if r.public && !managers {
		// Answered as an anonymous reader is: from the kept document or
		// its spool, or made now and kept (an error answer, which no one
		// keeps, is the anonymous one too: the reader may not manage the
		// event, so reads what the public does).
		c.Request = c.Request.WithContext(tournament.NewContextWithUser(signedIn, nil))
		page := h.keptPage(c, r, next, true, false)
		c.Request = c.Request.WithContext(signedIn)
		if page != nil {
			page.write(c)
			c.Abort()
		}
		return
	}
	if !managers {
		c.Request = c.Request.WithContext(tournament.NewContextWithUser(signedIn, nil))
	}
	page := h.keptPage(c, r, next, false, managers)
	c.Request = c.Request.WithContext(signedIn)
	if page == nil {
		next(c)
		return
	}
	body, err := fill(page.plain)
	if err != nil {
		h.Log.Error("page cache: fill a reader's parts in", "path", c.Request.URL.Path, "err", err)
		next(c)
		return
	}
	hd := c.Writer.Header()
	hd["Content-Type"] = page.contentType
	// The reader's page is longer than the public one: when this request
	// made the public page, the handler left that page's Content-Length
	// here (gin's c.Data sets it), and net/http would then send none of a
	// body longer than it (issue 64).
	hd["Content-Length"] = []string{strconv.Itoa(len(body))}
	hd["Cache-Control"] = privateNoCache
	hd["Vary"] = varyOfPages
	c.Writer.WriteHeader(http.StatusOK)
	sendInOnePiece(c.Request.Context(), c.Writer, body)
	c.Abort()
}

// keptPage finds the public page of the request (the managers' page when
// managers is set), kept or made now by next (and kept), and returns it;
// nil when it may not be kept, after answering with next's answer when
// answer is set.
func (h *Server) keptPage(c *gin.Context, r cachedRoute, next gin.HandlerFunc, answer, managers bool) *cachedPage {
	pc := h.pages
	uncached := func() *cachedPage {
		pc.answers[outcomeUncached].Add(1)
		if answer {
			next(c)
		}
		return nil
	}
	values, lang := canonicalQuery(c.Request.URL.RawQuery, r.params)
	if l, ok := catalog.Parse(lang); ok {
		SetCookie(c, LangCookie, string(l), 365*24*time.Hour)
		c.Set(langKey, l)
	}
	var event int64
	if r.ofEvent {
		// An id that is not an event's number reads no event: its error
		// page is kept by the data version, as a page of no event.
		event, _ = strconv.ParseInt(c.Param("id"), 10, 64)
		event = max(event, 0)
	}
	version, err := pc.stampOf(c.Request.Context(), event)
	if err != nil && c.Request.Context().Err() != nil {
		c.Abort() // the reader left while waiting for the version
		return nil
	}
	if err != nil {
		h.Log.Warn("page cache: no data version; answering uncached", "err", err)
		return uncached()
	}
	pc.boundPage(version, c.Request.URL.EscapedPath(), values)
	if original, query := c.Request.URL, values.Encode(); query != original.RawQuery {
		canonical := *original
		canonical.RawQuery = query
		c.Request.URL = &canonical
		defer func() { c.Request.URL = original }()
	}
	var room [256]byte
	key := cacheKey(room[:0], r.language(h, c), managers, c.Request.URL)
	page, m, leader := pc.lookup(version, key)
	switch {
	case leader:
		pc.answers[outcomeMade].Add(1)
		return pc.make(c, version, string(key), m, next, answer)
	case m != nil:
		select {
		case <-m.done:
		case <-m.spilled:
		case <-c.Request.Context().Done():
			c.Abort()
			return nil
		}
		if m.page == nil {
			return uncached()
		}
		// A spooled answer is the public one, sent whole: never a page a
		// signed-in reader's parts are filled into.
		if s := m.page.spool; s != nil && (!answer || !s.use()) {
			return uncached()
		}
		pc.answers[outcomeWaited].Add(1)
		return m.page
	case page != nil:
		// A kept spool is sent from its file, as a waiting reader's is;
		// it may have been forgotten since the lookup.
		if s := page.spool; s != nil && (!answer || !s.use()) {
			return uncached()
		}
		pc.answers[outcomeKept].Add(1)
		return page
	}
	return uncached()
}

// canonicalQuery keeps of a raw query the first value of each parameter
// named, and tells the value of lang, which the cache reads itself (the
// reader's language is in the key). A whole number is written as
// strconv.Itoa writes it ("007" and "+7" are 7), as the handlers read it,
// and ?page= (PageParam) is left out from 1 down and when it is no whole
// number ("abc", "1.5", "1e3", "0x10"), where every value shows the first
// page: junk values of a parameter a page reads come to the address of the
// page they show, made once (issue 59.3), and never reach the handler
// (issue 65: each junk page number was an error made anew, a second each).
func canonicalQuery(raw string, params []string) (kept url.Values, lang string) {
	if raw == "" {
		return nil, "" // nothing to allocate for the address of most requests
	}
	all, _ := url.ParseQuery(raw) // a malformed pair is dropped, as gin's Query does
	lang = all.Get("lang")
	kept = url.Values{}
	for _, name := range params {
		v, ok := all[name]
		if !ok {
			continue
		}
		value := v[0]
		n, err := strconv.Atoi(value)
		switch {
		case name == pageParam && (err != nil || n <= 1):
			continue
		case err == nil:
			value = strconv.Itoa(n)
		}
		kept[name] = []string{value}
	}
	return kept, lang
}

// maxLastPages bounds the tables whose last page is kept; past it they
// are forgotten and told again as their pages are made.
const maxLastPages = 10000

// pageParam is the query parameter of a paged table (PageParam).
const pageParam = "page"

// lastPageKey is where a handler's LastPage leaves the last page.
const lastPageKey = "adiukh.lastPage"

// LastPage tells the page cache the last page of the table a page shows:
// a ?page= past it shows the last page, so the cache answers it with the
// last page kept, not one page made again per number asked.
func LastPage(c *gin.Context, last int) { c.Set(lastPageKey, last) }

// tableAddress is the address of a paged table without its ?page=: the
// key of its last page in pageCache.lastPages.
func tableAddress(path string, values url.Values) string {
	rest := url.Values{}
	for name, v := range values {
		if name != pageParam {
			rest[name] = v
		}
	}
	return path + "?" + rest.Encode()
}

// boundPage writes in values, for a table whose last page is known at
// version, a ?page= past it as the last page (the first, without ?page=).
func (pc *pageCache) boundPage(version stamp, path string, values url.Values) {
	page, err := strconv.Atoi(values.Get(pageParam))
	if err != nil {
		return
	}
	pc.mu.Lock()
	table, known := pc.lastPages[tableAddress(path, values)]
	known = known && table.stamp == version
	pc.mu.Unlock()
	switch last := table.last; {
	case !known || page <= last:
	case last <= 1:
		values.Del(pageParam)
	default:
		values.Set(pageParam, strconv.Itoa(last))
	}
}
