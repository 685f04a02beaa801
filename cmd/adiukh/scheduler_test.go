package main

import (
	"context"
	"io"
	"log/slog"
	"path/filepath"
	"testing"
	"time"

	"adiukh/tournament/composition"
	"adiukh/tournament/correspondence"
	"adiukh/tournament/engines"
	"adiukh/tournament/entries"
	"adiukh/tournament/store"
)

func TestNewMailer(t *testing.T) {
	t.Parallel()
	if m, err := newMailer(""); m != nil || err != nil {
		t.Errorf("no --smtp: %v, %v; want no mailer", m, err)
	}
	if m, err := newMailer("smtp://mail.example.org:587?from=adiukh@example.org"); m == nil || err != nil {
		t.Errorf("--smtp with a server: %v, %v", m, err)
	}
	if _, err := newMailer("mail.example.org"); err == nil {
		t.Error("--smtp without a scheme is accepted")
	}
}

// The scheduler sweeps at once when it starts, then on every tick, until
// its context ends.
func TestSchedulerStopsWithItsContext(t *testing.T) {
	t.Parallel()
	st, err := store.Open(filepath.Join(t.TempDir(), "adiukh.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	svc := correspondence.NewService(st.Correspondence(), correspondence.Options{Pairing: engines.Options().Pairing})
	ctx, cancel := context.WithCancel(context.Background())
	ticks := make(chan time.Time, 4)
	done := make(chan struct{})
	go func() {
		runScheduler(ctx, svc, composition.NewService(st.Composition(), composition.Options{}), entries.NewService(st.Entries(), entries.Options{}), slog.New(slog.NewTextHandler(io.Discard, nil)), time.Millisecond, func() time.Time {
			t := time.Now()
			select {
			case ticks <- t:
			default:
			}
			return t
		})
		close(done)
	}()
	for range 2 {
		select {
		case <-ticks:
		case <-time.After(10 * time.Second):
			t.Fatal("the scheduler did not sweep")
		}
	}
	cancel()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("the scheduler did not stop")
	}
}
