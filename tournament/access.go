package tournament

// CanManage reports whether u may change the event: administrators always,
// arbiters the events they created. Use-case packages beside this one
// (correspondence) decide with it what the event's arbiter may do.
func CanManage(u *User, e *Event) bool { return canManage(u, e) }

// CanRead reports whether u may see the event.
func CanRead(u *User, e *Event) bool { return canRead(u, e) }
