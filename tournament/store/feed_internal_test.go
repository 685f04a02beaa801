package store

import (
	"strings"
	"testing"
	"time"
)

// A notice carries the game as stored and its moves, and is read back as
// them; one whose change would not fit in PostgreSQL's 8,000 bytes carries
// the game's ID and version alone, and the instances read the game.
func TestGameNoticeCarriesTheChangeWhenItFits(t *testing.T) {
	at := time.Date(2026, 12, 5, 15, 0, 2, 0, time.UTC)
	n := &gameNotice{ID: 7, From: 4, Game: &corrGameRow{ID: 7, EventID: 1, Status: "running", Position: "W:W21:B12", Ply: 1, Version: 5,
		WhiteBankMs: 181000, TurnStart: at, Live: true, OfferBy: -1},
		Moves: []corrMoveRow{{GameID: 7, Ply: 1, Notation: "c3-d4", Position: "W:W21:B12", PlayedAt: at, UsedMs: 2000, LeftMs: 181000}}}
	got, ok := parseGameNotice(n.payload("s1"), "s1")
	switch {
	case !ok || got.GameID != 7 || got.Version != 5 || got.From != 4 || got.Game == nil:
		t.Fatalf("the notice read back: %+v, want game 7 at version 5 from 4 with the game", got)
	case got.Game.Ply != 1 || !got.Game.TurnStart.Equal(at) || got.Game.Bank[0] != 181*time.Second || got.Game.OfferBy != nil || !got.Game.Live:
		t.Errorf("the game read back from the notice: %+v", got.Game)
	case len(got.Moves) != 1 || got.Moves[0].Notation != "c3-d4" || got.Moves[0].Used != 2*time.Second || !got.Moves[0].PlayedAt.Equal(at):
		t.Errorf("the moves read back from the notice: %+v", got.Moves)
	}
	if _, ok := parseGameNotice(n.payload("s1"), "s2"); ok {
		t.Error("a notice of another schema is taken")
	}

	n.Game.Note = strings.Repeat("я", maxNotice/2)
	payload := n.payload("s1")
	if len(payload) > maxNotice {
		t.Fatalf("a notice of %d bytes, over PostgreSQL's limit", len(payload))
	}
	if got, ok := parseGameNotice(payload, "s1"); !ok || got.GameID != 7 || got.Version != 5 || got.Game != nil {
		t.Errorf("a change too long for a notice: %+v, want game 7 at version 5 alone", got)
	}
}
