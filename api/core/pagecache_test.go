package core

import (
	"context"
	"net/url"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"adiukh/tournament/catalog"
)

// slowVersions is a database whose version read takes a while and sees
// the version committed when it starts.
type slowVersions struct {
	committed atomic.Int64
	reads     atomic.Int64
}

func (s *slowVersions) read(context.Context) (stamp, error) {
	s.reads.Add(1)
	v := s.committed.Load()
	time.Sleep(time.Millisecond)
	return stamp{common: v}, nil
}

// A crowd's requests share the version reads, and still each one sees
// every write committed before it came: the page cache is never stale.
func TestVersionReadsShareAndAreNeverStale(t *testing.T) {
	db := &slowVersions{}
	reads := &versionReads{source: db.read}
	stop := make(chan struct{})
	var writer sync.WaitGroup
	writer.Go(func() {
		for {
			select {
			case <-stop:
				return
			case <-time.After(300 * time.Microsecond):
				db.committed.Add(1)
			}
		}
	})
	const requests = 64 * 20
	var crowd sync.WaitGroup
	for range 64 {
		crowd.Go(func() {
			for range requests / 64 {
				came := db.committed.Load()
				v, err := reads.read(context.Background())
				if err != nil || v.common < came {
					t.Errorf("read version %d (%v) after version %d was committed", v, err, came)
					return
				}
			}
		})
	}
	crowd.Wait()
	close(stop)
	writer.Wait()
	if n := db.reads.Load(); n > requests/4 {
		t.Errorf("%d requests made %d version reads; they should share them", requests, n)
	}
}

// A request that gives up does not wait for the read it joined.
func TestVersionReadGivesUpWithItsRequest(t *testing.T) {
	reads := &versionReads{source: (&slowVersions{}).read, running: true}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := reads.read(ctx); err == nil {
		t.Fatal("a cancelled request waiting for a read got a version")
	}
}

// A page's key is its language and its address as the request names it.
func TestCacheKeyIsTheLanguageAndTheAddress(t *testing.T) {
	for _, raw := range []string{"/", "/events/1", "/events/1/standings?page=2&round=3", "/people/%D0%90%20b", "/events/1?", "/a%2Fb/c"} {
		u, err := url.ParseRequestURI(raw)
		if err != nil {
			t.Fatal(err)
		}
		if got, want := string(cacheKey(nil, catalog.English, false, u)), "en "+u.RequestURI(); got != want {
			t.Errorf("%s: key %q, want %q", raw, got, want)
		}
	}
}

// A request that comes while a read is about to start joins it: the read
// has not started, so it still sees every write committed before the
// request came.
func TestRequestsJoinTheReadAboutToStart(t *testing.T) {
	forming := &versionRead{done: make(chan struct{})}
	reads := &versionReads{source: (&slowVersions{}).read, running: true, forming: forming}
	got := make(chan stamp)
	go func() {
		v, _ := reads.read(context.Background())
		got <- v
	}()
	forming.version = stamp{common: 7}
	close(forming.done)
	if v := <-got; v.common != 7 {
		t.Errorf("the request read version %d, want the forming read's 7", v)
	}
	if reads.next != nil {
		t.Error("the request waited for a read of its own after the forming one")
	}
}

// Issue 59.3: past its size the cache forgets the pages served least
// lately, one by one until the new page fits, not every page at once; a
// page larger than the whole cache is not kept and pushes nothing out.
func TestPageCacheForgetsTheLeastLatelyServed(t *testing.T) {
	pc := newPageCache(fixedVersion{})
	pc.limit = 300
	page := func(size int) *cachedPage { return &cachedPage{plain: make([]byte, size)} }
	for _, key := range []string{"a", "b", "c"} {
		pc.keep(key, stamp{}, page(100))
	}
	if p, _, _ := pc.lookup(stamp{}, []byte("a")); p == nil {
		t.Fatal("page a is not kept")
	}
	pc.keep("d", stamp{}, page(100))
	kept := func() (keys []string) {
		for e := pc.used.Front(); e != nil; e = e.Next() {
			keys = append(keys, e.Value.(*keptPage).key)
		}
		return keys
	}
	if got := kept(); !slices.Equal(got, []string{"d", "a", "c"}) || pc.bytes != 300 || len(pc.entries) != 3 {
		t.Errorf("after a was served and d kept, the cache holds %v (%d bytes); want d, a, c: b, served least lately, forgotten", got, pc.bytes)
	}
	pc.keep("huge", stamp{}, page(301))
	if got := kept(); !slices.Equal(got, []string{"d", "a", "c"}) || pc.bytes != 300 {
		t.Errorf("after a page larger than the cache, it holds %v (%d bytes)", got, pc.bytes)
	}
	pc.keep("a", stamp{}, page(50))
	if got := kept(); !slices.Equal(got, []string{"a", "d", "c"}) || pc.bytes != 250 {
		t.Errorf("after page a was made again, the cache holds %v (%d bytes)", got, pc.bytes)
	}
}

// TestPageCacheLetsGoOfAnAnswerLargerThanOneMayBe: a big event's PDN,
// tens of megabytes, would push out every page a crowd reads; it is given
// to the requests that waited for it and not kept (issue 65).
func TestPageCacheLetsGoOfAnAnswerLargerThanOneMayBe(t *testing.T) {
	pc := newPageCache(fixedVersion{})
	pc.limit, pc.largest = 300, 100
	if !pc.keep("small", stamp{}, &cachedPage{plain: make([]byte, 100)}) {
		t.Error("an answer of the largest size kept is not kept")
	}
	if pc.keep("large", stamp{}, &cachedPage{plain: make([]byte, 101)}) || pc.bytes != 100 || len(pc.entries) != 1 {
		t.Errorf("an answer larger than one may be is kept: %d bytes, %d answers", pc.bytes, len(pc.entries))
	}
}
