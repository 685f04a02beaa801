package store

import (
	"errors"
	"fmt"
	"testing"

	"github.com/jackc/pgx/v5/pgconn"
	"github.com/mattn/go-sqlite3"
)

// The database's refusals of a write for want of room or permission, on
// either database, are told apart from its other errors.
func TestCannotSave(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		err  error
		want bool
	}{
		{sqlite3.Error{Code: sqlite3.ErrFull}, true},
		{fmt.Errorf("create event: %w", sqlite3.Error{Code: sqlite3.ErrReadonly}), true},
		{sqlite3.Error{Code: sqlite3.ErrIoErr}, true},
		{sqlite3.Error{Code: sqlite3.ErrConstraint}, false},
		{sqlite3.Error{Code: sqlite3.ErrBusy}, false},
		{&pgconn.PgError{Code: "53100"}, true},
		{fmt.Errorf("create event: %w", &pgconn.PgError{Code: "25006"}), true},
		{&pgconn.PgError{Code: "58030"}, true},
		{&pgconn.PgError{Code: "23505"}, false},
		{errors.New("connection refused"), false},
	} {
		if got := cannotSave(tc.err); got != tc.want {
			t.Errorf("cannotSave(%v) = %v, want %v", tc.err, got, tc.want)
		}
	}
}
