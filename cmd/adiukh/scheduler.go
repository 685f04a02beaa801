package main

import (
	"context"
	"log/slog"
	"time"

	"adiukh/tournament"
	"adiukh/tournament/composition"
	"adiukh/tournament/correspondence"
	"adiukh/tournament/entries"
	"adiukh/tournament/mail"
)

// runScheduler applies the deadlines of correspondence games, mails
// notifications, moves the events of solving contests on with their
// windows and closes the waiting lists of the events that have started
// every interval until ctx ends. It keeps no state of its own: the
// deadlines and windows are in the database, so a restart loses nothing,
// and the sweep is safe to run on several instances at once.
func runScheduler(ctx context.Context, svc *correspondence.Service, comp *composition.Service, ent *entries.Service, log *slog.Logger, every time.Duration, now func() time.Time) {
	tick := time.NewTicker(every)
	defer tick.Stop()
	for {
		sweep(ctx, svc, comp, ent, log, now())
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
	}
}

// sweep is one run of the scheduler.
func sweep(ctx context.Context, svc *correspondence.Service, comp *composition.Service, ent *entries.Service, log *slog.Logger, at time.Time) {
	rep, err := svc.Expire(ctx, at)
	if err != nil && ctx.Err() == nil {
		log.Error("correspondence deadlines", "err", err)
	}
	if rep.TimedOut+rep.Adjudicated+rep.Warned > 0 {
		log.Info("correspondence deadlines", "lost_on_time", rep.TimedOut, "to_adjudication", rep.Adjudicated, "warned", rep.Warned)
	}
	if _, err := svc.DeliverMail(ctx); err != nil && ctx.Err() == nil {
		log.Error("correspondence mail", "err", err)
	}
	moved, err := comp.AdvanceSolving(ctx, at)
	if err != nil && ctx.Err() == nil {
		log.Error("solving contests", "err", err)
	}
	if moved > 0 {
		log.Info("solving contests", "events_moved_on", moved)
	}
	judging, err := comp.AdvanceContests(ctx, at)
	if err != nil && ctx.Err() == nil {
		log.Error("composition contests", "err", err)
	}
	if judging > 0 {
		log.Info("composition contests", "events_judging", judging)
	}
	lapsed, err := ent.CloseWaitingLists(ctx)
	if err != nil && ctx.Err() == nil {
		log.Error("waiting lists", "err", err)
	}
	if lapsed > 0 {
		log.Info("waiting lists", "entries_closed", lapsed)
	}
}

// runLiveClock ends the live games whose flag fell or whose player did not
// show up, starts the games of rounds published without them, and pairs
// and publishes the next round of the live events whose pause after the
// last one is over, every interval until ctx ends; like the scheduler it
// keeps nothing of its own.
func runLiveClock(ctx context.Context, svc *correspondence.Service, events *tournament.Service, log *slog.Logger, every time.Duration, now func() time.Time) {
	tick := time.NewTicker(every)
	defer tick.Stop()
	for n := 0; ; n++ {
		at := now()
		if n%10 == 0 {
			// The publish starts its round's games; this catches a round
			// whose start failed, without reading every event each second.
			if _, err := svc.SyncLive(ctx); err != nil && ctx.Err() == nil {
				log.Error("live rounds", "err", err)
			}
		}
		// The beat first: after an outage it gives the clocks the time
		// back before the sweep would let flags fall for it.
		beat(ctx, svc, log, at)
		ended, err := svc.ExpireLive(ctx, at)
		if err != nil && ctx.Err() == nil {
			log.Error("live games", "err", err)
		}
		if ended > 0 {
			log.Info("live games", "ended", ended)
		}
		due, err := svc.DueRounds(ctx, at)
		if err != nil && ctx.Err() == nil {
			log.Error("live rounds", "err", err)
		}
		for _, d := range due {
			// Another instance may have paired it a moment ago: that is
			// a conflict, and nothing to report.
			r, err := events.PairAndPublishAfter(tournament.ServerContext(ctx), d.EventID, d.Done)
			switch {
			case err == nil:
				log.Info("live rounds", "event", d.EventID, "round", r.Number)
			case tournament.ErrorCode(err) != tournament.ECONFLICT && ctx.Err() == nil:
				log.Error("live rounds", "event", d.EventID, "err", err)
			}
		}
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
	}
}

// beat is one beat of the live clock (correspondence.Service.Beat),
// logging an outage it gave back.
func beat(ctx context.Context, svc *correspondence.Service, log *slog.Logger, at time.Time) {
	outage, err := svc.Beat(ctx, at)
	switch {
	case err != nil && ctx.Err() == nil:
		log.Error("live clock", "err", err)
	case outage > 0:
		log.Info("live clock resumed after an outage", "outage", outage.Round(time.Millisecond))
	}
}

// newMailer reads --smtp; none keeps notifications in the site's inbox.
func newMailer(raw string) (correspondence.Mailer, error) {
	if raw == "" {
		return nil, nil
	}
	m, err := mail.ParseURL(raw)
	if err != nil {
		return nil, err
	}
	return m, nil
}
