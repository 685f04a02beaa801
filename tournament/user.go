package tournament

import (
	"context"
	"time"
)

// Role is what a user may do.
type Role string

const (
	Admin       Role = "admin"   // everything, on every event
	ArbiterRole Role = "arbiter" // creates events and runs the events they own
	PlayerRole  Role = "player"  // reads; enters nothing
)

// ParseRole accepts the spelling used on the command line and in the API.
func ParseRole(s string) (Role, error) {
	switch r := Role(s); r {
	case Admin, ArbiterRole, PlayerRole:
		return r, nil
	case "":
		return "", Invalid("role", "give the role: \"admin\", \"arbiter\" or \"player\"")
	}
	return "", Invalid("role", "unknown role %q; use \"admin\", \"arbiter\" or \"player\"", s)
}

// User is an account.
type User struct {
	ID    int64
	Email string
	// Name is how the account is shown. With the name in parts it is
	// "Surname GivenNames", the order every list uses; an account made
	// with one name string (the command line's --name, the accounts made
	// before names had parts) keeps it as typed, never split by guessing.
	Name string
	// Surname, GivenNames and Patronymic are the account holder's name in
	// parts, as typed; empty for a name in one string. A person of the
	// register created from the account's entry takes them as they are.
	Surname, GivenNames, Patronymic string
	// Sex is what the account holder gives: Men, Women or "".
	Sex          string
	Role         Role
	PasswordHash string // argon2id, in the PHC string format
	Locale       string // "ru" or "en"
	CreatedAt    time.Time
}

// NamedInParts reports whether the account's name is in parts (surname
// and given names), not one string.
func (u *User) NamedInParts() bool { return u.Surname != "" && u.GivenNames != "" }

type userKey struct{}

// NewContextWithUser returns a context that carries the signed-in user.
func NewContextWithUser(ctx context.Context, u *User) context.Context {
	return context.WithValue(ctx, userKey{}, u)
}

// UserFromContext returns the signed-in user, or nil for an anonymous reader.
func UserFromContext(ctx context.Context) *User {
	u, _ := ctx.Value(userKey{}).(*User)
	return u
}

// CanManage reports whether u may change the event: administrators always,
// arbiters the events they created. It is the one place this rule lives;
// pages ask it to decide what to offer, and every write checks it through
// MayManage.
func CanManage(u *User, e *Event) bool {
	return u != nil && (u.Role == Admin || (u.Role == ArbiterRole && e.OwnerID == u.ID))
}

// MayManage explains why the context's user may not change the event, or
// returns nil when they may: an anonymous reader is EUNAUTHORIZED, anyone
// else but the managers EFORBIDDEN.
func MayManage(ctx context.Context, e *Event) error {
	u := UserFromContext(ctx)
	switch {
	case u == nil:
		return Unauthorized("sign in (an API token) to change events")
	case !CanManage(u, e):
		return Forbidden("only an administrator or the event's own arbiter may change %s", e.Name)
	}
	return nil
}

// MayCreateEvent explains why the context's user may not create events, or
// returns nil when they may: administrators and arbiters create events.
func MayCreateEvent(ctx context.Context) error {
	u := UserFromContext(ctx)
	switch {
	case u == nil:
		return Unauthorized("sign in (an API token) to create events")
	case u.Role != Admin && u.Role != ArbiterRole:
		return Forbidden("only administrators and arbiters create events")
	}
	return nil
}

// canRead reports whether u may see the event.
func canRead(u *User, e *Event) bool {
	return e.Visibility == Public || CanManage(u, e)
}
