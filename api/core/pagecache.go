package core

import (
	"container/list"
	"context"
	"net/http"
	"sync"
	"sync/atomic"
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

// stamp is what a page was made at: for a page of one event (EventPage)
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
	// spooledBytes are the bytes of the spooled answers kept, in files,
	// spoolLimit the most of them (keptSpoolBytes).
	spooledBytes, spoolLimit int64
	making                   map[string]*making
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

// keptSpoolBytes bounds the disk the kept spooled answers take (their
// files, unlinked, in TMPDIR): a few versions of the largest documents of
// the events read, each made once a version rather than once a reader.
const keptSpoolBytes = 1 << 30

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
		entries: map[string]*list.Element{}, used: list.New(), limit: pageCacheBytes, largest: keptAnswerBytes, spoolLimit: keptSpoolBytes,
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
