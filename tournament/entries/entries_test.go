package entries_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"adiukh/tournament"
	"adiukh/tournament/engines"
	"adiukh/tournament/entries"
	"adiukh/tournament/people"
	"adiukh/tournament/store/storetest"
)

// TestEntries follows entries from the arbiter opening them to players in
// the event: the deadline in the event's zone, the conditions, the places
// and the waiting list, a second entry, withdrawal (also after the
// deadline), acceptance (the entry becomes a player with the account
// linked), declining with a reason and entering again. Every refusal
// changes nothing.
func TestEntries(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			clk := &clock{at: time.Date(2026, 11, 20, 12, 0, 0, 0, time.UTC)}
			opt := engines.Options()
			opt.Now = clk.now
			svc, ent := services(st, opt)
			arbiter := storetest.Arbiter(t, st)
			e, _ := storetest.Event(t, arbiter, svc, "swiss", 5, "Хуаде")
			ann := playerAccount(t, st, "ann@example.org", "Анна Тлехас")
			bob := playerAccount(t, st, "bob@example.org", "Борис Нехай")
			cat := playerAccount(t, st, "cat@example.org", "Светлана Ачмиз")
			dan := playerAccount(t, st, "dan@example.org", "Даут Шеуджен")

			_, err := ent.Enter(ann, e.ID, entries.EntryInput{})
			wantCode(t, "an entry while entries are closed", err, tournament.ECONFLICT)
			_, err = ent.SetEntries(ann, e.ID, entries.EntrySettingsInput{Open: ptr(true)})
			wantCode(t, "a player opening entries", err, tournament.EFORBIDDEN)
			_, err = ent.SetEntries(arbiter, e.ID, entries.EntrySettingsInput{Open: ptr(true), Deadline: ptr("2026-11-20T14:59")})
			wantCode(t, "a deadline in the past (14:59 Moscow is 11:59 UTC)", err, tournament.EINVALID)
			set, err := ent.SetEntries(arbiter, e.ID, entries.EntrySettingsInput{Open: ptr(true), Deadline: ptr("2026-11-30T18:00"), Max: ptr(3),
				MinBirthYear: ptr(1990), Sex: ptr(""), Region: ptr("Адыгея")})
			if err != nil {
				t.Fatal(err)
			}
			if want := time.Date(2026, 11, 30, 15, 0, 0, 0, time.UTC); !set.Deadline.Equal(want) {
				t.Errorf("deadline %v, want %v (18:00 in Moscow)", set.Deadline, want)
			}

			_, err = ent.Enter(ann, e.ID, entries.EntryInput{BirthYear: 1985, Region: "Адыгея"})
			wantCode(t, "born before 1990", err, tournament.EINVALID)
			_, err = ent.Enter(ann, e.ID, entries.EntryInput{BirthYear: 1995, Region: "Кубань"})
			wantCode(t, "from another region", err, tournament.EINVALID)
			first, err := ent.Enter(ann, e.ID, entries.EntryInput{BirthYear: 1995, Region: "адыгея", Note: "приеду к первому туру"})
			if err != nil || first.Status != entries.EntryPending {
				t.Fatalf("a good entry: %+v, %v", first, err)
			}
			_, err = ent.Enter(ann, e.ID, entries.EntryInput{BirthYear: 1995, Region: "Адыгея"})
			wantCode(t, "a second entry", err, tournament.ECONFLICT)

			// One player and two entries take the three places: the next waits.
			second, err := ent.Enter(bob, e.ID, entries.EntryInput{BirthYear: 2000, Region: "Адыгея"})
			if err != nil || second.Status != entries.EntryPending {
				t.Fatalf("the second entry: %+v, %v", second, err)
			}
			// The places left count the entries awaiting a decision
			// (issue 60: «осталось 2 места» beside «Все места заняты»).
			if v, err := ent.Entries(dan, e.ID); err != nil || v.Places != 0 || !v.Full {
				t.Errorf("with one player and two pending entries of three places: %d places left, full %v (%v); want none, full", v.Places, v.Full, err)
			}
			third, err := ent.Enter(cat, e.ID, entries.EntryInput{BirthYear: 2001, Region: "Адыгея"})
			if err != nil || third.Status != entries.EntryWaiting {
				t.Fatalf("the third entry: %+v, %v, want waiting", third, err)
			}

			// Ann is accepted: a player named from her account, linked to it.
			accepted, err := ent.AcceptEntry(arbiter, e.ID, first.ID)
			if err != nil || accepted.Status != entries.EntryAccepted || accepted.PlayerID == 0 {
				t.Fatalf("accept: %+v, %v", accepted, err)
			}
			var linked map[int64]tournament.User
			err = st.View(context.Background(), func(tx tournament.Tx) (err error) {
				linked, err = tx.PlayerAccounts(e.ID)
				return err
			})
			if err != nil || linked[accepted.PlayerID].Email != "ann@example.org" {
				t.Fatalf("the accepted player's account: %v, want Ann's (%v)", linked, err)
			}
			players, _ := svc.Players(arbiter, e.ID)
			found := false
			for _, p := range players {
				found = found || (p.ID == accepted.PlayerID && p.Name == "Анна Тлехас" && p.BirthYear == 1995 && p.Rating == 0)
			}
			if !found {
				t.Errorf("no player Анна Тлехас (1995, unrated: her account is not linked to the register) among %+v", players)
			}
			_, err = ent.AcceptEntry(arbiter, e.ID, first.ID)
			wantCode(t, "accepting twice", err, tournament.ECONFLICT)

			_, err = ent.DeclineEntry(arbiter, e.ID, second.ID, "")
			wantCode(t, "declining without a reason", err, tournament.EINVALID)
			declined, err := ent.DeclineEntry(arbiter, e.ID, second.ID, "нет взноса")
			if err != nil || declined.Status != entries.EntryDeclined || declined.Reason != "нет взноса" {
				t.Fatalf("decline: %+v, %v", declined, err)
			}
			// The declined place went to the waiting entry, which the
			// arbiter accepts; the event is full and the next entry waits.
			if _, err := ent.AcceptEntry(arbiter, e.ID, third.ID); err != nil {
				t.Fatal(err)
			}
			late, err := ent.Enter(dan, e.ID, entries.EntryInput{BirthYear: 1999, Region: "Адыгея"})
			if err != nil || late.Status != entries.EntryWaiting || late.Position != 1 {
				t.Fatalf("an entry to a full event: %+v, %v, want first on the waiting list", late, err)
			}

			// Bob sees his own entry with the reason, and may enter again.
			mine, err := ent.Entries(bob, e.ID)
			if err != nil || mine.Mine == nil || mine.Mine.Reason != "нет взноса" || len(mine.Entries) != 1 || !mine.CanEnter || !mine.Full {
				t.Errorf("Bob's view: %+v, %v", mine, err)
			}
			all, err := ent.Entries(arbiter, e.ID)
			if err != nil || len(all.Entries) != 4 || all.Places != 0 {
				t.Errorf("the arbiter's view: %+v, %v", all, err)
			}
			again, err := ent.Enter(bob, e.ID, entries.EntryInput{BirthYear: 2000, Region: "Адыгея", Note: "взнос оплачен"})
			if err != nil || again.Status != entries.EntryWaiting || again.Position != 2 || again.ID == second.ID {
				t.Fatalf("Bob enters again: %+v, %v, want a new entry second on the waiting list", again, err)
			}

			// After the deadline nothing is entered, and the refusal names
			// the deadline in the event's time; an entry is still withdrawn.
			clk.set(time.Date(2026, 11, 30, 15, 0, 0, 0, time.UTC))
			_, err = ent.Enter(playerAccount(t, st, "eve@example.org", "Ева"), e.ID, entries.EntryInput{BirthYear: 1999, Region: "Адыгея"})
			wantCode(t, "an entry at the deadline", err, tournament.ECONFLICT)
			if err == nil || !strings.Contains(err.Error(), "2026-11-30 18:00 MSK") {
				t.Errorf("the refusal does not name the deadline: %v", err)
			}
			_, err = ent.WithdrawEntry(bob, e.ID, late.ID, "")
			wantCode(t, "withdrawing another's entry", err, tournament.ENOTFOUND)
			gone, err := ent.WithdrawEntry(dan, e.ID, late.ID, "не успеваю")
			if err != nil || gone.Status != entries.EntryWithdrawn || gone.WithdrawReason != "не успеваю" {
				t.Fatalf("withdrawing after the deadline: %+v, %v", gone, err)
			}
			if v, _ := ent.Entries(bob, e.ID); v.Mine == nil || v.Mine.ID != again.ID || v.Mine.Position != 1 || len(v.Entries) != 2 {
				t.Errorf("Bob's entry after Dan's withdrawal: %+v, want first on the waiting list beside his declined one", v)
			}
			audit, err := svc.Audit(arbiter, e.ID)
			if err != nil {
				t.Fatal(err)
			}
			actions := map[string]int{}
			for _, a := range audit {
				actions[a.Action]++
			}
			for action, n := range map[string]int{entries.ActionEntriesSet: 1, entries.ActionEntryCreate: 5, entries.ActionEntryAccept: 2,
				entries.ActionEntryDecline: 1, entries.ActionEntryWithdrawn: 1, entries.ActionEntryMoveUp: 1, tournament.ActionPlayerLink: 2} {
				if actions[action] != n {
					t.Errorf("%d audit entries %s, want %d", actions[action], action, n)
				}
			}
		})
	}
}

