package tournament

// CanRead reports whether u may see the event; use-case packages beside this
// one (correspondence) decide with it, as they decide with CanManage what the
// event's arbiter may do.
func CanRead(u *User, e *Event) bool { return canRead(u, e) }
