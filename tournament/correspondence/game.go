// Package correspondence is correspondence play on the server (игра по
// переписке): the games of a round-robin section are played move by move on
// the site for weeks or months, every move checked by the rules, each
// player's clock counted in days and stopped by leave, results going
// straight into the event's rounds and so its standings.
//
// It imports tournament (events, players, rounds, results, the audit log)
// and rules, never the store or HTTP: it defines the Store it needs, which
// tournament/store implements, and the Mailer that delivers notifications.
package correspondence

import (
	"time"

	"adiukh/rules"
	"adiukh/tournament"
)

// Status is where a correspondence game is.
type Status string

const (
	Running      Status = "running"      // a clock runs
	Finished     Status = "finished"     // the result is in the round
	Adjudication Status = "adjudication" // the arbiter is to decide: a repeated position, or the event's end date passed
)

// Game is the play of one game of the section's rounds: of the
// tournament.Game BoardGameID, the round's board, whose Result it fills in
// when it ends. A board of a micro-match has two (MicroGame), each with its
// own ID.
type Game struct {
	ID int64
	// BoardGameID is the ID of the event's game (the board of the round)
	// that this game plays.
	BoardGameID int64
	EventID     int64
	Round       int
	Board       int
	WhiteID     int64
	BlackID     int64
	Status      Status
	Position    string // in the notation of the event's game (position.go)
	ToMove      rules.Color
	Ply         int // plies played
	// Bank is each side's time left at the start of its turn (index
	// rules.White, rules.Black); the side to move's clock has run since
	// TurnStart.
	Bank      [2]time.Duration
	TurnStart time.Time
	// TurnMaxMoveDays is the section's cap on one move's reflection time
	// (0: none) when the turn began. An arbiter who lowers the cap must not
	// cut short a move being thought over, so a lower cap reaches each game
	// at its next turn; a higher one counts at once (turnCap).
	TurnMaxMoveDays int
	// Deadline is when the side to move loses on time, leave counted; kept
	// so the sweep finds the games due without computing every clock.
	Deadline time.Time
	// OfferBy is the side whose draw offer stands, OfferPly the ply at which
	// it was made; an offer stands until the other side moves (§6.1.3).
	OfferBy  *rules.Color
	OfferPly int
	Result   *tournament.Result
	// Note says why the game waits for adjudication or how the arbiter
	// decided it.
	Note string
	// WarnedPly is the ply at which the side to move was told time is
	// running out, so it is told once per move.
	WarnedPly int
	// RepetitionFrom is the ply from which positions are counted for
	// repetition: 0, or the ply at which the arbiter last reopened the game
	// (having seen the repetition, the arbiter lets play go on).
	RepetitionFrom int
	StartedAt      time.Time
	// EndedAt is when the game ended, or when it was sent to adjudication.
	EndedAt time.Time
	Version int
	// Live: the game of an online rapid or blitz event, played at once on
	// a clock of minutes with Fischer increment (live.go); StartedAt is
	// when its clocks start, which may be ahead.
	Live bool
	// Shown is when each side's player first opened the live game (zero
	// until then): a side that has not shown by the no-show time loses by
	// forfeit.
	Shown [2]time.Time
	// Connection is each side's player's newest stream of the live game,
	// by the game's version its opening saved: while it is open, and
	// negated once it closed; 0 before their first. The opponent's page
	// shows whether they are connected (Connect, PresenceOf).
	Connection [2]int
	// Stopped is how long the live game's clocks stood still after its
	// start: adjourned by the arbiter, or the server away. The no-show
	// time counts only while they run (NoShowAt).
	Stopped time.Duration
	// MicroGame is the game's number in its board's micro-match (1: the
	// board's White has White, 2: the colours exchanged), 0 for a board's
	// only game (micromatch.go).
	MicroGame int
	// MatchGame is the game's number in its board's knockout match (the
	// match's own games, then its tie-break games), 0 for any other game
	// (knockout.go).
	MatchGame int
	// TimeControl is the clock the game is played at when it is not its
	// event's, as its round's start set it: a team knockout's tie-break
	// leg's stage's (Options.BoardClocks); "" for the event's (clockOf).
	TimeControl string
	// Start is the position the game started from when it is not its
	// section's (startState) or may cease to be: a micro-match's drawn
	// opening, a live round's thematic start (the next round may have
	// another), in the notation of the event's game; "" otherwise.
	Start string
}

// Presence is how a live game's player is connected to it while it is
// played, as the opponent's page shows it.
type Presence string

const (
	// PresenceNone: not come yet, or a game not live or not played.
	PresenceNone Presence = ""
	// PresenceConnected: a stream of theirs of the game is open.
	PresenceConnected Presence = "connected"
	// PresenceLeft: they had a stream of the game open, and have none now.
	PresenceLeft Presence = "left"
)

