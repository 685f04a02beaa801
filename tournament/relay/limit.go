package relay

import (
	"sync"
	"time"

	"adiukh/tournament"
)

// The rates a relay takes: a sender (a key, an account) may send
// senderBurst feeds at once and senderRate a second after; one board may
// be fed boardBurst times at once and boardRate a second. A bridge pushes
// a board every second or two; a round's feed counts once for the round.
const (
	senderRate  = 10.0
	senderBurst = 40.0
	boardRate   = 2.0
	boardBurst  = 10.0
)

// limiter counts the feeds on this instance by sender and by board, in
// token buckets.
type limiter struct {
	now     func() time.Time
	mu      sync.Mutex
	buckets map[string]*bucket
}

type bucket struct {
	tokens float64
	at     time.Time
}

// allow takes a token from the sender's bucket and the board's, or says
// how long to wait.
func (l *limiter) allow(sender, board string) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	if l.buckets == nil || len(l.buckets) > 100000 {
		l.buckets = map[string]*bucket{}
	}
	take := func(key string, rate, burst float64) time.Duration {
		b := l.buckets[key]
		if b == nil {
			b = &bucket{tokens: burst, at: now}
			l.buckets[key] = b
		}
		b.tokens = min(burst, b.tokens+now.Sub(b.at).Seconds()*rate)
		b.at = now
		if b.tokens < 1 {
			return time.Duration((1 - b.tokens) / rate * float64(time.Second))
		}
		return 0
	}
	wait := max(take("board "+board, boardRate, boardBurst), take("sender "+sender, senderRate, senderBurst))
	if wait > 0 {
		return tournament.TooManyUntil(wait, "too many feeds of this board or from this sender; send at most %d a second", int(boardRate))
	}
	l.buckets["board "+board].tokens--
	l.buckets["sender "+sender].tokens--
	return nil
}
