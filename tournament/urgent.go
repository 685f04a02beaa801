package tournament

import "context"

type urgentKey struct{}

// WithUrgency marks ctx as a request a player makes against a running
// clock (a live move, a draw offer, a resignation, a claim): its store
// transactions should not wait behind a crowd of others, such as a
// thousand players' streams opening at the start of a round. A store that
// keeps connections for such requests serves them there.
func WithUrgency(ctx context.Context) context.Context {
	return context.WithValue(ctx, urgentKey{}, true)
}

// Urgent reports whether ctx was marked by WithUrgency.
func Urgent(ctx context.Context) bool {
	urgent, _ := ctx.Value(urgentKey{}).(bool)
	return urgent
}
