package tournament

import (
	"slices"
	"strings"
)

// What the pairing obeys of the check-in before a round (issue 67), which
// package checkin keeps: an event that checks its players in pairs a round
// only once every player due in it is marked present or confirmed absent,
// and leaves the absent out as the regulations leave out a player who
// missed the round.

// Attendance is a player's mark before a round: present (checked in by
// the player or by the arbiter) or absent (confirmed by the arbiter).
type Attendance string

const (
	Present Attendance = "present"
	Absent  Attendance = "absent"
)

// The audit actions of the check-in: a player checked in themselves, the
// arbiter marked one present or absent or took the mark back, the event's
// check-in turned on or off or a round's deadline set.
const (
	ActionCheckinSelf    = "checkin.self"
	ActionCheckinPresent = "checkin.present"
	ActionCheckinAbsent  = "checkin.absent"
	ActionCheckinCleared = "checkin.cleared"
	ActionCheckinSetting = "checkin.setting"
)

// PresenceTx reads the check-in the pairing obeys.
type PresenceTx interface {
	// RoundPresence tells whether the event checks its players in before
	// its rounds and, when it does, the marks of round n by player ID.
	RoundPresence(eventID int64, n int) (on bool, marks map[int64]Attendance, err error)
}

// DueIn reports whether the player is to be paired in round n and so
// checks in for it: neither withdrawn, entering later, nor on a
// requested bye.
func (p *Player) DueIn(n int) bool { return p.PlaysIn(n) && !p.OnRequestedBye(n) }

// presence is what the check-in of round n leaves the pairing: the
// players confirmed absent, or the refusal that names those due in the
// round who are neither checked in nor confirmed absent.
func presence(tx PresenceTx, e *Event, players []Player, n int) (map[int64]bool, error) {
	if e.Online || e.Discipline.PlayedOnServer() {
		// Played on the site, where the clock says who came: a setting
		// kept from before the event went online holds nothing up.
		return nil, nil
	}
	on, marks, err := tx.RoundPresence(e.ID, n)
	if err != nil || !on {
		return nil, err
	}
	absent := map[int64]bool{}
	var unmarked []string
	for _, p := range players {
		if !p.DueIn(n) {
			continue
		}
		switch marks[p.ID] {
		case Absent:
			absent[p.ID] = true
		case Present:
		default:
			unmarked = append(unmarked, p.Name)
		}
	}
	if len(unmarked) > 0 {
		slices.Sort(unmarked)
		return nil, Conflict("checkin", "round %d cannot be paired yet: %s neither checked in nor confirmed absent; mark each present or confirm them absent at the check-in", n, strings.Join(unmarked, ", "))
	}
	return absent, nil
}

// withAbsence is the players as the pairing of round n sees them when
// absent are confirmed absent: in a Swiss event each sits the round out
// with a zero-point bye, not paired (FIDE's "absent, not paired"); in a
// round robin, whose boards the Berger table fixes, they keep their boards
// and newRound forfeits their games.
func withAbsence(e *Event, players []Player, absent map[int64]bool, n int) []Player {
	if len(absent) == 0 || e.System.IsRoundRobin() {
		return players
	}
	out := slices.Clone(players)
	for i := range out {
		if absent[out[i].ID] {
			out[i].ByeRound, out[i].ByeKind = n, ZeroByeRequest
		}
	}
	return out
}
