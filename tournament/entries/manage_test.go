package entries_test

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"

	"adiukh/tournament"
	"adiukh/tournament/engines"
	"adiukh/tournament/entries"
	registration "adiukh/tournament/players"
	"adiukh/tournament/store/storetest"
)

// notices collects what a service tells.
type notices struct {
	mu   sync.Mutex
	told []tournament.Notice
}

func (n *notices) notify(_ context.Context, x tournament.Notice) {
	n.mu.Lock()
	defer n.mu.Unlock()
	n.told = append(n.told, x)
}

// take returns what was told since the last take, as "kind to".
func (n *notices) take() []string {
	n.mu.Lock()
	defer n.mu.Unlock()
	var out []string
	for _, x := range n.told {
		out = append(out, x.Kind+" "+x.To)
	}
	n.told = nil
	return out
}

// TestWaitingListMovesUp: entries beyond the places wait in order; a place
// freed by a withdrawal, a decline or more places moves the first waiting
// up to await the arbiter, and tells its player; the others' places on the
// list follow.
func TestWaitingListMovesUp(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			var told notices
			svc := tournament.NewService(st, engines.Options())
			ent := entries.NewService(st.Entries(), entries.Options{Notify: told.notify})
			arbiter := storetest.Arbiter(t, st)
			e, _ := storetest.Event(t, arbiter, svc, "swiss", 5)
			if _, err := ent.SetEntries(arbiter, e.ID, entries.EntrySettingsInput{Open: ptr(true), Max: ptr(1)}); err != nil {
				t.Fatal(err)
			}
			var who []context.Context
			var ids []int64
			for i, name := range []string{"Анна", "Борис", "Вика", "Гоша"} {
				ctx := playerAccount(t, st, fmt.Sprintf("%c@example.org", 'a'+i), name)
				en, err := ent.Enter(ctx, e.ID, entries.EntryInput{})
				if err != nil {
					t.Fatal(err)
				}
				if want := i; en.Position != want {
					t.Errorf("%s's entry %s at %d on the waiting list, want %d", name, en.Status, en.Position, want)
				}
				who, ids = append(who, ctx), append(ids, en.ID)
			}
			status := func() string {
				v, err := ent.Entries(arbiter, e.ID)
				if err != nil {
					t.Fatal(err)
				}
				var s []string
				for _, en := range v.Entries {
					s = append(s, fmt.Sprintf("%s/%d", en.Status, en.Position))
				}
				return strings.Join(s, " ")
			}
			if got, want := status(), "pending/0 waiting/1 waiting/2 waiting/3"; got != want {
				t.Fatalf("entries %s, want %s", got, want)
			}
			// Анна withdraws: Борис moves up and is told.
			if _, err := ent.WithdrawEntry(who[0], e.ID, ids[0], ""); err != nil {
				t.Fatal(err)
			}
			if got, want := status(), "withdrawn/0 pending/0 waiting/1 waiting/2"; got != want {
				t.Errorf("after a withdrawal: %s, want %s", got, want)
			}
			if got := told.take(); fmt.Sprint(got) != "[entry-moved-up b@example.org]" {
				t.Errorf("told %v, want Борис that he moved up", got)
			}
			// A waiting entry withdrawn frees no place: nobody moves.
			if _, err := ent.WithdrawEntry(who[2], e.ID, ids[2], ""); err != nil {
				t.Fatal(err)
			}
			if got, want := status(), "withdrawn/0 pending/0 withdrawn/0 waiting/1"; got != want || len(told.take()) != 0 {
				t.Errorf("after a waiting entry's withdrawal: %s, want %s and nobody told", got, want)
			}
			// Борис is declined: Гоша moves up.
			if _, err := ent.DeclineEntry(arbiter, e.ID, ids[1], "нет взноса"); err != nil {
				t.Fatal(err)
			}
			if got, want := status(), "withdrawn/0 declined/0 withdrawn/0 pending/0"; got != want {
				t.Errorf("after a decline: %s, want %s", got, want)
			}
			if got := told.take(); fmt.Sprint(got) != "[entry-declined b@example.org entry-moved-up d@example.org]" {
				t.Errorf("told %v", got)
			}
			// Анна and Борис enter again: both wait; two places more move
			// both up.
			again0, err := ent.Enter(who[0], e.ID, entries.EntryInput{})
			if err != nil || again0.Status != entries.EntryWaiting || again0.Position != 1 {
				t.Fatalf("Анна enters again: %+v, %v", again0, err)
			}
			again1, err := ent.Enter(who[1], e.ID, entries.EntryInput{})
			if err != nil || again1.Position != 2 {
				t.Fatalf("Борис enters again: %+v, %v", again1, err)
			}
			if _, err := ent.SetEntries(arbiter, e.ID, entries.EntrySettingsInput{Max: ptr(3)}); err != nil {
				t.Fatal(err)
			}
			if got, want := status(), "withdrawn/0 declined/0 withdrawn/0 pending/0 pending/0 pending/0"; got != want {
				t.Errorf("after more places: %s, want %s", got, want)
			}
			if got := told.take(); fmt.Sprint(got) != "[entry-moved-up a@example.org entry-moved-up b@example.org]" {
				t.Errorf("told %v", got)
			}
			_, err = ent.Enter(who[0], e.ID, entries.EntryInput{})
			wantCode(t, "a second live entry", err, tournament.ECONFLICT)
		})
	}
}

