package tournament

import "context"

// CanRead reports whether u may see the event; use-case packages beside this
// one (correspondence) decide with it, as they decide with CanManage what the
// event's arbiter may do.
func CanRead(u *User, e *Event) bool { return canRead(u, e) }

// Readable loads an event the context's user may see (ENOTFOUND for one
// they may not, as for one that does not exist), and Manageable one they
// may change, locked for the rest of the transaction: the use-case packages
// beside this one (people) check access to an event through them.
func Readable(ctx context.Context, tx EventTx, eventID int64) (*Event, error) {
	return readable(ctx, tx, eventID)
}

// Manageable: see Readable.
func Manageable(ctx context.Context, tx EventTx, eventID int64) (*Event, *User, error) {
	return manageable(ctx, tx, eventID)
}
