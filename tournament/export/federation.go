package export

import (
	"cmp"
	"context"
	"io"
	"slices"
	"time"

	"adiukh/tournament"
	"adiukh/tournament/report"
)

// Federation reads the final standings of every finished public event whose
// last day (its end date, or its start date when it has none) lies between
// from and to, both included; a zero from or to leaves the period open at
// that end. The export is a publication, so private events stay out even for
// callers who may see them. Events without dates cannot be placed in a period
// and are left out, and so are team events, whose standings rank teams.
// Events come in order of their last day.
func (x *Exporter) Federation(ctx context.Context, from, to time.Time) (report.Federation, error) {
	if !from.IsZero() && !to.IsZero() && to.Before(from) {
		return report.Federation{}, tournament.Invalid("to", "the period ends (%s) before it starts (%s)", to.Format(time.DateOnly), from.Format(time.DateOnly))
	}
	events, err := x.events.Events(ctx)
	if err != nil {
		return report.Federation{}, err
	}
	var chosen []tournament.Event
	for _, e := range events {
		last := lastDay(&e)
		if e.Status != tournament.Finished || e.Visibility != tournament.Public || e.Discipline.IsTeam() || last.IsZero() || (!from.IsZero() && last.Before(from)) || (!to.IsZero() && last.After(to)) {
			continue
		}
		chosen = append(chosen, e)
	}
	slices.SortFunc(chosen, func(a, b tournament.Event) int {
		return cmp.Or(lastDay(&a).Compare(lastDay(&b)), cmp.Compare(a.ID, b.ID))
	})
	f := report.Federation{From: from, To: to}
	for _, e := range chosen {
		s, _, err := x.standings(ctx, e.ID, 0)
		if err != nil {
			return report.Federation{}, err
		}
		f.Events = append(f.Events, s)
	}
	return f, nil
}

func lastDay(e *tournament.Event) time.Time {
	if e.EndDate != "" {
		return parseDate(e.EndDate)
	}
	return parseDate(e.StartDate)
}

// FederationJSON writes the federation export of the period as JSON (see
// Federation and report.FederationJSON).
func (x *Exporter) FederationJSON(ctx context.Context, w io.Writer, from, to time.Time) error {
	f, err := x.Federation(ctx, from, to)
	if err != nil {
		return err
	}
	return report.FederationJSON(w, f)
}

// FederationCSV writes the federation export of the period as CSV in
// dialect d (see Federation and report.FederationCSV).
func (x *Exporter) FederationCSV(ctx context.Context, w io.Writer, d report.CSVDialect, from, to time.Time) error {
	f, err := x.Federation(ctx, from, to)
	if err != nil {
		return err
	}
	return report.FederationCSV(w, d, f)
}

// FederationGamesCSV writes every game of the federation export of the
// period as CSV in dialect d (see report.FederationGamesCSV).
func (x *Exporter) FederationGamesCSV(ctx context.Context, w io.Writer, d report.CSVDialect, from, to time.Time) error {
	f, err := x.Federation(ctx, from, to)
	if err != nil {
		return err
	}
	return report.FederationGamesCSV(w, d, f)
}
