package store

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
)

// versionsChannel is the PostgreSQL channel on which a write transaction
// that raised the versions tells, as it commits, every instance keeping
// them (KeepVersions) which: "schema:" and the events raised, comma
// separated (0 the shared data, which every event's pages read), or
// "schema:*" when they do not fit in a notice.
const versionsChannel = "adiukh_versions"

// versionsPoll is how often an instance on SQLite, which has no
// notifications, reads the data version to learn of another program's
// writes on the same file: the staleness of what it keeps is bounded by
// this and one read. A write through this instance is forgotten at once.
const versionsPoll = 250 * time.Millisecond

// VersionsStaleness bounds how late an instance keeping the versions
// (KeepVersions) learns of a write another instance or program made: on
// PostgreSQL the notification comes within milliseconds of the commit, on
// SQLite within versionsPoll and a read. A write through the instance
// itself is seen by its next read.
const VersionsStaleness = time.Second

// maxKeptEvents bounds the events whose versions are kept; past it they
// are forgotten and read again as their pages are asked for.
const maxKeptEvents = 10000

// keptVersions are the data version and the events' versions this
// instance read, given without a round trip to the database while it
// hears of every write that changes them (KeepVersions): the writes
// through this instance as they commit (forget, called by run), the
// others' by PostgreSQL's notifications or SQLite's poll. A read that
// began before something was forgotten keeps nothing (generation), so a
// version read before a write is never kept after the write is heard of.
type keptVersions struct {
	mu sync.Mutex
	// live: every write is heard of (the notifications are listened to,
	// or the last poll succeeded); else nothing is kept or given.
	live bool
	// generation counts what was forgotten: a read keeps its versions
	// only when it has not changed since the read began.
	generation uint64
	data       int64
	dataKnown  bool
	// events holds each event's versions as one statement read them, the
	// shared version with the event's, so that what is given is a pair
	// the database held together.
	events map[int64]eventStamp
	// hearers are told of every write heard of (HearWrites), by their
	// number.
	hearers    map[int]func(events map[int64]bool, all bool)
	nextHearer int
}

type eventStamp struct{ shared, event int64 }

// began is the generation at the start of a read, for keepData and
// keepEvent.
func (k *keptVersions) began() uint64 {
	k.mu.Lock()
	defer k.mu.Unlock()
	return k.generation
}

func (k *keptVersions) keepData(generation uint64, version int64) {
	k.mu.Lock()
	defer k.mu.Unlock()
	if k.live && generation == k.generation {
		k.data, k.dataKnown = version, true
	}
}

func (k *keptVersions) keepEvent(generation uint64, eventID int64, versions eventStamp) {
	k.mu.Lock()
	defer k.mu.Unlock()
	if !k.live || generation != k.generation {
		return
	}
	if k.events == nil || len(k.events) >= maxKeptEvents {
		k.events = map[int64]eventStamp{}
	}
	k.events[eventID] = versions
}

// forget drops the data version and the versions of the events given
// (every event's when the shared data, sharedVersionID, is among them, or
// all is set): a write raised them.
func (k *keptVersions) forget(events map[int64]bool, all bool) {
	k.mu.Lock()
	k.generation++
	k.dataKnown = false
	all = all || events[sharedVersionID]
	if all {
		clear(k.events)
	} else {
		for id := range events {
			delete(k.events, id)
		}
	}
	hearers := k.listening()
	k.mu.Unlock()
	for _, heard := range hearers {
		heard(events, all)
	}
}

// listening are the hearers to tell, k.mu held: told after it is let go,
// so that a hearer may read the versions.
func (k *keptVersions) listening() []func(map[int64]bool, bool) {
	hearers := make([]func(map[int64]bool, bool), 0, len(k.hearers))
	for _, heard := range k.hearers {
		hearers = append(hearers, heard)
	}
	return hearers
}

// hearing sets whether every write is heard of, forgetting everything:
// what was read while it was not may be stale.
func (k *keptVersions) hearing(live bool) {
	k.mu.Lock()
	k.live = live
	k.generation++
	k.dataKnown = false
	clear(k.events)
	hearers := k.listening()
	k.mu.Unlock()
	// A write made while nothing was heard may have been missed: any
	// event's data may have changed.
	for _, heard := range hearers {
		heard(nil, true)
	}
}

// HearWrites calls heard with the events whose data a write changed, on
// this instance as it commits or on another as this one hears of it while
// it keeps the versions (KeepVersions: PostgreSQL's notices within
// milliseconds, SQLite's poll within versionsPoll); all is set when any
// event's may have changed (the shared data, a notice too long, the feed
// starting or stopping). While KeepingVersions is false the other
// instances' writes are not heard of. heard is called outside the store's
// locks and must not block. It returns the function that stops the calls.
func (s *Store) HearWrites(heard func(events map[int64]bool, all bool)) (stop func()) {
	k := &s.kept
	k.mu.Lock()
	defer k.mu.Unlock()
	if k.hearers == nil {
		k.hearers = map[int]func(map[int64]bool, bool){}
	}
	id := k.nextHearer
	k.nextHearer++
	k.hearers[id] = heard
	return func() {
		k.mu.Lock()
		defer k.mu.Unlock()
		delete(k.hearers, id)
	}
}

