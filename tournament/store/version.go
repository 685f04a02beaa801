package store

import (
	"context"
	"database/sql"
	"fmt"
	"maps"
	"reflect"
	"slices"
	"strings"
	"sync"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
	"gorm.io/gorm/schema"
)

// unversioned are the tables no page the page cache keeps shows (it keeps
// the public pages of events, rounds, standings, players and ratings; see
// api/core/pagecache.go): the live and correspondence games' own rows and
// their moves, which their game's page and stream read afresh, and the
// live clock's beat, written every second. A
// transaction that writes nothing else leaves the data version as it is,
// so that the moves of 500 live games neither wait for each other on the
// version's row nor throw the cached pages away. A move that ends its game
// writes the result into the round, which raises it. A table a cached page
// comes to show must leave this list.
var unversioned = map[string]bool{"correspondence_games": true, "correspondence_moves": true, "live_clock": true}

// private are the tables of the accounts' own records that no page the
// page cache keeps shows: sessions, API tokens and calendar links,
// sign-ups and reset requests, follows, the site's inbox of notices, the
// accounts' audit and the server's secrets. A transaction that writes them raises the account
// version (row 2 of data_version), not the data version: a sign-in, a
// reset request for an existing address or a follow must neither empty
// the page cache nor be seen by a stranger in a page's headers or timing
// (issue 59). The users' own rows are not here: a page may show an
// account's name (an entry, a contest's jury).
var private = map[string]bool{
	"web_sessions": true, "api_tokens": true, "calendar_tokens": true, "signups": true, "password_resets": true,
	"follows": true, "person_follows": true, "account_audit": true, "secrets": true, "notices": true,
}

// writes records what a transaction wrote: whether a table a page may
// show (public: any table outside unversioned and private) and whether one
// of private, and of the public ones whose event (events). It travels in
// the context of the transaction's statements.
type writes struct {
	public, private bool
	// events are the events whose data was written, as the rows or the
	// conditions of the statements tell; locked, those the transaction
	// locked (tx.LockEvent).
	events, locked map[int64]bool
	// unplaced: a table of an event's data was written by a statement that
	// does not tell whose (a board's result by its ID).
	unplaced bool
	// shared: a public table no event owns was written (the register, the
	// rating lists, the accounts' names), or a statement no one can place.
	shared bool
	// parents are the events, read in the transaction, whose final
	// standings show a play-off's result, by the play-off (tx.Event): a
	// write of the play-off raises its parent's version too.
	parents map[int64]int64
}

func (w *writes) parent(event, parent int64) {
	if w.parents == nil {
		w.parents = map[int64]int64{}
	}
	w.parents[event] = parent
}

type writesKey struct{}

// registerWrites makes every statement that writes (create, update,
// delete, raw SQL, whose table is not known) record its table in the
// transaction's writes.
func registerWrites(db *gorm.DB) error {
	mark := func(db *gorm.DB) {
		w, ok := db.Statement.Context.Value(writesKey{}).(*writes)
		switch table := db.Statement.Table; {
		case !ok || unversioned[table]:
		case private[table]:
			w.private = true
		default:
			w.public = true
			w.place(db.Statement)
		}
	}
	cb := db.Callback()
	for _, err := range []error{
		cb.Create().After("gorm:create").Register("adiukh:writes", mark),
		cb.Update().After("gorm:update").Register("adiukh:writes", mark),
		cb.Delete().After("gorm:delete").Register("adiukh:writes", mark),
		cb.Raw().After("gorm:raw").Register("adiukh:writes", mark),
	} {
		if err != nil {
			return fmt.Errorf("register the writes' callback: %w", err)
		}
	}
	return nil
}

// eventChildren are the tables of an event's data whose rows name a
// parent (a round, a team, a match) and not the event.
var eventChildren = map[string]bool{"games": true, "team_members": true, "matches": true, "match_boards": true}

// place records whose data a statement wrote: the event its transaction
// told (tx.ofEvent), else the events its rows or its condition name (the
// column event_id; the events' own rows by id), else unplaced for a table
// of an event's data, else shared.
func (w *writes) place(st *gorm.Statement) {
	if id, ok := st.Context.Value(statementEventKey{}).(int64); ok && id != 0 {
		w.wrote(id)
		return
	}
	if st.Schema == nil {
		w.shared = true // raw SQL: its table and rows are not known
		return
	}
	column := "event_id"
	if st.Table == "events" {
		column = "id"
	}
	field := st.Schema.LookUpField(column)
	if field == nil {
		if eventChildren[st.Table] {
			w.unplaced = true
		} else {
			w.shared = true
		}
		return
	}
	ids := eventsOfRows(st, field)
	if len(ids) == 0 {
		ids = eventsOfCondition(st, column)
	}
	if len(ids) == 0 {
		w.unplaced = true
		return
	}
	for _, id := range ids {
		w.wrote(id)
	}
}

