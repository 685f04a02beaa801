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

// writes records whether a transaction wrote a table outside unversioned;
// it travels in the context of the transaction's statements.
type writes struct{ versioned bool }

type writesKey struct{}

// registerWrites makes every statement that writes (create, update,
// delete, raw SQL, whose table is not known) record its table in the
// transaction's writes.
func registerWrites(db *gorm.DB) error {
	mark := func(db *gorm.DB) {
		if w, ok := db.Statement.Context.Value(writesKey{}).(*writes); ok && !unversioned[db.Statement.Table] {
			w.versioned = true
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

// dataVersionRow is the one row of the data version (migration 2026112291).
type dataVersionRow struct {
	ID      int `gorm:"primaryKey;autoIncrement:false"`
	Version int64
}

func (dataVersionRow) TableName() string { return "data_version" }

// DataVersion is a number that changes whenever any write transaction
// commits, on this instance or another on the same database: what was read
// at one version is still true while the version stays. It is one
// primary-key read on a reading connection, cheap enough to ask on every
// request.
// It goes to database/sql directly: every anonymous page request asks it,
// and the ORM's statement building cost as much as the query itself. The
// statement is prepared once (on each connection as database/sql uses it):
// preparing it for every request cost a third of a kept page's answer.
func (s *Store) DataVersion(ctx context.Context) (int64, error) {
	s.versionQuery.once.Do(func() {
		db, err := s.read.DB()
		if err == nil {
			s.versionQuery.stmt, err = db.PrepareContext(context.WithoutCancel(ctx), "SELECT version FROM data_version WHERE id = 1")
		}
		s.versionQuery.err = err
	})
	if s.versionQuery.err != nil {
		return 0, fmt.Errorf("read the data version: %w", s.versionQuery.err)
	}
	var version int64
	if err := s.versionQuery.stmt.QueryRowContext(ctx).Scan(&version); err != nil {
		return 0, fmt.Errorf("read the data version: %w", err)
	}
	return version, nil
}

// preparedQuery is a statement prepared at its first use.
type preparedQuery struct {
	once sync.Once
	stmt *sql.Stmt
	err  error
}

// raiseDataVersion is the last statement of every write transaction that
// wrote what a page may show (see unversioned). It is written in the
// transaction, so the new version becomes visible with the data it stands
// for and never before it; on PostgreSQL concurrent writers wait for each
// other only between this statement and their commit.
func raiseDataVersion(db *gorm.DB) error {
	err := db.Model(&dataVersionRow{}).Where("id = ?", 1).UpdateColumn("version", gorm.Expr("version + 1")).Error
	if err != nil {
		return fmt.Errorf("raise the data version: %w", err)
	}
	return nil
}
