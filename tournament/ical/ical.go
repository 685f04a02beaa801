// Package ical writes calendars in the iCalendar format (RFC 5545) that
// phone and desktop calendars import: the site's calendar of events and
// each event's own file. It takes in-memory data and knows nothing of the
// tournament, the database or HTTP.
package ical

import (
	"bytes"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// Event is one all-day entry of a calendar: a competition from its first
// day to its last.
type Event struct {
	// UID stays the same for the same event in every file the site writes,
	// so that importing the calendar again updates the entry instead of
	// adding a second one (RFC 5545 §3.8.4.7).
	UID string
	// Stamp is when the information was last revised (DTSTAMP, §3.8.7.2:
	// without a METHOD it is the revision time, not the time of writing,
	// so the same data gives the same file); it is the LAST-MODIFIED too
	// (§3.8.7.3).
	Stamp time.Time
	// Sequence counts the revisions (SEQUENCE, §3.8.7.4): a calendar keeps
	// the copy of the highest.
	Sequence int
	// Status is the event's STATUS (§3.8.1.11); "" writes none.
	Status Status
	First  time.Time // the first day; only its date counts
	Last   time.Time // the last day, on or after First
	// Starts and Ends, when Starts is set, make the entry one of hours
	// (a game) instead of days: First and Last are then not written.
	Starts, Ends time.Time
	Summary      string
	Location     string
	URL          string
	// Description is plain text; line breaks are kept.
	Description string
	// Categories name what the event is, such as its game (§3.8.1.2).
	Categories []string
}

// Status is the STATUS of an event.
type Status string

const (
	Confirmed Status = "CONFIRMED"
	Cancelled Status = "CANCELLED"
)

// Calendar is a VCALENDAR object.
type Calendar struct {
	ProdID string // who wrote it, such as "-//adiukh//calendar//RU"
	Name   string // shown by calendars that support X-WR-CALNAME
	// Refresh is how often a subscribed calendar should fetch the file
	// again (REFRESH-INTERVAL of RFC 7986, and X-PUBLISHED-TTL, which
	// older programs read), in whole minutes; zero writes neither.
	Refresh time.Duration
	Events  []Event
}

// Write writes the calendar: CRLF line ends, text escaped, every line
// folded at 75 octets without splitting a UTF-8 character.
func Write(w io.Writer, c Calendar) error {
	var b bytes.Buffer
	line := func(name, value string) { fold(&b, name+":"+value) }
	line("BEGIN", "VCALENDAR")
	line("VERSION", "2.0")
	line("PRODID", Text(c.ProdID))
	line("CALSCALE", "GREGORIAN")
	if c.Name != "" {
		line("X-WR-CALNAME", Text(c.Name))
	}
	if minutes := int(c.Refresh / time.Minute); minutes > 0 {
		// A dur-value (RFC 5545 §3.3.6).
		d := fmt.Sprintf("PT%dM", minutes)
		if minutes%60 == 0 {
			d = fmt.Sprintf("PT%dH", minutes/60)
		}
		line("REFRESH-INTERVAL;VALUE=DURATION", d)
		line("X-PUBLISHED-TTL", d)
	}
	for _, e := range c.Events {
		line("BEGIN", "VEVENT")
		line("UID", Text(e.UID))
		stamp := e.Stamp.UTC().Format("20060102T150405Z")
		line("DTSTAMP", stamp)
		line("LAST-MODIFIED", stamp)
		line("SEQUENCE", strconv.Itoa(e.Sequence))
		if e.Status != "" {
			line("STATUS", string(e.Status))
		}
		if e.Starts.IsZero() {
			// An all-day event's DTEND is exclusive: the day after the
			// last (§3.6.1).
			line("DTSTART;VALUE=DATE", e.First.Format("20060102"))
			line("DTEND;VALUE=DATE", e.Last.AddDate(0, 0, 1).Format("20060102"))
		} else {
			// In UTC (§3.3.5, form 2), which every calendar shows in its
			// reader's zone without a VTIMEZONE.
			line("DTSTART", e.Starts.UTC().Format("20060102T150405Z"))
			line("DTEND", e.Ends.UTC().Format("20060102T150405Z"))
		}
		line("SUMMARY", Text(e.Summary))
		if e.Location != "" {
			line("LOCATION", Text(e.Location))
		}
		if e.Description != "" {
			line("DESCRIPTION", Text(e.Description))
		}
		if len(e.Categories) > 0 {
			texts := make([]string, len(e.Categories))
			for i, c := range e.Categories {
				texts[i] = Text(c)
			}
			line("CATEGORIES", strings.Join(texts, ","))
		}
		if e.URL != "" {
			line("URL", e.URL)
		}
		line("TRANSP", "TRANSPARENT")
		line("END", "VEVENT")
	}
	line("END", "VCALENDAR")
	_, err := w.Write(b.Bytes())
	return err
}

// Text escapes a TEXT value (§3.3.11): backslash, semicolon, comma and
// line breaks. Control characters, which no TEXT may hold, are dropped.
func Text(s string) string {
	var b strings.Builder
	s = strings.ReplaceAll(s, "\r\n", "\n")
	for _, r := range s {
		switch {
		case r == '\\' || r == ';' || r == ',':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r == '\n' || r == '\r':
			b.WriteString(`\n`)
		case r < 0x20 && r != '\t', r == 0x7f:
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// maxOctets is the longest a content line may be, line break excluded
// (§3.1).
const maxOctets = 75

// fold writes one content line, broken into lines of at most 75 octets,
// each continuation starting with a space (which counts in its 75). A
// break never falls inside a UTF-8 character, which calendars would
// otherwise show as two broken characters.
func fold(b *bytes.Buffer, s string) {
	limit := maxOctets
	for len(s) > limit {
		cut := limit
		for cut > 0 && !utf8.RuneStart(s[cut]) {
			cut--
		}
		b.WriteString(s[:cut])
		b.WriteString("\r\n ")
		s = s[cut:]
		limit = maxOctets - 1
	}
	b.WriteString(s)
	b.WriteString("\r\n")
}
