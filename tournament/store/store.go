// Package store keeps tournament data in a relational database through gorm:
// an SQLite file by default, PostgreSQL when the DSN names it. It is the only
// package that knows SQL; the domain in package tournament never sees it.
package store

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"runtime"
	"strings"
	"sync/atomic"
	"time"

	"adiukh/tournament"

	"gorm.io/driver/postgres"
	"gorm.io/driver/sqlite"
	"gorm.io/gorm"
	"gorm.io/gorm/logger"
)

// Store is the database behind the tournament service.
//
// On SQLite it holds two pools on the same file: one connection that writes
// (every Update begins with BEGIN IMMEDIATE, so writes are serialised and
// never fail half-way on a lock) and several read-only connections for View,
// which in WAL mode read the last committed state while a write goes on. On
// PostgreSQL both are one pool; View runs in a READ ONLY, REPEATABLE READ
// transaction, one consistent snapshot.
//
// Urgent transactions (tournament.WithUrgency: a live player's move) go
// ahead of the others: on PostgreSQL they have connections of their own,
// and on SQLite read-only connections of their own and the first turn at
// the writing one (writerGate).
type Store struct {
	db   *gorm.DB // writes
	read *gorm.DB // reads; the same handle as db on PostgreSQL
	// urgent are the connections kept for urgent transactions: on
	// PostgreSQL for reads and writes, on SQLite for reads (nil for a
	// database in memory, which another connection would not see).
	urgent *gorm.DB
	writer writerGate // SQLite: the turns at the writing connection
	// writesRefused is set when the database refused a write for want of
	// room or permission (cannotSave), and cleared by the next write that
	// commits: while it is set, Ping tries a write (probeWrite).
	writesRefused atomic.Bool
	sqlite        bool
	path          string // the SQLite file, for messages
	// inUse holds the shared lock that tells Restore the SQLite file is
	// open (lockInUse); nil for PostgreSQL and a database in memory.
	inUse *os.File
	// dsn and schema are PostgreSQL's, for the change feed (corrFeed):
	// where it connects, and whose games' changes it hears.
	dsn, schema string
	// versionQuery reads the data version (DataVersion),
	// writeVersionQuery the version of every write (WriteVersion),
	// eventVersionQuery an event's and the shared versions (EventVersions).
	versionQuery, writeVersionQuery, eventVersionQuery preparedQuery
	// kept are the versions read, kept while every write is heard of
	// (KeepVersions).
	kept keptVersions
}

// postgresConns caps an instance's shared connections to PostgreSQL (it
// has urgentConns more): a crowd of requests (a thousand live players'
// streams) waits for a connection instead of opening one each until the
// server refuses them (its max_connections is 100 by default), and several
// instances share that.
const postgresConns = 16

// urgentConns more are kept for urgent transactions (a live player's move),
// on PostgreSQL, and as many reading ones on SQLite: a pool serves its
// waiters in no particular order, so that a move made while a thousand
// streams open at a round's start waited for hundreds of transactions
// before its own.
const urgentConns = 4

