package core

import (
	"bytes"
	"compress/gzip"
	"container/list"
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"maps"
	"net/http"
	"net/url"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/gin-gonic/gin"

	"adiukh/tournament"
	"adiukh/tournament/catalog"
)

// Versioner tells the versions of the data: each changes whenever a write
// of what it covers commits, on any instance sharing the database: the
// data version any public write (store.Store.DataVersion), an event's
// versions the writes of the data no event owns and of that event's
// (store.Store.EventVersions).
type Versioner interface {
	DataVersion(ctx context.Context) (int64, error)
	EventVersions(ctx context.Context, eventID int64) (shared, event int64, err error)
}

// KnownVersions is a Versioner that keeps the versions it read in memory
// while it hears of every write that changes them (store.Store
// .KeepVersions): a kept page is then served without a round trip to the
// database. What it gives is current after a write through this instance,
// and at most store.VersionsStaleness late after another instance's; when
// it does not know (not read yet, forgotten after a write, or the writes
// are not heard of), the versions are read.
type KnownVersions interface {
	KnownDataVersion() (int64, bool)
	KnownEventVersions(eventID int64) (shared, event int64, ok bool)
}

// stamp is what a page was made at: for a page of one event (EventCached)
// the shared version and the event's, for any other page the data version
// (common) alone. Versions only grow, and both of a stamp are read in one
// statement, so of two stamps of one page one is never older in one
// version and newer in the other.
type stamp struct{ common, event int64 }

// before tells whether s was read before o, which is newer.
func (s stamp) before(o stamp) bool { return s != o && s.common <= o.common && s.event <= o.event }

// pageCache keeps the public pages and JSON answers anonymous readers ask
// for, made once per data version. At the start of a round every player
// refreshes the pairings at once; without the cache each request would
// read the whole event and compute the standings again.
//
// It is never stale: each request first reads the versions the page reads
// (one statement of primary-key reads), and an answer made at older
// versions is made again. Where the source keeps the versions in memory
// (KnownVersions) a request takes them from there: a write through this
// instance is still on the next request, and another instance's on every
// request from at most store.VersionsStaleness after it. The versions are read before the page is made,
// so a page kept under them is at least as new as they are. A page of one
// event is kept by that event's version and the shared one, so a write of
// another event leaves it kept (issue 59.3). Only anonymous readers are
// served from it: a signed-in reader's page shows their own name, links
// and forms. Answers that set a cookie or are not 200 are not kept.
type pageCache struct {
	source   Versioner
	known    KnownVersions // nil when source keeps no versions
	versions *versionReads // the data version, of the pages of no event
	mu       sync.Mutex
	// eventVersions reads each event's versions, as versions the data
	// version, for the pages of that event.
	eventVersions map[int64]*versionReads
	// entries holds the kept pages by key, each an element of used,
	// which orders them from the most lately served (front) to the least.
	entries map[string]*list.Element
	used    *list.List
	bytes   int
	limit   int // the bytes kept at most (pageCacheBytes)
	largest int // the bytes of one answer kept at most (keptAnswerBytes)
	making  map[string]*making
	// lastPages holds, by the address of a paged table without its
	// ?page=, the last page its making told (LastPage) and the stamp it
	// was made at: a ?page= past it is answered as the last page, kept
	// once.
	lastPages map[string]lastPage
	// answers counts the cached routes' answers to anonymous readers by
	// how each was made (/metrics: adiukh_page_cache_answers_total).
	answers [len(cacheOutcomes)]atomic.Int64
}

// cacheOutcomes are how an answer of a cached route came about: served as
// kept, made by this request (and kept when it may be), waited for while
// another request made it, or made without the cache (no data version).
var cacheOutcomes = [...]string{"kept", "made", "waited", "uncached"}

const (
	outcomeKept = iota
	outcomeMade
	outcomeWaited
	outcomeUncached
)

// The cache keeps this many bytes of pages at most: past it, the pages
// served least lately are forgotten, one by one, until the new one fits,
// so that a reader walking through many pages (?page=, ?round=) pushes
// out the pages nobody reads, not the ones a crowd reads (issue 59.3).
const pageCacheBytes = 64 << 20