// TestAcceptEntries accepts every pending entry that meets the conditions
// as they are now, oldest first, while places are free.
func TestAcceptEntries(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			svc, ent := services(st, engines.Options())
			arbiter := storetest.Arbiter(t, st)
			e, _ := storetest.Event(t, arbiter, svc, "swiss", 5)
			if _, err := ent.SetEntries(arbiter, e.ID, entries.EntrySettingsInput{Open: ptr(true), Max: ptr(2)}); err != nil {
				t.Fatal(err)
			}
			var ids []int64
			var persons []int64
			for i, who := range []string{"Азамат", "Бэла", "Вика"} {
				player, person := linkedAccount(t, st, arbiter, string(rune('a'+i))+"@example.org", who, 1500+100*i)
				en, err := ent.Enter(player, e.ID, entries.EntryInput{})
				if err != nil || en.Rating != 1500+100*i {
					t.Fatalf("%s's entry %+v, %v, want the published rating %d", who, en, err, 1500+100*i)
				}
				ids = append(ids, en.ID)
				persons = append(persons, person)
			}
			// The terms change: the first entry no longer meets them. Then
			// Вика's published rating falls below them, and Азамат's rises:
			// the conditions read the register as it is now.
			if _, err := ent.SetEntries(arbiter, e.ID, entries.EntrySettingsInput{MinRating: ptr(1550)}); err != nil {
				t.Fatal(err)
			}
			publish(t, st, persons[0], 1560)
			publish(t, st, persons[2], 1540)
			done, err := ent.AcceptEntries(arbiter, e.ID)
			if err != nil {
				t.Fatal(err)
			}
			if len(done) != 2 || done[0].ID != ids[0] || done[1].ID != ids[1] {
				t.Fatalf("accepted %+v, want Азамат's (now 1560) and Бэла's entries (Вика waiting)", done)
			}
			v, err := ent.Entries(arbiter, e.ID)
			if err != nil {
				t.Fatal(err)
			}
			if v.Meets[ids[2]] || v.Entries[2].Rating != 1540 || v.Places != 0 {
				t.Errorf("view after: meets %v, Вика's rating %d, %d places left", v.Meets, v.Entries[2].Rating, v.Places)
			}
			roster, _ := svc.Players(arbiter, e.ID)
			for _, p := range roster {
				if p.PersonID == persons[0] && p.Rating != 1560 || p.PersonID == persons[1] && p.Rating != 1600 {
					t.Errorf("player %s rated %d, want the published rating", p.Name, p.Rating)
				}
			}
		})
	}
}

