// Package relay is the relay of games played over the board (issue 67):
// each board of a published round followed move by move from one source —
// an operator's taps at the board, a program pushing the game's PDN (an
// e-board's bridge), or a PDN file on another web server that the server
// polls — every move checked by the rules of the event's game as it
// arrives. An illegal move, or a game that is not the board's pairing,
// stops the board's relay at that ply with a message for the arbiter
// (kept as a catalogue key and its arguments); a feed that goes back
// replaces the moves from the ply it differs, audited. A game the rules
// ended, or a result the feed writes, proposes the board's result; the
// arbiter confirms it through the domain's one result entry
// (tournament.Service.RecordResult), and the relayed record becomes the
// board's score sheet.
//
// Readers follow a round through Round and Watch: one read per change
// for all of a round's watchers on an instance, changes made on another
// instance found by a poll of the round's stamp. It knows no HTTP and no
// SQL.
package relay

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"net/http"
	"strings"
	"time"

	"adiukh/tournament"
)

// Source is where a board's moves come from.
type Source string

const (
	// Operator: moves tapped on the operator's page at the board, by the
	// arbiter, an account the arbiter names for the round or the holder
	// of the round's operator link.
	Operator Source = "operator"
	// Push: a program sends the game's PDN so far (an e-board's bridge).
	Push Source = "push"
	// Poll: the server reads a PDN file from another web server.
	Poll Source = "poll"
)

// Key is the source's name in the catalogue, Words in English: a source
// named inside a message (catalog.Term).
func (k Source) Key() string {
	switch k {
	case Operator:
		return "relay.source.operator"
	case Push:
		return "relay.source.push"
	}
	return "relay.source.poll"
}

// Words: see Key.
func (k Source) Words() string { return string(k) }

// Status is how a board's relay stands.
type Status string

const (
	// Waiting: no source has sent a move yet; the board shows its pairing.
	Waiting Status = "waiting"
	// Playing: moves come in.
	Playing Status = "playing"
	// Ended: the rules ended the game or the feed wrote a result, which
	// the board proposes to the arbiter; or the board has its result.
	Ended Status = "ended"
	// Stopped: a move was refused (its message says why), or the arbiter
	// stopped the relay; the moves before stay.
	Stopped Status = "stopped"
)

// Who stopped a board: a stop by the feed lifts itself when the feed is
// put right; one by the arbiter waits for the arbiter.
const (
	stoppedByFeed    = "feed"
	stoppedByArbiter = "arbiter"
)

// Audit actions of the relay, in the event's audit log.
const (
	ActionCorrection = "relay.correction"
	ActionStop       = "relay.stop"
	ActionResume     = "relay.resume"
	ActionSource     = "relay.source"
	ActionOperator   = "relay.operator"
	ActionLink       = "relay.link"
	ActionPushKey    = "relay.push_key"
)

// Clock is what the players' clocks showed after a ply, as the source gave
// them; a source without clocks gives none.
type Clock struct {
	White time.Duration `json:"w"`
	Black time.Duration `json:"b"`
}

// Ply is one relayed move: as its game writes it, the position it left in
// the game's notation (a FEN for the draughts games) and the clocks then.
type Ply struct {
	Move  string `json:"m"`
	FEN   string `json:"f"`
	Clock *Clock `json:"c,omitempty"`
}

// Board is the relay of one board of a round as stored.
type Board struct {
	ID      int64
	EventID int64
	Round   int
	Board   int
	// Source is the kind that feeds the board, "" until one does or the
	// arbiter sets one. URL is a polled source's address, WholeRound set
	// when the address holds the round's games, each matched to its board
	// by its players' names.
	Source     Source
	URL        string
	WholeRound bool
	// SourceSince is when the source was set; LastHeard when it last
	// answered with the game (zero: never); NextPoll when a polled source
	// is read next, Failures its failed reads in a row (the backoff).
	SourceSince time.Time
	LastHeard   time.Time
	NextPoll    time.Time
	Failures    int
	Status      Status
	// Stop is the stop's message as a tournament.Note (key and
	// arguments), StopPly the ply it stopped at (0: the arbiter's stop or
	// a feed refused as a whole), StoppedBy who (stoppedByFeed, …).
	Stop      string
	StopPly   int
	StoppedBy string
	Plies     []Ply
	// Proposed is the result the game's end or the feed proposes, nil
	// when none.
	Proposed *tournament.Result
	Version  int
	// UpdatedAt is when the relay last changed.
	UpdatedAt time.Time
}

