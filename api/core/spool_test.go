package core

import (
	"container/list"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/gin-gonic/gin"
)

// bigDocument is a document of a big event as a handler writes it: many
// small pieces (a PDN's games), then a header value known only at the end
// (its skipped games). It stops halfway until release is closed, telling
// halfway, and fails there when fail is set.
type bigDocument struct {
	makings  atomic.Int64
	halfway  chan struct{}
	release  chan struct{}
	fail     bool
	once     sync.Once
	gameSize int
	games    int
}

func (d *bigDocument) game(i int) []byte {
	return fmt.Appendf(nil, "[Event \"big\"]\n[Round \"%d\"]\n%0*d\n", i, d.gameSize, i)
}

func (d *bigDocument) handler(s *Server, pause bool) gin.HandlerFunc {
	return s.JSON(func(c *gin.Context) error {
		d.makings.Add(1)
		err := SendBody(c, "application/x-pdn; charset=utf-8", func(w io.Writer) error {
			for i := range d.games {
				if pause && i == d.games/2 {
					d.once.Do(func() { close(d.halfway) })
					<-d.release
					if d.fail {
						return errors.New("the database went away")
					}
				}
				if _, err := w.Write(d.game(i)); err != nil {
					return err
				}
			}
			return nil
		})
		if err == nil {
			HeaderAfterBody(c, "X-Adiukh-Skipped-Games", "round 3 board 7")
		}
		return err
	})
}

// spoolServer serves the document at /events/1/games.pdn through the page
// cache, whose bound of one kept answer is small, and at /plain/games.pdn
// without it: the answer a reader gets made for them alone.
func spoolServer(t *testing.T, d *bigDocument) (*Server, *httptest.Server) {
	s := New(Deps{DB: fixedVersion{}, Log: slog.New(slog.NewTextHandler(io.Discard, nil))})
	s.pages.largest = 64 << 10
	r := s.Engine()
	r.GET("/events/:id/games.pdn", s.EventDocument(d.handler(s, true)))
	r.GET("/plain/games.pdn", d.handler(s, false))
	srv := httptest.NewServer(r)
	t.Cleanup(srv.Close)
	return s, srv
}

// Issue 65: a document larger than one kept answer may be goes to its
// readers as it is written, made once for the readers who came while it
// was made, and each gets it whole: the very bytes, head and trailer a
// reader gets made for them alone.
func TestADocumentOverTheBoundIsStreamedAndMadeOnce(t *testing.T) {
	d := &bigDocument{halfway: make(chan struct{}), release: make(chan struct{}), gameSize: 100, games: 40000}
	s, srv := spoolServer(t, d)
	made, err := http.Get(srv.URL + "/plain/games.pdn")
	if err != nil {
		t.Fatal(err)
	}
	want, err := io.ReadAll(made.Body)
	made.Body.Close()
	if err != nil || made.StatusCode != http.StatusOK || len(want) < 4<<20 {
		t.Fatalf("the document made for one reader: %d, %d bytes (%v); want 200 and over 4 MB", made.StatusCode, len(want), err)
	}
	if got := made.Trailer.Get("X-Adiukh-Skipped-Games"); got != "round 3 board 7" {
		t.Errorf("the document made for one reader has the skipped games %q after its body", got)
	}
	d.makings.Store(0)

	// Half the document is made and the making waits: the first reader
	// has its first third already, not the whole once made.
	half := make([]byte, len(want)/3)
	firstRead := make(chan *http.Response, 1)
	go func() {
		resp, err := http.Get(srv.URL + "/events/1/games.pdn")
		if err == nil {
			_, err = io.ReadFull(resp.Body, half)
		}
		if err != nil {
			t.Error(err)
		}
		firstRead <- resp
	}()
	<-d.halfway
	var first *http.Response
	select {
	case first = <-firstRead:
	case <-time.After(time.Minute): // a guard against hanging, not a measure
		close(d.release)
		if resp := <-firstRead; resp != nil {
			_, _ = io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
		}
		t.Fatal("the first reader got nothing of the document while it was made: it is sent once made")
	}
	if first == nil {
		t.FailNow()
	}
	defer first.Body.Close()
	if string(half) != string(want[:len(half)]) {
		t.Fatal("the first third of the document the first reader got is not the document's")
	}
	const readers = 6
	bodies := make(chan *http.Response, readers)
	for range readers {
		go func() {
			resp, err := http.Get(srv.URL + "/events/1/games.pdn")
			if err != nil {
				t.Error(err)
			}
			bodies <- resp
		}()
	}
	for s.pages.answers[outcomeWaited].Load() < readers {
		time.Sleep(time.Millisecond)
	}
	close(d.release)
	check := func(who string, resp *http.Response, read []byte) {
		rest, err := io.ReadAll(resp.Body)
		got := append(read, rest...)
		if err != nil || resp.StatusCode != http.StatusOK || string(got) != string(want) {
			t.Errorf("%s: %d, %d bytes (%v); want 200 and the %d bytes made for one reader", who, resp.StatusCode, len(got), err, len(want))
		}
		for _, name := range []string{"Content-Type", "X-Content-Type-Options"} {
			if resp.Header.Get(name) != made.Header.Get(name) {
				t.Errorf("%s: %s %q; the document made for one reader has %q", who, name, resp.Header.Get(name), made.Header.Get(name))
			}
		}
		if got := resp.Trailer.Get("X-Adiukh-Skipped-Games"); got != "round 3 board 7" {
			t.Errorf("%s: the skipped games after the body are %q", who, got)
		}
	}
	check("the first reader", first, half)
	for range readers {
		resp := <-bodies
		if resp == nil {
			continue
		}
		check("a reader who came while it was made", resp, nil)
		resp.Body.Close()
	}
	if n := d.makings.Load(); n != 1 {
		t.Errorf("%d readers made the document %d times; want once", readers+1, n)
	}
}

