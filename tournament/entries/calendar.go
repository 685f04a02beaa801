package entries

import (
	"cmp"
	"context"
	"slices"
	"strings"
	"time"

	"adiukh/rules/games"
	"adiukh/tournament"
)

// recentEvents is how many finished events the calendar lists: the latest
// ones, by their last day. Older ones are found by search.
const recentEvents = 20

// CalendarFilter narrows the calendar; a zero field does not filter.
type CalendarFilter struct {
	// Game is the game (adiukh, russian); Discipline the discipline, of
	// either game.
	Game       string
	Discipline string
	// City is the place (the events' city, up to case); Region the
	// region it is in (up to case).
	City   string
	Region string
	// Month is YYYY-MM: events with a day in that month.
	Month string
	// Open keeps only the events taking entries online now.
	Open bool
}

// CalendarItem is one event of the calendar with what a player choosing
// one wants to know: how many are entered and whether entries are open.
type CalendarItem struct {
	tournament.Event
	// Entered counts the event's players.
	Entered int
	// Open: the event takes entries online now, until Deadline (in the
	// event's time zone; zero for none).
	Open     bool
	Deadline time.Time
	// Waiting counts the entries not decided yet, pending or on the
	// waiting list.
	Waiting int
	// Regulations: the arbiter attached the event's regulations (a PDF at
	// /events/{id}/regulations.pdf).
	Regulations bool
	// Hidden: the event was made private after it was public, and the
	// reader may not see it; only its number, days and revision are
	// filled in (see Calendar.Hidden).
	Hidden bool
	// Left: in an account's own calendar (MyFeed), the account's entry
	// was withdrawn or lapsed and it neither plays in the event nor
	// follows it: the calendar cancels the copy it took.
	Left bool
}

// Calendar is the calendar of events: running ones, then upcoming ones by
// their first day, then recent ones by their last day, newest first.
type Calendar struct {
	Running  []CalendarItem
	Upcoming []CalendarItem
	Recent   []CalendarItem
	// Hidden are the events made private after they were public, which
	// calendars that subscribed to the feed still have: what they knew of
	// each but its name and place (its number, days and revision), for the
	// feed to tell them it is off. The latest hidden first.
	Hidden []CalendarItem
	// Cities and Regions are the places of every event the reader may
	// see, for the filter's choices.
	Cities, Regions []string
}

// Calendar reads the calendar of the events the reader may see. Upcoming
// events are those still registering players, whatever their dates: an
// event whose arbiter has not started it has not started. Whether entries
// are open is read on the service's clock (their deadline).
func (s *Service) Calendar(ctx context.Context, f CalendarFilter) (*Calendar, error) {
	var month time.Time
	if f.Month != "" {
		m, err := time.Parse("2006-01", f.Month)
		if err != nil {
			return nil, tournament.Invalid("month", "%q is not a month; write it as 2026-12", f.Month)
		}
		month = m
	}
	cal := &Calendar{}
	cities, regions := map[string]bool{}, map[string]bool{}
	err := s.store.View(ctx, func(tx Tx) error {
		events, err := tournament.VisibleEvents(ctx, tx)
		if err != nil {
			return err
		}
		regulations, err := tx.RegulationEvents()
		if err != nil {
			return err
		}
		visible := map[int64]bool{}
		for _, e := range events {
			visible[e.ID] = true
			if e.City != "" {
				cities[e.City] = true
			}
			if e.Region != "" {
				regions[e.Region] = true
			}
			if !f.matches(&e, month) {
				continue
			}
			item, err := s.calendarItem(tx, &e)
			if err != nil {
				return err
			}
			item.Regulations = regulations[e.ID]
			if f.Open && !item.Open {
				continue
			}
			switch {
			case e.Status == tournament.Running:
				cal.Running = append(cal.Running, *item)
			case e.Status == tournament.Registration, e.Status == tournament.Cancelled && !s.past(&e):
				cal.Upcoming = append(cal.Upcoming, *item)
			default:
				cal.Recent = append(cal.Recent, *item)
			}
		}
		cal.Hidden, err = hiddenEvents(tx, visible, func(e *tournament.Event) bool { return f.matches(e, month) })
		return err
	})
	if err != nil {
		return nil, err
	}
	// An upcoming event without dates comes last: nobody can plan for it yet.
	slices.SortStableFunc(cal.Upcoming, func(a, b CalendarItem) int {
		if (a.StartDate == "") != (b.StartDate == "") {
			return cmp.Compare(b.StartDate, a.StartDate)
		}
		return cmp.Compare(a.StartDate, b.StartDate)
	})
	slices.SortStableFunc(cal.Recent, func(a, b CalendarItem) int { return cmp.Compare(lastDay(&b.Event), lastDay(&a.Event)) })
	if len(cal.Recent) > recentEvents {
		cal.Recent = cal.Recent[:recentEvents]
	}
	cal.Cities, cal.Regions = byName(cities), byName(regions)
	return cal, nil
}

// past reports whether the event's last day is over, on the service's
// clock in the event's time zone; an event without dates is not.
func (s *Service) past(e *tournament.Event) bool {
	last := lastDay(e)
	return last != "" && last < s.now().In(e.Location()).Format(time.DateOnly)
}

