package store

import (
	"errors"

	"github.com/jackc/pgx/v5/pgconn"
	"github.com/mattn/go-sqlite3"

	"adiukh/tournament"
)

// conflictMessage is what a user sees when a write broke a unique key
// because someone else saved the same thing at the same moment.
const conflictMessage = "this was changed at the same time by someone else; reload the page and try again"

// domainError turns what a transaction returned into the error the service
// expects: a unique-key violation, on either database, is an ECONFLICT (two
// arbiters adding the same account, pairing the same round at once); a
// *tournament.Error and anything else stay as they are.
func domainError(err error) error {
	var e *tournament.Error
	if err == nil || errors.As(err, &e) {
		return err
	}
	if uniqueViolation(err) {
		return tournament.Conflict("", conflictMessage)
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