// Issue 65: a document over the bound, once made whole, is kept in its
// file for the readers of the same version, made once a version and not
// once a reader; one larger than the disk the kept files may take is made for
// each reader; and a kept file is let go when the cache forgets it.
func TestADocumentOverTheBoundIsKeptOnceMade(t *testing.T) {
	d := &bigDocument{halfway: make(chan struct{}), release: make(chan struct{}), gameSize: 100, games: 40000}
	close(d.release)
	s, srv := spoolServer(t, d)
	get := func(path string) []byte {
		t.Helper()
		resp, err := http.Get(srv.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		body, err := io.ReadAll(resp.Body)
		if err != nil || resp.StatusCode != http.StatusOK {
			t.Fatalf("%s: %d (%v)", path, resp.StatusCode, err)
		}
		if got := resp.Trailer.Get("X-Adiukh-Skipped-Games"); got != "round 3 board 7" {
			t.Errorf("%s: the skipped games after the body are %q", path, got)
		}
		return body
	}
	want := get("/events/1/games.pdn")
	for range 3 {
		if got := get("/events/1/games.pdn"); string(got) != string(want) {
			t.Fatalf("a reader after the making got %d bytes, not the %d made", len(got), len(want))
		}
	}
	if n := d.makings.Load(); n != 1 {
		t.Errorf("4 readers of one version, one after the other, made the document %d times; want once", n)
	}
	if kept := s.pages.answers[outcomeKept].Load(); kept != 3 {
		t.Errorf("%d of the readers after the making were sent the kept file; want 3", kept)
	}

	s.pages.mu.Lock()
	s.pages.spoolLimit = int64(len(want)) - 1
	s.pages.mu.Unlock()
	d.makings.Store(0)
	get("/events/2/games.pdn")
	get("/events/2/games.pdn")
	if n := d.makings.Load(); n != 2 {
		t.Errorf("a second document larger than the disk the kept files may take was made %d times for two readers; want each time", n)
	}

	s.pages.mu.Lock()
	var e *list.Element
	for key, kept := range s.pages.entries {
		if strings.HasSuffix(key, "/events/1/games.pdn") {
			e = kept
		}
	}
	if e == nil {
		s.pages.mu.Unlock()
		t.Fatal("the first document is not kept")
	}
	spooled := e.Value.(*keptPage).page.spool
	s.pages.drop(e)
	left := s.pages.spooledBytes
	s.pages.mu.Unlock()
	spooled.mu.Lock()
	closed := spooled.closed
	spooled.mu.Unlock()
	if !closed || left != 0 {
		t.Errorf("a kept file forgotten with no reader: closed %v, the kept files' bytes %d; want closed and 0", closed, left)
	}
}

// A document whose making fails after its first bytes were sent cuts every
// reader's transfer: none takes half a document for the whole.
func TestADocumentThatFailsHalfwayCutsItsTransfers(t *testing.T) {
	d := &bigDocument{halfway: make(chan struct{}), release: make(chan struct{}), gameSize: 100, games: 40000, fail: true}
	s, srv := spoolServer(t, d)
	first, err := http.Get(srv.URL + "/events/1/games.pdn")
	if err != nil {
		t.Fatal(err)
	}
	defer first.Body.Close()
	<-d.halfway
	second := make(chan *http.Response, 1)
	go func() {
		resp, err := http.Get(srv.URL + "/events/1/games.pdn")
		if err != nil {
			t.Error(err)
		}
		second <- resp
	}()
	for s.pages.answers[outcomeWaited].Load() < 1 {
		time.Sleep(time.Millisecond)
	}
	close(d.release)
	for who, resp := range map[string]*http.Response{"the first reader": first, "a reader who waited": <-second} {
		if resp == nil {
			continue
		}
		body, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		if err == nil {
			t.Errorf("%s got %d bytes of a document whose making failed, and no error", who, len(body))
		}
	}
}

// /metrics tells the bytes the page cache keeps, so that a server's memory
// can be told apart: its kept pages against the rest of its heap.
func TestMetricsTellTheBytesThePageCacheKeeps(t *testing.T) {
	s := New(Deps{DB: fixedVersion{}, Log: slog.New(slog.NewTextHandler(io.Discard, nil))})
	r := s.Engine()
	page := strings.Repeat("<p>a kept page</p>\n", 1000)
	r.GET("/page", s.Cached(), func(c *gin.Context) { c.Data(http.StatusOK, "text/html; charset=utf-8", []byte(page)) })
	metric := func() string {
		w := httptest.NewRecorder()
		r.ServeHTTP(w, httptest.NewRequest(http.MethodGet, "/metrics", nil))
		for line := range strings.Lines(w.Body.String()) {
			if value, ok := strings.CutPrefix(line, "adiukh_page_cache_bytes "); ok {
				return strings.TrimSpace(value)
			}
		}
		return "missing"
	}
	if got := metric(); got != "0" {
		t.Errorf("adiukh_page_cache_bytes of an empty cache: %s", got)
	}
	r.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest(http.MethodGet, "/page", nil))
	if got, want := metric(), strconv.Itoa(s.pages.bytes); got != want || want == "0" {
		t.Errorf("adiukh_page_cache_bytes after a page was kept: %s; the cache holds %s", got, want)
	}
}

