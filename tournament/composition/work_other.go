//go:build !linux

package composition

import "context"

// belowTheWeb runs job; only Linux lowers its thread's priority.
func belowTheWeb(ctx context.Context, job func(context.Context) error) error {
	return job(ctx)
}
