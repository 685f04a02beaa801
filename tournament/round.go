package tournament

import (
	"strconv"
	"strings"
	"time"

	"adiukh/rules"
)

// RoundStatus is where a round is in its life.
type RoundStatus string

const (
	Draft     RoundStatus = "draft"     // paired, visible to arbiters only, may be deleted and paired again
	Published RoundStatus = "published" // pairings are public; results are entered
	Done      RoundStatus = "finished"  // every game has a result
)

// Round is one round of an event with its games, board by board.
type Round struct {
	ID      int64
	EventID int64
	Number  int
	Status  RoundStatus
	Games   []Game
	// Warnings are what the check of a hand-edited pairing against the
	// absolute criteria found; they stay with the round.
	Warnings []PairingWarning
	// Openings are the openings drawn for a micro-match event's round when
	// it was paired: one for the round (board 0) or one a board.
	Openings []DrawnOpening
	// StartsAt is when the round's games start at the boards, as the
	// arbiter set it (schedule.Service SetRoundStart); zero when not set. A calendar shows
	// the games at that hour, the pairings print it.
	StartsAt time.Time
}

// The years a round may start in: an event of the past entered now, or
// one set years ahead. Past 9999 a time has no text both databases keep
// (SQLite's dropped it, PostgreSQL's kept it).
const (
	FirstRoundYear = 1900
	LastRoundYear  = 2100
)

// CheckRoundStart refuses a round's start at outside the years a round may
// start in, in its own zone and in UTC alike, naming field; zero (no
// start) passes.
func CheckRoundStart(field string, at time.Time) error {
	if at.IsZero() {
		return nil
	}
	for _, year := range []int{at.Year(), at.UTC().Year()} {
		if year < FirstRoundYear || year > LastRoundYear {
			return Invalid(field, "a round starts in a year from %d to %d, not %d", FirstRoundYear, LastRoundYear, year)
		}
	}
	return nil
}

// Game is one board of a round. BlackID is 0 for the pairing-allocated bye.
type Game struct {
	ID      int64
	RoundID int64
	Board   int
	WhiteID int64
	BlackID int64
	// WhiteNo and BlackNo are the players' start numbers (0 for the bye),
	// filled in when games are read; start numbers are fixed from round 1.
	WhiteNo int
	BlackNo int
	// Result is nil until a result is entered.
	Result *Result
	// Sheet is the game record as entered; SheetReport is what the rules
	// check found in it.
	Sheet       string
	SheetReport *SheetReport
	// OverrideReason is the arbiter's reason for accepting a result the
	// sheet does not support; empty when the sheet agrees.
	OverrideReason string
	// MicroGames are the two games of a micro-match, nil until entered:
	// in the first the board's White has White, in the second Black. The
	// board's Result is then their sum (MicroMatchResult).
	MicroGames [2]*Result
	// MicroSheets are the score sheets of the two games, each played from
	// the board's opening; the zero MicroSheet until one is entered.
	MicroSheets [2]MicroSheet
	// Version counts the changes of the game; an update that names an older
	// version is refused (optimistic locking).
	Version int
}

// IsBye reports whether the game is the pairing-allocated bye.
func (g *Game) IsBye() bool { return g.BlackID == 0 }

// SheetMissing reports whether a game was played to a result in a
// discipline that records its games (§10.2) and its score sheet has not
// come in yet; a micro-match board's, whether one of its games played
// lacks its sheet. The result stands; the desk lists the game, and an
// event that requires sheets waits for it.
func (g *Game) SheetMissing(d Discipline) bool {
	// A result imported without its score came from a file that kept no
	// sheet either: there is none to ask for.
	if !d.SheetRequired() || g.Result == nil || !g.Result.Played() || g.Result.EndReason == ScoreUnknown {
		return false
	}
	if g.MicroGames == [2]*Result{} {
		return g.Sheet == ""
	}
	for i, r := range g.MicroGames {
		if r != nil && r.Played() && g.MicroSheets[i].Sheet == "" {
			return true
		}
	}
	return false
}

// MissingSheets lists the boards of the round whose sheet the event
// waits for (Event.AwaitsSheet).
func (r *Round) MissingSheets(e *Event) []int {
	var boards []int
	for i := range r.Games {
		if e.AwaitsSheet(r, &r.Games[i]) {
			boards = append(boards, r.Games[i].Board)
		}
	}
	return boards
}

// missingSheet finds, for an event that requires score sheets, the first
// of rounds with a missing one: its number and the boards, as "3, 5".
func missingSheet(e *Event, rounds []Round) (round int, boards string, missing bool) {
	if !e.SheetsRequired {
		return 0, "", false
	}
	for i := range rounds {
		if b := rounds[i].MissingSheets(e); len(b) > 0 {
			words := make([]string, len(b))
			for j, n := range b {
				words[j] = strconv.Itoa(n)
			}
			return rounds[i].Number, strings.Join(words, ", "), true
		}
	}
	return 0, "", false
}

// SheetReport is what the check of a game sheet against the rules found.
type SheetReport struct {
	Valid  bool
	Errors []SheetError
	// FinalReached is true when the sheet ends in a final position (§5.1);
	// FinalScore is then the score counted on the board.
	FinalReached bool
	FinalScore   string
	// ClaimedScore and ClaimedReason are what the sheet itself says the
	// result was, when it says so.
	ClaimedScore  string
	ClaimedReason string
}

// SheetError is one problem in a game sheet, located by line of the sheet,
// ply (half-move, from 1) and move number; 0 where it does not apply.
type SheetError struct {
	Line    int
	Ply     int
	MoveNo  int
	Message string
	// Detail is Message with its parts, for the catalogue. A report is
	// stored with its details by key (see MarshalJSON); one stored before
	// that, which a migration could not check again, has only Message.
	Detail rules.Message
}

// Untouched reports whether no game of the round has changed since it was
// paired: a stored game starts at version 1 and every result entered raises
// it, so a round of version-1 games has had nothing entered (the desk offers
// to take it back to a draft, package review).
func (r Round) Untouched() bool {
	for _, g := range r.Games {
		if g.Version != 1 {
			return false
		}
	}
	return true
}