func (w *writes) wrote(event int64) {
	if w.events == nil {
		w.events = map[int64]bool{}
	}
	w.events[event] = true
}

type statementEventKey struct{}

// ofEvent is the transaction whose statements tell that they write the
// data of event eventID, where their rows and conditions do not (a
// game's row names its round, not its event).
func (t *tx) ofEvent(eventID int64) *gorm.DB {
	return t.db.WithContext(context.WithValue(t.db.Statement.Context, statementEventKey{}, eventID))
}

// eventsOfRows reads the event of each row a statement wrote (created or
// saved rows; a statement on an empty model tells none). A row without it
// makes the rows tell nothing.
func eventsOfRows(st *gorm.Statement, field *schema.Field) []int64 {
	rows := reflect.Indirect(st.ReflectValue)
	if rows.Kind() == reflect.Struct {
		id, ok := eventOfRow(st, field, rows)
		if !ok {
			return nil
		}
		return []int64{id}
	}
	if rows.Kind() != reflect.Slice && rows.Kind() != reflect.Array {
		return nil
	}
	ids := make([]int64, 0, rows.Len())
	for i := range rows.Len() {
		id, ok := eventOfRow(st, field, reflect.Indirect(rows.Index(i)))
		if !ok {
			return nil
		}
		ids = append(ids, id)
	}
	return ids
}

func eventOfRow(st *gorm.Statement, field *schema.Field, row reflect.Value) (int64, bool) {
	if row.Kind() != reflect.Struct || row.Type() != st.Schema.ModelType {
		return 0, false
	}
	v, zero := field.ValueOf(st.Context, row)
	id, ok := v.(int64)
	return id, ok && !zero
}

// eventsOfCondition reads the event a statement's condition is limited to:
// "event_id = ?", alone or the first term of an AND.
func eventsOfCondition(st *gorm.Statement, column string) []int64 {
	c, ok := st.Clauses["WHERE"]
	if !ok {
		return nil
	}
	where, ok := c.Expression.(clause.Where)
	if !ok {
		return nil
	}
	for _, e := range where.Exprs {
		var value any
		switch e := e.(type) {
		case clause.Eq:
			if col, ok := e.Column.(clause.Column); ok && col.Name == column || e.Column == column {
				value = e.Value
			}
		case clause.Expr:
			if len(e.Vars) > 0 && (e.SQL == column+" = ?" || strings.HasPrefix(e.SQL, column+" = ? AND ")) {
				value = e.Vars[0]
			}
		}
		if id, ok := value.(int64); ok && id != 0 {
			return []int64{id}
		}
	}
	return nil
}

// dataVersionRow is a row of data_version: row 1 is the data version
// (migration 2026112291), row 2 the account version (migration
// 20261126124500).
type dataVersionRow struct {
	ID      int `gorm:"primaryKey;autoIncrement:false"`
	Version int64
}

func (dataVersionRow) TableName() string { return "data_version" }

// The rows of data_version.
const (
	dataVersionID    = 1
	accountVersionID = 2
)

// eventVersionRow is a row of event_versions (migration 20261126153000):
// the version of one event's data, or, as event 0, of the data no event
// owns (sharedVersionID).
type eventVersionRow struct {
	EventID int64 `gorm:"primaryKey;autoIncrement:false"`
	Version int64
}

func (eventVersionRow) TableName() string { return "event_versions" }

// sharedVersionID is the row of event_versions of the data no event owns.
const sharedVersionID = 0

// DataVersion is a number that changes whenever a write transaction that
// wrote what a page may show commits, on this instance or another on the
// same database: what was read at one version is still true while the
// version stays. Writes of the accounts' own records (private) leave it.
// It is one primary-key read on a reading connection, cheap enough to ask
// on every request; while the store keeps the versions (KeepVersions),
// what it reads is kept for KnownDataVersion.
// It goes to database/sql directly: every anonymous page request asks it,
// and the ORM's statement building cost as much as the query itself. The
// statement is prepared once (on each connection as database/sql uses it):
// preparing it for every request cost a third of a kept page's answer.
func (s *Store) DataVersion(ctx context.Context) (int64, error) {
	var version int64
	generation := s.kept.began()
	err := s.versionQuery.read(ctx, s, "SELECT version FROM data_version WHERE id = 1", nil, &version)
	if err == nil {
		s.kept.keepData(generation, version)
	}
	return version, err
}

// EventVersions are the versions of what a page of one event may show: the
// data no event owns (shared: the register, the rating lists, the
// accounts' names) and the event's own. Each changes whenever a write of
// its data commits, on any instance on the database, and a write of
// another event's data leaves both. A version never written is 0.
func (s *Store) EventVersions(ctx context.Context, eventID int64) (shared, event int64, err error) {
	parameter := "$1"
	if s.sqlite {
		parameter = "?"
	}
	generation := s.kept.began()
	err = s.eventVersionQuery.read(ctx, s, "SELECT COALESCE((SELECT version FROM event_versions WHERE event_id = 0), 0), "+
		"COALESCE((SELECT version FROM event_versions WHERE event_id = "+parameter+"), 0)", []any{eventID}, &shared, &event)
	if err == nil {
		s.kept.keepEvent(generation, eventID, eventStamp{shared, event})
	}
	return shared, event, err
}

