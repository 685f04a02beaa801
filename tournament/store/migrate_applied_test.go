package store

import (
	"context"
	"path/filepath"
	"sync/atomic"
	"testing"
	"time"

	"gorm.io/driver/sqlite"
	"gorm.io/gorm"
	"gorm.io/gorm/logger"
)

// statementCounter is a gorm logger that counts the statements run.
type statementCounter struct {
	logger.Interface
	statements atomic.Int64
}

func (c *statementCounter) Trace(context.Context, time.Time, func() (string, int64), error) {
	c.statements.Add(1)
}

// TestOpeningAnUpToDateDatabaseAsksOnce: opening a database that holds
// every migration reads the applied ones in one statement, where gormigrate
// asks after each migration in turn; a database one migration behind is
// still brought up to date.
func TestOpeningAnUpToDateDatabaseAsksOnce(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "adiukh.db")
	behind, err := MigrateTo(path, migrations[len(migrations)-2].ID)
	if err != nil {
		t.Fatal(err)
	}
	closeGorm(behind)
	migrateCounted := func() int64 {
		t.Helper()
		counter := &statementCounter{Interface: logger.Discard}
		db, err := gorm.Open(sqlite.Open(path+"?_txlock=immediate"), &gorm.Config{Logger: counter})
		if err != nil {
			t.Fatal(err)
		}
		defer closeGorm(db)
		if err := migrate(db); err != nil {
			t.Fatal(err)
		}
		return counter.statements.Load()
	}
	last := migrations[len(migrations)-1].ID
	if n := migrateCounted(); n <= int64(len(migrations)) {
		t.Errorf("migrating a database without migration %s ran %d statements; gormigrate asks after each of the %d", last, n, len(migrations))
	}
	if n := migrateCounted(); n > 2 {
		t.Errorf("migrating an up-to-date database ran %d statements; want the table's check and one read of the applied migrations", n)
	}
	db, err := gorm.Open(sqlite.Open(path), &gorm.Config{Logger: logger.Discard})
	if err != nil {
		t.Fatal(err)
	}
	defer closeGorm(db)
	var recorded int64
	if err := db.Table("migrations").Where("id = ?", last).Count(&recorded).Error; err != nil || recorded != 1 {
		t.Errorf("migration %s recorded %d times (%v)", last, recorded, err)
	}
}
