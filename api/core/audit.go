package core

import (
	"adiukh/tournament"
	"adiukh/tournament/catalog"
	"encoding/json"
	"time"
)

type AuditView struct {
	ID        int64           `json:"id"`
	At        time.Time       `json:"at"`
	UserEmail string          `json:"user_email"`
	Action    string          `json:"action"`
	Subject   string          `json:"subject"`
	Before    json.RawMessage `json:"before"`
	After     json.RawMessage `json:"after"`
	Reason    string          `json:"reason"`
}

// NewAuditView shows an entry with its reason as a person reads it: one the
// server wrote itself (tournament.Note) in the client's language, one an
// arbiter typed as it was typed.
func NewAuditView(e tournament.AuditEntry, l *catalog.Localizer) AuditView {
	return AuditView{ID: e.ID, At: e.At, UserEmail: e.UserEmail, Action: e.Action, Subject: e.Subject,
		Before: rawOrNull(e.Before), After: rawOrNull(e.After), Reason: l.Message(tournament.NoteMessage(e.Reason))}
}

// rawOrNull passes a stored JSON snapshot through; "" becomes null.
func rawOrNull(s string) json.RawMessage {
	if s == "" {
		return json.RawMessage("null")
	}
	return json.RawMessage(s)
}
