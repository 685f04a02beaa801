package correspondence

import (
	"slices"
	"time"

	"adiukh/tournament"
)

// Day is the unit of correspondence clocks.
const Day = 24 * time.Hour

// Period is a stretch of time [From, To) during which a player's clocks
// stand still: a leave.
type Period struct {
	From, To time.Time
}

// normalize sorts periods by start and merges those that overlap or touch,
// so the arithmetic below walks each moment once.
func normalize(periods []Period) []Period {
	ps := slices.Clone(periods)
	slices.SortFunc(ps, func(a, b Period) int { return a.From.Compare(b.From) })
	out := ps[:0]
	for _, p := range ps {
		if !p.To.After(p.From) {
			continue
		}
		if n := len(out); n > 0 && !p.From.After(out[n-1].To) {
			if p.To.After(out[n-1].To) {
				out[n-1].To = p.To
			}
			continue
		}
		out = append(out, p)
	}
	return out
}

// Charged is the time a clock running from start to now uses up: the
// elapsed time less the moments of leave.
func Charged(start, now time.Time, leave []Period) time.Duration {
	if !now.After(start) {
		return 0
	}
	used := now.Sub(start)
	for _, p := range normalize(leave) {
		from, to := later(p.From, start), earlier(p.To, now)
		if to.After(from) {
			used -= to.Sub(from)
		}
	}
	return used
}

// Deadline is the moment a clock started at start with budget left runs
// out, the leave periods not counted.
func Deadline(start time.Time, budget time.Duration, leave []Period) time.Time {
	t := start
	for _, p := range normalize(leave) {
		if !p.To.After(t) {
			continue
		}
		if p.From.After(t) {
			gap := p.From.Sub(t)
			if gap >= budget {
				break
			}
			budget -= gap
		}
		t = p.To
	}
	return t.Add(budget)
}

// InitialBank is the time each player has for the first move (or the first
// Moves moves); a live game's clock, the base time for the game.
func InitialBank(tc tournament.TimeControl) time.Duration {
	if !tc.InDays() {
		return time.Duration(tc.BaseMinutes) * time.Minute
	}
	return time.Duration(tc.Days) * Day
}

// BankAfterMove is what a player's clock holds after the player's moveNo-th
// move (from 1) that used used of bank. "10d" gives every move its 10 days
// afresh; "50d/10" adds 50 days after every 10th move, the unused time
// carried forward (ICCF). A live game's clock in minutes ("5+3") keeps
// what is left and adds the increment after every move.
func BankAfterMove(tc tournament.TimeControl, bank, used time.Duration, moveNo int) time.Duration {
	if !tc.InDays() {
		// A live game's Fischer clock: what is left, and the increment.
		return bank - used + time.Duration(tc.IncrementSeconds)*time.Second
	}
	if tc.Moves == 0 {
		return InitialBank(tc)
	}
	left := bank - used
	if moveNo%tc.Moves == 0 {
		left += InitialBank(tc)
	}
	return left
}

// TurnBudget is the time a player may use on the current move: the bank,
// capped by the event's maximum reflection time per move when it has one.
func TurnBudget(bank, maxPerMove time.Duration) time.Duration {
	if maxPerMove > 0 && maxPerMove < bank {
		return maxPerMove
	}
	return bank
}

func later(a, b time.Time) time.Time {
	if a.After(b) {
		return a
	}
	return b
}

func earlier(a, b time.Time) time.Time {
	if a.Before(b) {
		return a
	}
	return b
}
