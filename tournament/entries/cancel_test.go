package entries_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"adiukh/tournament"
	"adiukh/tournament/engines"
	"adiukh/tournament/entries"
	"adiukh/tournament/store/storetest"
)

// An event called off tells, once each, everyone who has it in their
// plans: an entrant (not one declined), a player's account, a follower of
// the event or of a player. Its arbiter must say why; a finished event and
// one cancelled already stay as they are, and nothing of a cancelled
// event changes after.
func TestCancelEvent(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			var mu sync.Mutex
			var told []tournament.Notice
			notify := func(_ context.Context, n tournament.Notice) {
				mu.Lock()
				defer mu.Unlock()
				told = append(told, n)
			}
			at := time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC)
			opt := engines.Options()
			opt.Now = func() time.Time { return at }
			svc, ent := tournament.NewService(st, opt), entries.NewService(st.Entries(), entries.Options{Now: opt.Now, Notify: notify})
			arbiter := storetest.Arbiter(t, st)
			e, players := storetest.Event(t, arbiter, svc, "swiss", 5, "Аслан Хут")
			if _, err := ent.SetEntries(arbiter, e.ID, entries.EntrySettingsInput{Open: ptr(true)}); err != nil {
				t.Fatal(err)
			}
			ann := playerAccount(t, st, "ann@example.org", "Анна Тлехас")
			bob := playerAccount(t, st, "bob@example.org", "Борис Нехай")
			cid := playerAccount(t, st, "cid@example.org", "Саида Ачмиз")
			dan := playerAccount(t, st, "dan@example.org", "Даур Шхалахов")
			accepted, err := ent.Enter(ann, e.ID, entries.EntryInput{})
			if err != nil {
				t.Fatal(err)
			}
			if _, err := ent.AcceptEntry(arbiter, e.ID, accepted.ID); err != nil {
				t.Fatal(err)
			}
			declined, err := ent.Enter(bob, e.ID, entries.EntryInput{})
			if err != nil {
				t.Fatal(err)
			}
			if _, err := ent.DeclineEntry(arbiter, e.ID, declined.ID, "мест нет"); err != nil {
				t.Fatal(err)
			}
			pending, err := ent.Enter(cid, e.ID, entries.EntryInput{})
			if err != nil {
				t.Fatal(err)
			}
			// Ann follows the event as well as playing in it: one notice.
			for _, f := range []struct {
				who    context.Context
				player int64
			}{{ann, 0}, {dan, players[0].ID}} {
				if err := ent.SetFollowing(f.who, e.ID, f.player, true); err != nil {
					t.Fatal(err)
				}
			}
			mu.Lock()
			told = nil
			mu.Unlock()

			_, err = ent.CancelEvent(ann, e.ID, "нет зала")
			wantCode(t, "a player cancelling", err, tournament.EFORBIDDEN)
			_, err = ent.CancelEvent(arbiter, e.ID, "  ")
			wantCode(t, "cancelling without a reason", err, tournament.EINVALID)
			if len(told) != 0 {
				t.Fatalf("refused cancellations told %v", told)
			}
			at = at.Add(time.Hour)
			if _, err := ent.CancelEvent(arbiter, e.ID, " зал закрыт на ремонт "); err != nil {
				t.Fatal(err)
			}
			read, err := svc.Event(arbiter, e.ID)
			if err != nil {
				t.Fatal(err)
			}
			if read.Status != tournament.Cancelled || read.CancelReason != "зал закрыт на ремонт" || read.Sequence != e.Sequence+1 || !read.ModifiedAt.Equal(at) {
				t.Errorf("the cancelled event reads %s %q, sequence %d at %v", read.Status, read.CancelReason, read.Sequence, read.ModifiedAt)
			}
			args := []any{"Event", "Турнир", "Link", fmt.Sprintf("/events/%d", e.ID), "Reason", "зал закрыт на ремонт"}
			var want []tournament.Notice
			for _, to := range []context.Context{ann, cid, dan} {
				u := tournament.UserFromContext(to)
				want = append(want, tournament.Notice{UserID: u.ID, EventID: e.ID, To: u.Email, Locale: "ru", Kind: entries.NoticeCancelled, Args: args})
			}
			slices.SortFunc(told, func(a, b tournament.Notice) int { return strings.Compare(a.To, b.To) })
			if fmt.Sprint(told) != fmt.Sprint(want) {
				t.Errorf("notices %v, want %v", told, want)
			}

			// The entries are frozen: nobody withdraws, enters, takes back
			// or decides, and the entrant's page says the event is off.
			frozen := func(what string, err error) {
				t.Helper()
				wantCode(t, what, err, tournament.ECONFLICT)
				if err != nil && !strings.Contains(err.Error(), "cancelled") {
					t.Errorf("%s: %q does not say the event is cancelled", what, err)
				}
			}
			_, err = ent.WithdrawEntry(ann, e.ID, accepted.ID, "")
			frozen("withdrawing an accepted entry", err)
			_, err = ent.WithdrawEntry(cid, e.ID, pending.ID, "")
			frozen("withdrawing a pending entry", err)
			_, err = ent.Enter(bob, e.ID, entries.EntryInput{})
			frozen("entering again", err)
			_, err = ent.AcceptEntry(arbiter, e.ID, pending.ID)
			frozen("accepting an entry", err)
			_, err = ent.DeclineEntry(arbiter, e.ID, pending.ID, "поздно")
			frozen("declining an entry", err)
			_, err = ent.SetEntries(arbiter, e.ID, entries.EntrySettingsInput{Open: ptr(false)})
			frozen("closing the entries", err)
			page, err := ent.MyPage(ann)
			if err != nil {
				t.Fatal(err)
			}
			if len(page.Entries) != 1 || !page.Entries[0].Cancelled || page.Entries[0].CanWithdraw || page.Entries[0].CanEnter || page.Entries[0].Entry.Status != entries.EntryAccepted {
				t.Errorf("the entrant's page: %+v, want the accepted entry of a cancelled event, offering nothing", page.Entries)
			}
			view, err := ent.Entries(arbiter, e.ID)
			if err != nil || !view.Frozen {
				t.Errorf("the arbiter's entries: frozen %v (%v), want frozen", view != nil && view.Frozen, err)
			}

			_, err = ent.CancelEvent(arbiter, e.ID, "ещё раз")
			wantCode(t, "cancelling twice", err, tournament.ECONFLICT)
			_, err = svc.UpdateEvent(arbiter, e.ID, tournament.EventInput{Name: ptr("Кубок")}, "")
			wantCode(t, "renaming a cancelled event", err, tournament.ECONFLICT)
			_, err = svc.PairNextRound(arbiter, e.ID)
			wantCode(t, "pairing a cancelled event", err, tournament.ECONFLICT)
			_, err = svc.UpdateEvent(arbiter, e.ID, tournament.EventInput{Status: ptr("cancelled")}, "")
			if err == nil {
				t.Error("a cancellation without a reason through the event's settings was taken")
			}
		})
	}
}

