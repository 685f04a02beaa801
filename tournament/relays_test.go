package tournament

import "testing"

// Only a published round of single games played over the board is relayed:
// the relay's doors and the desk's link ask the same question.
func TestEventRelays(t *testing.T) {
	published, draft := &Round{Number: 1, Status: Published}, &Round{Number: 2, Status: Draft}
	cases := []struct {
		name  string
		event Event
		round *Round
		want  bool
	}{
		{"over the board", Event{System: RoundRobin}, published, true},
		{"a draft", Event{System: RoundRobin}, draft, false},
		{"played live", Event{System: RoundRobin, Online: true}, published, false},
		{"a knockout", Event{System: Knockout}, published, false},
		{"cancelled", Event{System: RoundRobin, Status: Cancelled}, published, false},
	}
	for _, c := range cases {
		if got := c.event.Relays(c.round) == nil; got != c.want {
			t.Errorf("%s: relayed %v, want %v", c.name, got, c.want)
		}
	}
	if !(&Event{System: Knockout}).ResultsOnBracket() || (&Event{System: Swiss}).ResultsOnBracket() {
		t.Errorf("only a knockout's results are entered on its bracket")
	}
}
