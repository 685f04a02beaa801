package tournament

import "time"

// Moment is a point in time named in a message (a deadline, a window):
// the catalogue writes it as the pages write times, in the reader's
// language ("10 ноября 2026, 12:00 UTC"); String, for logs and untranslated
// text, writes it as 2026-11-10 12:00 UTC. Seconds is set where moments
// within a minute are told apart (a solving contest's window).
type Moment struct {
	At      time.Time
	Seconds bool
}

// UTC names a moment in UTC, to the minute.
func UTC(at time.Time) Moment { return Moment{At: at.UTC()} }

// In names a moment in a time zone (an event's), to the minute: written
// with the zone's abbreviation ("10 ноября 2026, 15:00 MSK").
func In(at time.Time, zone *time.Location) Moment {
	if zone == nil {
		zone = time.UTC
	}
	return Moment{At: at.In(zone)}
}

// UTCToSecond names a moment in UTC, to the second.
func UTCToSecond(at time.Time) Moment { return Moment{At: at.UTC(), Seconds: true} }

// Instant gives the moment to the catalogue (tournament/catalog), which
// writes it in the reader's language.
func (m Moment) Instant() (time.Time, bool) { return m.At, m.Seconds }

func (m Moment) String() string {
	if m.Seconds {
		return m.At.Format("2006-01-02 15:04:05 MST")
	}
	return m.At.Format("2006-01-02 15:04 MST")
}

// Date is a calendar day named in a message (the end of a rating period),
// YYYY-MM-DD: the catalogue writes it as the pages write dates, in the
// reader's language ("30 июня 2026"); as a string, for logs and
// untranslated text, it stays as it is.
type Date string

// Day gives the day to the catalogue (tournament/catalog).
func (d Date) Day() string { return string(d) }

// CheckYears refuses a moment a reader sets (a deadline, a contest's
// window) outside the years a round may start in, in its own zone and in
// UTC alike, naming field; zero (none set) passes. Past 9999 a time has
// no text: its audit entry could not be written (the write failed as an
// internal error) and SQLite would drop it (issue 65).
func CheckYears(field string, at time.Time) error {
	if at.IsZero() {
		return nil
	}
	for _, year := range []int{at.Year(), at.UTC().Year()} {
		if year < FirstRoundYear || year > LastRoundYear {
			return Invalid(field, "give a time in the years %d to %d, not in %d", FirstRoundYear, LastRoundYear, year)
		}
	}
	return nil
}