// Key is a credential of the relay: a program's key for pushing one
// event's games, or the one-time link of one round's operators. Only its
// hash is kept.
type Key struct {
	Hash      string
	EventID   int64
	Round     int // 0: every round of the event (a push key)
	Kind      Source
	CreatedBy int64
	CreatedAt time.Time
}

// RoundKey names a round of an event.
type RoundKey struct {
	EventID int64
	Round   int
}

// RelayTx is what the relay keeps of its own.
type RelayTx interface {
	// RelayBoards are the relayed boards of a round, by board number.
	RelayBoards(eventID int64, round int) ([]Board, error)
	// RelayBoard is one, nil when the board has none.
	RelayBoard(eventID int64, round, board int) (*Board, error)
	// SaveRelayBoard inserts b (ID 0) or updates it where its version is
	// still b.Version (else ECONFLICT), and raises b.Version.
	SaveRelayBoard(b *Board) error
	// RelayHeard notes that a board's source answered at with nothing
	// new: its silence is seen by it, and its failures are forgotten.
	RelayHeard(id int64, at time.Time) error
	// RelayStamps are a number for each round that grows with every change
	// of its relayed boards.
	RelayStamps(rounds []RoundKey) (map[RoundKey]int64, error)
	// DuePolls are the polled boards whose next read is due at now.
	DuePolls(now time.Time) ([]Board, error)
	// ClaimPoll moves a polled board's next read from was to next, false
	// when another instance moved it first.
	ClaimPoll(id int64, was, next time.Time) (bool, error)
	RelayOperators(eventID int64, round int) ([]int64, error)
	SetRelayOperator(eventID int64, round int, userID int64, named bool) error
	CreateRelayKey(k *Key) error
	RelayKey(hash string) (*Key, error)
}

// Tx is the domain's transaction with the relay's part.
type Tx interface {
	tournament.Tx
	RelayTx
}

// Store keeps the relay on the tournament's database.
type Store interface {
	Update(ctx context.Context, fn func(tx Tx) error) error
	View(ctx context.Context, fn func(tx Tx) error) error
}

// Options plug the clock and the web client of polled sources into a
// Service.
type Options struct {
	// Now is the clock; time.Now when nil.
	Now func() time.Time
	// Client reads polled sources; a client with a 10-second timeout when
	// nil.
	Client *http.Client
	// FallbackPoll is how often the watchers read the watched rounds'
	// stamps while the store's feed of writes is not heard (WriteFeed):
	// watchPoll when 0, never when negative (a test that only the feed
	// may pass).
	FallbackPoll time.Duration
}

// Service relays the boards. The signed-in user, or the relay key sent
// instead (WithKey), comes from the context.
type Service struct {
	store    Store
	events   *tournament.Service
	now      func() time.Time
	client   *http.Client
	watchers watchers
	limits   limiter
}

// NewService returns the service over st; events records the results the
// arbiter confirms.
func NewService(st Store, events *tournament.Service, opt Options) *Service {
	s := &Service{store: st, events: events, now: opt.Now, client: opt.Client}
	s.watchers.fallback = opt.FallbackPoll
	s.watchers.wake = make(chan struct{}, 1)
	if s.watchers.fallback == 0 {
		s.watchers.fallback = watchPoll
	}
	if s.now == nil {
		s.now = time.Now
	}
	if s.client == nil {
		s.client = &http.Client{Timeout: 10 * time.Second}
	}
	s.watchers.service = s
	s.limits.now = s.now
	return s
}

// keyPrefix starts every relay key, so that the API tells one from an
// account's token before it looks either up.
const keyPrefix = "relay-"

// IsKey reports whether a bearer token is a relay key rather than an
// account's API token.
func IsKey(token string) bool { return strings.HasPrefix(token, keyPrefix) }

type keyContext struct{}

// WithKey carries a relay key, sent in place of an API token, to the
// service. A relay key signs nobody in: every other use case sees an
// anonymous request, so that it can do nothing but relay its event.
func WithKey(ctx context.Context, key string) context.Context {
	return context.WithValue(ctx, keyContext{}, key)
}

func keyFrom(ctx context.Context) string {
	k, _ := ctx.Value(keyContext{}).(string)
	return k
}

func newKey() (value, hash string, err error) {
	b := make([]byte, 24)
	if _, err := rand.Read(b); err != nil {
		return "", "", err
	}
	value = keyPrefix + base64.RawURLEncoding.EncodeToString(b)
	return value, hashKey(value), nil
}

func hashKey(value string) string {
	sum := sha256.Sum256([]byte(value))
	return hex.EncodeToString(sum[:])
}
