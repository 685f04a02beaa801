package store

import (
	"errors"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
	"github.com/mattn/go-sqlite3"

	"adiukh/tournament"
)

// conflictMessage is what a user sees when a write broke a unique key
// because someone else saved the same thing at the same moment.
const conflictMessage = "this was changed at the same time by someone else; reload the page and try again"

// cannotSaveMessage is what a user sees when the database refused a write
// for want of room or permission: the transaction was rolled back whole.
const cannotSaveMessage = "the server cannot save now, nothing was changed: its database refuses writes (a full disk, or a database made read-only); try again in a few minutes"

// cannotSaveRetry is when a client refused so may try again.
const cannotSaveRetry = time.Minute

// cannotSave reports whether err is the database refusing a write for want
// of room or permission, which no retry of the request mends until an
// operator does: SQLite's full database or disk, read-only database or
// failed I/O; PostgreSQL's disk_full, read_only_sql_transaction or io_error.
func cannotSave(err error) bool {
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) {
		switch pgErr.Code {
		case "53100", "25006", "58030":
			return true
		}
		return false
	}
	var sqliteErr sqlite3.Error
	if errors.As(err, &sqliteErr) {
		switch sqliteErr.Code {
		case sqlite3.ErrFull, sqlite3.ErrReadonly, sqlite3.ErrIoErr:
			return true
		}
	}
	return false
}

// domainError turns what a transaction returned into the error the service
// expects: a unique-key violation, on either database, is an ECONFLICT (two
// arbiters adding the same account, pairing the same round at once), a
// write the database refused for want of room or permission an
// EUNAVAILABLE (cannotSave); a *tournament.Error and anything else stay as
// they are.
func domainError(err error) error {
	var e *tournament.Error
	if err == nil || errors.As(err, &e) {
		return err
	}
	if uniqueViolation(err) {
		return tournament.Conflict("", conflictMessage)
	}
	if cannotSave(err) {
		return tournament.Unavailable(cannotSaveRetry, cannotSaveMessage)
	}
	return err
}

// uniqueViolation reports whether err is a violated unique key or primary key.
func uniqueViolation(err error) bool {
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) {
		return pgErr.Code == "23505" // unique_violation
	}
	var sqliteErr sqlite3.Error
	if errors.As(err, &sqliteErr) {
		return sqliteErr.ExtendedCode == sqlite3.ErrConstraintUnique || sqliteErr.ExtendedCode == sqlite3.ErrConstraintPrimaryKey
	}
	return false
}

// busy reports whether err is SQLite's answer that another connection holds
// the lock it needed for longer than the busy timeout.
func busy(err error) bool {
	var sqliteErr sqlite3.Error
	return errors.As(err, &sqliteErr) && (sqliteErr.Code == sqlite3.ErrBusy || sqliteErr.Code == sqlite3.ErrLocked)
}
