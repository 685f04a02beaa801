// Package keptparts keeps what a page is made of, event by event, by the
// versions of the event's data it was read at: the parts of one event are
// used while the versions stay, and made again once they grow (issue 65:
// an account's page and calendar join the kept parts of each of its
// events instead of making them for every request). It imports nothing of
// ours: the parts are the caller's values.
package keptparts

import "sync"

// Stamp is what an event's parts were read at: the version of the data
// no event owns and the event's own, each growing with every write of its
// data that commits.
type Stamp struct{ Shared, Event int64 }

// Before tells whether s was read before o, which is newer.
func (s Stamp) Before(o Stamp) bool {
	return s != o && s.Shared <= o.Shared && s.Event <= o.Event
}

// Parts holds the parts of the events, each event's at the latest stamp
// read, and at most a number of them in all: past it every event's are
// forgotten and made again as they are asked for. A nil *Parts keeps
// nothing.
type Parts struct {
	mu     sync.Mutex
	events map[int64]*Event
	count  int
	limit  int
}

// New keeps at most limit parts in all (each Put says what it counts for).
func New(limit int) *Parts { return &Parts{events: map[int64]*Event{}, limit: limit} }

// Event is one event's parts at one stamp.
type Event struct {
	id    int64
	stamp Stamp
	parts map[key]any
	count int
}

type key struct {
	kind string
	id   int64
}

// At is the event's parts at stamp: those kept when they are of it, new
// ones kept in their place when the kept ones are older; nil when the
// kept ones are newer (the caller read an older snapshot than a request
// since), whose parts are then made and not kept.
func (p *Parts) At(eventID int64, stamp Stamp) *Event {
	if p == nil {
		return nil
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	e := p.events[eventID]
	switch {
	case e != nil && e.stamp == stamp:
		return e
	case e != nil && stamp.Before(e.stamp):
		return nil
	}
	if e != nil {
		p.count -= e.count
	}
	e = &Event{id: eventID, stamp: stamp, parts: map[key]any{}}
	p.events[eventID] = e
	return e
}

// Get is the part of kind and id of the event's parts e, if kept.
func Get[T any](p *Parts, e *Event, kind string, id int64) (part T, ok bool) {
	if p == nil || e == nil {
		return part, false
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	v, ok := e.parts[key{kind, id}]
	if !ok {
		return part, false
	}
	return v.(T), true
}

// Put keeps part as the part of kind and id of the event's parts e,
// counting for count of the limit; nothing when e is no longer the
// event's (newer parts took its place, or all were forgotten). A kept
// part is shared by every reader after: the caller changes it no more.
func Put[T any](p *Parts, e *Event, kind string, id int64, part T, count int) {
	if p == nil || e == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.events[e.id] != e {
		return
	}
	if _, ok := e.parts[key{kind, id}]; ok {
		return // made by another request meanwhile
	}
	e.parts[key{kind, id}] = part
	e.count += count
	p.count += count
	if p.count > p.limit {
		clear(p.events)
		p.count = 0
	}
}
