package store

import (
	"context"
	"database/sql"
	"fmt"
	"sync"

	"gorm.io/gorm"
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
// sign-ups and reset requests, follows, the accounts' audit and the
// server's secrets. A transaction that writes them raises the account
// version (row 2 of data_version), not the data version: a sign-in, a
// reset request for an existing address or a follow must neither empty
// the page cache nor be seen by a stranger in a page's headers or timing
// (issue 59). The users' own rows are not here: a page may show an
// account's name (an entry, a contest's jury).
var private = map[string]bool{
	"web_sessions": true, "api_tokens": true, "calendar_tokens": true, "signups": true, "password_resets": true,
	"follows": true, "person_follows": true, "account_audit": true, "secrets": true,
}

// writes records whether a transaction wrote a table a page may show
// (public: any table outside unversioned and private) and whether it wrote
// one of private; it travels in the context of the transaction's
// statements.
type writes struct{ public, private bool }

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

// DataVersion is a number that changes whenever a write transaction that
// wrote what a page may show commits, on this instance or another on the
// same database: what was read at one version is still true while the
// version stays. Writes of the accounts' own records (private) leave it.
// It is one primary-key read on a reading connection, cheap enough to ask
// on every request.
// It goes to database/sql directly: every anonymous page request asks it,
// and the ORM's statement building cost as much as the query itself. The
// statement is prepared once (on each connection as database/sql uses it):
// preparing it for every request cost a third of a kept page's answer.
func (s *Store) DataVersion(ctx context.Context) (int64, error) {
	return s.versionQuery.read(ctx, s, "SELECT version FROM data_version WHERE id = 1")
}

// WriteVersion is a number that changes whenever any write transaction
// commits, the accounts' own records included: the sum of the data and
// the account versions, each of which only grows. A verified sign-in is
// kept while it stays (a sign-out or a revoked token changes it).
func (s *Store) WriteVersion(ctx context.Context) (int64, error) {
	return s.writeVersionQuery.read(ctx, s, "SELECT CAST(SUM(version) AS BIGINT) FROM data_version")
}

// preparedQuery is a statement of one number prepared at its first use.
type preparedQuery struct {
	once sync.Once
	stmt *sql.Stmt
	err  error
}

func (q *preparedQuery) read(ctx context.Context, s *Store, query string) (int64, error) {
	q.once.Do(func() {
		db, err := s.read.DB()
		if err == nil {
			q.stmt, err = db.PrepareContext(context.WithoutCancel(ctx), query)
		}
		q.err = err
	})
	if q.err != nil {
		return 0, fmt.Errorf("read the data version: %w", q.err)
	}
	var version int64
	if err := q.stmt.QueryRowContext(ctx).Scan(&version); err != nil {
		return 0, fmt.Errorf("read the data version: %w", err)
	}
	return version, nil
}

// raiseVersions is the last statement of every write transaction that
// wrote what a page may show (raising the data version) or the accounts'
// own records (raising the account version). It is written in the
// transaction, so the new version becomes visible with the data it stands
// for and never before it; on PostgreSQL concurrent writers wait for each
// other only between this statement and their commit.
func raiseVersions(db *gorm.DB, w *writes) error {
	for _, v := range []struct {
		id      int
		written bool
	}{{dataVersionID, w.public}, {accountVersionID, w.private}} {
		if !v.written {
			continue
		}
		err := db.Model(&dataVersionRow{}).Where("id = ?", v.id).UpdateColumn("version", gorm.Expr("version + 1")).Error
		if err != nil {
			return fmt.Errorf("raise the data version: %w", err)
		}
	}
	return nil
}
