package core

import (
	"sync"
	"syscall"
	"time"

	"adiukh/tournament"
)

// StreamLimits bound the live-game streams a server holds open: each is a
// connection, a file descriptor and some 30–60 KB for as long as the reader
// stays, so that without them one anonymous client held 20,000 and took the
// site down. A player's stream of their own game is never refused: an older
// one of theirs of the same game is closed instead.
type StreamLimits struct {
	// PerGame is how many streams of one game an address may hold.
	PerGame int
	// PerAddress is how many streams an address may hold in all.
	PerAddress int
	// PerAccount is how many streams a signed-in account may hold in all.
	PerAccount int
	// Total is how many spectators' streams the server holds in all: below
	// its limit of open files, with room for pages and the database.
	Total int
}

// StreamRetry is when a refused stream may try again; until then the page
// asks for the game every few seconds instead.
const StreamRetry = 15 * time.Second

// DefaultStreamLimits are the limits of docs/security.md: 4 streams of a
// game and 40 in all per address, 10 per account, and in all what the
// process's limit of open files leaves after 1,024 for everything else, at
// most 20,000.
func DefaultStreamLimits() StreamLimits {
	total := 20000
	var rl syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &rl); err == nil && rl.Cur < uint64(total)+1024 {
		total = max(int(rl.Cur)-1024, 64)
	}
	return StreamLimits{PerGame: 4, PerAddress: 40, PerAccount: 10, Total: total}
}

// streams counts the open live-game streams by what the limits bound.
type streams struct {
	limits    StreamLimits
	mu        sync.Mutex
	total     int
	byAddress map[string]int
	byGame    map[addressGame]int
	byAccount map[int64]int
	// players are the players' own streams, one per account and game: a
	// newer one closes the older (its close function).
	players map[accountGame]*StreamSlot
}

type addressGame struct {
	address string
	game    int64
}

type accountGame struct {
	account, game int64
}

// StreamSlot is one stream's place among the open ones: Release gives it
// back; Closed is closed when a newer stream of the same player and game
// takes its place.
type StreamSlot struct {
	Closed  <-chan struct{}
	end     func() // closes Closed, once
	release func()
}

// Release gives the slot back, once.
func (s *StreamSlot) Release() { s.release() }

func newStreams(l StreamLimits) *streams {
	return &streams{limits: l, byAddress: map[string]int{}, byGame: map[addressGame]int{},
		byAccount: map[int64]int{}, players: map[accountGame]*StreamSlot{}}
}

// OpenStream takes a place for a stream of game by the client at address,
// signed in as account (0: anonymous), who plays the game or not. A
// spectator over a limit is refused with ETOOMANY, saying which limit and
// when to try again.
func (h *Server) OpenStream(address string, account, game int64, player bool) (*StreamSlot, error) {
	s := h.streams
	closed := make(chan struct{})
	s.mu.Lock()
	defer s.mu.Unlock()
	if player {
		key := accountGame{account, game}
		if older := s.players[key]; older != nil {
			older.end() // its stream ends at its next turn
		}
		slot := &StreamSlot{Closed: closed}
		slot.end = sync.OnceFunc(func() { close(closed) })
		slot.release = func() {
			slot.end()
			s.mu.Lock()
			if s.players[key] == slot {
				delete(s.players, key)
			}
			s.mu.Unlock()
		}
		s.players[key] = slot
		return slot, nil
	}
	wait := int(StreamRetry / time.Second)
	if s.byGame[addressGame{address, game}] >= s.limits.PerGame {
		return nil, tournament.TooManyUntil(StreamRetry, "your address holds %d streams of game %d, the most allowed; the page asks for the game every few seconds instead (try a stream again in %d s)", s.limits.PerGame, game, wait)
	}
	return s.spectator(address, account, addressGame{address, game}, closed)
}

// OpenHallStream takes a place for a stream of an event's hall by a reader
// at address, signed in as account (0: anonymous), under the limits of the
// live games' spectators: an address holds as many streams of one hall as
// of one game, and they count in its streams and the server's.
func (h *Server) OpenHallStream(address string, account, eventID int64) (*StreamSlot, error) {
	s := h.streams
	s.mu.Lock()
	defer s.mu.Unlock()
	// A hall's key is apart from every game's: the event's ID below zero.
	key := addressGame{address, -eventID}
	if s.byGame[key] >= s.limits.PerGame {
		return nil, tournament.TooManyUntil(StreamRetry, "your address holds %d streams of this event's hall, the most allowed; the page asks for the hall every few seconds instead (try a stream again in %d s)", s.limits.PerGame, int(StreamRetry/time.Second))
	}
	return s.spectator(address, account, key, make(chan struct{}))
}

// spectator takes a spectator's place under the limits of an address,
// an account and the server, counted under byGame too; the caller holds
// s.mu.
func (s *streams) spectator(address string, account int64, byGame addressGame, closed chan struct{}) (*StreamSlot, error) {
	wait := int(StreamRetry / time.Second)
	switch l := s.limits; {
	case s.byAddress[address] >= l.PerAddress:
		return nil, tournament.TooManyUntil(StreamRetry, "your address holds %d live-game streams, the most allowed; the page asks for the game every few seconds instead (try a stream again in %d s)", l.PerAddress, wait)
	case account != 0 && s.byAccount[account] >= l.PerAccount:
		return nil, tournament.TooManyUntil(StreamRetry, "your account holds %d live-game streams, the most allowed; the page asks for the game every few seconds instead (try a stream again in %d s)", l.PerAccount, wait)
	case s.total >= l.Total:
		return nil, tournament.TooManyUntil(StreamRetry, "the server holds as many live-game streams as it can (%d); the page asks for the game every few seconds instead (try a stream again in %d s)", l.Total, wait)
	}
	s.total++
	s.byAddress[address]++
	s.byGame[byGame]++
	if account != 0 {
		s.byAccount[account]++
	}
	var once sync.Once
	return &StreamSlot{Closed: closed, release: func() {
		once.Do(func() {
			s.mu.Lock()
			defer s.mu.Unlock()
			s.total--
			decrement(s.byAddress, address)
			decrement(s.byGame, byGame)
			if account != 0 {
				decrement(s.byAccount, account)
			}
		})
	}}, nil
}

// open counts the live-game streams open now, players' and spectators':
// /metrics exports it (adiukh_live_streams_open).
func (s *streams) open() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.total + len(s.players)
}

func decrement[K comparable](m map[K]int, k K) {
	if m[k] <= 1 {
		delete(m, k)
		return
	}
	m[k]--
}
