package core

import (
	"bytes"
	"compress/gzip"
	"context"
	"fmt"
	"hash/fnv"
	"net/http"
	"strings"
	"sync"

	"github.com/gin-gonic/gin"

	"adiukh/tournament"
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
	versions Versioner
	mu       sync.Mutex
	version  int64
	entries  map[string]*cachedPage
	bytes    int
	making   map[string]*making
}

// The cache forgets everything when it grows past this size; the next
// requests make their pages again.
const pageCacheBytes = 64 << 20

type cachedPage struct {
	contentType string
	etag        string
	plain       []byte
	gzipped     []byte
}

// making is a page being made by one request while others wait for it.
type making struct {
	done chan struct{}
	page *cachedPage // nil when the answer may not be kept
}

func newPageCache(v Versioner) *pageCache {
	return &pageCache{versions: v, entries: map[string]*cachedPage{}, making: map[string]*making{}}
}

// Cached is the middleware of the routes whose answers depend on the data,
// the reader's language and the address only: the public pages of an
// event and their JSON.
func (h *Server) Cached(c *gin.Context) {
	pc := h.pages
	if pc == nil || c.Request.Method != http.MethodGet || tournament.UserFromContext(c.Request.Context()) != nil {
		c.Next()
		return
	}
	version, err := pc.versions.DataVersion(c.Request.Context())
	if err != nil {
		h.Log.Warn("page cache: no data version; answering uncached", "err", err)
		c.Next()
		return
	}
	key := string(h.Lang(c)) + " " + c.Request.URL.RequestURI()
	page, m, leader := pc.lookup(version, key)
	switch {
	case leader:
		if page = pc.make(c, version, key, m); page == nil {
			return // the handler's answer, not to be kept, has been sent
		}
	case m != nil:
		<-m.done
		page = m.page
	}
	if page == nil {
		c.Next()
		return
	}
	page.write(c)
	c.Abort()
}

// lookup finds the page of key at version, or the request that is making
// it, or makes this request the one to make it (leader).
func (pc *pageCache) lookup(version int64, key string) (page *cachedPage, m *making, leader bool) {
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
	if p := pc.entries[key]; p != nil {
		return p, nil, false
	}
	if m := pc.making[key]; m != nil {
		return nil, m, false
	}
	m = &making{done: make(chan struct{})}
	pc.making[key] = m
	return nil, m, true
}

// make runs the handler, answers with what it wrote, and keeps the answer
// when it may be kept; it returns nil after answering itself.
func (pc *pageCache) make(c *gin.Context, version int64, key string, m *making) *cachedPage {
	defer close(m.done)
	rec := &recorder{ResponseWriter: c.Writer, status: http.StatusOK}
	c.Writer = rec
	c.Next()
	c.Writer = rec.ResponseWriter
	header := c.Writer.Header()
	keep := rec.status == http.StatusOK && header.Get("Set-Cookie") == ""
	var page *cachedPage
	if keep {
		page = newCachedPage(header.Get("Content-Type"), version, key, rec.body.Bytes())
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

func newCachedPage(contentType string, version int64, key string, body []byte) *cachedPage {
	h := fnv.New64a()
	h.Write([]byte(key))
	p := &cachedPage{contentType: contentType, etag: fmt.Sprintf(`W/"%d-%x"`, version, h.Sum64()), plain: bytes.Clone(body)}
	var z bytes.Buffer
	w, _ := gzip.NewWriterLevel(&z, gzip.BestSpeed)
	_, _ = w.Write(body)
	if w.Close() == nil && z.Len() < len(body) {
		p.gzipped = z.Bytes()
	}
	return p
}

func (p *cachedPage) size() int { return len(p.plain) + len(p.gzipped) }

// write answers with the page: 304 when the reader has it already, the
// compressed bytes when the reader takes them.
func (p *cachedPage) write(c *gin.Context) {
	hd := c.Writer.Header()
	hd.Set("ETag", p.etag)
	// Readers may keep the page but must ask whether it is still current.
	hd.Set("Cache-Control", "no-cache")
	hd.Set("Vary", "Accept-Encoding, Accept-Language, Cookie")
	if match := c.GetHeader("If-None-Match"); match != "" && etagMatches(match, p.etag) {
		c.Status(http.StatusNotModified)
		c.Writer.WriteHeaderNow()
		return
	}
	hd.Set("Content-Type", p.contentType)
	body := p.plain
	if p.gzipped != nil && acceptsGzip(c.GetHeader("Accept-Encoding")) {
		hd.Set("Content-Encoding", "gzip")
		body = p.gzipped
	}
	hd.Set("Content-Length", fmt.Sprint(len(body)))
	c.Status(http.StatusOK)
	_, _ = c.Writer.Write(body)
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

func acceptsGzip(header string) bool {
	for _, part := range strings.Split(header, ",") {
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
