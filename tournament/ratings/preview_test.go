package ratings_test

import (
	"testing"

	"adiukh/tournament"
	"adiukh/tournament/ratings"
	"adiukh/tournament/store/storetest"
)

// Issue 50.7: before a period is closed and frozen, the administrator sees
// what it will take: the events, in the order they ended, their games and
// the persons rated; asking changes nothing, and it is refused as closing
// is (not an administrator, a day after today, not after the last period).
func TestNextPeriodShowsWhatClosingTakes(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			events, lists, admin, arbiter := ratingDesk(t, st)
			persons := addPeople(t, arbiter, registerOf(st), "Аслан", "Бислан", "Заур", "Мурат")
			later := playedEvent(t, arbiter, events, persons, true, "2026-10-20", "24:0", "24:0", "24:0", "24:0", "24:0", "24:0")
			first := playedEvent(t, arbiter, events, persons, true, "2026-10-10", "17:7", "12:12", "24:0 forfeit", "13:11", "9:15", "14:10")
			playedEvent(t, arbiter, events, persons, false, "2026-10-11", "24:0", "24:0", "24:0", "24:0", "24:0", "24:0")
			playedEvent(t, arbiter, events, persons, true, "2026-11-20", "24:0", "24:0", "24:0", "24:0", "24:0", "24:0")

			if _, err := lists.NextPeriod(arbiter, ratings.Rapid, "2026-10-31"); tournament.ErrorCode(err) != tournament.EFORBIDDEN {
				t.Errorf("an arbiter asks what a period takes: %v", err)
			}
			if _, err := lists.NextPeriod(admin, ratings.Rapid, "2027-01-01"); tournament.ErrorCode(err) != tournament.EINVALID {
				t.Errorf("a period up to a day after today: %v, want EINVALID", err)
			}
			next, err := lists.NextPeriod(admin, ratings.Rapid, "2026-10-31")
			if err != nil {
				t.Fatal(err)
			}
			if len(next.Events) != 2 || next.Events[0].ID != first.ID || next.Events[1].ID != later.ID {
				t.Fatalf("the period takes %+v, want events %d and %d in the order they ended", next.Events, first.ID, later.ID)
			}
			if next.Events[0].Games != 5 || next.Events[1].Games != 6 || next.Games != 11 || next.Persons != 4 || next.Corrections != 0 || next.Last != nil {
				t.Errorf("the period takes %+v, want 5 + 6 = 11 games (a forfeit left out) of 4 persons, no corrections, no period before", next)
			}
			if l, err := lists.Read(admin, ratings.Rapid, ratings.Filter{}); err != nil || l.Period != nil {
				t.Fatalf("asking closed a period: %+v, %v", l.Period, err)
			}
			list, err := lists.ClosePeriod(admin, ratings.Rapid, "2026-10-31")
			if err != nil {
				t.Fatal(err)
			}
			if list.Period.Events != len(next.Events) || list.Period.Games != next.Games || len(list.Rows) != next.Persons {
				t.Errorf("closed %d events, %d games, %d persons; the preview said %d, %d, %d", list.Period.Events, list.Period.Games, len(list.Rows), len(next.Events), next.Games, next.Persons)
			}
			if _, err := lists.NextPeriod(admin, ratings.Rapid, "2026-10-31"); tournament.ErrorCode(err) != tournament.ECONFLICT {
				t.Errorf("a period up to the last one's day: %v, want ECONFLICT", err)
			}
			next, err = lists.NextPeriod(admin, ratings.Rapid, "2026-11-30")
			if err != nil || len(next.Events) != 1 || next.Games != 6 || next.Last == nil || next.Last.Until != "2026-10-31" {
				t.Errorf("the second period: %+v, %v; want one event of 6 games after the period up to 2026-10-31", next, err)
			}
		})
	}
}