// keptAnswerBytes bounds one kept answer: a larger one (the PDN of a big
// event's games, tens of megabytes) is not kept, so that it does not push
// out the pages a crowd reads, and is not held in memory while it is made:
// past the bound it goes to a file as it is written (spool), from which
// the request making it and the requests that came meanwhile send it as
// it comes (issue 65).
const keptAnswerBytes = pageCacheBytes / 4

// keptPage is an element of pageCache.used.
type keptPage struct {
	key   string
	stamp stamp
	page  *cachedPage
}

// lastPage is an entry of pageCache.lastPages.
type lastPage struct {
	stamp stamp
	last  int
}

// cachedPage is an answer ready to be written: its header values are
// made once, so that serving it allocates nothing of its own.
type cachedPage struct {
	// header holds what the handler set besides the type, the length and
	// cookies (a document's Content-Disposition, a PDN's skipped games), so
	// that a kept answer is the very answer made.
	header      http.Header
	contentType []string
	etag        []string
	plain       []byte
	gzipped     []byte
	// The Content-Length of each body.
	plainLength, gzippedLength []string
	// spool holds instead an answer larger than one kept answer may be,
	// as it is made, for the requests that came while it was made.
	spool *spool
}

// making is a page being made by one request while others wait for it.
type making struct {
	stamp stamp
	done  chan struct{}
	// spilled is closed when the answer passed the bound of a kept answer
	// and goes to a spool, which page then holds: the waiting requests
	// send it as it is made.
	spilled chan struct{}
	page    *cachedPage // nil when the answer may not be kept
}

func newPageCache(v Versioner) *pageCache {
	known, _ := v.(KnownVersions)
	return &pageCache{
		known: known,
		versions: &versionReads{source: func(ctx context.Context) (stamp, error) {
			version, err := v.DataVersion(ctx)
			return stamp{common: version}, err
		}},
		source: v, eventVersions: map[int64]*versionReads{},
		entries: map[string]*list.Element{}, used: list.New(), limit: pageCacheBytes, largest: keptAnswerBytes,
		making: map[string]*making{}, lastPages: map[string]lastPage{},
	}
}

// maxEventReads bounds the events whose version reads are kept; past it
// they are forgotten and started again as their pages are asked for.
const maxEventReads = 10000

// stampOf reads the versions the page of event (0 for a page of no event)
// is kept by, sharing the read with the requests of the same versions.
func (pc *pageCache) stampOf(ctx context.Context, event int64) (stamp, error) {
	if event == 0 {
		if pc.known != nil {
			if version, ok := pc.known.KnownDataVersion(); ok {
				return stamp{common: version}, nil
			}
		}
		return pc.versions.read(ctx)
	}
	if pc.known != nil {
		if shared, version, ok := pc.known.KnownEventVersions(event); ok {
			return stamp{common: shared, event: version}, nil
		}
	}
	pc.mu.Lock()
	reads := pc.eventVersions[event]
	if reads == nil {
		if len(pc.eventVersions) >= maxEventReads {
			clear(pc.eventVersions)
		}
		reads = &versionReads{source: func(ctx context.Context) (stamp, error) {
			shared, version, err := pc.source.EventVersions(ctx, event)
			return stamp{common: shared, event: version}, err
		}}
		pc.eventVersions[event] = reads
	}
	pc.mu.Unlock()
	return reads.read(ctx)
}

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

