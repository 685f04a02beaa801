package core

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"fmt"
	"maps"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"
)

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

// spooled is the bytes of the file of a spooled answer, 0 for a page kept
// in memory.
func (p *cachedPage) spooled() int64 {
	if p.spool == nil {
		return 0
	}
	p.spool.mu.Lock()
	defer p.spool.mu.Unlock()
	return p.spool.size
}

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
