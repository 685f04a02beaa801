package people_test

import (
	"context"
	"testing"

	"adiukh/tournament"
	"adiukh/tournament/people"
	"adiukh/tournament/store/storetest"
)

// A person's page tells its signed-in reader their own request and, once
// it is confirmed, their person, read with the page; another reader and
// an anonymous one get neither.
func TestPersonPageShowsTheReadersOwnLink(t *testing.T) {
	t.Parallel()
	st := storetest.SQLite(t)
	_, register := services(st)
	arbiter := arbiterContext(t, st)
	ann := playerAccount(t, st, "ann@example.org", "Анна")
	bob := playerAccount(t, st, "bob@example.org", "Борис")
	person, err := register.CreatePerson(arbiter, people.PersonInput{Surname: ptr("Тлехас"), GivenNames: ptr("Анна")})
	if err != nil {
		t.Fatal(err)
	}
	claim, err := register.ClaimPerson(ann, person.ID)
	if err != nil {
		t.Fatal(err)
	}
	if v, err := register.PersonPage(ann, person.ID); err != nil || v.Mine != nil || v.Claim == nil || v.Claim.Status != tournament.ClaimPending {
		t.Errorf("Ann's page while her request waits: mine %+v, request %+v (%v)", v.Mine, v.Claim, err)
	}
	if err := register.DecideClaim(arbiter, claim.ID, true, ""); err != nil {
		t.Fatal(err)
	}
	if v, err := register.PersonPage(ann, person.ID); err != nil || v.Mine == nil || v.Mine.ID != person.ID || v.Claim.Status != tournament.ClaimConfirmed {
		t.Errorf("Ann's page once linked: mine %+v, request %+v (%v)", v.Mine, v.Claim, err)
	}
	for name, reader := range map[string]context.Context{"Boris": bob, "an anonymous reader": context.Background()} {
		if v, err := register.PersonPage(reader, person.ID); err != nil || v.Mine != nil || v.Claim != nil {
			t.Errorf("%s's view of Ann's page: mine %+v, request %+v (%v)", name, v.Mine, v.Claim, err)
		}
	}
}