// Issue 65.3: no more documents are made at once than there are cores;
// the others wait their turn, and each is then answered whole.
func TestDocumentsAreMadeNoMoreAtOnceThanTheCores(t *testing.T) {
	s := New(Deps{DB: fixedVersion{}, Log: slog.New(slog.NewTextHandler(io.Discard, nil))})
	r := s.Engine()
	var arrived, making, most atomic.Int64
	release := make(chan struct{})
	r.GET("/documents/:n", s.JSON(func(c *gin.Context) error {
		arrived.Add(1)
		return SendBody(c, "application/pdf", func(w io.Writer) error {
			now := making.Add(1)
			defer making.Add(-1)
			for m := most.Load(); now > m && !most.CompareAndSwap(m, now); m = most.Load() {
			}
			<-release
			_, err := io.WriteString(w, "%PDF-1.7 "+c.Param("n"))
			return err
		})
	}))
	srv := httptest.NewServer(r)
	defer srv.Close()
	slots := cap(makingDocuments)
	requests := slots + 2
	answers := make(chan string, requests)
	for n := range requests {
		go func() {
			resp, err := http.Get(srv.URL + "/documents/" + strconv.Itoa(n))
			if err != nil {
				answers <- err.Error()
				return
			}
			body, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			answers <- string(body)
		}()
	}
	for arrived.Load() < int64(requests) || making.Load() < int64(slots) {
		time.Sleep(time.Millisecond)
	}
	close(release)
	for range requests {
		if got := <-answers; !strings.HasPrefix(got, "%PDF-1.7 ") {
			t.Errorf("a document that waited its turn: %q", got)
		}
	}
	if got := most.Load(); got != int64(slots) {
		t.Errorf("%d documents were made at once with %d cores; want %d", got, slots, slots)
	}
}
