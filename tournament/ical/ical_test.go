package ical_test

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"adiukh/tournament/ical"
)

// property is one content line read back: its name, parameters and the
// value with TEXT escapes undone.
type property struct {
	name   string
	params string
	value  string
}

// parse reads a calendar as a calendar program would (RFC 5545 §3.1):
// it checks the physical lines (CRLF, at most 75 octets, whole UTF-8
// characters), unfolds them and returns each VEVENT's properties and the
// calendar's own.
func parse(t *testing.T, data []byte) (cal map[string]property, events []map[string]property) {
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
			logical[len(logical)-1] += l[1:]
			continue
		}
		logical = append(logical, l)
	}
	cal = map[string]property{}
	var cur map[string]property
	for _, l := range logical {
		head, value, ok := strings.Cut(l, ":")
		if !ok {
			t.Fatalf("no colon in %q", l)
		}
		name, params, _ := strings.Cut(head, ";")
		p := property{name: name, params: params, value: unescape(t, value)}
		switch {
		case l == "BEGIN:VEVENT":
			cur = map[string]property{}
		case l == "END:VEVENT":
			events = append(events, cur)
			cur = nil
		case cur != nil:
			cur[name] = p
		default:
			cal[name] = p
		}
	}
	if cal["BEGIN"].value != "VCALENDAR" || cal["END"].value != "VCALENDAR" || cal["VERSION"].value != "2.0" || cal["PRODID"].value == "" {
		t.Fatalf("not a VCALENDAR 2.0 with a PRODID: %v", cal)
	}
	return cal, events
}

func unescape(t *testing.T, v string) string {
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

func TestWriteReadsBack(t *testing.T) {
	t.Parallel()
	day := func(s string) time.Time { d, _ := time.Parse(time.DateOnly, s); return d }
	long := strings.Repeat("Первенство Республики Адыгея по шашкам адиюх; ", 4)
	in := ical.Calendar{ProdID: "-//adiukh//calendar//RU", Name: "Календарь, 2026", Events: []ical.Event{
		{UID: "event-1@adiukh", Stamp: time.Date(2026, 11, 20, 10, 30, 0, 0, time.FixedZone("MSK", 3*3600)),
			First: day("2026-12-05"), Last: day("2026-12-07"), Summary: long,
			Location: "Майкоп, ул. Пушкина, 1", Description: "Строка 1\nC:\\path; a,b", URL: "https://adiukh.example/events/1"},
		{UID: "event-2@adiukh", Stamp: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC),
			First: day("2026-12-31"), Last: day("2026-12-31"), Summary: "x" + strings.Repeat("я", 100)},
	}}
	var buf bytes.Buffer
	if err := ical.Write(&buf, in); err != nil {
		t.Fatal(err)
	}
	cal, events := parse(t, buf.Bytes())
	if got := cal["X-WR-CALNAME"].value; got != in.Name {
		t.Errorf("calendar name %q, want %q", got, in.Name)
	}
	if len(events) != 2 {
		t.Fatalf("%d events, want 2", len(events))
	}
	for i, want := range []map[string]string{
		{"UID": "event-1@adiukh", "DTSTAMP": "20261120T073000Z", "DTSTART": "20261205", "DTEND": "20261208",
			"SUMMARY": long, "LOCATION": "Майкоп, ул. Пушкина, 1", "DESCRIPTION": "Строка 1\nC:\\path; a,b", "URL": "https://adiukh.example/events/1"},
		// One day: DTEND is the next day, across the year's end.
		{"UID": "event-2@adiukh", "DTSTAMP": "20260101T000000Z", "DTSTART": "20261231", "DTEND": "20270101", "SUMMARY": "x" + strings.Repeat("я", 100)},
	} {
		for name, value := range want {
			if got := events[i][name].value; got != value {
				t.Errorf("event %d %s = %q, want %q", i+1, name, got, value)
			}
		}
		for _, name := range []string{"DTSTART", "DTEND"} {
			if p := events[i][name].params; p != "VALUE=DATE" {
				t.Errorf("event %d %s parameters %q, want VALUE=DATE", i+1, name, p)
			}
		}
	}
}

// Folding cuts at 75 octets exactly when that is a character boundary,
// and earlier when a two-octet letter straddles it, for every offset.
func TestFoldKeepsCharacters(t *testing.T) {
	t.Parallel()
	for pad := 0; pad < 4; pad++ {
		summary := strings.Repeat("a", pad) + strings.Repeat("ж", 200)
		var buf bytes.Buffer
		err := ical.Write(&buf, ical.Calendar{ProdID: "p", Events: []ical.Event{{UID: "u", Summary: summary}}})
		if err != nil {
			t.Fatal(err)
		}
		_, events := parse(t, buf.Bytes())
		if got := events[0]["SUMMARY"].value; got != summary {
			t.Errorf("pad %d: summary read back as %q", pad, got)
		}
	}
}

func ExampleText() {
	fmt.Println(ical.Text("Кубок; 1-й этап, Майкоп\nзал \\ 2"))
	// Output: Кубок\; 1-й этап\, Майкоп\nзал \\ 2
}
