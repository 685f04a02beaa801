// Package storetest opens real databases for tests: an SQLite file always,
// and PostgreSQL when ADIUKH_TEST_POSTGRES holds a DSN.
package storetest

import (
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"gorm.io/driver/postgres"
	"gorm.io/gorm"
	"gorm.io/gorm/logger"

	"adiukh/tournament/store"
)

// Open opens a fresh store on every database the tests run on: an
// SQLite file in a temporary folder always, and PostgreSQL when the
// environment variable ADIUKH_TEST_POSTGRES holds a DSN. Each PostgreSQL
// store lives in its own new schema, dropped when the test ends, so that test
// runs never see each other's rows.
func Open(t testing.TB) map[string]*store.Store {
	t.Helper()
	stores := map[string]*store.Store{"sqlite": SQLite(t)}
	if dsn := os.Getenv("ADIUKH_TEST_POSTGRES"); dsn != "" {
		stores["postgres"] = open(t, "postgres", pooledSchema(t, dsn))
	}
	return stores
}

// SQLite opens a fresh store on an SQLite file only, for the tests that
// check what the database does not change (HTTP behaviour, rendering,
// sessions): a PostgreSQL schema migrated for them would go unused.
func SQLite(t testing.TB) *store.Store {
	t.Helper()
	// A fresh file migrated once per test process and copied: running
	// every migration again for each test was a large part of the suite's
	// time under the race detector.
	return open(t, "sqlite", migratedSQLiteDSN(t))
}

// migratedSQLiteDSN is a copy of the migrated file in a temporary folder.
// A test's database need not survive a power cut: without a sync at every
// commit the suite waits far less on the disk.
func migratedSQLiteDSN(t testing.TB) string {
	t.Helper()
	migrated, err := migratedSQLite()
	if err != nil {
		t.Fatalf("migrate the SQLite template: %v", err)
	}
	path := filepath.Join(t.TempDir(), "adiukh.db")
	if err := os.WriteFile(path, migrated, 0o600); err != nil {
		t.Fatal(err)
	}
	return path + "?_synchronous=OFF"
}

