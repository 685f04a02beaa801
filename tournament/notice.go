package tournament

import "context"

// Notice is a message the domain sends a person about their own affairs,
// such as the arbiter's decision on their entry (package entries): the
// kind of message and its values, worded in the person's language by the
// Notifier and never by the domain.
type Notice struct {
	To     string // the e-mail address
	Locale string // "ru" or "en"
	// Kind names the message: the catalogue's "notice.subject.<Kind>" and
	// "notice.body.<Kind>" word it.
	Kind string
	// Args are the message's values as name, value pairs.
	Args []any
}

// Notifier delivers notices, after the change they tell of is kept; it
// must not block the request for long. The areas that tell people of
// decisions (entries, composition) take one in their options; nil sends
// none.
type Notifier func(ctx context.Context, n Notice)
