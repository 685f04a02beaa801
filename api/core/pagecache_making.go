package core

import (
	"container/list"
	"context"
	"errors"
	"maps"
	"net/http"
	"net/url"

	"github.com/gin-gonic/gin"

	"adiukh/tournament/catalog"
)

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
		// The cache's use of the file, taken before the making lets its
		// own go: the readers after the making send it from the file too.
		s.use()
		s.finish(true, trailers(header))
		err := <-sending
		pc.keepSpooled(key, version, m)
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

// keepSpooled ends the making m of key, whose answer went to a spool, and
// keeps the spool for the readers of the same version when it was made
// whole (issue 65: a big event's PDN is made once a version, not once a
// reader); else it lets the cache's use of the file go.
func (pc *pageCache) keepSpooled(key string, version stamp, m *making) {
	s := m.page.spool
	s.mu.Lock()
	made := s.end == spoolMade
	s.mu.Unlock()
	pc.mu.Lock()
	if pc.making[key] == m {
		delete(pc.making, key)
	}
	kept := made && pc.keep(key, version, m.page)
	pc.mu.Unlock()
	if !kept {
		s.release()
	}
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
// than the page kept under key. A spooled answer is bound by the disk its
// file takes (keptSpoolBytes), not by memory; the cache holds a use of its
// file until it is forgotten. The caller holds pc.mu.
func (pc *pageCache) keep(key string, version stamp, page *cachedPage) bool {
	if page.size() > min(pc.limit, pc.largest) || page.spooled() > pc.spoolLimit {
		return false
	}
	if e := pc.entries[key]; e != nil {
		if version.before(e.Value.(*keptPage).stamp) {
			return false
		}
		pc.drop(e)
	}
	for pc.bytes+page.size() > pc.limit || pc.spooledBytes+page.spooled() > pc.spoolLimit {
		pc.drop(pc.used.Back())
	}
	pc.entries[key] = pc.used.PushFront(&keptPage{key: key, stamp: version, page: page})
	pc.bytes += page.size()
	pc.spooledBytes += page.spooled()
	return true
}

// drop forgets the kept page of e, letting its spool's file go once its
// readers are done with it. The caller holds pc.mu.
func (pc *pageCache) drop(e *list.Element) {
	old := pc.used.Remove(e).(*keptPage)
	delete(pc.entries, old.key)
	pc.bytes -= old.page.size()
	pc.spooledBytes -= old.page.spooled()
	if old.page.spool != nil {
		old.page.spool.release()
	}
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
