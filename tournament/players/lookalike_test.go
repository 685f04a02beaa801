package players_test

import (
	"context"
	"strings"
	"testing"

	"adiukh/tournament"
	"adiukh/tournament/engines"
	registration "adiukh/tournament/players"
)

// One player registered on his own is checked for a lookalike as a list
// is: a name that may be his as the register reads names (the words in any
// order, ё = е, a missing patronymic, Latin letters), or the same
// federation ID, waits for the confirmation; a different person does not.
func TestRegisterPlayerLookalike(t *testing.T) {
	t.Parallel()
	forEachService(t, engines.Options(), func(t *testing.T, ctx context.Context, svc *tournament.Service) {
		e, err := svc.CreateEvent(ctx, tournament.EventInput{Name: ptr("Кубок"), Discipline: ptr("rapid"), System: ptr("swiss"), Rounds: ptr(5)})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := registration.NewService(svc).RegisterPlayer(ctx, e.ID, tournament.PlayerInput{Name: ptr("Ёлкин Олег"), FederationID: ptr("RUS-41")}); err != nil {
			t.Fatal(err)
		}
		for _, in := range []tournament.PlayerInput{
			{Name: ptr("елкин ОЛЕГ")},
			{Name: ptr("Ёлкин   Олег")},
			{Name: ptr("Хуаде Аслан"), FederationID: ptr("rus-41")},
			// The words in another order, with the patronymic, in Latin.
			{Name: ptr("Олег Елкин")},
			{Name: ptr("Ёлкин Олег Петрович")},
			{Name: ptr("Oleg Elkin")},
		} {
			_, err := registration.NewService(svc).RegisterPlayer(ctx, e.ID, in)
			if tournament.ErrorCode(err) != tournament.ECONFLICT || !strings.HasPrefix(err.Error(), "confirm_duplicates:") {
				t.Errorf("%s: %v; want ECONFLICT on confirm_duplicates", *in.Name, err)
			}
			in.ConfirmDuplicate = true
			if _, err := registration.NewService(svc).RegisterPlayer(ctx, e.ID, in); err != nil {
				t.Errorf("%s confirmed: %v", *in.Name, err)
			}
		}
		for _, other := range []string{"Ёлкина Ольга", "Ёлкин Олег Иванович Смирнов", "Ёлкин Оскар"} {
			if _, err := registration.NewService(svc).RegisterPlayer(ctx, e.ID, tournament.PlayerInput{Name: ptr(other)}); err != nil {
				t.Errorf("a different name %s: %v", other, err)
			}
		}
	})
}