// TestWithdrawAcceptedEntry: before round 1 an accepted player withdraws by
// leaving the start list (the audit names them); one the desk took off the
// list enters again; after round 1 the withdrawal is a request the arbiter
// is told of, the player may take back, and the arbiter confirms,
// withdrawing the player from the next round, and the player is told.
func TestWithdrawAcceptedEntry(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			var told notices
			svc := tournament.NewService(st, engines.Options())
			ent := entries.NewService(st.Entries(), entries.Options{Notify: told.notify})
			arbiter := storetest.Arbiter(t, st)
			e, _ := storetest.Event(t, arbiter, svc, "swiss", 5, "Хуаде", "Нагоев")
			if _, err := ent.SetEntries(arbiter, e.ID, entries.EntrySettingsInput{Open: ptr(true)}); err != nil {
				t.Fatal(err)
			}
			ann := playerAccount(t, st, "ann@example.org", "Анна Тлехас")
			bob := playerAccount(t, st, "bob@example.org", "Борис Нехай")
			vika := playerAccount(t, st, "vika@example.org", "Вика Хут")
			var accepted []*entries.Entry
			for _, ctx := range []context.Context{ann, bob, vika} {
				en, err := ent.Enter(ctx, e.ID, entries.EntryInput{})
				if err != nil {
					t.Fatal(err)
				}
				if en, err = ent.AcceptEntry(arbiter, e.ID, en.ID); err != nil {
					t.Fatal(err)
				}
				accepted = append(accepted, en)
			}
			told.take()

			// Before round 1: Анна leaves the start list.
			v, _ := ent.Entries(ann, e.ID)
			if !v.CanWithdraw || v.WithdrawAsks {
				t.Errorf("before round 1 Анна may withdraw at once: %+v", v)
			}
			left, err := ent.WithdrawEntry(ann, e.ID, accepted[0].ID, "")
			if err != nil || left.Status != entries.EntryWithdrawn {
				t.Fatalf("withdraw before round 1: %+v, %v", left, err)
			}
			players, _ := svc.Players(arbiter, e.ID)
			if len(players) != 4 || tournament.FindPlayer(players, accepted[0].PlayerID) != nil {
				t.Errorf("players after Анна left: %+v", players)
			}
			for i, p := range players {
				if p.StartNo != i+1 {
					t.Errorf("start numbers after Анна left: %+v", players)
				}
			}
			audit, _ := svc.Audit(arbiter, e.ID)
			left0 := false
			for _, a := range audit {
				left0 = left0 || (a.Action == tournament.ActionPlayerDelete && a.UserEmail == "ann@example.org")
			}
			if !left0 {
				t.Errorf("no audit entry of Анна taking herself off the start list")
			}

			// The desk takes Вика off the start list: her entry says so, is
			// not hers to withdraw, and she may enter again.
			if err := registration.NewService(svc).RemovePlayer(arbiter, e.ID, accepted[2].PlayerID, "не подтвердила участие"); err != nil {
				t.Fatal(err)
			}
			if v, _ := ent.Entries(vika, e.ID); !v.Mine.Removed || v.CanWithdraw || !v.CanEnter {
				t.Errorf("Вика's view after the desk removed her: %+v", v)
			}
			_, err = ent.WithdrawEntry(vika, e.ID, accepted[2].ID, "")
			wantCode(t, "withdrawing an entry whose player the desk removed", err, tournament.ECONFLICT)
			if again, err := ent.Enter(vika, e.ID, entries.EntryInput{}); err != nil || again.Status != entries.EntryPending {
				t.Fatalf("Вика enters again: %+v, %v", again, err)
			}
			if v, _ := ent.Entries(vika, e.ID); len(v.Entries) != 2 || v.Entries[0].Status != entries.EntryWithdrawn {
				t.Errorf("Вика's entries: %+v, want the removed one closed", v.Entries)
			}

			// After round 1: Борис asks, takes it back, asks again, and the
			// arbiter confirms.
			if _, err := svc.PairNextRound(arbiter, e.ID); err != nil {
				t.Fatal(err)
			}
			if v, _ := ent.Entries(bob, e.ID); !v.CanWithdraw || !v.WithdrawAsks {
				t.Errorf("after round 1 Борис asks the arbiter: %+v", v)
			}
			asked, err := ent.WithdrawEntry(bob, e.ID, accepted[1].ID, "заболел")
			if err != nil || asked.Status != entries.EntryWithdrawing {
				t.Fatalf("withdraw after round 1: %+v, %v", asked, err)
			}
			if got := told.take(); fmt.Sprint(got) != "[entry-withdraw-asked arbiter@example.org]" {
				t.Errorf("told %v, want the arbiter of the request", got)
			}
			_, err = ent.WithdrawEntry(bob, e.ID, accepted[1].ID, "")
			wantCode(t, "asking twice", err, tournament.ECONFLICT)
			if v, _ := ent.Entries(bob, e.ID); v.CanWithdraw || !v.CanTakeBack {
				t.Errorf("Борис's view while asking: %+v", v)
			}
			back, err := ent.TakeBackWithdrawal(bob, e.ID, accepted[1].ID)
			if err != nil || back.Status != entries.EntryAccepted || back.WithdrawReason != "" {
				t.Fatalf("take back: %+v, %v", back, err)
			}
			_, err = ent.TakeBackWithdrawal(bob, e.ID, accepted[1].ID)
			wantCode(t, "taking back twice", err, tournament.ECONFLICT)
			if _, err := ent.WithdrawEntry(bob, e.ID, accepted[1].ID, "заболел"); err != nil {
				t.Fatal(err)
			}
			if got := told.take(); fmt.Sprint(got) != "[entry-withdraw-taken-back arbiter@example.org entry-withdraw-asked arbiter@example.org]" {
				t.Errorf("told %v", got)
			}
			_, err = ent.ConfirmWithdrawal(bob, e.ID, accepted[1].ID, "")
			wantCode(t, "the player confirming", err, tournament.EFORBIDDEN)
			_, err = ent.ConfirmWithdrawal(arbiter, e.ID, left.ID, "")
			wantCode(t, "confirming an entry nobody asked to withdraw", err, tournament.ECONFLICT)
			if p := tournament.FindPlayer(mustPlayers(t, svc, arbiter, e.ID), accepted[1].PlayerID); p == nil || p.WithdrawnFrom != 0 {
				t.Fatalf("Борис is withdrawn before the arbiter confirms: %+v", p)
			}
			done, err := ent.ConfirmWithdrawal(arbiter, e.ID, accepted[1].ID, "")
			if err != nil || done.Status != entries.EntryWithdrawn || done.WithdrawnFrom != 2 {
				t.Fatalf("confirm: %+v, %v", done, err)
			}
			if p := tournament.FindPlayer(mustPlayers(t, svc, arbiter, e.ID), accepted[1].PlayerID); p == nil || p.WithdrawnFrom != 2 {
				t.Errorf("Борис after the confirmation: %+v, want withdrawn from round 2", p)
			}
			if got := told.take(); fmt.Sprint(got) != "[entry-withdrawn bob@example.org]" {
				t.Errorf("told %v, want Борис", got)
			}
			if v, _ := ent.Entries(bob, e.ID); v.CanWithdraw || v.CanEnter || v.Mine.WithdrawnFrom != 2 {
				t.Errorf("Борис's view after: %+v", v)
			}
		})
	}
}