// WriteVersion is a number that changes whenever any write transaction
// commits, the accounts' own records included: the sum of the data and
// the account versions, each of which only grows. A verified sign-in is
// kept while it stays (a sign-out or a revoked token changes it).
func (s *Store) WriteVersion(ctx context.Context) (int64, error) {
	var version int64
	err := s.writeVersionQuery.read(ctx, s, "SELECT CAST(SUM(version) AS BIGINT) FROM data_version", nil, &version)
	return version, err
}

// preparedQuery is a statement of one row of numbers prepared at its first
// use.
type preparedQuery struct {
	once sync.Once
	stmt *sql.Stmt
	err  error
}

func (q *preparedQuery) read(ctx context.Context, s *Store, query string, args []any, into ...any) error {
	q.once.Do(func() {
		db, err := s.read.DB()
		if err == nil {
			q.stmt, err = db.PrepareContext(context.WithoutCancel(ctx), query)
		}
		q.err = err
	})
	if q.err != nil {
		return fmt.Errorf("read the data version: %w", q.err)
	}
	if err := q.stmt.QueryRowContext(ctx, args...).Scan(into...); err != nil {
		return fmt.Errorf("read the data version: %w", err)
	}
	return nil
}

// raiseVersions is the last statement of every write transaction that
// wrote what a page may show (raising the data version, and the versions
// of the events it wrote or of the shared data) or the accounts' own
// records (raising the account version). It is written in the transaction,
// so a new version becomes visible with the data it stands for and never
// before it; on PostgreSQL concurrent writers wait for each other only
// between this statement and their commit.
//
// A statement that does not tell whose event's data it wrote (a board's
// result, written by the board's ID) is of the events the transaction
// locked: every use case that writes an event's data locks the event
// first (tx.LockEvent), which PostgreSQL needs of concurrent writers. A
// transaction that locked none raises the shared version, which every
// event's pages read.
//
// It returns the events whose versions it raised (with the shared data,
// sharedVersionID), which the instance forgets as the transaction commits
// (keptVersions), and on PostgreSQL tells every instance listening, as it
// commits (versionsChannel).
func (s *Store) raiseVersions(db *gorm.DB, w *writes) (map[int64]bool, error) {
	// What to raise is read before raising: the raising statements are
	// writes too.
	events := map[int64]bool{}
	if w.public {
		maps.Copy(events, w.events)
		if w.unplaced {
			maps.Copy(events, w.locked)
		}
		if w.shared || w.unplaced && len(w.locked) == 0 {
			events[sharedVersionID] = true
		}
		for event, parent := range w.parents {
			if events[event] {
				events[parent] = true
			}
		}
	}
	for _, v := range []struct {
		id      int
		written bool
	}{{dataVersionID, w.public}, {accountVersionID, w.private}} {
		if !v.written {
			continue
		}
		err := db.Model(&dataVersionRow{}).Where("id = ?", v.id).UpdateColumn("version", gorm.Expr("version + 1")).Error
		if err != nil {
			return nil, fmt.Errorf("raise the data version: %w", err)
		}
	}
	if len(events) == 0 {
		return nil, nil
	}
	// In one order, so that two transactions raising the same events on
	// PostgreSQL wait for each other rather than deadlock.
	ids := slices.Sorted(maps.Keys(events))
	rows := make([]eventVersionRow, len(ids))
	for i, id := range ids {
		rows[i] = eventVersionRow{EventID: id, Version: 1}
	}
	err := db.Clauses(clause.OnConflict{
		Columns:   []clause.Column{{Name: "event_id"}},
		DoUpdates: clause.Assignments(map[string]any{"version": gorm.Expr("event_versions.version + 1")}),
	}).Create(&rows).Error
	if err != nil {
		return nil, fmt.Errorf("raise the events' versions: %w", err)
	}
	if !s.sqlite {
		if err := db.Exec("SELECT pg_notify(?, ?)", versionsChannel, raisedNotice(s.schema, events)).Error; err != nil {
			return nil, fmt.Errorf("tell the instances of the raised versions: %w", err)
		}
	}
	return events, nil
}

// EventVersions are the versions of the data no event owns and of the
// event's own (Store.EventVersions) as the transaction sees them: read
// before the event's data, what the transaction reads of it is at least as
// new (entries.VersionTx).
func (t *tx) EventVersions(eventID int64) (shared, event int64, err error) {
	row := t.db.Raw("SELECT COALESCE((SELECT version FROM event_versions WHERE event_id = 0), 0), "+
		"COALESCE((SELECT version FROM event_versions WHERE event_id = ?), 0)", eventID).Row()
	err = row.Scan(&shared, &event)
	return shared, event, err
}
