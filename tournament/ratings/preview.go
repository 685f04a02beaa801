package ratings

import (
	"cmp"
	"context"
	"slices"
)

// NextPeriod is what closing a list's next period up to a day would take,
// for the administrator to confirm before the period is closed and frozen.
type NextPeriod struct {
	List  string
	Until string
	// Last is the list's last period; nil before the first.
	Last *Period
	// Events are the events the period rates, in the order they ended.
	Events []PeriodEvent
	// Games is how many games the period rates, Corrections how many
	// games rated before it carries a corrected result of, and Persons
	// how many persons they change the ratings of.
	Games, Corrections, Persons int
}

// PeriodEvent is one event a period rates and how many of its games.
type PeriodEvent struct {
	ID                 int64
	Name               string
	StartDate, EndDate string
	Games              int
}

// NextPeriod tells an administrator what ClosePeriod(list, until) would
// rate, without closing: the same refusals, the same events and games.
func (s *Service) NextPeriod(ctx context.Context, list, until string) (*NextPeriod, error) {
	if _, err := s.checkClose(ctx, list, until); err != nil {
		return nil, err
	}
	out := &NextPeriod{List: list, Until: until}
	err := s.store.View(ctx, func(tx Tx) error {
		var err error
		if out.Last, err = afterLastPeriod(tx, list, until); err != nil {
			return err
		}
		events, games, records, err := s.gamesOf(tx, list, until)
		if err != nil {
			return err
		}
		corrections, _, err := correctionsOf(tx, list)
		if err != nil {
			return err
		}
		perEvent := map[int64]int{}
		for _, r := range records {
			perEvent[r.EventID]++
		}
		for _, id := range events {
			e, err := tx.Event(id)
			if err != nil {
				return err
			}
			out.Events = append(out.Events, PeriodEvent{ID: e.ID, Name: e.Name, StartDate: e.StartDate, EndDate: e.EndDate, Games: perEvent[e.ID]})
		}
		slices.SortFunc(out.Events, compareLastDay)
		persons := map[int64]bool{}
		for _, g := range games {
			persons[g.A], persons[g.B] = true, true
		}
		for _, k := range corrections {
			persons[k.A], persons[k.B] = true, true
		}
		out.Games, out.Corrections, out.Persons = len(games), len(corrections), len(persons)
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// compareLastDay orders events by the day they ended (their start when
// they have no end), then by their number.
func compareLastDay(a, b PeriodEvent) int {
	return cmp.Or(cmp.Compare(cmp.Or(a.EndDate, a.StartDate), cmp.Or(b.EndDate, b.StartDate)), cmp.Compare(a.ID, b.ID))
}
