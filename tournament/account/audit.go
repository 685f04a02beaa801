package account

import (
	"context"
	"time"

	"adiukh/tournament"
	"adiukh/tournament/catalog"
)

// AuditEntry is one change to an account, kept in the account audit log
// that administrators read: who did what to which account, and when. Like
// the events' audit log it stores an action key and values, never a
// sentence, so that its rows read well in any language after rewording.
type AuditEntry struct {
	ID int64
	At time.Time
	// ActorID and ActorEmail are who made the change: 0 and "" for the
	// command line. The e-mail is kept as it was, since accounts change.
	ActorID    int64
	ActorEmail string
	Action     string
	// UserID and UserEmail are the account changed.
	UserID    int64
	UserEmail string
	// Before and After are the values changed, such as the roles; empty
	// when the action has none.
	Before string
	After  string
}

// The actions of the account audit log; each has the catalogue entry
// "accountaudit.<action>".
const (
	AuditCreated         = "created"          // an account made by an administrator, the command line or a confirmed sign-up
	AuditRole            = "role"             // the role changed: Before and After
	AuditPasswordSet     = "password-set"     // a password set by an administrator or the command line
	AuditPasswordChanged = "password-changed" // the owner changed their password
	AuditPasswordReset   = "password-reset"   // the owner set a new password with a mailed link
	AuditSessionsEnded   = "sessions-ended"   // every web sign-in ended: After is how many
	AuditSignUpApproved  = "signup-approved"  // an administrator admitted a sign-up
	AuditSignUpDeclined  = "signup-declined"  // an administrator refused a sign-up
	AuditTokenCreated    = "token-created"    // an API token made: After is its name
	AuditTokenRevoked    = "token-revoked"    // an API token deleted: Before is its name
	AuditFeedRevoked     = "feed-revoked"     // the address of the personal calendar stopped with the sign-ins
)

// audit records a change to the account u, made by the caller in ctx, in
// the same transaction as the change: both are kept or neither.
func (s *Service) audit(ctx context.Context, tx Tx, action string, u *tournament.User, before, after string) error {
	a := &AuditEntry{At: s.now().UTC(), Action: action, UserID: u.ID, UserEmail: u.Email, Before: before, After: after}
	if actor := tournament.UserFromContext(ctx); actor != nil && actor != operator {
		a.ActorID, a.ActorEmail = actor.ID, actor.Email
	}
	return tx.AddAuditEntry(a)
}

// AuditPage is how many entries of the account audit log one page shows.
const AuditPage = 100

// AuditLog lists the account audit log for an administrator, newest
// first, a page at a time: the entries older than before (the newest when
// before is 0). More tells whether older entries remain.
func (s *Service) AuditLog(ctx context.Context, before int64) (entries []AuditEntry, more bool, err error) {
	if err := mayAdminister(ctx); err != nil {
		return nil, false, err
	}
	err = s.store.View(ctx, func(tx Tx) error {
		entries, err = tx.AuditEntries(before, AuditPage+1)
		return err
	})
	if len(entries) > AuditPage {
		entries, more = entries[:AuditPage], true
	}
	return entries, more, err
}

// Tell words the entry for people in the reader's language: what was done
// to the account. Roles are named, not spelled as codes.
func (e AuditEntry) Tell(l *catalog.Localizer) string {
	before, after := e.Before, e.After
	if e.Action == AuditRole || e.Action == AuditCreated || e.Action == AuditSignUpApproved {
		before, after = roleName(l, before), roleName(l, after)
	}
	return l.T("accountaudit."+e.Action, "User", e.UserEmail, "Before", before, "After", after)
}

// Actor names who made the change: their e-mail, or the command line.
func (e AuditEntry) Actor(l *catalog.Localizer) string {
	if e.ActorEmail == "" {
		return l.T("accountaudit.operator")
	}
	return e.ActorEmail
}

func roleName(l *catalog.Localizer, role string) string {
	if role == "" {
		return ""
	}
	return l.T("account.role." + role)
}
