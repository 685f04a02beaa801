package main

import (
	"fmt"
	"maps"
	"os"
	"slices"
	"strings"
	"sync"
	"time"
)

// The targets of issues 47.3 and 65.5, for 500 games at a blitz pace on
// the 2-core machine: a round's first moves, which all come in its first
// seconds, may take twice as long to be acknowledged as the rest.
const (
	startWindow       = 3 * time.Second
	ackStartP99Target = 100 * time.Millisecond
	ackP99Target      = 50 * time.Millisecond
	seenP99Target     = 100 * time.Millisecond
	seenMaxTarget     = time.Second
)

// results collects what every client measured.
type results struct {
	began        time.Time // the clocks' start
	ended        time.Time // the last game's end
	games, plies int
	cpu          time.Duration // the client's processor time
	// slowAfter is the -slow flag: the moves counted as slow, by the
	// second of the play they were sent in.
	slowAfter time.Duration

	mu              sync.Mutex
	ack, seen, open []time.Duration
	// ackStart and ackAfter are ack split by when the move was sent: in
	// the first startWindow of the play, or after.
	ackStart, ackAfter []time.Duration
	unseen, stalled    int
	reconnects         int
	errors             []error
	slowAck, slowSeen  map[int]int
}

func (r *results) addAck(at time.Time, d time.Duration) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.ack = append(r.ack, d)
	if at.Sub(r.began) < startWindow {
		r.ackStart = append(r.ackStart, d)
	} else {
		r.ackAfter = append(r.ackAfter, d)
	}
	r.countSlow(&r.slowAck, at, d)
}

func (r *results) addSeen(at time.Time, d time.Duration) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.seen = append(r.seen, d)
	r.countSlow(&r.slowSeen, at, d)
}

// countSlow counts d, of a move sent at, when it is over -slow; the
// caller holds r.mu.
func (r *results) countSlow(into *map[int]int, at time.Time, d time.Duration) {
	if r.slowAfter <= 0 || d <= r.slowAfter {
		return
	}
	if *into == nil {
		*into = map[int]int{}
	}
	(*into)[int(at.Sub(r.began)/time.Second)]++
}

func (r *results) addOpen(d time.Duration) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.open = append(r.open, d)
}

func (r *results) addUnseen(n int) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.unseen += n
}

func (r *results) addStalled() {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.stalled++
}

func (r *results) addReconnect(why error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.reconnects++; r.reconnects <= 10 {
		fmt.Fprintln(os.Stderr, "stream broken, reopened:", why)
	}
}

func (r *results) fail(err error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.errors = append(r.errors, err)
	if len(r.errors) <= 10 {
		fmt.Fprintln(os.Stderr, "client:", err)
	}
}

// report prints the figures and returns an error naming what missed the
// targets, if anything did.
func (r *results) report(slow time.Duration) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	games, plies := r.games, r.plies
	elapsed := r.ended.Sub(r.began)
	moves := len(r.ack)
	fmt.Printf("%d games: %d of %d moves acknowledged in %v (%.0f moves/s); %d client errors, %d games stalled, %d streams reopened\n",
		games, moves, games*plies, elapsed.Round(time.Millisecond), float64(moves)/elapsed.Seconds(), len(r.errors), r.stalled, r.reconnects)
	fmt.Printf("the client used %v of processor time\n", r.cpu.Round(100*time.Millisecond))
	fmt.Printf("stream opened:            p50 %v  p99 %v  max %v\n", pct(r.open, 50), pct(r.open, 99), pct(r.open, 100))
	fmt.Printf("move acknowledged:        p50 %v  p99 %v  max %v\n", pct(r.ack, 50), pct(r.ack, 99), pct(r.ack, 100))
	fmt.Printf("  sent in the first %v:  p50 %v  p99 %v  max %v (%d moves)\n", startWindow, pct(r.ackStart, 50), pct(r.ackStart, 99), pct(r.ackStart, 100), len(r.ackStart))
	fmt.Printf("  sent after:             p50 %v  p99 %v  max %v\n", pct(r.ackAfter, 50), pct(r.ackAfter, 99), pct(r.ackAfter, 100))
	fmt.Printf("opponent sees the move:   p50 %v  p99 %v  max %v\n", pct(r.seen, 50), pct(r.seen, 99), pct(r.seen, 100))
	fmt.Printf("moves seen after 1 s: %d; after 5 s: %d; never seen: %d\n", over(r.seen, time.Second), over(r.seen, 5*time.Second), r.unseen)
	if slow > 0 {
		fmt.Printf("moves slower than %v, by the second of the play they were sent in (acknowledged / seen):\n", slow)
		seconds := slices.Sorted(maps.Keys(r.slowAck))
		for s := range r.slowSeen {
			if _, ok := r.slowAck[s]; !ok {
				seconds = append(seconds, s)
			}
		}
		slices.Sort(seconds)
		for _, s := range seconds {
			fmt.Printf("  %4d s: %d / %d\n", s, r.slowAck[s], r.slowSeen[s])
		}
	}
	var missed []string
	if p := pct(r.ackStart, 99); p >= ackStartP99Target {
		missed = append(missed, fmt.Sprintf("acknowledged p99 %v ≥ %v in the first %v", p, ackStartP99Target, startWindow))
	}
	if p := pct(r.ackAfter, 99); p >= ackP99Target {
		missed = append(missed, fmt.Sprintf("acknowledged p99 %v ≥ %v after the first %v", p, ackP99Target, startWindow))
	}
	if p := pct(r.seen, 99); p >= seenP99Target {
		missed = append(missed, fmt.Sprintf("seen p99 %v ≥ %v", p, seenP99Target))
	}
	if p := pct(r.seen, 100); p >= seenMaxTarget {
		missed = append(missed, fmt.Sprintf("seen max %v ≥ %v", p, seenMaxTarget))
	}
	if r.unseen > 0 {
		missed = append(missed, fmt.Sprintf("%d moves never seen", r.unseen))
	}
	if r.stalled > 0 {
		missed = append(missed, fmt.Sprintf("%d games stalled", r.stalled))
	}
	if len(r.errors) > 0 {
		missed = append(missed, fmt.Sprintf("%d client errors", len(r.errors)))
	}
	if moves == 0 {
		missed = append(missed, "no move was made")
	}
	if len(missed) > 0 {
		return fmt.Errorf("targets missed: %s", strings.Join(missed, "; "))
	}
	fmt.Printf("targets met: acknowledged p99 < %v in the first %v and < %v after, seen p99 < %v, seen max < %v, every move seen\n", ackStartP99Target, startWindow, ackP99Target, seenP99Target, seenMaxTarget)
	return nil
}

// pct is the p-th percentile of ds (100: the largest).
func pct(ds []time.Duration, p int) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	i := min(len(s)-1, len(s)*p/100)
	return s[i].Round(100 * time.Microsecond)
}

// over counts the durations longer than d.
func over(ds []time.Duration, d time.Duration) int {
	n := 0
	for _, x := range ds {
		if x > d {
			n++
		}
	}
	return n
}
