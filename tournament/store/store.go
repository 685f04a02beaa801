// Package store keeps tournament data in a relational database through gorm:
// an SQLite file by default, PostgreSQL when the DSN names it. It is the only
// package that knows SQL; the domain in package tournament never sees it.
package store

import (
	"context"
	"fmt"
	"strings"

	"gorm.io/driver/postgres"
	"gorm.io/driver/sqlite"
	"gorm.io/gorm"
	"gorm.io/gorm/logger"
)

// Store is the database behind the tournament service.
type Store struct {
	db *gorm.DB
}

// Open connects to the database the DSN names and brings its schema up to
// date: a postgres:// or postgresql:// URL selects PostgreSQL, anything else
// is the path of an SQLite file, created when missing.
func Open(dsn string) (*Store, error) {
	dialector, err := dialectorFor(dsn)
	if err != nil {
		return nil, err
	}
	db, err := gorm.Open(dialector, &gorm.Config{Logger: logger.Discard, TranslateError: true})
	if err != nil {
		return nil, fmt.Errorf("open database %s: %w", redact(dsn), err)
	}
	if db.Dialector.Name() == "sqlite" {
		// SQLite allows one writer at a time; a single connection turns lock
		// contention into queueing instead of SQLITE_BUSY errors.
		sqlDB, err := db.DB()
		if err != nil {
			return nil, err
		}
		sqlDB.SetMaxOpenConns(1)
	}
	if err := migrate(db); err != nil {
		return nil, err
	}
	return &Store{db: db}, nil
}

func dialectorFor(dsn string) (gorm.Dialector, error) {
	switch {
	case dsn == "":
		return nil, fmt.Errorf("no database given: pass --db FILE or --db postgres://… (or set ADIUKH_DB)")
	case strings.HasPrefix(dsn, "postgres://"), strings.HasPrefix(dsn, "postgresql://"):
		return postgres.Open(dsn), nil
	default:
		sep := "?"
		if strings.Contains(dsn, "?") {
			sep = "&"
		}
		// WAL lets readers work while a result is written; foreign keys are
		// off by default in SQLite; the busy timeout covers other processes
		// (a CLI command run beside the server).
		return sqlite.Open(dsn + sep + "_foreign_keys=1&_journal_mode=WAL&_busy_timeout=5000"), nil
	}
}

// redact hides a password in a PostgreSQL URL before it reaches a log.
func redact(dsn string) string {
	at := strings.Index(dsn, "@")
	scheme := strings.Index(dsn, "://")
	if at < 0 || scheme < 0 || at < scheme {
		return dsn
	}
	creds := dsn[scheme+3 : at]
	if user, _, ok := strings.Cut(creds, ":"); ok {
		return dsn[:scheme+3] + user + ":***" + dsn[at:]
	}
	return dsn
}

// Ping checks that the database answers.
func (s *Store) Ping(ctx context.Context) error {
	sqlDB, err := s.db.DB()
	if err != nil {
		return err
	}
	return sqlDB.PingContext(ctx)
}

// Close releases the database connections.
func (s *Store) Close() error {
	sqlDB, err := s.db.DB()
	if err != nil {
		return err
	}
	return sqlDB.Close()
}
