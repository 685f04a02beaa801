package hall

import (
	"time"

	"adiukh/tournament"
)

// TimerState is where a round is in its time at the boards.
type TimerState string

const (
	// NoStart: the arbiter has set no start for the round (or no round is
	// published); the screen shows no timer.
	NoStart TimerState = "unset"
	// Upcoming: the round starts later; the screen counts down to it.
	Upcoming TimerState = "upcoming"
	// Running: the games are under way, within the time the control
	// gives them (or, without a control, since the start).
	Running TimerState = "running"
	// Overtime: past the time the control gives a game and some boards
	// still play (a game with increments may).
	Overtime TimerState = "overtime"
	// Over: every board of the round has its result.
	Over TimerState = "over"
)

// expectedMoves is the length of a game the round's end is reckoned
// with when its control adds time a move: FIDE's rating regulations count
// a game's time as its base plus 60 moves' increments.
const expectedMoves = 60

// Timer is the round's time at the boards, as the hall screen counts it:
// from Start, the start the arbiter set (schedule.Service SetRoundStart),
// to End, when both players' time under the event's control is used up
// (zero without a control). Now is the server's instant the timer was
// read at: a browser counts from it (its offset to its own clock), never
// by adding up its own ticks, so a page that stalled shows the right time
// when it wakes.
type Timer struct {
	State      TimerState
	Start, End time.Time
	Now        time.Time
}

// Elapsed is the time since the start at the reading; 0 before it.
func (t Timer) Elapsed() time.Duration {
	if t.Start.IsZero() || t.Now.Before(t.Start) {
		return 0
	}
	return t.Now.Sub(t.Start)
}

// Left is the time until the start when the round is upcoming, until the
// end of the games' time while it runs; 0 otherwise.
func (t Timer) Left() time.Duration {
	switch {
	case t.State == Upcoming:
		return t.Start.Sub(t.Now)
	case t.State != Running || t.End.IsZero():
		return 0
	}
	return t.End.Sub(t.Now)
}

// timerOf is round r's timer under the event's control at now; r nil: no
// round published.
func timerOf(e *tournament.Event, r *tournament.Round, now time.Time) Timer {
	t := Timer{State: NoStart, Now: now}
	if r == nil || r.StartsAt.IsZero() {
		if r != nil && r.Status == tournament.Done {
			t.State = Over
		}
		return t
	}
	t.Start = r.StartsAt
	if d := gameTime(e.TimeControl); d > 0 {
		t.End = t.Start.Add(d)
	}
	switch {
	case r.Status == tournament.Done:
		t.State = Over
	case now.Before(t.Start):
		t.State = Upcoming
	case !t.End.IsZero() && !now.Before(t.End):
		t.State = Overtime
	default:
		t.State = Running
	}
	return t
}

// gameTime is how long a game under tc lasts when both players use all
// their time: twice the base and the increments of expectedMoves moves;
// 0 without a control (or a control in days, which no hall counts).
func gameTime(tc tournament.TimeControl) time.Duration {
	if tc.InDays() || tc.BaseMinutes == 0 {
		return 0
	}
	player := time.Duration(tc.BaseMinutes)*time.Minute + expectedMoves*time.Duration(tc.IncrementSeconds)*time.Second
	return 2 * player
}