// An entry of an account linked to the register is accepted as that
// person: the register's name and the published rating, not what the entry
// typed.
func TestEntryOfALinkedAccount(t *testing.T) {
	t.Parallel()
	st := storetest.SQLite(t)
	svc, ent := services(st, engines.Options())
	arbiter := storetest.Arbiter(t, st)
	ann := playerAccount(t, st, "ann@example.org", "Аня")
	register := people.NewService(st.People(), people.Options{})
	person, err := register.CreatePerson(arbiter, people.PersonInput{Surname: ptr("Тлехас"), GivenNames: ptr("Анна Руслановна"), BirthYear: ptr(1995)})
	if err != nil {
		t.Fatal(err)
	}
	claim, err := register.ClaimPerson(ann, person.ID)
	if err != nil {
		t.Fatal(err)
	}
	if err := register.DecideClaim(arbiter, claim.ID, true, ""); err != nil {
		t.Fatal(err)
	}
	e, _ := storetest.Event(t, arbiter, svc, "swiss", 5)
	if _, err := ent.SetEntries(arbiter, e.ID, entries.EntrySettingsInput{Open: ptr(true)}); err != nil {
		t.Fatal(err)
	}
	en, err := ent.Enter(ann, e.ID, entries.EntryInput{})
	if err != nil {
		t.Fatal(err)
	}
	accepted, err := ent.AcceptEntry(arbiter, e.ID, en.ID)
	if err != nil {
		t.Fatal(err)
	}
	players, _ := svc.Players(arbiter, e.ID)
	for _, p := range players {
		if p.ID == accepted.PlayerID && (p.PersonID != person.ID || p.Name != "Тлехас Анна Руслановна" || p.Rating != 0 || p.FederationID != person.FederationID) {
			t.Errorf("the accepted player %+v, want the person with no published rating", p)
		}
	}
}
