package tournament

import (
	"context"
	"time"
)

// Notice is a message the domain sends a person about their own affairs,
// such as the arbiter's decision on their entry (package entries): the
// kind of message and its values, worded in the person's language by the
// Notifier and the site's pages and never by the domain.
type Notice struct {
	// UserID is the account told, whose inbox on the site keeps the
	// notice (Tell); EventID the event it is about.
	UserID  int64
	EventID int64
	To      string // the e-mail address
	Locale  string // "ru" or "en"
	// Kind names the message: the catalogue's "notice.subject.<Kind>" and
	// "notice.body.<Kind>" word it in a mail, "notice.inbox.<Kind>" in the
	// inbox.
	Kind string
	// Args are the message's values as name, value pairs.
	Args []any
}

// Notifier delivers notices, after the change they tell of is kept; it
// must not block the request for long. The areas that tell people of
// decisions (entries, composition) take one in their options; nil sends
// none. It is a copy: the site's inbox keeps every notice (Tell).
type Notifier func(ctx context.Context, n Notice)

// KeptNotice is a notice in an account's inbox on the site.
type KeptNotice struct {
	ID int64
	Notice
	At   time.Time
	Read bool
}

// InboxTx keeps the notices of the accounts' inboxes on the site.
type InboxTx interface {
	// AddNotices keeps the notices, made at at, each in its account's
	// inbox.
	AddNotices(at time.Time, ns []Notice) error
	// Inbox lists the account's notices, newest first, at most limit; the
	// arguments of each read back as strings and json.Numbers.
	Inbox(userID int64, limit int) ([]KeptNotice, error)
	// MarkNoticesRead marks the account's notices read; others' are left
	// as they are.
	MarkNoticesRead(userID int64, ids []int64) error
}

// Tell keeps the notices in the inboxes of their accounts, in the
// transaction of the change they tell of: everyone is told on the site
// whether or not a mail server is configured, and a change is never kept
// without its notices. A notice to an address without an account (0) is
// for the mail alone.
func Tell(tx InboxTx, at time.Time, ns []Notice) error {
	var kept []Notice
	for _, n := range ns {
		if n.UserID != 0 {
			kept = append(kept, n)
		}
	}
	if len(kept) == 0 {
		return nil
	}
	return tx.AddNotices(at, kept)
}

// Arg is the value of the notice's named argument, nil without one.
func (n *Notice) Arg(name string) any {
	for i := 0; i+1 < len(n.Args); i += 2 {
		if n.Args[i] == name {
			return n.Args[i+1]
		}
	}
	return nil
}
