package store

import (
	"context"
	"testing"
	"time"
)

// TestWriterGate: while one transaction writes, the urgent waiters go
// first, then the others in the order they came; a waiter whose context
// ends leaves the queue, and the gate opens when the last one leaves.
func TestWriterGate(t *testing.T) {
	var g writerGate
	ctx := context.Background()
	if err := g.enter(ctx, false); err != nil {
		t.Fatal(err)
	}
	order := make(chan string, 4)
	wait := func(name string, urgent bool) {
		go func() {
			if err := g.enter(ctx, urgent); err != nil {
				t.Error(err)
				return
			}
			order <- name
			g.leave()
		}()
	}
	queued := func(n int) {
		for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(time.Millisecond) {
			g.mu.Lock()
			got := len(g.urgent) + len(g.waiting)
			g.mu.Unlock()
			if got == n {
				return
			}
		}
		t.Fatalf("%d waiters never queued", n)
	}
	wait("first", false)
	queued(1)
	wait("second", false)
	queued(2)
	gone, cancel := context.WithCancel(ctx)
	left := make(chan error)
	go func() { left <- g.enter(gone, false) }()
	queued(3)
	wait("move", true)
	queued(4)
	cancel()
	if err := <-left; err == nil {
		t.Fatal("a waiter whose context ended entered")
	}
	queued(3)
	g.leave()
	for _, want := range []string{"move", "first", "second"} {
		if got := <-order; got != want {
			t.Fatalf("turn of %s, want %s", got, want)
		}
	}
	queued(0)
	for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(time.Millisecond) {
		g.mu.Lock()
		busy := g.busy
		g.mu.Unlock()
		if !busy {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the gate stayed shut after the last writer left")
		}
	}
}
