package web

import (
	"bytes"
	"fmt"
	"net/http"
	"net/url"
	"strings"

	"github.com/gin-gonic/gin"

	"adiukh/api/core"
	"adiukh/tournament"
	"adiukh/tournament/entries"
	"adiukh/tournament/ical"
)

// calendarRoutesWeb registers the calendar page and its iCalendar feed.
// The feed is kept in the page cache: the data alone decides it. The page
// is not, since it tells whether entries are open, which a deadline
// passing changes without any write.
func (h *handler) calendarRoutesWeb(g *gin.RouterGroup) {
	g.GET("/calendar", h.Page(h.calendarPage))
	g.GET("/calendar.ics", h.Cached("discipline", "city", "month", "open"), h.Page(h.calendarICS))
}

// calendarPageData is the calendar with the filter that chose it.
type calendarPageData struct {
	*entries.Calendar
	Filter      entries.CalendarFilter
	Disciplines []tournament.Discipline
	// Feed is the address of the iCalendar file of the same choice.
	Feed string
}

func calendarFilter(c *gin.Context) entries.CalendarFilter {
	return entries.CalendarFilter{Discipline: c.Query("discipline"), City: c.Query("city"), Month: c.Query("month"), Open: c.Query("open") != ""}
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
	h.render(c, http.StatusOK, "calendar", "calendar.title", calendarPageData{Calendar: cal, Filter: f, Disciplines: tournament.Disciplines, Feed: feed})
	return nil
}

// calendarICS is the calendar as one iCalendar file, with the page's
// filters: the events of every part that have dates.
func (h *handler) calendarICS(c *gin.Context) error {
	cal, err := h.Entries.Calendar(c.Request.Context(), calendarFilter(c))
	if err != nil {
		return err
	}
	tr := h.translator(c)
	var items []entries.CalendarItem
	for _, part := range [][]entries.CalendarItem{cal.Running, cal.Upcoming, cal.Recent} {
		items = append(items, part...)
	}
	return h.writeICS(c, tr, tr.T("calendar.title"), items)
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
	return h.writeICS(c, h.translator(c), item.Name, []entries.CalendarItem{*item})
}

// writeICS answers with the events that have dates as an iCalendar file.
// It is served inline, as calendars subscribe to it: the page cache keeps
// the type and the body, no other header.
func (h *handler) writeICS(c *gin.Context, tr *translator, name string, items []entries.CalendarItem) error {
	host := "adiukh"
	if u, err := url.Parse(h.PublicURL); err == nil && u.Host != "" {
		host = u.Host
	}
	out := ical.Calendar{ProdID: "-//adiukh//calendar//" + strings.ToUpper(string(tr.Lang)), Name: name}
	for _, it := range items {
		first, last, ok := it.Days()
		if !ok {
			continue
		}
		place := strings.Trim(strings.Join([]string{it.Venue, it.City}, ", "), ", ")
		desc := tr.T(it.DisciplineKey())
		if tc := it.TimeControl.String(); tc != "" {
			desc += ", " + tr.TimeControl(it.TimeControl)
		}
		ev := ical.Event{UID: fmt.Sprintf("event-%d@%s", it.ID, host), Stamp: it.CreatedAt, First: first, Last: last,
			Summary: it.Name, Location: place, Description: desc, Categories: []string{tr.T(it.Game.Key())}}
		if h.PublicURL != "" {
			ev.URL = strings.TrimSuffix(h.PublicURL, "/") + fmt.Sprintf("/events/%d", it.ID)
		}
		out.Events = append(out.Events, ev)
	}
	var buf bytes.Buffer
	if err := ical.Write(&buf, out); err != nil {
		return err
	}
	c.Data(http.StatusOK, "text/calendar; charset=utf-8", buf.Bytes())
	return nil
}
