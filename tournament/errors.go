// Package tournament is the domain of adiukh: events in the eight disciplines,
// players, rounds, games and their point-score results, users, the audit log,
// and the Service that carries out every use case over the Store interface it
// defines. It knows nothing of HTTP, SQL or the pairing and standings
// algorithms: those live in subpackages and are plugged in through Options.
package tournament

import (
	"errors"
	"fmt"
)

// Error codes. They are stable: the API maps each to one HTTP status and
// scripts rely on them.
const (
	EINVALID      = "EINVALID"      // the input breaks a rule; Field names it
	ENOTFOUND     = "ENOTFOUND"     // the thing asked for does not exist (or is not visible)
	ECONFLICT     = "ECONFLICT"     // the request clashes with the current state (stale version, wrong status)
	EFORBIDDEN    = "EFORBIDDEN"    // the user is known but may not do this
	EUNAUTHORIZED = "EUNAUTHORIZED" // no user, or bad credentials
	ETOOMANY      = "ETOOMANY"      // too many attempts in a short time; wait and try again
	ETOOLARGE     = "ETOOLARGE"     // the request, or a part of it, is larger than allowed
)

// Error is a failure the user can act on. Code is stable; Message is safe to
// show. Format and Args are the English message before formatting: the
// message ID under which a translation is looked up (see Translate).
type Error struct {
	Code    string
	Field   string // the input at fault, if one is
	Message string
	Format  string
	Args    []any
	// Line is the line of the input at fault, for inputs made of lines
	// (a pasted list of players); 0 when it has none.
	Line int
	// Details are every problem of an input with several parts, each with
	// its own Line and Field; Message sums them up. Empty for an error of
	// one field.
	Details []*Error
}

func newError(code, field, format string, args []any) *Error {
	return &Error{Code: code, Field: field, Message: fmt.Sprintf(format, args...), Format: format, Args: args}
}

// Translate renders the message in another language. lookup maps an English
// format to its translation and reports whether it has one; without one the
// English message stays.
func (e *Error) Translate(lookup func(format string) (string, bool)) string {
	if tr, ok := lookup(e.Format); ok {
		return fmt.Sprintf(tr, e.Args...)
	}
	return e.Message
}

func (e *Error) Error() string {
	if e.Field != "" {
		return e.Field + ": " + e.Message
	}
	return e.Message
}

// Invalid reports input that breaks a rule; field names the input.
func Invalid(field, format string, args ...any) *Error {
	return newError(EINVALID, field, format, args)
}

// NotFound reports a missing event, player, round, game or user.
func NotFound(format string, args ...any) *Error {
	return newError(ENOTFOUND, "", format, args)
}

// Conflict reports a request that clashes with the current state; field may be empty.
func Conflict(field, format string, args ...any) *Error {
	return newError(ECONFLICT, field, format, args)
}

// Forbidden reports a known user acting beyond their role.
func Forbidden(format string, args ...any) *Error {
	return newError(EFORBIDDEN, "", format, args)
}

// Unauthorized reports a missing user or wrong credentials.
func Unauthorized(format string, args ...any) *Error {
	return newError(EUNAUTHORIZED, "", format, args)
}

// TooMany reports attempts that come faster than allowed.
func TooMany(format string, args ...any) *Error {
	return newError(ETOOMANY, "", format, args)
}

// TooLarge reports input larger than allowed; field names it.
func TooLarge(field, format string, args ...any) *Error {
	return newError(ETOOLARGE, field, format, args)
}

// ErrorCode returns the code of a domain error anywhere in err's chain, or ""
// for nil and for errors that are not the user's to act on (internal errors).
func ErrorCode(err error) string {
	var e *Error
	if errors.As(err, &e) {
		return e.Code
	}
	return ""
}
