package store

import (
	"fmt"
	"testing"

	"github.com/go-gormigrate/gormigrate/v2"
	"gorm.io/driver/postgres"
	"gorm.io/driver/sqlite"
	"gorm.io/gorm"
)

// DescribeSchema lists the schema of the store's database (see describeSchema).
func DescribeSchema(s *Store) (string, error) { return describeSchema(s.db) }

// MigrateTo opens the database dsn names and applies the migrations up to and
// including id, as an older version of the program would have left it; the
// caller fills it with rows of that time through the returned handle.
func MigrateTo(dsn, id string) (*gorm.DB, error) {
	dialector := sqlite.Open(sqliteDSN(dsn, "_journal_mode=WAL"))
	if isPostgres(dsn) {
		dialector = postgres.Open(dsn)
	}
	db, err := openGorm(dialector, dsn)
	if err != nil {
		return nil, err
	}
	m := gormigrate.New(db, &gormigrate.Options{TableName: "migrations", IDColumnSize: 64, UseTransaction: true}, migrations)
	if err := m.MigrateTo(id); err != nil {
		return nil, fmt.Errorf("migrate to %s: %w", id, err)
	}
	return db, nil
}

// Migrations are the store's migrations, in order.
func Migrations() []*gormigrate.Migration { return migrations }

// MissingColumns lists the fields of the live rows (models.go and the
// other files' rows) that have no column in the store's database: a field
// added without its migration.
func MissingColumns(s *Store) ([]string, error) {
	var missing []string
	m := s.db.Migrator()
	for _, row := range []any{
		&userRow{}, &tokenRow{}, &eventRow{}, &playerRow{}, &roundRow{}, &gameRow{}, &auditRow{},
		&teamSettingsRow{}, &teamRow{}, &teamMemberRow{}, &matchRow{}, &matchBoardRow{},
		&submissionSettingRow{}, &playerAccountRow{}, &submissionRow{}, &secretRow{}, &webSessionRow{},
		&corrSettingsRow{}, &corrGameRow{}, &corrMoveRow{}, &corrLeaveRow{}, &corrNotificationRow{}, &corrRenamedGameRow{},
		&entrySettingsRow{}, &entryRow{}, &signUpRow{},
	} {
		stmt := &gorm.Statement{DB: s.db}
		if err := stmt.Parse(row); err != nil {
			return nil, err
		}
		for _, f := range stmt.Schema.Fields {
			if f.DBName != "" && !m.HasColumn(row, f.DBName) {
				missing = append(missing, stmt.Schema.Table+"."+f.DBName)
			}
		}
	}
	return missing, nil
}

// SetBusyTimeout makes SQLite connections opened from now on wait ms for a
// lock before answering SQLITE_BUSY; the returned function restores it.
// attempts bounds the runs of a transaction SQLite answered SQLITE_BUSY; the
// returned function restores both.
func SetBusyTimeout(ms, attempts int) (restore func()) {
	oldMs, oldAttempts := busyTimeoutMillis, busyAttempts
	busyTimeoutMillis, busyAttempts = ms, attempts
	return func() { busyTimeoutMillis, busyAttempts = oldMs, oldAttempts }
}

// PostgresConns is how many connections to PostgreSQL the store shares
// among all but urgent transactions.
const PostgresConns = postgresConns

// WritersWaiting is how many transactions wait for their turn at the
// SQLite store's writing connection.
func WritersWaiting(s *Store) int {
	s.writer.mu.Lock()
	defer s.writer.mu.Unlock()
	return len(s.writer.urgent) + len(s.writer.waiting)
}

// Column reads one value of a column as it is stored, from the first row
// of table that where (with args) selects.
func Column(s *Store, table, column, where string, args ...any) (string, error) {
	var v string
	err := s.db.Table(table).Select(column).Where(where, args...).Limit(1).Row().Scan(&v)
	return v, err
}

// RefuseWrites returns refuse, which makes the store's database refuse
// every write as a read-only database does (SQLite: its writing connection
// query-only; PostgreSQL: its one writing connection read-only), and
// allow, which undoes it.
func RefuseWrites(t testing.TB, s *Store) (refuse, allow func()) {
	t.Helper()
	exec := func(sql string) {
		t.Helper()
		if err := s.db.Exec(sql).Error; err != nil {
			t.Fatalf("%s: %v", sql, err)
		}
	}
	if s.sqlite {
		return func() { exec("PRAGMA query_only = 1") }, func() { exec("PRAGMA query_only = 0") }
	}
	sqlDB, err := s.db.DB()
	if err != nil {
		t.Fatal(err)
	}
	sqlDB.SetMaxOpenConns(1)
	return func() { exec("SET SESSION CHARACTERISTICS AS TRANSACTION READ ONLY") },
		func() { exec("SET SESSION CHARACTERISTICS AS TRANSACTION READ WRITE") }
}
