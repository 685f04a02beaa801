package entries_test

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"adiukh/tournament"
	"adiukh/tournament/engines"
	"adiukh/tournament/entries"
	"adiukh/tournament/store/storetest"
)

// TestEntryFormToldEveryWrongFieldAtOnce: an entry with a wrong sex, birth
// year and region is refused with all three, each at its field, so that the
// form is corrected in one go, not one error at a time (issue 60, item 6);
// nothing is entered.
func TestEntryFormToldEveryWrongFieldAtOnce(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			svc, ent := tournament.NewService(st, engines.Options()), entries.NewService(st.Entries(), entries.Options{})
			arbiter := storetest.Arbiter(t, st)
			e, _ := storetest.Event(t, arbiter, svc, "swiss", 5)
			if _, err := ent.SetEntries(arbiter, e.ID, entries.EntrySettingsInput{Open: ptr(true)}); err != nil {
				t.Fatal(err)
			}
			ann := playerAccount(t, st, "ann@example.org", "Анна Тлехас")
			_, err := ent.Enter(ann, e.ID, entries.EntryInput{Sex: "x", BirthYear: 3001, Region: strings.Repeat("Адыгея", 20)})
			var refused *tournament.Error
			if !errors.As(err, &refused) || refused.Code != tournament.EINVALID {
				t.Fatalf("the wrong entry: error %v, want EINVALID", err)
			}
			var fields []string
			for _, d := range refused.Details {
				fields = append(fields, d.Field)
			}
			slices.Sort(fields)
			if want := []string{"birth_year", "region", "sex"}; !slices.Equal(fields, want) {
				t.Errorf("the refusal names the fields %v, want %v", fields, want)
			}
			if list, err := ent.Entries(arbiter, e.ID); err != nil || len(list.Entries) != 0 {
				t.Errorf("entries after the refusal: %v, %v", list, err)
			}
		})
	}
}
