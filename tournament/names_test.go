package tournament_test

import (
	"testing"

	"adiukh/tournament"
)

// TestNames checks that every discipline and system has its own name in each
// language, so that no printed header is blank, left in API spelling or
// shared by two values.
func TestNames(t *testing.T) {
	type entry struct {
		id     string
		ru, en string
	}
	var all []entry
	for _, d := range tournament.Disciplines {
		ru, en := d.Names()
		all = append(all, entry{string(d), ru, en})
	}
	for _, s := range tournament.Systems {
		ru, en := s.Names()
		all = append(all, entry{string(s), ru, en})
	}
	owner := map[string]string{}
	for _, e := range all {
		t.Run(e.id, func(t *testing.T) {
			for _, name := range []string{e.ru, e.en} {
				if name == "" || name == e.id {
					t.Errorf("%s is named %q, want a name for people", e.id, name)
				}
				if other, ok := owner[name]; ok && other != e.id {
					t.Errorf("%s and %s are both named %q", other, e.id, name)
				}
				owner[name] = e.id
			}
		})
	}
	if ru, en := tournament.Discipline("chess").Names(); ru != "chess" || en != "chess" {
		t.Errorf("an unknown discipline is named %q/%q, want its API spelling", ru, en)
	}
}
