package core

import (
	"bytes"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"fmt"
	"net/http"
	"net/url"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/gin-gonic/gin"

	"adiukh/tournament"
	"adiukh/tournament/catalog"
)

// Versioner tells the version of the data: it changes whenever any write
// commits, on any instance sharing the database (store.Store.DataVersion).
type Versioner interface {
	DataVersion(ctx context.Context) (int64, error)
}

// pageCache keeps the public pages and JSON answers anonymous readers ask
// for, made once per data version. At the start of a round every player
// refreshes the pairings at once; without the cache each request would
// read the whole event and compute the standings again.
//
// It is never stale: each request first reads the data version (one
// primary-key read), and an answer made at an older version is made again.
// The version is read before the page is made, so a page kept under a
// version is at least as new as that version. Only anonymous readers are
// served from it: a signed-in reader's page shows their own name, links
// and forms. Answers that set a cookie or are not 200 are not kept.
type pageCache struct {
	versions *versionReads
	mu       sync.Mutex
	version  int64
	entries  map[string]*cachedPage
	bytes    int
	making   map[string]*making
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

// The cache forgets everything when it grows past this size; the next
// requests make their pages again.
const pageCacheBytes = 64 << 20

// cachedPage is an answer ready to be written: its header values are
// made once, so that serving it allocates nothing of its own.
type cachedPage struct {
	contentType []string
	etag        []string
	plain       []byte
	gzipped     []byte
	// The Content-Length of each body.
	plainLength, gzippedLength []string
}

// making is a page being made by one request while others wait for it.
type making struct {
	done chan struct{}
	page *cachedPage // nil when the answer may not be kept
}

func newPageCache(v Versioner) *pageCache {
	return &pageCache{versions: &versionReads{source: v}, entries: map[string]*cachedPage{}, making: map[string]*making{}}
}

// Cached is the middleware of a route whose answers depend on the data,
// the reader's language, the path and the query parameters named (those
// its handler reads) only: the public pages of an event and their JSON.
// Any other parameter is left out of the key and out of what the handler
// sees, so that a parameter nobody reads cannot make a page again: an
// anonymous reader's request is answered as its canonical address (the
// parameters named, sorted), so that every link to the page keeps working.
func (h *Server) Cached(params ...string) gin.HandlerFunc {
	return func(c *gin.Context) { h.serveCached(c, params) }
}

func (h *Server) serveCached(c *gin.Context, params []string) {
	pc := h.pages
	if pc == nil || c.Request.Method != http.MethodGet || tournament.UserFromContext(c.Request.Context()) != nil {
		c.Next()
		return
	}
	query, lang := canonicalQuery(c.Request.URL.RawQuery, params)
	if l, ok := catalog.Parse(lang); ok {
		SetCookie(c, LangCookie, string(l), 365*24*time.Hour)
		c.Set(langKey, l)
	}
	if original := c.Request.URL; query != original.RawQuery {
		canonical := *original
		canonical.RawQuery = query
		c.Request.URL = &canonical
		defer func() { c.Request.URL = original }()
	}
	version, err := pc.versions.read(c.Request.Context())
	if err != nil && c.Request.Context().Err() != nil {
		c.Abort() // the reader left while waiting for the version
		return
	}
	if err != nil {
		h.Log.Warn("page cache: no data version; answering uncached", "err", err)
		pc.answers[outcomeUncached].Add(1)
		c.Next()
		return
	}
	var room [256]byte
	key := cacheKey(room[:0], h.Lang(c), c.Request.URL)
	page, m, leader := pc.lookup(version, key)
	switch {
	case leader:
		pc.answers[outcomeMade].Add(1)
		if page = pc.make(c, version, string(key), m); page == nil {
			return // the handler's answer, not to be kept, has been sent
		}
	case m != nil:
		select {
		case <-m.done:
		case <-c.Request.Context().Done():
			c.Abort()
			return
		}
		if page = m.page; page != nil {
			pc.answers[outcomeWaited].Add(1)
		}
	case page != nil:
		pc.answers[outcomeKept].Add(1)
	}
	if page == nil {
		pc.answers[outcomeUncached].Add(1)
		c.Next()
		return
	}
	page.write(c)
	c.Abort()
}

// canonicalQuery keeps of a raw query the first value of each parameter
// named, sorted by name (url.Values.Encode), and tells the value of lang,
// which the cache reads itself (the reader's language is in the key).
func canonicalQuery(raw string, params []string) (query, lang string) {
	if raw == "" {
		return "", ""
	}
	all, _ := url.ParseQuery(raw) // a malformed pair is dropped, as gin's Query does
	lang = all.Get("lang")
	kept := url.Values{}
	for _, name := range params {
		if v, ok := all[name]; ok {
			kept[name] = v[:1]
		}
	}
	return kept.Encode(), lang
}

// cacheKey appends to b the key of a page: the language and the address
// (its canonical one), as "en /events/1/standings?round=2". Made in b, on
// the stack of the request, it costs no allocation when the page is kept.
func cacheKey(b []byte, lang catalog.Lang, u *url.URL) []byte {
	b = append(append(b, lang...), ' ')
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
// with the key's bytes, which Go does without copying them.
func (pc *pageCache) lookup(version int64, key []byte) (page *cachedPage, m *making, leader bool) {
	pc.mu.Lock()
	defer pc.mu.Unlock()
	if version != pc.version {
		if version < pc.version {
			// A reader that saw an older version than another: it may
			// not use or replace what the newer one keeps.
			return nil, nil, false
		}
		pc.version, pc.entries, pc.bytes = version, map[string]*cachedPage{}, 0
		pc.making = map[string]*making{}
	}
	if p := pc.entries[string(key)]; p != nil {
		return p, nil, false
	}
	if m := pc.making[string(key)]; m != nil {
		return nil, m, false
	}
	m = &making{done: make(chan struct{})}
	pc.making[string(key)] = m
	return nil, m, true
}

// make runs the handler, answers with what it wrote, and keeps the answer
// when it may be kept; it returns nil after answering itself.
func (pc *pageCache) make(c *gin.Context, version int64, key string, m *making) *cachedPage {
	defer close(m.done)
	header := c.Writer.Header()
	// A cookie set before the handler (the language asked for) goes with
	// every answer of this request; one the handler sets makes it personal.
	cookies := len(header.Values("Set-Cookie"))
	rec := &recorder{ResponseWriter: c.Writer, status: http.StatusOK}
	c.Writer = rec
	c.Next()
	c.Writer = rec.ResponseWriter
	keep := rec.status == http.StatusOK && len(header.Values("Set-Cookie")) == cookies
	var page *cachedPage
	if keep {
		page = newCachedPage(header.Get("Content-Type"), rec.body.Bytes())
		m.page = page
	}
	pc.mu.Lock()
	if pc.making[key] == m {
		delete(pc.making, key)
	}
	if keep && pc.version == version {
		if pc.bytes+page.size() > pageCacheBytes {
			pc.entries, pc.bytes = map[string]*cachedPage{}, 0
		}
		pc.entries[key] = page
		pc.bytes += page.size()
	}
	pc.mu.Unlock()
	if !keep {
		c.Writer.WriteHeader(rec.status)
		_, _ = c.Writer.Write(rec.body.Bytes())
	}
	return page
}

// newCachedPage keeps an answer. Its ETag is a hash of what the reader
// gets (the type and the body), never a version of the data: it changes
// only when the page does, and tells a stranger nothing of the writes
// elsewhere, a sign-up, a reset request or a private event's change
// (issue 59.2).
func newCachedPage(contentType string, body []byte) *cachedPage {
	h := sha256.New()
	h.Write([]byte(contentType))
	h.Write([]byte{0})
	h.Write(body)
	p := &cachedPage{contentType: []string{contentType}, etag: []string{fmt.Sprintf(`W/"%x"`, h.Sum(nil)[:16])}, plain: bytes.Clone(body),
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
	noCache      = []string{"no-cache"}
	varyOfPages  = []string{"Accept-Encoding, Accept-Language, Cookie"}
	gzipEncoding = []string{"gzip"}
)

func (p *cachedPage) size() int { return len(p.plain) + len(p.gzipped) }

// write answers with the page: 304 when the reader has it already, the
// compressed bytes when the reader takes them. The header values are the
// page's own slices, set without copying: nothing writes to them later.
func (p *cachedPage) write(c *gin.Context) {
	hd := c.Writer.Header()
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

// recorder holds what a handler writes, so that it can be kept.
type recorder struct {
	gin.ResponseWriter
	status int
	body   bytes.Buffer
}

func (r *recorder) WriteHeader(code int)              { r.status = code }
func (r *recorder) WriteHeaderNow()                   {}
func (r *recorder) Write(b []byte) (int, error)       { return r.body.Write(b) }
func (r *recorder) WriteString(s string) (int, error) { return r.body.WriteString(s) }
func (r *recorder) Status() int                       { return r.status }
func (r *recorder) Size() int                         { return r.body.Len() }
func (r *recorder) Written() bool                     { return r.body.Len() > 0 }

// versionReads reads the data version for a crowd at once: a request waits
// for the next read that starts after it came, so it sees every write
// committed before it came (the cache stays never stale), while requests
// that come during one read share the read after it: one read per round
// trip to the database instead of one per request. A request that starts
// a read first lets the requests running beside it join the read, which
// has not started yet: on a few cores a crowd's requests come to the read
// together, and would otherwise each start one of their own in turn.
type versionReads struct {
	source  Versioner
	mu      sync.Mutex
	running bool
	forming *versionRead // the read about to start, which requests that come join
	next    *versionRead // the read for the requests that came during the running one
}

type versionRead struct {
	done    chan struct{}
	version int64
	err     error
}

func (vr *versionReads) read(ctx context.Context) (int64, error) {
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
		return 0, ctx.Err()
	}
}

// run makes read r, then starts the next one when requests came meanwhile.
// The reads do not stop with the request that started them: others wait
// for them too.
func (vr *versionReads) run(ctx context.Context, r *versionRead) {
	r.version, r.err = vr.source.DataVersion(ctx)
	close(r.done)
	vr.mu.Lock()
	next := vr.next
	vr.next, vr.running = nil, next != nil
	vr.mu.Unlock()
	if next != nil {
		go vr.run(ctx, next)
	}
}