// EventCached is Cached for a route of one event, its path parameter id,
// whose answers read only that event's data and the data no event owns
// (the register, the rating lists, the accounts' names): they are kept by
// those versions, and a write of another event leaves them kept.
func (h *Server) EventCached(params ...string) gin.HandlerFunc {
	r := cachedRoute{params: params, ofEvent: true}
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

// EventPage is the page fn of one event (as EventCached) kept for
// anonymous readers, and served to a signed-in reader from the same kept
// page with their parts filled in by personal, so that a crowd of
// signed-in players makes a big event's page once too (issue 59.3).
func (h *Server) EventPage(personal Personal, fn HandlerFunc, params ...string) gin.HandlerFunc {
	r := cachedRoute{params: params, ofEvent: true, personal: personal}
	page := h.Page(fn)
	return func(c *gin.Context) { h.serveCached(c, r, page) }
}

// EventJSON is EventCached for the JSON answers of one event: kept by the
// language JSON answers are in (JSONLang), and given as kept to a reader
// with a token or a session who may not manage the event, to whom it is
// the very answer made: a script polling a big event's standings with a
// token makes them no more than an anonymous reader does (issue 65).
// The answer is fn's (a JSON handler), called again for a reader the kept
// answer is not for: (*gin.Context).Next runs a route's handler once only.
func (h *Server) EventJSON(fn gin.HandlerFunc, params ...string) gin.HandlerFunc {
	r := cachedRoute{params: params, ofEvent: true, lang: JSONLang, personal: h.publicReader}
	return func(c *gin.Context) { h.serveCached(c, r, fn) }
}

// publicReader is the Personal of a JSON answer of one event: a reader
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
// parts are filled in (nil: made for each signed-in reader).
type cachedRoute struct {
	params   []string
	ofEvent  bool
	lang     func(*gin.Context) catalog.Lang
	personal Personal
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

// cacheKey appends to b the key of a page: the language, "managers" for
// the page of an event's managers, and the address (its canonical one), as
// "en /events/1/standings?round=2" or "ru managers /events/1". Made in b,
// on the stack of the request, it costs no allocation when the page is
// kept.
func cacheKey(b []byte, lang catalog.Lang, managers bool, u *url.URL) []byte {
	b = append(append(b, lang...), ' ')
	if managers {
		b = append(b, "managers "...)
	}
	if u.Opaque != "" || u.ForceQuery {
		return append(b, u.RequestURI()...)
	}
	path := u.EscapedPath()
	if path == "" {
		path = "/"
	}
	b = append(b, path...)
	if u.RawQuery != "" {
		b = append(append(b, '?'), u.RawQuery...)
	}
	return b
}

// lookup finds the page of key at version, or the request that is making
// it, or makes this request the one to make it (leader). The maps are read
// with the key's bytes, which Go does without copying them. A reader that
// saw older versions than the page kept or being made may not use or
// replace it: it is answered without the cache.
func (pc *pageCache) lookup(version stamp, key []byte) (page *cachedPage, m *making, leader bool) {
	pc.mu.Lock()
	defer pc.mu.Unlock()
	if e := pc.entries[string(key)]; e != nil {
		kept := e.Value.(*keptPage)
		switch {
		case kept.stamp == version:
			pc.used.MoveToFront(e)
			return kept.page, nil, false
		case version.before(kept.stamp):
			return nil, nil, false
		}
	}
	if m := pc.making[string(key)]; m != nil {
		switch {
		case m.stamp == version:
			return nil, m, false
		case version.before(m.stamp):
			return nil, nil, false
		}
	}
	m = &making{stamp: version, done: make(chan struct{}), spilled: make(chan struct{})}
	pc.making[string(key)] = m
	return nil, m, true
}

// make runs the handler next, keeps its answer when it may be kept and
// returns it; else it returns nil, after answering with it when answer is
// set, or leaving the header as it found it when not (the answer is then
// made again for the signed-in reader). An answer that passes the bound of
// a kept answer, when answer is set, goes to a spool as it is written and
// is sent from there as it comes, to this request and to those waiting
// (spill); make then returns nil, the request answered.
//
// The making does not stop when this request's reader leaves: the others
// waiting for it would each make it again.
func (pc *pageCache) make(c *gin.Context, version stamp, key string, m *making, next gin.HandlerFunc, answer bool) *cachedPage {
	defer close(m.done)
	header := c.Writer.Header()
	before := header.Clone()
	// A cookie set before the handler (the language asked for) goes with
	// every answer of this request; one the handler sets makes it personal.
	cookies := len(header.Values("Set-Cookie"))
	rec := &recorder{ResponseWriter: c.Writer, status: http.StatusOK}
	request := c.Request
	var sending chan error // this request's own sending of a spooled answer
	if answer {
		rec.spillAt = pc.largest
		rec.spill = func() (*spool, error) {
			if len(header.Values("Set-Cookie")) != cookies {
				return nil, nil // personal: made in memory for this reader alone
			}
			s, err := newSpool(answerHeader(before, header))
			if err != nil {
				return nil, err
			}
			sending = make(chan error, 1)
			sendSpooled(request.Context(), rec.ResponseWriter, s, sending)
			m.page = &cachedPage{spool: s}
			close(m.spilled)
			return s, nil
		}
	}
	c.Writer = rec
	c.Request = request.WithContext(context.WithoutCancel(request.Context()))
	made := false
	defer func() {
		if made {
			return
		}
		// The handler panicked: the waiting requests are answered without
		// the cache, and a spool's readers cut their transfers.
		c.Writer, c.Request = rec.ResponseWriter, request
		if rec.spool != nil {
			rec.spool.finish(false, nil)
			<-sending
		}
		pc.forget(key, m)
	}()
	next(c)
	made = true
	c.Writer, c.Request = rec.ResponseWriter, request
	if s := rec.spool; s != nil {
		s.finish(true, trailers(header))
		err := <-sending
		pc.forget(key, m)
		if errors.Is(err, errSpoolFailed) {
			panic(http.ErrAbortHandler)
		}
		if err != nil {
			c.Abort() // the reader left
		}
		return nil
	}
	keep := rec.status == http.StatusOK && len(header.Values("Set-Cookie")) == cookies
	var page *cachedPage
	if keep {
		page = newCachedPage(header.Get("Content-Type"), setBy(before, header), rec.body.Bytes())
		m.page = page
	}
	pc.mu.Lock()
	if pc.making[key] == m {
		delete(pc.making, key)
	}
	if keep && pc.keep(key, version, page) {
		if last, ok := c.Get(lastPageKey); ok {
			if len(pc.lastPages) >= maxLastPages {
				clear(pc.lastPages)
			}
			pc.lastPages[tableAddress(c.Request.URL.EscapedPath(), c.Request.URL.Query())] = lastPage{stamp: version, last: last.(int)}
		}
	}
	pc.mu.Unlock()
	switch {
	case keep:
	case answer:
		c.Writer.WriteHeader(rec.status)
		_, _ = c.Writer.Write(rec.body.Bytes())
	default:
		clear(header)
		maps.Copy(header, before)
		c.Errors = c.Errors[:0]
	}
	return page
}

// forget ends the making m of key: later requests make the answer anew.
func (pc *pageCache) forget(key string, m *making) {
	pc.mu.Lock()
	if pc.making[key] == m {
		delete(pc.making, key)
	}
	pc.mu.Unlock()
}

// answerHeader is the head of an answer as every reader of it gets it:
// its type and what its handler set in header that was not in before.
func answerHeader(before, header http.Header) http.Header {
	h := setBy(before, header)
	if h == nil {
		h = http.Header{}
	}
	h["Content-Type"] = header["Content-Type"]
	return h
}

// sendSpooled starts sending the spooled answer s to w, the making
// request's own writer, and tells on sent how it ended. The head is
// written here, in the handler's goroutine, before the handler may set
// more values (trailers) in the header; the body goes from the spool in a
// goroutine of its own, so that a slow reader holds up neither the making
// nor the requests waiting for it.
func sendSpooled(ctx context.Context, w gin.ResponseWriter, s *spool, sent chan<- error) {
	hd := w.Header()
	delete(hd, "Content-Length")
	hd["Cache-Control"] = noCache
	hd["Vary"] = varyOfPages
	w.WriteHeader(http.StatusOK)
	w.WriteHeaderNow()
	w.Flush()
	s.use()
	go func() {
		defer s.release()
		sent <- s.sendTo(ctx, w)
	}()
}

// keep adds page, made at version, under key, forgetting the pages served
// least lately until it fits, and tells whether it did: a page larger than
// the whole cache or than one answer may be is not kept, nor one older
// than the page kept under key. The caller holds pc.mu.
func (pc *pageCache) keep(key string, version stamp, page *cachedPage) bool {
	if page.size() > min(pc.limit, pc.largest) {
		return false
	}
	if e := pc.entries[key]; e != nil {
		old := e.Value.(*keptPage)
		if version.before(old.stamp) {
			return false
		}
		pc.bytes -= old.page.size()
		pc.used.Remove(e)
	}
	for pc.bytes+page.size() > pc.limit {
		oldest := pc.used.Back()
		old := pc.used.Remove(oldest).(*keptPage)
		delete(pc.entries, old.key)
		pc.bytes -= old.page.size()
	}
	pc.entries[key] = pc.used.PushFront(&keptPage{key: key, stamp: version, page: page})
	pc.bytes += page.size()
	return true
}

// setBy is what a handler set in header that was not in before, leaving
// out the values every answer sets itself.
func setBy(before, header http.Header) http.Header {
	var set http.Header
	for name, values := range header {
		switch name {
		case "Content-Type", "Content-Length", "Set-Cookie":
			continue
		}
		if _, had := before[name]; had {
			continue
		}
		if set == nil {
			set = http.Header{}
		}
		set[name] = values
	}
	return set
}

// newCachedPage keeps an answer, taking body for its own, with the header values its handler set (a
// file's name, a PDN's skipped games), so that every reader's copy is the
// answer made (issue 64). Its ETag is a hash of what the reader gets (the
// type, those header values and the body), never a version of the data:
// it changes only when the page does, and tells a stranger nothing of the
// writes elsewhere, a sign-up, a reset request or a private event's change
// (issue 59.2).
func newCachedPage(contentType string, header http.Header, body []byte) *cachedPage {
	h := sha256.New()
	h.Write([]byte(contentType))
	h.Write([]byte{0})
	for _, name := range slices.Sorted(maps.Keys(header)) {
		for _, v := range header[name] {
			h.Write([]byte(name + ": " + v))
			h.Write([]byte{0})
		}
	}
	h.Write(body)
	// The body is the page's own: its recorder is let go.
	p := &cachedPage{contentType: []string{contentType}, header: header, etag: []string{fmt.Sprintf(`W/"%x"`, h.Sum(nil)[:16])}, plain: body,
		plainLength: []string{strconv.Itoa(len(body))}}
	var z bytes.Buffer
	w, _ := gzip.NewWriterLevel(&z, gzip.BestSpeed)
	_, _ = w.Write(body)
	if w.Close() == nil && z.Len() < len(body) {
		p.gzipped, p.gzippedLength = z.Bytes(), []string{strconv.Itoa(z.Len())}
	}
	return p
}

// The header values every kept answer shares: readers may keep the page
// but must ask whether it is still current.
var (
	noCache = []string{"no-cache"}
	// A page with a signed-in reader's parts is theirs alone.
	privateNoCache = []string{"private, no-cache"}
	varyOfPages    = []string{"Accept-Encoding, Accept-Language, Cookie"}
	gzipEncoding   = []string{"gzip"}
)

func (p *cachedPage) size() int { return len(p.plain) + len(p.gzipped) }

// write answers with the page: 304 when the reader has it already, the
// compressed bytes when the reader takes them. The header values are the
// page's own slices, set without copying: nothing writes to them later.
func (p *cachedPage) write(c *gin.Context) {
	if p.spool != nil {
		writeSpooled(c, p.spool)
		return
	}
	hd := c.Writer.Header()
	maps.Copy(hd, p.header)
	hd["Etag"] = p.etag // the canonical form of ETag, as Header.Set writes it
	hd["Cache-Control"] = noCache
	hd["Vary"] = varyOfPages
	if match := c.Request.Header["If-None-Match"]; len(match) > 0 && etagMatches(match[0], p.etag[0]) {
		c.Writer.WriteHeader(http.StatusNotModified)
		c.Writer.WriteHeaderNow()
		return
	}
	hd["Content-Type"] = p.contentType
	body, length := p.plain, p.plainLength
	if p.gzipped != nil && acceptsGzip(c.Request.Header["Accept-Encoding"]) {
		hd["Content-Encoding"] = gzipEncoding
		body, length = p.gzipped, p.gzippedLength
	}
	hd["Content-Length"] = length
	c.Writer.WriteHeader(http.StatusOK)
	sendInOnePiece(c.Request.Context(), c.Writer, body)
}

func etagMatches(header, etag string) bool {
	for _, t := range strings.Split(header, ",") {
		t = strings.TrimSpace(t)
		if t == "*" || strings.TrimPrefix(t, "W/") == strings.TrimPrefix(etag, "W/") {
			return true
		}
	}
	return false
}

func acceptsGzip(headers []string) bool {
	if len(headers) == 0 {
		return false
	}
	for part := range strings.SplitSeq(headers[0], ",") {
		coding, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		if strings.EqualFold(strings.TrimSpace(coding), "gzip") {
			return strings.ReplaceAll(strings.TrimSpace(params), " ", "") != "q=0"
		}
	}
	return false
}

// recorder holds what a handler writes, so that it can be kept; past
// spillAt bytes (0: never) of an answer of 200 it writes them to the spool
// spill starts instead (nil: on in memory).
type recorder struct {
	gin.ResponseWriter
	status  int
	body    bytes.Buffer
	spillAt int
	spill   func() (*spool, error)
	spool   *spool
}

func (r *recorder) WriteHeader(code int) { r.status = code }
func (r *recorder) WriteHeaderNow()      {}

func (r *recorder) Write(b []byte) (int, error) {
	if r.spool == nil && r.spillAt > 0 && r.status == http.StatusOK && r.body.Len()+len(b) > r.spillAt {
		s, err := r.spill()
		if err != nil {
			return 0, err
		}
		r.spillAt = 0
		if s != nil {
			if _, err := s.Write(r.body.Bytes()); err != nil {
				return 0, err
			}
			r.body = bytes.Buffer{}
			r.spool = s
		}
	}
	if r.spool != nil {
		return r.spool.Write(b)
	}
	return r.body.Write(b)
}

func (r *recorder) WriteString(s string) (int, error) { return r.Write([]byte(s)) }
func (r *recorder) Status() int                       { return r.status }
func (r *recorder) Size() int                         { return r.body.Len() }

// Written tells whether the answer's head has gone to the reader: once it
// spilled, as sendSpooled writes it. A handler sets a header value after
// that as a trailer (HeaderAfterBody).
func (r *recorder) Written() bool { return r.spool != nil }

// Flush sends nothing: the answer is sent when it is made, or from its
// spool.
func (r *recorder) Flush() {}

// versionReads reads the data version for a crowd at once: a request waits
// for the next read that starts after it came, so it sees every write
// committed before it came (the cache stays never stale), while requests
// that come during one read share the read after it: one read per round
// trip to the database instead of one per request. A request that starts
// a read first lets the requests running beside it join the read, which
// has not started yet: on a few cores a crowd's requests come to the read
// together, and would otherwise each start one of their own in turn.
type versionReads struct {
	source  func(context.Context) (stamp, error)
	mu      sync.Mutex
	running bool
	forming *versionRead // the read about to start, which requests that come join
	next    *versionRead // the read for the requests that came during the running one
}

type versionRead struct {
	done    chan struct{}
	version stamp
	err     error
}

func (vr *versionReads) read(ctx context.Context) (stamp, error) {
	vr.mu.Lock()
	r := vr.next
	start := !vr.running
	switch {
	case vr.forming != nil:
		r, start = vr.forming, false
	case start:
		r = &versionRead{done: make(chan struct{})}
		vr.running, vr.forming = true, r
	case r == nil:
		r = &versionRead{done: make(chan struct{})}
		vr.next = r
	}
	vr.mu.Unlock()
	if start {
		runtime.Gosched()
		vr.mu.Lock()
		vr.forming = nil
		vr.mu.Unlock()
		vr.run(context.WithoutCancel(ctx), r)
	}
	select {
	case <-r.done:
		return r.version, r.err
	case <-ctx.Done():
		return stamp{}, ctx.Err()
	}
}

// run makes read r, then starts the next one when requests came meanwhile.
// The reads do not stop with the request that started them: others wait
// for them too.
func (vr *versionReads) run(ctx context.Context, r *versionRead) {
	r.version, r.err = vr.source(ctx)
	close(r.done)
	vr.mu.Lock()
	next := vr.next
	vr.next, vr.running = nil, next != nil
	vr.mu.Unlock()
	if next != nil {
		go vr.run(ctx, next)
	}
}