// Open connects to the database the DSN names and brings its schema up to
// date: a postgres:// or postgresql:// URL selects PostgreSQL, anything else
// is the path of an SQLite file, created when missing (see OpenExisting).
func Open(dsn string) (*Store, error) {
	switch {
	case dsn == "":
		return nil, fmt.Errorf("no database given: pass --db FILE or --db postgres://… (or set ADIUKH_DB)")
	case isPostgres(dsn):
		db, err := openGorm(postgres.Open(dsn), dsn)
		if err != nil {
			return nil, err
		}
		if err := migrate(db); err != nil {
			closeGorm(db)
			return nil, err
		}
		keepConns(db, postgresConns)
		urgent, err := openUrgentPostgres(dsn)
		if err != nil {
			closeGorm(db)
			return nil, err
		}
		st := &Store{db: db, read: db, urgent: urgent, dsn: dsn}
		if err := db.Raw("SELECT current_schema()").Scan(&st.schema).Error; err != nil {
			st.Close()
			return nil, fmt.Errorf("read the schema of %s: %w", redact(dsn), err)
		}
		return st, nil
	}
	// BEGIN IMMEDIATE takes the write lock at the start of the transaction,
	// waiting up to the busy timeout for another program (a second server,
	// a command run beside it) to release it; a deferred BEGIN would fail
	// at its first write instead when another connection wrote meanwhile.
	var inUse *os.File
	if !inMemory(dsn) {
		if err := createPrivate(sqlitePath(dsn)); err != nil {
			return nil, err
		}
		var err error
		if inUse, err = lockInUse(sqlitePath(dsn), false); errors.Is(err, errBusy) {
			return nil, tournament.Conflict("", "%s is being restored from a backup; start again when adiukh restore has finished", sqlitePath(dsn))
		} else if err != nil {
			return nil, err
		}
	}
	db, err := openGorm(sqlite.Open(sqliteDSN(dsn, "_journal_mode=WAL&_txlock=immediate")), dsn)
	if err != nil {
		if inUse != nil {
			inUse.Close()
		}
		return nil, err
	}
	s := &Store{db: db, read: db, sqlite: true, path: dsn, inUse: inUse}
	sqlDB, err := db.DB()
	if err != nil {
		return nil, err
	}
	// One writer: the process's writes queue here rather than on the lock.
	sqlDB.SetMaxOpenConns(1)
	if err := migrate(db); err != nil {
		s.Close()
		return nil, err
	}
	if !inMemory(dsn) {
		read, err := openGorm(sqlite.Open(sqliteDSN(dsn, "_query_only=1")), dsn)
		if err != nil {
			s.Close()
			return nil, err
		}
		s.read = read
		urgent, err := openGorm(sqlite.Open(sqliteDSN(dsn, "_query_only=1")), dsn)
		if err != nil {
			s.Close()
			return nil, err
		}
		s.urgent = urgent
		keepConns(read, max(4, 2*runtime.GOMAXPROCS(0)))
		keepConns(urgent, urgentConns)
	}
	return s, nil
}

// createPrivate creates an empty file at path, readable by its owner alone,
// unless one is there. An empty file is a new SQLite database, and SQLite
// gives its write-ahead log and shared memory the mode of the database
// file: none of them, which hold password hashes and the session key, is
// readable by other users of the machine.
func createPrivate(path string) error {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o600)
	switch {
	case errors.Is(err, fs.ErrExist):
		return nil
	case err != nil:
		return err
	}
	return f.Close()
}

// OpenExisting opens a database that must be there already, for the
// commands that read or change its data: an SQLite file that does not exist
// is refused, where Open would create an empty one (a mistyped --db).
func OpenExisting(dsn string) (*Store, error) {
	if err := mustExist(dsn); err != nil {
		return nil, err
	}
	return Open(dsn)
}

// mustExist refuses an SQLite file that is not there; PostgreSQL and a
// database in memory pass.
func mustExist(dsn string) error {
	if dsn == "" || isPostgres(dsn) || inMemory(dsn) {
		return nil
	}
	path := sqlitePath(dsn)
	if _, err := os.Stat(path); errors.Is(err, fs.ErrNotExist) {
		return tournament.NotFound("there is no database %s; adiukh serve --db %s or adiukh demo --db %s creates one", path, path, path)
	}
	return nil
}

// sqlitePath is the file an SQLite DSN names.
func sqlitePath(dsn string) string {
	path, _, _ := strings.Cut(strings.TrimPrefix(dsn, "file:"), "?")
	return path
}

func isPostgres(dsn string) bool {
	return strings.HasPrefix(dsn, "postgres://") || strings.HasPrefix(dsn, "postgresql://")
}

// inMemory reports whether an SQLite DSN names a database in memory, which
// each connection would see a different copy of.
func inMemory(dsn string) bool {
	return strings.HasPrefix(dsn, ":memory:") || strings.Contains(dsn, "mode=memory")
}

// sqliteDSN adds to the path of an SQLite file the settings every connection
// needs (foreign keys are off by default in SQLite; the busy timeout covers
// other programs holding the write lock; each connection keeps the
// statements it prepared, which the ORM asks for again and again in the
// same words: preparing them took a quarter of the time spent in SQLite
// under a thousand live players) and extra.
func sqliteDSN(path, extra string) string {
	sep := "?"
	if strings.Contains(path, "?") {
		sep = "&"
	}
	return path + sep + "_foreign_keys=1&_stmt_cache_size=" + fmt.Sprint(stmtCacheSize) + "&_busy_timeout=" + fmt.Sprint(busyTimeoutMillis) + "&" + extra
}

