package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"adiukh/tournament"

	"github.com/mattn/go-sqlite3"
)

// ErrPostgresBackup is the answer of Backup and Restore for PostgreSQL,
// whose own tools do it better.
var ErrPostgresBackup = tournament.Invalid("", "a PostgreSQL database is backed up with pg_dump and restored with pg_restore: pg_dump --format=custom --file=adiukh.dump 'postgres://…'; pg_restore --clean --if-exists --no-owner --dbname='postgres://…' adiukh.dump (docs/architecture.md, section Database)")

// Backup writes a consistent copy of the SQLite database at path to the new
// file out with VACUUM INTO: one read transaction, so the copy is the state
// of one moment even while a server writes, and the server is never held up
// (readers do not block writers in WAL mode). It does not migrate the
// database. out must not exist.
func Backup(ctx context.Context, path, out string) error {
	if isPostgres(path) {
		return ErrPostgresBackup
	}
	if err := mustExist(path); err != nil {
		return err
	}
	if _, err := os.Stat(out); err == nil {
		return tournament.Conflict("", "%s already exists: a backup goes to a new file", out)
	}
	// A missing folder is named as such (SQLite would only say it cannot
	// open the file, in English).
	if _, err := os.Stat(filepath.Dir(out)); err != nil {
		return err
	}
	// Not query-only: SQLite counts VACUUM INTO as a write, though the
	// database it reads stays as it is.
	db, err := sql.Open("sqlite3", sqliteDSN(path, "_txlock=deferred"))
	if err != nil {
		return err
	}
	defer db.Close()
	if err := isAdiukhDatabase(ctx, db, path); err != nil {
		return err
	}
	// VACUUM INTO fills an empty file: made first, it is the owner's alone
	// (the backup holds the password hashes and the session key).
	f, err := os.OpenFile(out, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	if _, err := db.ExecContext(ctx, "VACUUM INTO ?", out); err != nil {
		os.Remove(out)
		return fmt.Errorf("back up %s to %s: %w", path, out, err)
	}
	return nil
}

// Restore replaces the SQLite database at path by the backup in the file
// from, after checking that the backup is a whole adiukh database. The
// server must be stopped; an existing database is replaced only when
// replace is true. The copy goes through SQLite's online backup API, which
// writes the pages under the database's lock and leaves its write-ahead log
// consistent. The next Open migrates a backup made by an older version.
func Restore(ctx context.Context, from, path string, replace bool) error {
	if isPostgres(path) {
		return ErrPostgresBackup
	}
	if _, err := os.Stat(from); errors.Is(err, fs.ErrNotExist) {
		return tournament.NotFound("there is no backup %s", from)
	}
	if _, err := os.Stat(path); err == nil && !replace {
		return tournament.Conflict("", "%s already exists: stop the server and pass --force to replace it with the backup", path)
	}
	inUse, err := lockInUse(path, true)
	if errors.Is(err, errBusy) {
		return tournament.Conflict("", "%s is open in a running adiukh serve (or another adiukh command): stop it, then restore", path)
	}
	if err != nil {
		return err
	}
	if inUse != nil {
		// Released last, when the restored database is closed.
		defer inUse.Close()
	}
	src, err := sql.Open("sqlite3", sqliteDSN(from, "_query_only=1"))
	if err != nil {
		return err
	}
	defer src.Close()
	if err := isAdiukhDatabase(ctx, src, from); err != nil {
		return err
	}
	var check string
	if err := src.QueryRowContext(ctx, "PRAGMA integrity_check").Scan(&check); err != nil || check != "ok" {
		return tournament.Invalid("", "%s is damaged (integrity check: %q, %v); it was not restored", from, check, err)
	}
	if err := createPrivate(path); err != nil {
		return err
	}
	dst, err := sql.Open("sqlite3", sqliteDSN(path, "_journal_mode=WAL"))
	if err != nil {
		return err
	}
	defer dst.Close()
	srcConn, err := src.Conn(ctx)
	if err != nil {
		return err
	}
	defer srcConn.Close()
	dstConn, err := dst.Conn(ctx)
	if err != nil {
		return fmt.Errorf("open %s: %w", path, err)
	}
	defer dstConn.Close()
	return dstConn.Raw(func(d any) error {
		return srcConn.Raw(func(s any) error {
			b, err := d.(*sqlite3.SQLiteConn).Backup("main", s.(*sqlite3.SQLiteConn), "main")
			if err != nil {
				return fmt.Errorf("restore %s into %s: %w", from, path, err)
			}
			if _, err := b.Step(-1); err != nil {
				b.Finish()
				return fmt.Errorf("restore %s into %s: %w", from, path, err)
			}
			return b.Finish()
		})
	})
}

// isAdiukhDatabase checks that db has the table of applied migrations.
func isAdiukhDatabase(ctx context.Context, db *sql.DB, path string) error {
	var n int
	err := db.QueryRowContext(ctx, "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'migrations'").Scan(&n)
	if err != nil {
		return tournament.Invalid("", "%s is not an SQLite database: %v", path, err)
	}
	if n == 0 {
		return tournament.Invalid("", "%s is not an adiukh database (it has no migrations table)", path)
	}
	return nil
}
