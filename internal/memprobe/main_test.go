package main

import (
	"slices"
	"testing"
)

// An address's kind leaves out its numbers and its query's values, so that
// the 4,096 cards of an event are one kind, read up to -per-kind.
func TestKindLeavesOutNumbersAndValues(t *testing.T) {
	for address, want := range map[string]string{
		"/events/12/players/4021":            "/events/N/players/N",
		"/events/12?round=3&lang=en":         "/events/N?lang&round",
		"/api/v1/events/2/standings.pdf":     "/api/vN/events/N/standings.pdf",
		"/events/12/rounds/60/boards/2048":   "/events/N/rounds/N/boards/N",
		"/events/12/standings?page=7&lang=x": "/events/N/standings?lang&page",
	} {
		if got := kind(address); got != want {
			t.Errorf("kind(%q) = %q; want %q", address, got, want)
		}
	}
}

// -doc-rounds names rounds by number or as first, middle, last or all.
func TestRoundsOfNamesTheRounds(t *testing.T) {
	for list, want := range map[string][]int{
		"first,middle,last": {1, 30, 60},
		"all":               nil,
		"7,first,7":         {1, 7},
	} {
		got := roundsOf(list, 60)
		if list == "all" {
			if len(got) != 60 || got[0] != 1 || got[59] != 60 {
				t.Errorf("roundsOf(all) = %v; want 1…60", got)
			}
			continue
		}
		if !slices.Equal(got, want) {
			t.Errorf("roundsOf(%q) = %v; want %v", list, got, want)
		}
	}
}

// Only the events read, and each address once, below its kind's bound.
func TestAdmitKeepsToTheEventsAndTheBound(t *testing.T) {
	p := &probe{events: []string{"1", "2"}, perKind: 2, seen: map[string]bool{}, perEach: map[string]int{}}
	for _, c := range []struct {
		address string
		want    bool
	}{
		{"/events/1/players/5", true},
		{"/events/1/players/5", false}, // read already
		{"/events/1/players/6", true},
		{"/events/1/players/7", false}, // past the bound of its kind
		{"/events/2/players/7", true},  // the other event's own bound
		{"/events/3/players/1", false}, // not an event read
		{"/users/1", false},
	} {
		if got := p.admit(c.address); got != c.want {
			t.Errorf("admit(%q) = %v; want %v", c.address, got, c.want)
		}
	}
}
