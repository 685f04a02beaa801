package standings

import "slices"

// ID names a tie-break. IDs are stable: events store them and the API keys
// tie-break values by them.
type ID string

// The tie-breaks; docs/tiebreaks.md defines each one.
const (
	AdiukhPoints    ID = "adiukh-points"
	Buchholz        ID = "buchholz"
	BuchholzCut1    ID = "buchholz-cut1"
	BuchholzMedian  ID = "buchholz-median"
	SonnebornBerger ID = "sonneborn-berger"
	Shmulyan        ID = "shmulyan"
	DirectEncounter ID = "direct-encounter"
	Wins            ID = "wins"
	BlackGames      ID = "black-games"
	BlackWins       ID = "black-wins"
	Progressive     ID = "progressive"
	ARO             ID = "aro"
	TPR             ID = "tpr"
	// MicroMatchPoints is what the rounds score as won, drawn and lost games
	// of the table: for micro-matches of two games counted by their games'
	// points, the micro-matches' results (issue 51).
	MicroMatchPoints ID = "micro-match-points"
)

// TieBreak describes one registered tie-break. Its names for people are in
// the catalogue (tournament/catalog) as tiebreak.<ID>.
type TieBreak struct {
	ID ID
}

var registry = []TieBreak{
	{AdiukhPoints},
	{Buchholz},
	{BuchholzCut1},
	{BuchholzMedian},
	{SonnebornBerger},
	{Shmulyan},
	{DirectEncounter},
	{Wins},
	{BlackGames},
	{BlackWins},
	{Progressive},
	{ARO},
	{TPR},
	{MicroMatchPoints},
}

// All returns every registered tie-break in a fixed order.
func All() []TieBreak { return slices.Clone(registry) }

// Lookup finds a registered tie-break by ID.
func Lookup(id ID) (TieBreak, bool) {
	i := slices.IndexFunc(registry, func(t TieBreak) bool { return t.ID == id })
	if i < 0 {
		return TieBreak{}, false
	}
	return registry[i], true
}

// SwissPreset is the default order for Swiss events: the Buchholz family
// first, as FIDE's regulations recommend for Swiss tournaments, then the
// quality of the wins, the games between the tied players, and the Adiukh
// points as the last and finest separator.
func SwissPreset() []ID {
	return []ID{BuchholzCut1, Buchholz, SonnebornBerger, DirectEncounter, Wins, AdiukhPoints}
}

// RoundRobinPreset is the default order for round robins, where everyone
// met everyone: the games between the tied players first, then
// Sonneborn-Berger, wins and Adiukh points.
func RoundRobinPreset() []ID {
	return []ID{DirectEncounter, SonnebornBerger, Wins, AdiukhPoints}
}
