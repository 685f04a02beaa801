package events

import (
	"bytes"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"adiukh/api/core"
	"adiukh/api/web/kit"
	"adiukh/tournament"
	"adiukh/tournament/entries"
	"adiukh/tournament/ical"
)

// calendarPageData is the calendar with the filter that chose it.
type calendarPageData struct {
	*entries.Calendar
	Filter      entries.CalendarFilter
	Disciplines []tournament.Discipline
	Games       []tournament.GameKind
	// Feed is the address of the iCalendar file of the same choice.
	Feed string
}

func calendarFilter(c *gin.Context) entries.CalendarFilter {
	return entries.CalendarFilter{Game: c.Query("game"), Discipline: c.Query("discipline"), City: c.Query("city"), Region: c.Query("region"), Month: c.Query("month"), Open: c.Query("open") != ""}
}

func (h *handler) calendarPage(c *gin.Context) error {
	f := calendarFilter(c)
	cal, err := h.Entries.Calendar(c.Request.Context(), f)
	if err != nil {
		return err
	}
	feed := "/calendar.ics"
	if q := c.Request.URL.Query(); len(q) > 0 {
		q.Del("lang")
		if len(q) > 0 {
			feed += "?" + q.Encode()
		}
	}
	h.Render(c, http.StatusOK, "calendar", "calendar.title", calendarPageData{Calendar: cal, Filter: f, Disciplines: tournament.Disciplines, Games: tournament.GameKinds, Feed: feed})
	return nil
}

// calendarICS is the calendar as one iCalendar file, with the page's
// filters: the events of every part that have dates, and the events made
// private since a calendar may have imported them, told as cancelled.
func (h *handler) calendarICS(c *gin.Context) error {
	cal, err := h.Entries.Calendar(c.Request.Context(), calendarFilter(c))
	if err != nil {
		return err
	}
	tr := h.Translator(c)
	var items []entries.CalendarItem
	for _, part := range [][]entries.CalendarItem{cal.Running, cal.Upcoming, cal.Recent, cal.Hidden} {
		items = append(items, part...)
	}
	return h.writeICS(c, tr, feedName(tr, calendarFilter(c)), items)
}

// feedName is the name a subscribed calendar shows for the feed: the
// site's, and the choice it was subscribed with («Турниры adiukh: русские
// шашки, Майкоп»), so that two subscriptions read apart among a phone's
// calendars.
func feedName(tr *kit.Translator, f entries.CalendarFilter) string {
	var choice []string
	if g, err := tournament.ParseGameKind(f.Game); err == nil {
		choice = append(choice, tr.T(g.Key()))
	}
	if d, err := tournament.ParseDiscipline(f.Discipline); err == nil {
		choice = append(choice, tr.T(d.Key()))
	}
	for _, place := range []string{f.City, f.Region, f.Month} {
		if place = strings.TrimSpace(place); place != "" {
			choice = append(choice, place)
		}
	}
	if f.Open {
		choice = append(choice, tr.T("calendar.entries_open"))
	}
	if len(choice) == 0 {
		return tr.T("calendar.feed_name")
	}
	return tr.T("calendar.feed_name_chosen", "Choice", strings.Join(choice, ", "))
}

// eventOrICS answers /events/{id}: the event's page, or with ".ics" after
// the number its iCalendar file (one path segment, which the router cannot
// split).
func (h *handler) eventOrICS(c *gin.Context) error {
	id, ok := strings.CutSuffix(c.Param("id"), ".ics")
	if !ok {
		return h.eventPage(c)
	}
	for i := range c.Params {
		if c.Params[i].Key == "id" {
			c.Params[i].Value = id
		}
	}
	eventID, err := core.PathInt(c, "id")
	if err != nil {
		return err
	}
	item, err := h.Entries.CalendarEvent(c.Request.Context(), eventID)
	if err != nil {
		return err
	}
	tr := h.Translator(c)
	name := item.Name
	if item.Hidden {
		name = tr.T("calendar.hidden")
	}
	return h.writeICS(c, tr, name, []entries.CalendarItem{*item})
}

// feedRefresh is how often subscribed calendars are asked to fetch a feed
// again: a change reaches them within the hour.
const feedRefresh = time.Hour

// writeICS answers with the events that have dates as an iCalendar file.
// It is served inline, as calendars subscribe to it: the page cache keeps
// the type and the body, no other header.
func (h *handler) writeICS(c *gin.Context, tr *kit.Translator, name string, items []entries.CalendarItem) error {
	site := h.Site(c)
	out := ical.Calendar{ProdID: "-//adiukh//calendar//" + strings.ToUpper(string(tr.Lang)), Name: name, Refresh: feedRefresh}
	for _, it := range items {
		if ev, ok := calendarEvent(tr, site, &it); ok {
			out.Events = append(out.Events, ev)
		}
	}
	var buf bytes.Buffer
	if err := ical.Write(&buf, out); err != nil {
		return err
	}
	c.Data(http.StatusOK, "text/calendar; charset=utf-8", buf.Bytes())
	return nil
}

// calendarEvent is the calendar's entry of the event, false when it has no
// dates. Its UID names the event and the site's host, so that the events of
// two sites never share one and a calendar updates its copy in place. A
// cancelled event says so in its title, for the calendars that show no
// STATUS; one made private is told as cancelled, without its name or place.
func calendarEvent(tr *kit.Translator, site *url.URL, it *entries.CalendarItem) (ical.Event, bool) {
	first, last, ok := it.Days()
	if !ok {
		return ical.Event{}, false
	}
	ev := ical.Event{UID: fmt.Sprintf("event-%d@%s", it.ID, site.Host), Stamp: it.Revised(), Sequence: it.Sequence,
		Status: ical.Confirmed, First: first, Last: last, URL: site.JoinPath("events", strconv.FormatInt(it.ID, 10)).String()}
	if it.Hidden {
		ev.Status, ev.Summary, ev.Description, ev.URL = ical.Cancelled, tr.T("calendar.hidden"), tr.T("calendar.hidden_description"), ""
		return ev, true
	}
	ev.Summary = it.Name
	ev.Location = strings.Trim(strings.Join([]string{it.Venue, it.City, it.Region}, ", "), ", ")
	ev.Description = tr.T(it.DisciplineKey())
	ev.Categories = []string{tr.T(it.Game.Key())}
	if tc := it.TimeControl.String(); tc != "" {
		ev.Description += ", " + tr.TimeControl(it.TimeControl)
	}
	if it.Open && !it.Deadline.IsZero() {
		ev.Description += "\n" + tr.T("calendar.entries_deadline", "Deadline", tr.In(it.Location()).Time(it.Deadline))
	}
	if it.Status == tournament.Cancelled {
		ev.Status = ical.Cancelled
		ev.Summary = tr.T("calendar.cancelled_summary", "Event", it.Name)
		ev.Description = tr.T("calendar.cancelled_reason", "Reason", it.CancelReason) + "\n" + ev.Description
	} else if it.Left {
		// The account's calendar took the event with its entry; the entry
		// gone, the copy is cancelled, one revision on from the event's
		// own so that the calendar replaces it (RFC 5545 §3.8.7.4).
		ev.Status, ev.Sequence = ical.Cancelled, it.Sequence+1
		ev.Summary = tr.T("calendar.left_summary", "Event", it.Name)
	}
	return ev, true
}
