// Package icaltest reads iCalendar files back as a calendar program would,
// for the tests of the packages that write them: it fails the test on
// anything RFC 5545 forbids in what adiukh writes (bare line breaks, lines
// over 75 octets, split UTF-8 characters, unknown escapes, a VEVENT
// without its required properties or with one of them twice).
package icaltest

import (
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode/utf8"
)

// Property is one content line read back: its name, parameters and the
// value with TEXT escapes undone.
type Property struct {
	Name   string
	Params string
	Value  string
}

// Event is a VEVENT's properties by name.
type Event map[string]Property

// Get is the value of the named property, "" without one.
func (e Event) Get(name string) string { return e[name].Value }

// Parse reads a calendar (§3.1): it checks the physical lines (CRLF, at
// most 75 octets, whole UTF-8 characters), unfolds them and returns the
// calendar's own properties and each VEVENT's, after checking the
// calendar's (§3.6: VERSION 2.0, PRODID) and each event's (§3.6.1: UID,
// DTSTAMP and, with no METHOD, DTSTART; none of its properties twice;
// DTEND after DTSTART; a SEQUENCE that is a number; a known STATUS).
func Parse(t testing.TB, data []byte) (cal Event, events []Event) {
	t.Helper()
	text := string(data)
	if !strings.HasSuffix(text, "\r\n") {
		t.Fatalf("the calendar does not end with CRLF")
	}
	var logical []string
	for i, l := range strings.Split(strings.TrimSuffix(text, "\r\n"), "\r\n") {
		if strings.ContainsAny(l, "\r\n") {
			t.Fatalf("line %d has a bare CR or LF: %q", i+1, l)
		}
		if len(l) > 75 {
			t.Fatalf("line %d is %d octets long: %q", i+1, len(l), l)
		}
		if !utf8.ValidString(l) {
			t.Fatalf("line %d splits a UTF-8 character: %q", i+1, l)
		}
		if strings.HasPrefix(l, " ") {
			if len(logical) == 0 {
				t.Fatalf("line %d continues nothing", i+1)
			}
			logical[len(logical)-1] += l[1:]
			continue
		}
		logical = append(logical, l)
	}
	cal = Event{}
	var cur Event
	for _, l := range logical {
		head, value, ok := strings.Cut(l, ":")
		if !ok {
			t.Fatalf("no colon in %q", l)
		}
		name, params, _ := strings.Cut(head, ";")
		p := Property{Name: name, Params: params, Value: unescape(t, value)}
		switch {
		case l == "BEGIN:VEVENT":
			if cur != nil {
				t.Fatalf("a VEVENT begins inside another")
			}
			cur = Event{}
		case l == "END:VEVENT":
			if cur == nil {
				t.Fatalf("END:VEVENT outside a VEVENT")
			}
			checkEvent(t, len(events)+1, cur)
			events = append(events, cur)
			cur = nil
		case cur != nil:
			if _, twice := cur[name]; twice {
				t.Fatalf("event %d has %s twice", len(events)+1, name)
			}
			cur[name] = p
		default:
			cal[name] = p
		}
	}
	if cur != nil {
		t.Fatalf("a VEVENT is not ended")
	}
	if cal.Get("BEGIN") != "VCALENDAR" || cal.Get("END") != "VCALENDAR" || cal.Get("VERSION") != "2.0" || cal.Get("PRODID") == "" {
		t.Fatalf("not a VCALENDAR 2.0 with a PRODID: %v", cal)
	}
	return cal, events
}

func checkEvent(t testing.TB, n int, e Event) {
	t.Helper()
	for _, name := range []string{"UID", "DTSTAMP", "DTSTART"} {
		if e.Get(name) == "" {
			t.Fatalf("event %d has no %s: %v", n, name, e)
		}
	}
	for _, name := range []string{"DTSTAMP", "LAST-MODIFIED"} {
		if v := e.Get(name); v != "" {
			if _, err := time.Parse("20060102T150405Z", v); err != nil {
				t.Fatalf("event %d: %s %q is not a UTC date-time", n, name, v)
			}
		}
	}
	start, end := e.Get("DTSTART"), e.Get("DTEND")
	if end != "" && end <= start {
		t.Fatalf("event %d ends (%s) before it starts (%s)", n, end, start)
	}
	if v := e.Get("SEQUENCE"); v != "" {
		if seq, err := strconv.Atoi(v); err != nil || seq < 0 {
			t.Fatalf("event %d: SEQUENCE %q is not a number", n, v)
		}
	}
	switch s := e.Get("STATUS"); s {
	case "", "TENTATIVE", "CONFIRMED", "CANCELLED":
	default:
		t.Fatalf("event %d: unknown STATUS %q", n, s)
	}
}

func unescape(t testing.TB, v string) string {
	t.Helper()
	var b strings.Builder
	for i := 0; i < len(v); i++ {
		if v[i] != '\\' {
			b.WriteByte(v[i])
			continue
		}
		i++
		switch {
		case i == len(v):
			t.Fatalf("a backslash ends %q", v)
		case v[i] == 'n' || v[i] == 'N':
			b.WriteByte('\n')
		case strings.IndexByte(`\;,`, v[i]) >= 0:
			b.WriteByte(v[i])
		default:
			t.Fatalf("unknown escape \\%c in %q", v[i], v)
		}
	}
	return b.String()
}
