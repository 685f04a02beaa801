package correspondence_test

import (
	"context"
	"errors"
	"testing"

	"adiukh/tournament"
	"adiukh/tournament/catalog"
	"adiukh/tournament/correspondence"
	"adiukh/tournament/store/storetest"
)

// Another player who tries to cancel a player's leave is told that only
// the player or the arbiter may cancel it.
func TestCancelOthersLeave(t *testing.T) {
	t.Parallel()
	st := storetest.SQLite(t)
	svc, _ := serviceAt(st, t0)
	sec := newSection(t, st, svc, 2, "10d", correspondence.SettingsInput{})
	owner, other := sec.players[0], sec.players[1]
	l, err := svc.RequestLeave(sec.as(owner), correspondence.LeaveInput{EventID: sec.eventID, PlayerID: owner, From: "2026-12-10", To: "2026-12-12"})
	if err != nil {
		t.Fatal(err)
	}
	err = svc.CancelLeave(sec.as(other), sec.eventID, l.ID)
	var e *tournament.Error
	if !errors.As(err, &e) || e.Code != tournament.EFORBIDDEN {
		t.Fatalf("another player cancels the leave: %v, want EFORBIDDEN", err)
	}
	for lang, want := range map[catalog.Lang]string{
		catalog.Russian: "отменить отпуск участника Игрок 1 может только Игрок 1 или судья турнира",
		catalog.English: "only Игрок 1 or the event's arbiter may cancel the leave of Игрок 1",
	} {
		if got := catalog.For(lang).Phrase(e); got != want {
			t.Errorf("%q, want %q", got, want)
		}
	}
}

// Second security pass, finding G: leave's dates are public, its reason
// is seen only by the player and the event's arbiter.
func TestLeaveReasonIsThePlayersAndTheArbiters(t *testing.T) {
	t.Parallel()
	st := storetest.SQLite(t)
	svc, _ := serviceAt(st, t0)
	sec := newSection(t, st, svc, 2, "10d", correspondence.SettingsInput{})
	owner, other := sec.players[0], sec.players[1]
	if _, err := svc.RequestLeave(sec.as(owner), correspondence.LeaveInput{EventID: sec.eventID, PlayerID: owner, From: "2026-12-10", To: "2026-12-12", Reason: "операция"}); err != nil {
		t.Fatal(err)
	}
	for who, tc := range map[string]struct {
		ctx    context.Context
		reason string
	}{
		"anonymous":    {context.Background(), ""},
		"the opponent": {sec.as(other), ""},
		"the player":   {sec.as(owner), "операция"},
		"the arbiter":  {sec.ctx, "операция"},
	} {
		leaves, err := svc.Leaves(tc.ctx, sec.eventID)
		if err != nil || len(leaves) != 1 {
			t.Fatalf("%s: %v, %v", who, leaves, err)
		}
		if leaves[0].Reason != tc.reason || leaves[0].From == "" {
			t.Errorf("%s reads the reason %q (from %v), want %q", who, leaves[0].Reason, leaves[0].From, tc.reason)
		}
	}
}
