package v1

import (
	"time"

	"adiukh/tournament"
)

// The small answers of the API, each a typed view so that its fields are
// named once and documented where they are written.

// cookView answers the director's acceptance of a cook: the work's code
// and the reason it was accepted for.
type cookView struct {
	Code         string `json:"code"`
	CookAccepted string `json:"cook_accepted"`
}

// newTokenAnswer is a new API token: the secret, shown this once, and the
// token's view.
type newTokenAnswer struct {
	Token     string     `json:"token"`
	ID        int64      `json:"id"`
	Name      string     `json:"name"`
	ExpiresAt *time.Time `json:"expires_at"`
}

// tokensView lists an account's API tokens.
type tokensView struct {
	Tokens []tokenView `json:"tokens"`
}

// revokedView answers the revocation of a token.
type revokedView struct {
	Revoked int64 `json:"revoked"`
}

// passwordChangedView answers a change of password, which ends the
// account's web sessions.
type passwordChangedView struct {
	Password string `json:"password"`
	Sessions string `json:"sessions"`
}

// sessionsEndedView answers ending an account's web sessions: how many.
type sessionsEndedView struct {
	Ended int64 `json:"ended"`
}

// accountAuditPageView is a page of the accounts' audit log; Older is
// where the next, older page is.
type accountAuditPageView struct {
	Entries []accountAuditView `json:"entries"`
	Older   string             `json:"older,omitempty"`
}

// usersView lists the accounts.
type usersView struct {
	Users []userView `json:"users"`
}

// newPasswordView answers an account made or its password reset by an
// administrator: the password, shown this once.
type newPasswordView struct {
	User     userView `json:"user"`
	Password string   `json:"password"`
}

// passwordResetView answers an administrator's reset of an account's
// password, which also ends its sessions and revokes its tokens.
type passwordResetView struct {
	newPasswordView
	Sessions string `json:"sessions"`
	Tokens   string `json:"tokens"`
}

// meAccountView is the reader's own account: Name is how it is shown,
// surname first when the name is in parts.
type meAccountView struct {
	ID         int64           `json:"id"`
	Email      string          `json:"email"`
	Name       string          `json:"name"`
	Surname    string          `json:"surname"`
	GivenNames string          `json:"given_names"`
	Patronymic string          `json:"patronymic"`
	Sex        string          `json:"sex"`
	Role       tournament.Role `json:"role"`
	Locale     string          `json:"locale"`
}
