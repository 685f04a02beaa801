// Package schedule is when an event's rounds are played at the boards:
// the date and hour an arbiter sets for a round played over the board
// (issue 60: its games were all-day items in the players' calendars),
// which the pairings, the calendars and the games' PDN dates read from
// the round (tournament.Round StartsAt, RoundDays).
package schedule

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"

	"adiukh/tournament"
)

// Service sets the rounds' starts. The signed-in user comes from the
// context, as for tournament.Service.
type Service struct {
	store tournament.Store
	now   func() time.Time
}

// NewService returns the service over the domain's store st; now is the
// clock of its audit entries, time.Now when nil.
func NewService(st tournament.Store, now func() time.Time) *Service {
	if now == nil {
		now = time.Now
	}
	return &Service{store: st, now: now}
}

// RoundStartInput is the date and hour a round's games start at the
// boards, in the event's time zone, as a form or the API gives them: "2026-12-01"
// and "10:00"; both empty clear the start.
type RoundStartInput struct {
	Date, Time string
}

// SetRoundStart sets when round n of an event played over the board starts
// (issue 60: its games were all-day items in the players' calendars). A
// live event's round starts its clocks when it is published
// (tournament.Service PublishRoundAt), so its start is not set here; a finished event's
// rounds are history.
func (s *Service) SetRoundStart(ctx context.Context, eventID int64, n int, in RoundStartInput) (*tournament.Round, error) {
	var round *tournament.Round
	err := s.store.Update(ctx, func(tx tournament.Tx) error {
		e, u, err := tournament.Manageable(ctx, tx, eventID)
		if err != nil {
			return err
		}
		if e.Online || e.Discipline.PlayedOnServer() {
			return tournament.Invalid("time", "the games of this event are played on the site: a round starts when it is published with its start time")
		}
		if e.Status == tournament.Finished {
			return tournament.Conflict("", "the event is finished")
		}
		at, err := tournament.ParseLocalMoment(in.Date, in.Time, e.Location())
		if err != nil {
			return err
		}
		if _, round, err = tournament.StoredRound(tx, eventID, n); err != nil {
			return err
		}
		before := round.StartsAt
		if before.Equal(at) {
			return nil
		}
		round.StartsAt = at
		if err := tx.UpdateRoundStart(round); err != nil {
			return err
		}
		return tournament.Audit(tx, s.now(), u, eventID, tournament.ActionRoundStart, fmt.Sprintf("round %d", n), startText(before), startText(at), "")
	})
	return round, err
}

// startText is a round's start as the audit log keeps it: RFC 3339 with
// the event's offset, "" when not set.
func startText(at time.Time) string {
	if at.IsZero() {
		return ""
	}
	return at.Format(time.RFC3339)
}

// RoundDays are the days an event's published rounds were played, by
// round number, as its documents date their games (PDN's Date): a live
// round's timed start, else the start its arbiter set (SetRoundStart),
// else the day it was published, kept within the event's dates; a round
// with none is left out. Whoever reads the event
// reads them: they say no more than its pages do.
func (s *Service) RoundDays(ctx context.Context, eventID int64) (map[int]time.Time, error) {
	days := map[int]time.Time{}
	err := s.store.View(ctx, func(tx tournament.Tx) error {
		e, err := tournament.Readable(ctx, tx, eventID)
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
			case a.Action == tournament.ActionRoundPublish:
				// Published again after an unpublish: the later day.
				moments[n], started[n] = a.At, false
			case a.Action == tournament.ActionLiveStart && !started[n]:
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
func liveStartOf(a tournament.AuditEntry) time.Time {
	var after struct {
		StartsAt time.Time `json:"starts_at"`
	}
	if json.Unmarshal([]byte(a.After), &after) != nil {
		return time.Time{}
	}
	return after.StartsAt
}
