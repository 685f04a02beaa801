package rules_test

import (
	"testing"

	"adiukh/rules"
)

func TestParseTitle(t *testing.T) {
	fmjdAndNational := append(append(rules.Titles{}, rules.FMJDTitles...), rules.NationalTitles...)
	for _, tc := range []struct {
		titles rules.Titles
		typed  string
		want   string // "" when none
	}{
		{rules.NationalTitles, "КМС", "КМС"},
		{rules.NationalTitles, " кмс ", "КМС"},
		{rules.NationalTitles, "кандидат в мастера спорта", "КМС"},
		{rules.NationalTitles, "I", "I"},
		{rules.NationalTitles, "1", "I"},
		{rules.NationalTitles, "1 разряд", "I"},
		{rules.NationalTitles, "первый спортивный разряд", "I"},
		{rules.NationalTitles, "iii", "III"},
		{rules.NationalTitles, "1ю", "1ю"},
		{rules.NationalTitles, "I юн.", "1ю"},
		{rules.NationalTitles, "2 юношеский разряд", "2ю"},
		{rules.NationalTitles, "3юн", "3ю"},
		{rules.NationalTitles, "ГР", "ГР"},
		{rules.NationalTitles, "Гроссмейстер России", "ГР"},
		{rules.NationalTitles, "мастер спорта", "МС"},
		{rules.NationalTitles, "МСМК", "МСМК"},
		{rules.NationalTitles, "GMI", ""},
		{rules.NationalTitles, "мастер", ""},
		{rules.NationalTitles, "", ""},
		{rules.NationalTitles, "4", ""},
		{fmjdAndNational, "gmi", "GMI"},
		{fmjdAndNational, "международный мастер", "MI"},
		{fmjdAndNational, "CMFF", "CMFF"},
		{fmjdAndNational, "кмс", "КМС"},
	} {
		t.Run(tc.typed, func(t *testing.T) {
			got, ok := tc.titles.Parse(tc.typed)
			if ok != (tc.want != "") || got.Notation != tc.want {
				t.Fatalf("Parse(%q) = %q, %v; want %q", tc.typed, got.Notation, ok, tc.want)
			}
		})
	}
}

func TestTitleLevels(t *testing.T) {
	all := append(append(rules.Titles{}, rules.FMJDTitles...), rules.NationalTitles...)
	for _, ts := range []rules.Titles{rules.NationalTitles, rules.FMJDTitles} {
		for i := 1; i < len(ts); i++ {
			if ts[i].Level > ts[i-1].Level {
				t.Errorf("%s (level %d) is listed below %s (level %d): the vocabulary is highest first", ts[i].Notation, ts[i].Level, ts[i-1].Notation, ts[i-1].Level)
			}
		}
	}
	for _, title := range all {
		if got, _ := all.Parse(title.Notation); got.Notation != title.Notation {
			t.Errorf("%s parses as %q", title.Notation, got.Notation)
		}
	}
	if all.Level("КМС") <= all.Level("I") || all.Level("нет") != 0 {
		t.Fatalf("levels: КМС %d, I %d, unknown %d", all.Level("КМС"), all.Level("I"), all.Level("нет"))
	}
}
