package keptparts

import (
	"fmt"
	"sync"
	"testing"
)

// A part is kept at its stamp: the same stamp finds it, a newer one
// starts the event's parts afresh, an older one neither finds nor keeps.
func TestPartsAreKeptByTheirStamp(t *testing.T) {
	p := New(100)
	first := p.At(1, Stamp{1, 1})
	Put(p, first, "board", 7, "round 1", 1)
	if got, ok := Get[string](p, p.At(1, Stamp{1, 1}), "board", 7); !ok || got != "round 1" {
		t.Errorf("at the same stamp: %q, %v; want the part kept", got, ok)
	}
	if _, ok := Get[string](p, p.At(2, Stamp{1, 1}), "board", 7); ok {
		t.Error("another event has the event's part")
	}
	newer := p.At(1, Stamp{1, 2})
	if _, ok := Get[string](p, newer, "board", 7); ok {
		t.Error("after a write of the event, its part is still kept")
	}
	Put(p, first, "board", 8, "stale", 1)
	if _, ok := Get[string](p, p.At(1, Stamp{1, 2}), "board", 8); ok {
		t.Error("a part made at the older stamp was kept among the newer ones")
	}
	if older := p.At(1, Stamp{1, 1}); older != nil {
		t.Error("an older stamp got parts to keep")
	}
	if _, ok := Get[string](p, p.At(1, Stamp{2, 2}), "board", 7); ok {
		t.Error("after a write of the shared data, the event's part is still kept")
	}
	var none *Parts
	Put(none, none.At(1, Stamp{}), "board", 7, "x", 1)
	if _, ok := Get[string](none, none.At(1, Stamp{}), "board", 7); ok {
		t.Error("nil parts kept a part")
	}
}

// Past the limit every part is forgotten, and made again as asked.
func TestPartsPastTheLimitAreForgotten(t *testing.T) {
	p := New(3)
	for id := range int64(4) {
		Put(p, p.At(id, Stamp{1, 1}), "board", 1, id, 1)
	}
	for id := range int64(4) {
		if _, ok := Get[int64](p, p.At(id, Stamp{1, 1}), "board", 1); ok {
			t.Errorf("event %d's part is kept past the limit", id)
		}
	}
	if p.count != 0 {
		t.Errorf("%d parts counted after all were forgotten", p.count)
	}
}

// Readers of many events at once, and writes moving the stamps, share the
// parts without a race (the race detector runs this package).
func TestPartsAtOnce(t *testing.T) {
	p := New(50)
	var wg sync.WaitGroup
	for reader := range 8 {
		wg.Go(func() {
			for i := range 200 {
				event, version := int64(i%5), int64(i/50)
				e := p.At(event, Stamp{1, version})
				want := fmt.Sprintf("event %d at %d", event, version)
				if got, ok := Get[string](p, e, "player", int64(reader)); ok && got != want {
					t.Errorf("reader %d: %q, want %q", reader, got, want)
				}
				Put(p, e, "player", int64(reader), want, 1)
			}
		})
	}
	wg.Wait()
}