func mustPlayers(t *testing.T, svc *tournament.Service, ctx context.Context, eventID int64) []tournament.Player {
	t.Helper()
	players, err := svc.Players(ctx, eventID)
	if err != nil {
		t.Fatal(err)
	}
	return players
}

// TestRatingConditionsReadTheRegister (issue 48.6): the rating conditions
// read the published rating of the entrant's person in the event's list;
// an account linked to no person has none, and nothing the player types
// counts.
func TestRatingConditionsReadTheRegister(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			svc, ent := services(st, engines.Options())
			arbiter := storetest.Arbiter(t, st)
			e, _ := storetest.Event(t, arbiter, svc, "swiss", 5)
			if _, err := ent.SetEntries(arbiter, e.ID, entries.EntrySettingsInput{Open: ptr(true), MinRating: ptr(1600), MaxRating: ptr(2200)}); err != nil {
				t.Fatal(err)
			}
			for _, tc := range []struct {
				who     string
				linked  bool
				rating  int
				wantErr string
			}{
				{"unlinked", false, 0, "not linked to the register"},
				{"below", true, 1500, "your published rating is 1500"},
				{"above", true, 2750, "rated 2200 or less; your published rating is 2750"},
				{"within", true, 1800, ""},
			} {
				ctx := playerAccount(t, st, tc.who+"@example.org", tc.who)
				if tc.linked {
					ctx, _ = linkedAccount(t, st, arbiter, tc.who+"-linked@example.org", tc.who, tc.rating)
				}
				en, err := ent.Enter(ctx, e.ID, entries.EntryInput{})
				if tc.wantErr == "" {
					if err != nil || en.Rating != tc.rating {
						t.Errorf("%s: %+v, %v, want an entry with rating %d", tc.who, en, err, tc.rating)
					}
					continue
				}
				if tournament.ErrorCode(err) != tournament.EINVALID || !strings.Contains(err.Error(), tc.wantErr) {
					t.Errorf("%s: %v, want a refusal saying %q", tc.who, err, tc.wantErr)
				}
			}
		})
	}
}

