package people

import "testing"

// Both persons of a merge rated in a list: the rating of the one with more
// games (the kept person's on a tie), the games added up, 2400 reached if
// either did; a list only one has is taken as it is.
func TestMergedStandings(t *testing.T) {
	t.Parallel()
	into := []Standing{{List: "blitz", Rating: 1600, Games: 10}, {List: "standard", Rating: 1800, Games: 40}}
	from := []Standing{{List: "rapid", Rating: 1500, Games: 5}, {List: "standard", Rating: 2410, Games: 41, Reached: true}, {List: "blitz", Rating: 1700, Games: 10}}
	got := mergedStandings(into, from)
	want := []Standing{{List: "blitz", Rating: 1600, Games: 20}, {List: "rapid", Rating: 1500, Games: 5}, {List: "standard", Rating: 2410, Games: 81, Reached: true}}
	if !sameStandings(got, want) {
		t.Errorf("merged %+v, want %+v", got, want)
	}
	if sameStandings(got, into) {
		t.Error("sameStandings finds different standings the same")
	}
}