// hiddenEvents are the events made private after they were public that
// the reader may not see and that pass keep, told as Calendar.Hidden
// says.
func hiddenEvents(tx Tx, visible map[int64]bool, keep func(e *tournament.Event) bool) ([]CalendarItem, error) {
	all, err := tx.Events(0, true)
	if err != nil {
		return nil, err
	}
	var hidden []CalendarItem
	for _, e := range all {
		if visible[e.ID] || e.Visibility != tournament.Private || e.HiddenAt.IsZero() || !keep(&e) {
			continue
		}
		hidden = append(hidden, CalendarItem{Event: hiddenView(&e), Hidden: true})
	}
	slices.SortStableFunc(hidden, func(a, b CalendarItem) int { return b.HiddenAt.Compare(a.HiddenAt) })
	if len(hidden) > recentEvents {
		hidden = hidden[:recentEvents]
	}
	return hidden, nil
}

// hiddenView is what the calendars that listed an event made private
// knew of it and may still be told: not its name, place or players.
func hiddenView(e *tournament.Event) tournament.Event {
	return tournament.Event{ID: e.ID, Discipline: e.Discipline, StartDate: e.StartDate, EndDate: e.EndDate, Status: e.Status,
		Visibility: e.Visibility, CreatedAt: e.CreatedAt, Sequence: e.Sequence, ModifiedAt: e.ModifiedAt, HiddenAt: e.HiddenAt, TimeZone: e.TimeZone}
}

// CalendarEvent is one event as the calendar shows it, for its own
// iCalendar file. An event made private after it was public is what
// Calendar.Hidden tells of it, to a reader who may not see it: the
// calendars that imported its file learn it is off.
func (s *Service) CalendarEvent(ctx context.Context, eventID int64) (*CalendarItem, error) {
	var item *CalendarItem
	err := s.store.View(ctx, func(tx Tx) error {
		e, err := tournament.Readable(ctx, tx, eventID)
		if tournament.ErrorCode(err) == tournament.ENOTFOUND {
			stored, serr := tx.Event(eventID)
			switch {
			case serr == nil && stored.Visibility == tournament.Private && !stored.HiddenAt.IsZero():
				item = &CalendarItem{Event: hiddenView(stored), Hidden: true}
				return nil
			case serr != nil && tournament.ErrorCode(serr) != tournament.ENOTFOUND:
				return serr
			}
		}
		if err != nil {
			return err
		}
		if item, err = s.calendarItem(tx, e); err != nil {
			return err
		}
		_, err = tx.Regulations(eventID, false)
		item.Regulations = err == nil
		if tournament.ErrorCode(err) == tournament.ENOTFOUND {
			err = nil
		}
		return err
	})
	return item, err
}

func (s *Service) calendarItem(tx Tx, e *tournament.Event) (*CalendarItem, error) {
	n, err := tx.CountPlayers(e.ID)
	if err != nil {
		return nil, err
	}
	item := &CalendarItem{Event: *e, Entered: n}
	set, err := tx.EntrySettings(e.ID)
	if err != nil {
		return nil, err
	}
	if s.takesEntries(e, set) != nil {
		return item, nil
	}
	item.Open, item.Deadline = true, set.Deadline
	entries, err := tx.Entries(e.ID)
	if err != nil {
		return nil, err
	}
	for _, en := range entries {
		if en.Status == EntryPending || en.Status == EntryWaiting {
			item.Waiting++
		}
	}
	return item, nil
}

// matches reports whether the event passes the filter's fields that need
// no reading of its entries.
func (f CalendarFilter) matches(e *tournament.Event, month time.Time) bool {
	if want, ok := games.Lookup(f.Game); f.Game != "" && (!ok || e.Game.Variant() != want) {
		return false
	}
	if f.Discipline != "" && string(e.Discipline) != f.Discipline {
		return false
	}
	if f.City != "" && tournament.NameKey(strings.TrimSpace(f.City)) != tournament.NameKey(e.City) {
		return false
	}
	if f.Region != "" && tournament.NameKey(strings.TrimSpace(f.Region)) != tournament.NameKey(e.Region) {
		return false
	}
	if !month.IsZero() {
		first, last := e.StartDate, lastDay(e)
		if first == "" {
			return false
		}
		from, to := month.Format(time.DateOnly), month.AddDate(0, 1, -1).Format(time.DateOnly)
		// Dates in YYYY-MM-DD compare as text.
		if last < from || first > to {
			return false
		}
	}
	return true
}

// lastDay is the event's last day: its end date, or its start date for an
// event of one day.
func lastDay(e *tournament.Event) string {
	if e.EndDate != "" {
		return e.EndDate
	}
	return e.StartDate
}

// Days are the event's first and last days, ok false when it has no dates.
func (it *CalendarItem) Days() (first, last time.Time, ok bool) {
	e := &it.Event
	first, err := time.Parse(time.DateOnly, e.StartDate)
	if err != nil {
		return time.Time{}, time.Time{}, false
	}
	last, err = time.Parse(time.DateOnly, lastDay(e))
	if err != nil || last.Before(first) {
		last = first
	}
	return first, last, true
}

// byName is the names of a set in the order of their folded forms.
func byName(set map[string]bool) []string {
	names := make([]string, 0, len(set))
	for name := range set {
		names = append(names, name)
	}
	slices.SortFunc(names, func(a, b string) int { return cmp.Compare(tournament.NameKey(a), tournament.NameKey(b)) })
	return names
}
