package store

import (
	"context"
	"slices"
	"sync"
)

// writerGate gives the transactions of one process their turns at SQLite's
// one writing connection: urgent ones (tournament.WithUrgency) first, then
// the others in the order they came. Waiting for the connection in its
// pool instead, they would be served in no particular order, and a live
// player's move could wait behind a thousand players showing up at the
// start of a round. The zero value is an open gate.
type writerGate struct {
	mu      sync.Mutex
	busy    bool
	urgent  []chan struct{}
	waiting []chan struct{}
}

// enter waits for the caller's turn, or for ctx to end; after a nil error
// the caller must leave.
func (g *writerGate) enter(ctx context.Context, urgent bool) error {
	g.mu.Lock()
	if !g.busy {
		g.busy = true
		g.mu.Unlock()
		return nil
	}
	turn := make(chan struct{})
	if urgent {
		g.urgent = append(g.urgent, turn)
	} else {
		g.waiting = append(g.waiting, turn)
	}
	g.mu.Unlock()
	select {
	case <-turn:
		return nil
	case <-ctx.Done():
	}
	g.mu.Lock()
	queued := len(g.urgent) + len(g.waiting)
	g.urgent = slices.DeleteFunc(g.urgent, func(c chan struct{}) bool { return c == turn })
	g.waiting = slices.DeleteFunc(g.waiting, func(c chan struct{}) bool { return c == turn })
	given := queued == len(g.urgent)+len(g.waiting) // the turn came as ctx ended
	g.mu.Unlock()
	if given {
		g.leave()
	}
	return ctx.Err()
}

// leave hands the turn to the next waiter, or opens the gate.
func (g *writerGate) leave() {
	g.mu.Lock()
	defer g.mu.Unlock()
	var next chan struct{}
	switch {
	case len(g.urgent) > 0:
		next, g.urgent = g.urgent[0], g.urgent[1:]
	case len(g.waiting) > 0:
		next, g.waiting = g.waiting[0], g.waiting[1:]
	default:
		g.busy = false
		return
	}
	close(next)
}