// open opens the store of a test, closed when the test ends.
func open(t testing.TB, name, dsn string) *store.Store {
	t.Helper()
	st, err := store.Open(dsn)
	if err != nil {
		t.Fatalf("open %s store: %v", name, err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}

// migratedSQLite is the file of an SQLite database with every migration
// applied and nothing else, made once per test process.
var migratedSQLite = sync.OnceValues(func() ([]byte, error) {
	dir, err := os.MkdirTemp("", "adiukh-storetest-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "migrated.db")
	st, err := store.Open(path)
	if err != nil {
		return nil, err
	}
	// Closing the only connection checkpoints the write-ahead log into the
	// file, which then holds the whole database.
	if err := st.Close(); err != nil {
		return nil, err
	}
	if _, err := os.Stat(path + "-wal"); err == nil {
		return nil, fmt.Errorf("%s-wal is still there after closing: the file alone is not the database", path)
	}
	return os.ReadFile(path)
})

// DSNs names a fresh, empty database on every database the tests run on,
// without opening it: "sqlite" is a file in a temporary folder, "postgres"
// (when ADIUKH_TEST_POSTGRES is set) a new schema dropped when the test
// ends. Tests of opening and migrating start from these.
func DSNs(t testing.TB) map[string]string {
	t.Helper()
	dsns := map[string]string{"sqlite": filepath.Join(t.TempDir(), "adiukh.db")}
	if dsn := os.Getenv("ADIUKH_TEST_POSTGRES"); dsn != "" {
		dsns["postgres"] = postgresSchema(t, dsn)
	}
	return dsns
}

// MigratedDSNs names a migrated, empty database on every database the
// tests run on, without opening it, for the tests that open one database
// several times, as instances of the server sharing it do: "sqlite" a copy
// of the migrated file in a temporary folder, committing without a sync as
// SQLite's stores do, "postgres" (when ADIUKH_TEST_POSTGRES is set) a schema of
// the pool (Main). A test of opening and migrating starts from DSNs.
func MigratedDSNs(t testing.TB) map[string]string {
	t.Helper()
	dsns := map[string]string{"sqlite": migratedSQLiteDSN(t)}
	if dsn := os.Getenv("ADIUKH_TEST_POSTGRES"); dsn != "" {
		dsns["postgres"] = pooledSchema(t, dsn)
	}
	return dsns
}

// postgresSchema creates a new schema, dropped when the test ends, and
// returns dsn with its search_path.
func postgresSchema(t testing.TB, dsn string) string {
	t.Helper()
	admin, err := gorm.Open(postgres.Open(dsn), &gorm.Config{Logger: logger.Discard})
	if err != nil {
		t.Fatalf("connect to ADIUKH_TEST_POSTGRES: %v", err)
	}
	schema := newSchemaName()
	if err := admin.Exec("CREATE SCHEMA " + schema).Error; err != nil {
		t.Fatalf("create schema %s: %v", schema, err)
	}
	// Cleanups run last-in first-out: this one, registered before any
	// store is opened on the schema, runs after the stores are closed.
	t.Cleanup(func() {
		// A server the test killed may leave a backend that still holds
		// its locks until PostgreSQL sees the connection gone, and the
		// drop may then be chosen as a deadlock's victim: it is tried
		// again.
		err := admin.Exec(fmt.Sprintf("DROP SCHEMA %s CASCADE", schema)).Error
		for try := 1; err != nil && strings.Contains(err.Error(), "40P01") && try < 5; try++ {
			time.Sleep(time.Duration(try) * 200 * time.Millisecond)
			err = admin.Exec(fmt.Sprintf("DROP SCHEMA %s CASCADE", schema)).Error
		}
		if err != nil {
			t.Errorf("drop schema %s: %v", schema, err)
		}
		if db, err := admin.DB(); err == nil {
			db.Close()
		}
	})
	return withSearchPath(t, dsn, schema)
}

// newSchemaName is the name of a new test schema.
func newSchemaName() string {
	suffix := make([]byte, 6)
	if _, err := rand.Read(suffix); err != nil {
		panic(err)
	}
	return "test_" + hex.EncodeToString(suffix)
}

// withSearchPath is dsn on schema, failing the test when dsn is no URL.
func withSearchPath(t testing.TB, dsn, schema string) string {
	t.Helper()
	on, err := searchPath(dsn, schema)
	if err != nil {
		t.Fatal(err)
	}
	return on
}

// searchPath is dsn, a URL, on schema.
func searchPath(dsn, schema string) (string, error) {
	u, err := url.Parse(dsn)
	if err != nil {
		return "", fmt.Errorf("ADIUKH_TEST_POSTGRES is not a URL: %w", err)
	}
	q := u.Query()
	q.Set("search_path", schema)
	// As for SQLite: a commit need not wait for the disk in a test.
	q.Set("synchronous_commit", "off")
	u.RawQuery = q.Encode()
	return u.String(), nil
}

// SkipWithoutPostgres skips a test that needs a PostgreSQL server when
// ADIUKH_TEST_POSTGRES is not set (go test run by hand), and fails it when
// CI is set: scripts/test starts the local server (scripts/postgres-for-tests
// installs it when missing) and sets the variable.
func SkipWithoutPostgres(t testing.TB) {
	t.Helper()
	if os.Getenv("ADIUKH_TEST_POSTGRES") != "" {
		return
	}
	if os.Getenv("CI") != "" {
		t.Fatal("this test needs PostgreSQL (Debian package postgresql) and ADIUKH_TEST_POSTGRES is not set; scripts/test, which .ci/run runs, installs and starts it with scripts/postgres-for-tests and sets the variable")
	}
	t.Skip("skipped: needs PostgreSQL (Debian package postgresql), and ADIUKH_TEST_POSTGRES naming its server is not set; scripts/test (and so .ci/run) installs and starts it with scripts/postgres-for-tests and sets the variable")
}

// TwoInstances opens the database dsn names twice, as two instances of the
// server sharing it do, each store closed when the test ends.
func TwoInstances(t testing.TB, dsn string) [2]*store.Store {
	t.Helper()
	var stores [2]*store.Store
	for i := range stores {
		st, err := store.Open(dsn)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { st.Close() })
		stores[i] = st
	}
	return stores
}
