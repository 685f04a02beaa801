package tournament

import (
	"context"
	"encoding/json"
	"strconv"
	"strings"
	"time"
)

// RoundDays are the days an event's published rounds were played, by
// round number, as its documents date their games (PDN's Date): a live
// round's timed start, else the start its arbiter set (schedule.Service SetRoundStart),
// else the day it was published, kept within the event's dates; a round
// with none is left out. Whoever reads the event
// reads them: they say no more than its pages do.
func (s *Service) RoundDays(ctx context.Context, eventID int64) (map[int]time.Time, error) {
	days := map[int]time.Time{}
	err := s.store.View(ctx, func(tx Tx) error {
		e, err := readable(ctx, tx, eventID)
		if err != nil {
			return err
		}
		log, err := tx.Audit(eventID)
		if err != nil {
			return err
		}
		loc := e.Location()
		first, firstErr := time.ParseInLocation(time.DateOnly, e.StartDate, loc)
		lastDate := e.EndDate
		if lastDate == "" {
			lastDate = e.StartDate
		}
		last, lastErr := time.ParseInLocation(time.DateOnly, lastDate, loc)
		moments := map[int]time.Time{}
		started := map[int]bool{}
		for _, a := range log {
			n, ok := roundOfSubject(a.Subject)
			switch {
			case !ok:
			case a.Action == ActionRoundPublish:
				// Published again after an unpublish: the later day.
				moments[n], started[n] = a.At, false
			case a.Action == ActionLiveStart && !started[n]:
				if at := liveStartOf(a); !at.IsZero() {
					moments[n], started[n] = at, true
				}
			}
		}
		rounds, err := tx.Rounds(eventID)
		if err != nil {
			return err
		}
		for _, r := range rounds {
			if _, published := moments[r.Number]; published && !started[r.Number] && !r.StartsAt.IsZero() {
				moments[r.Number] = r.StartsAt
			}
		}
		for n, at := range moments {
			y, m, d := at.In(loc).Date()
			day := time.Date(y, m, d, 0, 0, 0, 0, loc)
			if firstErr == nil && day.Before(first) {
				day = first
			}
			if lastErr == nil && day.After(last) {
				day = last
			}
			days[n] = day
		}
		return nil
	})
	return days, err
}

// roundOfSubject reads the round an audit entry's subject names, "round 3".
func roundOfSubject(subject string) (int, bool) {
	rest, ok := strings.CutPrefix(subject, "round ")
	if !ok {
		return 0, false
	}
	n, err := strconv.Atoi(rest)
	return n, err == nil
}

// liveStartOf is when a live round's clocks started, as its live.start
// entry keeps it ("starts_at").
func liveStartOf(a AuditEntry) time.Time {
	var after struct {
		StartsAt time.Time `json:"starts_at"`
	}
	if json.Unmarshal([]byte(a.After), &after) != nil {
		return time.Time{}
	}
	return after.StartsAt
}
