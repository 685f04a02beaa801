package tournament

import (
	"encoding/json"
	"time"
)

// AuditEntry records one change to an event's settings, players, pairings or
// results: who, when, what it was before and after, and why.
type AuditEntry struct {
	ID        int64
	EventID   int64
	At        time.Time
	UserID    int64
	UserEmail string
	Action    string // e.g. "event.update", "round.pair", "result.record"
	Subject   string // what changed, e.g. "round 3 board 2"
	Before    string // JSON of the old state, "" when created
	After     string // JSON of the new state
	Reason    string
}

// Audit actions.
const (
	ActionEventCreate     = "event.create"
	ActionEventUpdate     = "event.update"
	ActionPlayerCreate    = "player.create"
	ActionPlayerUpdate    = "player.update"
	ActionPlayerDelete    = "player.delete"
	ActionPlayerWithdraw  = "player.withdraw"
	ActionPlayerReinstate = "player.reinstate"
	ActionPlayerRenumber  = "player.renumber"
	ActionRoundPair       = "round.pair"
	ActionRoundPublish    = "round.publish"
	ActionRoundDelete     = "round.delete"
	ActionResultRecord    = "result.record"
	ActionResultOverride  = "result.override"
	ActionResultCorrect   = "result.correct"
	// ActionResultCorrectOverride is a correction of a result to one the
	// score sheet does not support.
	ActionResultCorrectOverride = "result.correct_override"
)

// Snapshot is the JSON of a value as the audit log keeps it in Before and
// After; "" for nothing. The use-case packages beside this one
// (correspondence, composition) record their changes with it too.
func Snapshot(v any) string {
	if v == nil {
		return ""
	}
	b, err := json.Marshal(v)
	if err != nil {
		// Only plain domain structs are snapshotted; they always marshal.
		panic("audit snapshot: " + err.Error())
	}
	if string(b) == "null" {
		return ""
	}
	return string(b)
}
