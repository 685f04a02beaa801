package ical_test

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
	"time"

	"adiukh/tournament/ical"
	"adiukh/tournament/ical/icaltest"
)

func TestWriteReadsBack(t *testing.T) {
	t.Parallel()
	day := func(s string) time.Time { d, _ := time.Parse(time.DateOnly, s); return d }
	long := strings.Repeat("Первенство Республики Адыгея по шашкам адиюх; ", 4)
	in := ical.Calendar{ProdID: "-//adiukh//calendar//RU", Name: "Календарь, 2026", Refresh: 90 * time.Minute, Events: []ical.Event{
		{UID: "event-1@adiukh", Stamp: time.Date(2026, 11, 20, 10, 30, 0, 0, time.FixedZone("MSK", 3*3600)),
			First: day("2026-12-05"), Last: day("2026-12-07"), Summary: long,
			Location: "Майкоп, ул. Пушкина, 1", Description: "Строка 1\nC:\\path; a,b", URL: "https://adiukh.example/events/1",
			Sequence: 3, Status: ical.Cancelled},
		{UID: "event-2@adiukh", Stamp: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC),
			First: day("2026-12-31"), Last: day("2026-12-31"), Summary: "x" + strings.Repeat("я", 100)},
	}}
	var buf bytes.Buffer
	if err := ical.Write(&buf, in); err != nil {
		t.Fatal(err)
	}
	cal, events := icaltest.Parse(t, buf.Bytes())
	if got := cal.Get("X-WR-CALNAME"); got != in.Name {
		t.Errorf("calendar name %q, want %q", got, in.Name)
	}
	if got, ttl := cal["REFRESH-INTERVAL"], cal.Get("X-PUBLISHED-TTL"); got.Value != "PT90M" || got.Params != "VALUE=DURATION" || ttl != "PT90M" {
		t.Errorf("refresh %+v, TTL %q; want PT90M", got, ttl)
	}
	if len(events) != 2 {
		t.Fatalf("%d events, want 2", len(events))
	}
	for i, want := range []map[string]string{
		{"UID": "event-1@adiukh", "DTSTAMP": "20261120T073000Z", "LAST-MODIFIED": "20261120T073000Z", "SEQUENCE": "3", "STATUS": "CANCELLED",
			"DTSTART": "20261205", "DTEND": "20261208",
			"SUMMARY": long, "LOCATION": "Майкоп, ул. Пушкина, 1", "DESCRIPTION": "Строка 1\nC:\\path; a,b", "URL": "https://adiukh.example/events/1"},
		// One day: DTEND is the next day, across the year's end.
		{"UID": "event-2@adiukh", "DTSTAMP": "20260101T000000Z", "SEQUENCE": "0", "STATUS": "", "DTSTART": "20261231", "DTEND": "20270101", "SUMMARY": "x" + strings.Repeat("я", 100)},
	} {
		for name, value := range want {
			if got := events[i].Get(name); got != value {
				t.Errorf("event %d %s = %q, want %q", i+1, name, got, value)
			}
		}
		for _, name := range []string{"DTSTART", "DTEND"} {
			if p := events[i][name].Params; p != "VALUE=DATE" {
				t.Errorf("event %d %s parameters %q, want VALUE=DATE", i+1, name, p)
			}
		}
	}
}

// A game is an entry of hours: its start and end as UTC date-times, in
// whatever zone they were given, without VALUE=DATE.
func TestWriteTimedEvent(t *testing.T) {
	t.Parallel()
	moscow := time.FixedZone("MSK", 3*3600)
	in := ical.Calendar{ProdID: "p", Events: []ical.Event{{UID: "game-1@adiukh", Stamp: time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC),
		Starts: time.Date(2026, 12, 5, 10, 0, 0, 0, moscow), Ends: time.Date(2026, 12, 5, 11, 30, 0, 0, moscow), Summary: "Тур 1"}}}
	var buf bytes.Buffer
	if err := ical.Write(&buf, in); err != nil {
		t.Fatal(err)
	}
	_, events := icaltest.Parse(t, buf.Bytes())
	for name, want := range map[string]string{"DTSTART": "20261205T070000Z", "DTEND": "20261205T083000Z"} {
		if p := events[0][name]; p.Value != want || p.Params != "" {
			t.Errorf("%s = %+v, want %s without parameters", name, p, want)
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
		_, events := icaltest.Parse(t, buf.Bytes())
		if got := events[0].Get("SUMMARY"); got != summary {
			t.Errorf("pad %d: summary read back as %q", pad, got)
		}
	}
}

func ExampleText() {
	fmt.Println(ical.Text("Кубок; 1-й этап, Майкоп\nзал \\ 2"))
	// Output: Кубок\; 1-й этап\, Майкоп\nзал \\ 2
}
