package v1

import (
	"time"

	"adiukh/api/core"
)

// The small answers of the API, each a typed view so that its fields are
// named once and documented where they are written.

// deletedView answers the removal of a numbered thing (a player, a draft
// round, a team): its number.
type deletedView struct {
	Deleted int64 `json:"deleted"`
}

// removedView answers the removal of a thing that has no number of its
// own (a person's photo, an event's regulations): what was removed.
type removedView struct {
	Deleted string `json:"deleted"`
}

// playersView is a list of an event's players.
type playersView struct {
	Players []playerView `json:"players"`
}

// tieBreaksView is the tie-breaks an event may choose.
type tieBreaksView struct {
	TieBreaks []tieBreakView `json:"tiebreaks"`
}

// roundsView is an event's rounds: a list of roundView or, for a team
// event, of teamRoundView.
type roundsView[R roundView | teamRoundView] struct {
	Rounds []R `json:"rounds"`
}

// crosstableView is an event's crosstable after a round: rows of
// crossRowView or, for a team event, of teamCrossRowView.
type crosstableView[R crossRowView | teamCrossRowView] struct {
	AfterRound int `json:"after_round"`
	Rows       []R `json:"rows"`
}

// auditView is an event's audit log.
type auditView struct {
	Entries []core.AuditView `json:"entries"`
}

// sheetsView answers a batch of score sheets, one outcome each.
type sheetsView struct {
	Sheets []sheetOutcomeView `json:"sheets"`
}

// cookView answers the director's acceptance of a cook: the work's code
// and the reason it was accepted for.
type cookView struct {
	Code         string `json:"code"`
	CookAccepted string `json:"cook_accepted"`
}

// submissionsOpenView answers opening or closing results reported by the
// players.
type submissionsOpenView struct {
	Open bool `json:"open"`
}

// playerSubmissionsView is what a player reported, and whether reports are
// open; PlayerID is the reader's player in the event, when they play.
type playerSubmissionsView struct {
	Open        bool             `json:"open"`
	Submissions []submissionView `json:"submissions"`
	PlayerID    int64            `json:"player_id,omitempty"`
}

// playerAccountView answers linking a player to an account.
type playerAccountView struct {
	Player int64  `json:"player"`
	Email  string `json:"email"`
}

// byeView answers a requested bye.
type byeView struct {
	StartNo  int    `json:"start_no"`
	ByeRound int    `json:"bye_round"`
	ByeKind  string `json:"bye_kind"`
}

// pairingCardsView explains a Swiss round's pairings.
type pairingCardsView struct {
	Cards []pairingCardView `json:"cards"`
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

// photoView answers a person's new photo.
type photoView struct {
	Photo     string    `json:"photo"`
	Bytes     int       `json:"bytes"`
	UpdatedAt time.Time `json:"updated_at"`
}

// teamsView lists an event's teams.
type teamsView struct {
	Teams []teamView `json:"teams"`
}
