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
	"testing"

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
	stores := map[string]*store.Store{}
	sqlitePath := filepath.Join(t.TempDir(), "adiukh.db")
	st, err := store.Open(sqlitePath)
	if err != nil {
		t.Fatalf("open SQLite store: %v", err)
	}
	t.Cleanup(func() { st.Close() })
	stores["sqlite"] = st
	if dsn := os.Getenv("ADIUKH_TEST_POSTGRES"); dsn != "" {
		stores["postgres"] = openPostgresSchema(t, dsn)
	}
	return stores
}

func openPostgresSchema(t testing.TB, dsn string) *store.Store {
	t.Helper()
	st, err := store.Open(SchemaDSN(t, dsn))
	if err != nil {
		t.Fatalf("open PostgreSQL store: %v", err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}

// SchemaDSN creates a new empty schema in the PostgreSQL database of dsn
// and returns a DSN that works in it; the schema is dropped when the test
// ends. Tests that run a server in another process pass it on.
func SchemaDSN(t testing.TB, dsn string) string {
	t.Helper()
	admin, err := gorm.Open(postgres.Open(dsn), &gorm.Config{Logger: logger.Discard})
	if err != nil {
		t.Fatalf("connect to ADIUKH_TEST_POSTGRES: %v", err)
	}
	suffix := make([]byte, 6)
	if _, err := rand.Read(suffix); err != nil {
		t.Fatal(err)
	}
	schema := "test_" + hex.EncodeToString(suffix)
	if err := admin.Exec("CREATE SCHEMA " + schema).Error; err != nil {
		t.Fatalf("create schema %s: %v", schema, err)
	}
	u, err := url.Parse(dsn)
	if err != nil {
		t.Fatalf("ADIUKH_TEST_POSTGRES is not a URL: %v", err)
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	t.Cleanup(func() {
		if err := admin.Exec(fmt.Sprintf("DROP SCHEMA %s CASCADE", schema)).Error; err != nil {
			t.Errorf("drop schema %s: %v", schema, err)
		}
		if db, err := admin.DB(); err == nil {
			db.Close()
		}
	})
	return u.String()
}