// A finished event keeps its results, and a composition contest moves on
// by its deadlines: neither can be cancelled.
func TestCancelFinishedEvent(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			svc, ent := services(st, engines.Options())
			arbiter := storetest.Arbiter(t, st)
			e, _ := storetest.Event(t, arbiter, svc, "round-robin", 0, "А", "Б")
			r, err := svc.PairNextRound(arbiter, e.ID)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := svc.PublishRound(arbiter, e.ID, 1); err != nil {
				t.Fatal(err)
			}
			g := r.Games[0]
			if _, err := svc.RecordResult(arbiter, tournament.ResultInput{EventID: e.ID, Round: 1, Board: g.Board, Score: "17:7", EndReason: "final_position", Version: g.Version}); err != nil {
				t.Fatal(err)
			}
			if _, err := svc.UpdateEvent(arbiter, e.ID, tournament.EventInput{Status: ptr("finished")}, ""); err != nil {
				t.Fatal(err)
			}
			_, err = ent.CancelEvent(arbiter, e.ID, "ошибка")
			wantCode(t, "cancelling a finished event", err, tournament.ECONFLICT)
			contest, err := svc.CreateEvent(arbiter, tournament.EventInput{Name: ptr("Конкурс"), Discipline: ptr("composition")})
			if err != nil {
				t.Fatal(err)
			}
			_, err = ent.CancelEvent(arbiter, contest.ID, "ошибка")
			wantCode(t, "cancelling a composition contest", err, tournament.ECONFLICT)
		})
	}
}
