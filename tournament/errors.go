// Package tournament is the domain of adiukh: events in the eight disciplines,
// players, rounds, games and their point-score results, users, the audit log,
// and the Service that carries out the use cases of one event over the Store
// interface it defines; the areas beside it (account, entries, people,
// ratings, search, teams, correspondence, composition) are its subpackages. It knows nothing of HTTP, SQL or the pairing and standings
// algorithms: those live in subpackages and are plugged in through Options.
package tournament

import (
	"errors"
	"time"

	"adiukh/rules"
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
	EUNAVAILABLE  = "EUNAVAILABLE"  // the server cannot do it now (its database refuses writes); nothing was changed
)

// Error is a failure the user can act on. Code is stable; Message is safe to
// show. Format and Args are the English message before formatting: Format is
// the message's ID in the catalogue (tournament/catalog), which renders it
// in the reader's language.
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
	// RetryAfter is how long a client refused for going too fast (ETOOMANY),
	// or by a server that cannot save now (EUNAVAILABLE),
	// should wait before it tries again; 0 when not known.
	RetryAfter time.Duration
}

func newError(code, field, format string, args []any) *Error {
	return &Error{Code: code, Field: field, Message: plainEnglish(format, args), Format: format, Args: args}
}

// plainEnglish writes a message as its English format reads, an end reason
// in words ("both flags"), as the catalogue's English does.
func plainEnglish(format string, args []any) string {
	return rules.Message{Format: format, Args: args}.Translate(func(string) (string, bool) { return "", false }, func(a any) any {
		if r, ok := a.(EndReason); ok {
			return r.Words()
		}
		return a
	})
}

// Said is the error's message, without its field, as text that is
// translated where it is read: for a message that carries it on (a
// composition's report, an entry that cannot be ranked).
func (e *Error) Said() rules.Message {
	if e.Format == "" {
		return say("%s", e.Message)
	}
	return rules.Message{Format: e.Format, Args: e.Args}
}

// Phrase gives the message, without its field, to the catalogue
// (tournament/catalog), which words it in the reader's language.
func (e *Error) Phrase() (string, []any) {
	m := e.Said()
	return m.Format, m.Args
}

func (e *Error) Error() string {
	if e.Field != "" {
		return e.Field + ": " + e.Message
	}
	return e.Message
}

// say is text for people made of parts, kept with its English format and
// arguments so that the catalogue can translate it: a message built from
// other messages passes them as say(…) values, never as formatted strings.
func say(format string, args ...any) rules.Message { return rules.Message{Format: format, Args: args} }

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

// Every reports the problems found in one input: nil for none, the problem
// itself for one, and for several the summary with Details listing them
// all, each at its own field.
func Every(problems []*Error, summary *Error) error {
	switch len(problems) {
	case 0:
		return nil
	case 1:
		return problems[0]
	}
	summary.Details = problems
	return summary
}

// JoinInvalid reports every wrong input of a form at once: nil for none,
// the error itself for one, and for several the first with Details listing
// them all, each naming its own field (Line 0), so that a client reading
// only the first still understands, and a form marks each field. An error
// that is not an *Error is returned as it is.
func JoinInvalid(errs []error) error {
	var all []*Error
	for _, err := range errs {
		var e *Error
		if !errors.As(err, &e) {
			return err
		}
		all = append(all, e)
	}
	if len(all) == 0 {
		return nil
	}
	first := *all[0]
	return Every(all, &first)
}

// TooMany reports attempts that come faster than allowed.
func TooMany(format string, args ...any) *Error {
	return newError(ETOOMANY, "", format, args)
}

// TooManyUntil reports attempts beyond a limit that lets the next one in
// after wait; the message should say which limit and until when.
func TooManyUntil(wait time.Duration, format string, args ...any) *Error {
	e := newError(ETOOMANY, "", format, args)
	e.RetryAfter = wait
	return e
}

// Unavailable reports that the server cannot do what was asked now, and
// changed nothing; a client may try again after wait.
func Unavailable(wait time.Duration, format string, args ...any) *Error {
	e := newError(EUNAVAILABLE, "", format, args)
	e.RetryAfter = wait
	return e
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
