package tournament

import (
	"context"
	"fmt"
	"strings"
	"time"
)

// RoundStartInput is the date and hour a round's games start at the
// boards, in the event's time zone, as a form or the API gives them: "2026-12-01"
// and "10:00"; both empty clear the start.
type RoundStartInput struct {
	Date, Time string
}

// SetRoundStart sets when round n of an event played over the board starts
// (issue 60: its games were all-day items in the players' calendars). A
// live event's round starts its clocks when it is published
// (PublishRoundAt), so its start is not set here; a finished event's
// rounds are history.
func (s *Service) SetRoundStart(ctx context.Context, eventID int64, n int, in RoundStartInput) (*Round, error) {
	var round *Round
	err := s.store.Update(ctx, func(tx Tx) error {
		e, u, err := manageable(ctx, tx, eventID)
		if err != nil {
			return err
		}
		if e.Online || e.Discipline.PlayedOnServer() {
			return Invalid("time", "the games of this event are played on the site: a round starts when it is published with its start time")
		}
		if e.Status == Finished {
			return Conflict("", "the event is finished")
		}
		at, err := parseRoundStart(in, e.Location())
		if err != nil {
			return err
		}
		if _, round, err = storedRound(tx, eventID, n); err != nil {
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
		return Audit(tx, s.now(), u, eventID, ActionRoundStart, fmt.Sprintf("round %d", n), startText(before), startText(at), "")
	})
	return round, err
}

// parseRoundStart reads a round's start in the event's zone: a date and an
// hour, or neither.
func parseRoundStart(in RoundStartInput, loc *time.Location) (time.Time, error) {
	date, clock := strings.TrimSpace(in.Date), strings.TrimSpace(in.Time)
	switch {
	case date == "" && clock == "":
		return time.Time{}, nil
	case date == "":
		return time.Time{}, Invalid("date", "give the day the round starts, such as 2026-12-01")
	case clock == "":
		return time.Time{}, Invalid("time", "give the hour the round starts, such as 10:00")
	}
	day, err := time.ParseInLocation(time.DateOnly, date, loc)
	if err != nil {
		return time.Time{}, Invalid("date", "%q is not a date; write YYYY-MM-DD", date)
	}
	hour, err := time.Parse("15:04", clock)
	if err != nil {
		return time.Time{}, Invalid("time", "%q is not an hour; write it as 10:00", clock)
	}
	return time.Date(day.Year(), day.Month(), day.Day(), hour.Hour(), hour.Minute(), 0, 0, loc), nil
}

// startText is a round's start as the audit log keeps it: RFC 3339 with
// the event's offset, "" when not set.
func startText(at time.Time) string {
	if at.IsZero() {
		return ""
	}
	return at.Format(time.RFC3339)
}
