package store_test

import (
	"bytes"
	"context"
	"testing"

	"adiukh/tournament/store"
)

// The session secret is made once and read back by every later call, as
// another instance on the same database would.
func TestSecret(t *testing.T) {
	t.Parallel()
	forEachDB(t, func(t *testing.T, st *store.Store) {
		first, err := st.Secret(context.Background(), "session")
		if err != nil {
			t.Fatal(err)
		}
		again, err := st.Secret(context.Background(), "session")
		if err != nil {
			t.Fatal(err)
		}
		other, err := st.Secret(context.Background(), "other")
		if err != nil {
			t.Fatal(err)
		}
		if len(first) != 32 || !bytes.Equal(first, again) || bytes.Equal(first, other) {
			t.Errorf("secrets: first %x, again %x, other %x; want 32 bytes, the same twice, another for another name", first, again, other)
		}
	})
}
