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
			if _, err := ent.Enter(cid, e.ID, entries.EntryInput{}); err != nil {
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
			for _, to := range []string{"ann@example.org", "cid@example.org", "dan@example.org"} {
				want = append(want, tournament.Notice{To: to, Locale: "ru", Kind: entries.NoticeCancelled, Args: args})
			}
			slices.SortFunc(told, func(a, b tournament.Notice) int { return strings.Compare(a.To, b.To) })
			if fmt.Sprint(told) != fmt.Sprint(want) {
				t.Errorf("notices %v, want %v", told, want)
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