// KnownDataVersion is the data version (DataVersion) as this instance
// last read it, while it hears of every write (KeepVersions): current,
// or older by at most VersionsStaleness for another instance's write.
func (s *Store) KnownDataVersion() (int64, bool) {
	k := &s.kept
	k.mu.Lock()
	defer k.mu.Unlock()
	return k.data, k.live && k.dataKnown
}

// KnownEventVersions are an event's versions (EventVersions) as this
// instance last read them, as KnownDataVersion.
func (s *Store) KnownEventVersions(eventID int64) (shared, event int64, ok bool) {
	k := &s.kept
	k.mu.Lock()
	defer k.mu.Unlock()
	v, ok := k.events[eventID]
	return v.shared, v.event, ok && k.live
}

// KeepingVersions reports whether the versions are kept: the
// notifications are listened to, or SQLite's last poll succeeded.
func (s *Store) KeepingVersions() bool {
	s.kept.mu.Lock()
	defer s.kept.mu.Unlock()
	return s.kept.live
}

// KeepVersions lets the versions read be kept in memory (KnownDataVersion,
// KnownEventVersions) until ctx ends, hearing of the other instances'
// writes through PostgreSQL's notifications, or on SQLite by reading the
// data version every versionsPoll. While it cannot (a broken connection,
// told to report, tried again a second later; a failed poll), nothing is
// kept: every version is read from the database again.
func (s *Store) KeepVersions(ctx context.Context, report func(error)) {
	defer s.kept.hearing(false)
	if s.sqlite {
		s.pollVersions(ctx, report)
		return
	}
	for ctx.Err() == nil {
		err := s.listenVersions(ctx)
		s.kept.hearing(false)
		if err != nil && ctx.Err() == nil {
			report(err)
			select {
			case <-ctx.Done():
			case <-time.After(time.Second):
			}
		}
	}
}

// listenVersions listens to versionsChannel on a connection of its own
// until ctx ends or the connection breaks. Tests share one database in
// several schemas: the notices of other schemas are not this store's.
func (s *Store) listenVersions(ctx context.Context) error {
	config, err := pgx.ParseConfig(s.dsn)
	if err != nil {
		return fmt.Errorf("read the versions' feed's address %s: %w", redact(s.dsn), err)
	}
	// Named, so that an operator (and a test) can tell it among the
	// connections: pg_stat_activity.application_name.
	config.RuntimeParams["application_name"] = versionsListener(s.schema)
	conn, err := pgx.ConnectConfig(ctx, config)
	if err != nil {
		return fmt.Errorf("connect the versions' feed to %s: %w", redact(s.dsn), err)
	}
	defer conn.Close(context.Background())
	if _, err := conn.Exec(ctx, "LISTEN "+versionsChannel); err != nil {
		return fmt.Errorf("listen to %s: %w", versionsChannel, err)
	}
	// Every commit from now on is heard of: what is read from now may be
	// kept.
	s.kept.hearing(true)
	prefix := s.schema + ":"
	for {
		n, err := conn.WaitForNotification(ctx)
		if err != nil {
			if ctx.Err() != nil {
				return nil
			}
			return fmt.Errorf("the versions' feed: %w", err)
		}
		if ids, ours := strings.CutPrefix(n.Payload, prefix); ours {
			events, all := parseRaised(ids)
			s.kept.forget(events, all)
		}
	}
}

// versionsListener is the application_name of the connection that
// listens to the versions' notices of schema.
func versionsListener(schema string) string { return "adiukh versions " + schema }

// pollVersions reads the data version every versionsPoll and forgets what
// is kept when it changed; a failed read stops the keeping until one
// succeeds, a run of failures told to report once.
func (s *Store) pollVersions(ctx context.Context, report func(error)) {
	tick := time.NewTicker(versionsPoll)
	defer tick.Stop()
	var last int64
	failing := false
	for {
		version, err := s.DataVersion(ctx)
		switch live := s.KeepingVersions(); {
		case ctx.Err() != nil:
			return
		case err != nil:
			if live {
				s.kept.hearing(false)
			}
			if !failing {
				report(err)
			}
			failing = true
		case !live:
			s.kept.hearing(true)
			failing = false
		case version != last:
			s.kept.forget(nil, true)
		}
		last = version
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
	}
}

// raisedNotice is the notice for schema of the events a transaction
// raised (raiseVersions).
func raisedNotice(schema string, events map[int64]bool) string {
	var b strings.Builder
	b.WriteString(schema)
	b.WriteByte(':')
	for id := range events {
		if b.Len() > len(schema)+1 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.FormatInt(id, 10))
		if b.Len() > maxNotice {
			return schema + ":*"
		}
	}
	return b.String()
}

// parseRaised reads the events of a notice of versionsChannel after its
// schema; one it cannot read forgets them all.
func parseRaised(ids string) (events map[int64]bool, all bool) {
	if ids == "*" {
		return nil, true
	}
	events = map[int64]bool{}
	for part := range strings.SplitSeq(ids, ",") {
		id, err := strconv.ParseInt(part, 10, 64)
		if err != nil {
			return nil, true
		}
		events[id] = true
	}
	return events, false
}