// stmtCacheSize is how many prepared statements an SQLite connection keeps.
const stmtCacheSize = 64

func openGorm(dialector gorm.Dialector, dsn string) (*gorm.DB, error) {
	return openGormWith(dialector, dsn, &gorm.Config{Logger: logger.Discard})
}

func openGormWith(dialector gorm.Dialector, dsn string, config *gorm.Config) (*gorm.DB, error) {
	db, err := gorm.Open(dialector, config)
	if err != nil {
		return nil, fmt.Errorf("open database %s: %w", redact(dsn), err)
	}
	if err := registerWrites(db); err != nil {
		closeGorm(db)
		return nil, err
	}
	return db, nil
}

// openUrgentPostgres opens the pool of connections kept for urgent
// transactions. It connects at the first one, and lets a connection go
// after a minute unused: most instances, and most tests, never play live,
// and PostgreSQL's connections are few (100 by default).
func openUrgentPostgres(dsn string) (*gorm.DB, error) {
	db, err := openGormWith(postgres.Open(dsn), dsn, &gorm.Config{Logger: logger.Discard, DisableAutomaticPing: true})
	if err != nil {
		return nil, err
	}
	keepConns(db, urgentConns)
	if sqlDB, err := db.DB(); err == nil {
		sqlDB.SetConnMaxIdleTime(time.Minute)
	}
	return db, nil
}

// keepConns caps a pool at conns connections and keeps them all open: a
// connection closed after a crowd is opened again, schema read and all,
// at the next one.
func keepConns(db *gorm.DB, conns int) {
	if sqlDB, err := db.DB(); err == nil {
		sqlDB.SetMaxOpenConns(conns)
		sqlDB.SetMaxIdleConns(conns)
	}
}

func closeGorm(db *gorm.DB) error {
	sqlDB, err := db.DB()
	if err != nil {
		return err
	}
	return sqlDB.Close()
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

// Ping checks that the database answers, for writing and for reading, and,
// once it has refused a write for want of room or permission, that it
// takes one again: /readyz asks it, so that a load balancer sends no
// requests to an instance that cannot save, and sends them again by itself
// once space returns.
func (s *Store) Ping(ctx context.Context) error {
	if s.writesRefused.Load() {
		if err := s.probeWrite(ctx); err != nil {
			return err
		}
	}
	for _, db := range s.handles() {
		sqlDB, err := db.DB()
		if err != nil {
			return err
		}
		if err := sqlDB.PingContext(ctx); err != nil {
			return err
		}
	}
	return nil
}

// probeRows and probeValue are what probeWrite writes: some 13 KB, more
// than a few pages of either database, so that a database that cannot grow
// refuses it.
const probeRows = 64

var probeValue = strings.Repeat("p", 200)

// probeWrite writes rows into the secrets table and deletes them in one
// transaction that commits, writing the database's pages and its journal
// as a real write does; it touches no version.
func (s *Store) probeWrite(ctx context.Context) error {
	return s.runUnversioned(ctx, func(t *tx) error {
		rows := make([]secretRow, probeRows)
		for i := range rows {
			rows[i] = secretRow{Name: fmt.Sprintf("write-probe-%d", i), Value: probeValue}
		}
		if err := t.db.Create(&rows).Error; err != nil {
			return err
		}
		return t.db.Where("name LIKE ?", "write-probe-%").Delete(&secretRow{}).Error
	})
}

// Close releases the database connections.
func (s *Store) Close() error {
	var errs []error
	for _, db := range s.handles() {
		errs = append(errs, closeGorm(db))
	}
	if s.inUse != nil {
		errs = append(errs, s.inUse.Close())
		s.inUse = nil
	}
	return errors.Join(errs...)
}

func (s *Store) handles() []*gorm.DB {
	handles := []*gorm.DB{s.db}
	if s.read != s.db {
		handles = append(handles, s.read)
	}
	if s.urgent != nil {
		handles = append(handles, s.urgent)
	}
	return handles
}