// The arbiter's list of entries tells, for each, the register's person
// its account is linked to (issue 60: the entry table had no register
// link); a player's own list does not.
func TestEntriesNameTheirPersons(t *testing.T) {
	t.Parallel()
	st := storetest.SQLite(t)
	svc, ent := services(st, engines.Options())
	arbiter := storetest.Arbiter(t, st)
	e, _ := storetest.Event(t, arbiter, svc, "swiss", 5)
	if _, err := ent.SetEntries(arbiter, e.ID, entries.EntrySettingsInput{Open: ptr(true)}); err != nil {
		t.Fatal(err)
	}
	linked, personID := linkedAccount(t, st, arbiter, "ann@example.org", "Тлехас", 1700)
	unlinked := playerAccount(t, st, "bob@example.org", "Нехай Борис")
	mine, err := ent.Enter(linked, e.ID, entries.EntryInput{})
	if err != nil {
		t.Fatal(err)
	}
	other, err := ent.Enter(unlinked, e.ID, entries.EntryInput{})
	if err != nil {
		t.Fatal(err)
	}
	v, err := ent.Entries(arbiter, e.ID)
	if err != nil {
		t.Fatal(err)
	}
	if p := v.Persons[mine.ID]; p == nil || p.ID != personID || p.FederationID == "" {
		t.Errorf("the linked entrant's person: %+v, want person %d with its federation ID", p, personID)
	}
	if p := v.Persons[other.ID]; p != nil {
		t.Errorf("the unlinked entrant has person %+v", p)
	}
	if own, err := ent.Entries(linked, e.ID); err != nil || own.Persons != nil {
		t.Errorf("the player's own list names persons: %v, %v", own.Persons, err)
	}
}