// PresenceOf is how side's player is connected to the live game.
func (g *Game) PresenceOf(side rules.Color) Presence {
	switch {
	case !g.Live || g.Status != Running && !adjourned(g):
		return PresenceNone
	case g.Connection[side] > 0:
		return PresenceConnected
	case g.Connection[side] < 0:
		return PresenceLeft
	}
	return PresenceNone
}

// NoShowAt is when a live game's player who has not shown up loses by
// forfeit: the no-show time after its start, counted while its clocks ran.
func (g *Game) NoShowAt(tc tournament.TimeControl) time.Time {
	return g.StartedAt.Add(NoShowAfter(tc) + g.Stopped)
}

// PlayerID is the player of a side.
func (g *Game) PlayerID(side rules.Color) int64 {
	if side == rules.White {
		return g.WhiteID
	}
	return g.BlackID
}

// FirstSide is the side that made (or makes) the game's first move.
func (g *Game) FirstSide() rules.Color {
	if g.Ply%2 == 0 {
		return g.ToMove
	}
	return g.ToMove.Opponent()
}

// HasMoved reports whether side has made a move in the game.
func (g *Game) HasMoved(side rules.Color) bool {
	return g.Ply >= 2 || g.Ply == 1 && g.FirstSide() == side
}

// MoveNumber is the number of the move ply belongs to, moves counted in
// pairs from White's (§7.2): a game Black starts begins with 1... .
func (g *Game) MoveNumber(ply int) int {
	if g.FirstSide() == rules.Black {
		return (ply + 2) / 2
	}
	return (ply + 1) / 2
}

// SideOf is the side a player has in the game; ok is false for others.
func (g *Game) SideOf(playerID int64) (side rules.Color, ok bool) {
	switch playerID {
	case g.WhiteID:
		return rules.White, true
	case g.BlackID:
		return rules.Black, true
	}
	return rules.White, false
}

// Move is one ply played on the server.
type Move struct {
	GameID   int64
	Ply      int
	Notation string // full notation, turning squares where the capture needs them
	// Position is the position after the move, for repetition and replay.
	Position  string
	PlayedAt  time.Time
	Used      time.Duration // clock time the move took, leave not counted
	DrawOffer bool
	// Left is what the mover's clock held after the move, increment
	// added (kept for live games' records).
	Left time.Duration
}

// Leave is a stretch of whole days (UTC) during which a player's clocks
// stand still in all their games of the event.
type Leave struct {
	ID       int64
	EventID  int64
	PlayerID int64
	From     string // YYYY-MM-DD, first day of leave
	To       string // YYYY-MM-DD, last day of leave
	// ByArbiter marks leave the arbiter granted; it may exceed the event's
	// allowance.
	ByArbiter bool
	UserID    int64
	Reason    string
	CreatedAt time.Time
}

// Days is the number of days the leave lasts.
func (l Leave) Days() int {
	p := l.Period()
	return int(p.To.Sub(p.From) / Day)
}

// Period is the leave as a span of time: from the first day's midnight UTC
// to the midnight after its last day.
func (l Leave) Period() Period {
	from, _ := time.Parse(time.DateOnly, l.From)
	to, _ := time.Parse(time.DateOnly, l.To)
	return Period{From: from, To: to.Add(Day)}
}

// Settings are a section's correspondence rules beyond its time control.
type Settings struct {
	EventID int64
	// LeaveDays is each player's leave allowance for the event.
	LeaveDays int
	// MaxMoveDays caps the reflection time of one move; 0 is no cap.
	MaxMoveDays int
	// StartPosition, when set, is the position every game of a thematic
	// section starts from, in the notation of the event's game (a Russian
	// FEN names the side to move itself), StartSide the side to move
	// there; "" is the initial position with White to move.
	StartPosition string
	StartSide     rules.Color
}

// DefaultLeaveDays is the leave allowance of a section that sets none.
const DefaultLeaveDays = 30

// Account links a player of an event to the user account that plays for
// them on the server.
type Account struct {
	EventID  int64
	PlayerID int64
	UserID   int64
}

// Kind is what a notification tells.
type Kind string

const (
	YourMove     Kind = "your_move"     // the opponent moved
	DrawOffered  Kind = "draw_offered"  // the opponent offers a draw
	DrawDeclined Kind = "draw_declined" // the opponent declined your offer
	TimeShort    Kind = "time_short"    // under two days left on the move
	LeaveStarts  Kind = "leave_started" // leave booked; clocks stop on its days
	GameOver     Kind = "game_over"     // the game ended, with its score
	Adjudicate   Kind = "adjudication"  // the game waits for the arbiter
)

// Notification is one message in a user's inbox; e-mail carries the same
// when a mail server is configured. It never names a move: it is sent
// after a move is made and only says that it is.
type Notification struct {
	ID      int64
	UserID  int64
	EventID int64
	GameID  int64
	Kind    Kind
	// Args are the values the message shows (game, opponent, deadline,
	// score), in the order of the kind's message.
	Args      []string
	CreatedAt time.Time
	Read      bool
	Mailed    bool
}
