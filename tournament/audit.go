package tournament

import (
	"context"
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
	ActionEventCreate = "event.create"
	ActionEventUpdate = "event.update"
	// ActionEventReopen is a finished event reopened for a correction.
	ActionEventReopen     = "event.reopen"
	ActionPlayerCreate    = "player.create"
	ActionPlayerUpdate    = "player.update"
	ActionPlayerDelete    = "player.delete"
	ActionPlayerWithdraw  = "player.withdraw"
	ActionPlayerReinstate = "player.reinstate"
	ActionPlayerRenumber  = "player.renumber"
	ActionRoundPair       = "round.pair"
	ActionRoundPublish    = "round.publish"
	ActionRoundStart      = "round.start"
	// ActionLiveStart is the start of a live round's games, written by
	// package correspondence; its "starts_at" is when their clocks start,
	// which the personal calendars date the games by.
	ActionLiveStart      = "live.start"
	ActionResultRecord   = "result.record"
	ActionResultOverride = "result.override"
	ActionResultCorrect  = "result.correct"
	// ActionResultCorrectOverride is a correction of a result to one the
	// score sheet does not support.
	ActionResultCorrectOverride = "result.correct_override"
)

// AuditWriter is the part of a transaction the audit log is written
// through; the transactions of correspondence and composition have it too.
type AuditWriter interface {
	AddAudit(a *AuditEntry) error
}

// Audit records one change, made at at by u, in the same transaction as the
// change itself; before and after are snapshotted (Snapshot). u nil is the
// server itself (correspondence's deadline sweep), logged as "server".
// Every use case of every discipline logs through here.
// ServerContext is the context of what the server does by itself, as the
// rounds of a live event that pair and publish themselves: an
// administrator without an account, "server" in the audit log.
func ServerContext(ctx context.Context) context.Context {
	return NewContextWithUser(ctx, &User{Role: Admin, Email: "server"})
}

func Audit(tx AuditWriter, at time.Time, u *User, eventID int64, action, subject string, before, after any, reason string) error {
	a := &AuditEntry{EventID: eventID, At: at.UTC(), Action: action, Subject: subject,
		Before: Snapshot(before), After: Snapshot(after), Reason: reason}
	if u != nil {
		a.UserID, a.UserEmail = u.ID, u.Email
	} else {
		a.UserEmail = "server"
	}
	return tx.AddAudit(a)
}

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
