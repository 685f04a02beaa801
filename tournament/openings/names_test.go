package openings_test

import (
	"adiukh/rules/russian"
	"regexp"
	"slices"
	"testing"

	"adiukh/tournament/openings"
)

// debut is a debut of Russian draughts as the naming source defines it: the
// moves from the start that make it, each list one way it is reached.
type debut struct {
	ru, en string
	starts [][]string
}

// debuts are the definitions the default table's names follow (see its
// source), written out here from the source, not read from the table.
var debuts = []debut{
	{"Игра Бодянского", "Bodyansky's game", [][]string{{"a3-b4", "b6-a5", "e3-d4"}}},
	{"Отказанная игра Бодянского", "Declined Bodyansky's game", [][]string{{"a3-b4", "f6-e5"}, {"a3-b4", "h6-g5"}, {"a3-b4", "b6-c5"}}},
	{"Отказанная обратная игра Бодянского", "Declined reverse Bodyansky's game", [][]string{{"c3-d4", "h6-g5", "b2-c3"}, {"c3-d4", "h6-g5", "g3-f4"}}},
	{"Старая партия", "Old game", [][]string{{"c3-d4", "d6-c5", "b2-c3", "e7-d6"}}},
	{"Городская партия", "City game", [][]string{
		{"c3-d4", "d6-c5", "b2-c3", "f6-g5", "c3-b4"}, {"c3-d4", "d6-c5", "d2-c3", "f6-g5", "c3-b4"}, {"c3-d4", "d6-c5", "b2-c3", "f6-g5", "g3-f4"}}},
	{"Игра Романычева", "Romanychev's game", [][]string{{"c3-d4", "f6-e5", "d4:f6"}}},
	{"Гибельное начало", "Fatal opening", [][]string{{"c3-d4", "f6-e5", "d4:f6", "g7:e5"}}},
	{"Перекрёсток", "Crossroads", [][]string{{"c3-d4", "d6-e5", "b2-c3", "e7-d6"}}},
	{"Игра Шмульяна", "Shmulyan's game", [][]string{{"e3-f4", "f6-g5", "c3-b4", "g5:e3", "d2:f4"}}},
	{"Игра Каулена", "Kaulen's game", [][]string{{"g3-f4", "f6-e5", "h2-g3"}}},
}

// debutOf is the debut whose moves the opening's begin with, the longest
// definition winning ("Гибельное начало" is a line of "Игра Романычева").
func debutOf(moves []string) (debut, bool) {
	var best debut
	longest := 0
	for _, d := range debuts {
		for _, start := range d.starts {
			if len(start) > longest && len(moves) >= len(start) && slices.Equal(moves[:len(start)], start) {
				best, longest = d, len(start)
			}
		}
	}
	return best, longest > 0
}

var bareCode = regexp.MustCompile(`^[0-9]{1,2}-[IVX]+$`)

// Each opening of the default table whose moves begin with a debut's is
// named by it, Russian and English, its code kept in brackets; any other
// keeps its bare code and no English name.
func TestDefaultOpeningsAreNamedByTheirDebuts(t *testing.T) {
	named := 0
	for _, o := range openings.Default(russian.Variant).Openings {
		code := sourceCode(o.Name)
		if !bareCode.MatchString(code) {
			t.Errorf("opening %d: %q has no FMJD code", o.Number, o.Name)
			continue
		}
		d, ok := debutOf(o.Moves)
		if !ok {
			if o.Name != code || o.NameEn != "" {
				t.Errorf("opening %d %v begins no debut's moves but is named %q / %q", o.Number, o.Moves, o.Name, o.NameEn)
			}
			continue
		}
		named++
		if want := d.ru + " (" + code + ")"; o.Name != want {
			t.Errorf("opening %d %v: name %q, want %q", o.Number, o.Moves, o.Name, want)
		}
		if want := d.en + " (" + code + ")"; o.NameEn != want {
			t.Errorf("opening %d %v: English name %q, want %q", o.Number, o.Moves, o.NameEn, want)
		}
	}
	if named != 50 {
		t.Errorf("%d openings are named by a debut, want 50", named)
	}
}

// A few openings by name, as an arbiter reads them: the debut follows the
// moves, not the first move alone (1.cd4 dc5 2.bc3 is the start of both
// the City game and the Old game).
func TestDefaultOpeningNames(t *testing.T) {
	byNumber := map[int]openings.Opening{}
	for _, o := range openings.Default(russian.Variant).Openings {
		byNumber[o.Number] = o
	}
	for _, c := range []struct {
		number int
		moves  []string
		name   string
	}{
		{262, []string{"c3-d4", "d6-c5", "b2-c3", "f6-g5", "c3-b4", "b6-a5"}, "Городская партия (41-XIV)"},
		{177, []string{"c3-d4", "d6-c5", "b2-c3", "e7-d6", "g3-h4"}, "Старая партия (32-XIV)"},
		{5, []string{"a3-b4", "b6-a5", "e3-d4", "a7-b6", "f2-e3", "b8-a7"}, "Игра Бодянского (1-V)"},
		{71, []string{"c3-d4", "f6-e5", "d4:f6", "g7:e5", "g3-h4"}, "Гибельное начало (5-VII)"},
		{271, []string{"c3-d4", "f6-e5", "d4:f6", "e7:g5", "g3-f4", "d8-e7"}, "Игра Романычева (42-VII)"},
		{1, []string{"a3-b4", "b6-a5", "b2-a3", "a7-b6", "a1-b2", "d6-c5"}, "1-I"},
	} {
		o := byNumber[c.number]
		if !slices.Equal(o.Moves, c.moves) || o.Name != c.name {
			t.Errorf("opening %d is %q %v, want %q %v", c.number, o.Name, o.Moves, c.name, c.moves)
		}
	}
}
