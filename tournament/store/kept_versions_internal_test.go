package store

import (
	"strings"
	"testing"
)

// A version read before a write is heard of is never kept after it: the
// read began before the write's forget, so it keeps nothing; one read
// after is kept. Nothing is kept or given while the writes are not heard
// of.
func TestKeptVersionsKeepNoReadOlderThanAForget(t *testing.T) {
	var k keptVersions
	k.keepEvent(k.began(), 7, eventStamp{1, 1})
	if _, ok := k.events[7]; ok {
		t.Fatal("kept a read while the writes are not heard of")
	}
	k.hearing(true)
	before := k.began()
	k.forget(map[int64]bool{7: true}, false)
	k.keepEvent(before, 7, eventStamp{1, 1})
	k.keepData(before, 1)
	if _, ok := k.events[7]; ok || k.dataKnown {
		t.Fatal("kept a read that began before a forget")
	}
	after := k.began()
	k.keepEvent(after, 7, eventStamp{1, 2})
	k.keepEvent(after, 8, eventStamp{1, 5})
	k.keepData(after, 2)
	if k.events[7] != (eventStamp{1, 2}) || !k.dataKnown || k.data != 2 {
		t.Fatalf("a read after the forget is not kept: %v, data %v %d", k.events, k.dataKnown, k.data)
	}
	// Another event's write forgets the data version and that event's.
	k.forget(map[int64]bool{8: true}, false)
	if _, ok := k.events[8]; ok || k.dataKnown || k.events[7] != (eventStamp{1, 2}) {
		t.Fatalf("after event 8's write: %v, data %v; want event 7's kept alone", k.events, k.dataKnown)
	}
	// The shared data's write forgets every event's.
	k.forget(map[int64]bool{sharedVersionID: true}, false)
	if len(k.events) != 0 {
		t.Fatalf("after the shared data's write: %v kept", k.events)
	}
	k.keepEvent(k.began(), 7, eventStamp{2, 2})
	k.hearing(false)
	if len(k.events) != 0 {
		t.Fatal("kept the versions after the writes stopped being heard of")
	}
}

// A notice names the events raised, or all when they do not fit.
func TestRaisedNotice(t *testing.T) {
	events := map[int64]bool{0: true, 12: true, 4096: true}
	ids, ours := strings.CutPrefix(raisedNotice("s1", events), "s1:")
	got, all := parseRaised(ids)
	if !ours || all || len(got) != 3 || !got[0] || !got[12] || !got[4096] {
		t.Fatalf("%q read as %v, all %v", ids, got, all)
	}
	many := map[int64]bool{}
	for id := range int64(2000) {
		many[1_000_000+id] = true
	}
	notice := raisedNotice("s1", many)
	if len(notice) > maxNotice {
		t.Fatalf("a notice of %d bytes; PostgreSQL refuses more than %d", len(notice), maxNotice)
	}
	if _, all := parseRaised(strings.TrimPrefix(notice, "s1:")); !all {
		t.Fatal("a notice of too many events does not forget them all")
	}
	if _, all := parseRaised("1,x"); !all {
		t.Fatal("a notice that cannot be read does not forget them all")
	}
}

// The hearers of the writes are told of each forget, the shared data's as
// every event's, and of every event as the feed starts and stops being
// heard (a write in between may have been missed); a hearer stopped hears
// nothing more.
func TestHearWrites(t *testing.T) {
	s := &Store{}
	type told struct {
		events map[int64]bool
		all    bool
	}
	var heard []told
	stop := s.HearWrites(func(events map[int64]bool, all bool) { heard = append(heard, told{events, all}) })
	s.kept.hearing(true)
	s.kept.forget(map[int64]bool{7: true}, false)
	s.kept.forget(map[int64]bool{sharedVersionID: true}, false)
	s.kept.hearing(false)
	stop()
	s.kept.forget(map[int64]bool{8: true}, false)
	if len(heard) != 4 || !heard[0].all || heard[1].all || !heard[1].events[7] || !heard[2].all || !heard[3].all {
		t.Fatalf("heard %+v; want all, event 7, all, all", heard)
	}
}
