package events

import (
	"adiukh/api/core"
	"adiukh/api/v1/shapes"
)

// playersView is a list of an event's players.
type playersView struct {
	Players []shapes.PlayerView `json:"players"`
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

// byeView answers a requested bye.
type byeView struct {
	StartNo  int    `json:"start_no"`
	ByeRound int    `json:"bye_round"`
	ByeKind  string `json:"bye_kind"`
}

// pairingCardsView explains a Swiss round's pairings.
type pairingCardsView struct {
	Cards []shapes.PairingCardView `json:"cards"`
}

// eventsView lists the events the reader may see.
type eventsView struct {
	Events []eventView `json:"events"`
}

// searchView is a page of the site's search: events and players.
type searchView struct {
	Query string          `json:"query"`
	Page  int             `json:"page"`
	More  bool            `json:"more"`
	Hits  []searchHitView `json:"hits"`
}
