package tournament_test

import (
	"context"
	"errors"
	"testing"

	"adiukh/tournament"
	"adiukh/tournament/engines"
	registration "adiukh/tournament/players"
)

// A player's rank or title is read as people type it and kept as the rule
// book of the event's game writes it; one the game does not know is
// refused at its field.
func TestPlayerTitles(t *testing.T) {
	t.Parallel()
	forEachService(t, engines.Options(), func(t *testing.T, ctx context.Context, svc *tournament.Service) {
		event := func(game string) *tournament.Event {
			e, err := svc.CreateEvent(ctx, tournament.EventInput{Name: ptr("Первенство " + game), Game: ptr(game), Discipline: ptr("standard"), System: ptr("swiss"), Rounds: ptr(5)})
			if err != nil {
				t.Fatal(err)
			}
			return e
		}
		russian, international := event("russian"), event("international")
		p, err := registration.NewService(svc).RegisterPlayer(ctx, russian.ID, tournament.PlayerInput{Name: ptr("Иванов Иван"), Title: ptr("кмс")})
		if err != nil || p.Title != "КМС" {
			t.Fatalf("registered with «кмс»: %+v, %v; want КМС", p, err)
		}
		if p, err = registration.NewService(svc).UpdatePlayer(ctx, russian.ID, p.ID, tournament.PlayerInput{Title: ptr("I юн.")}, ""); err != nil || p.Title != "1ю" {
			t.Fatalf("changed to «I юн.»: %+v, %v; want 1ю", p, err)
		}
		_, err = registration.NewService(svc).UpdatePlayer(ctx, russian.ID, p.ID, tournament.PlayerInput{Title: ptr("GMI")}, "")
		var bad *tournament.Error
		if !errors.As(err, &bad) || bad.Field != "title" {
			t.Fatalf("an FMJD title in a Russian draughts event: %v; want an error at title", err)
		}
		players, err := svc.Players(ctx, russian.ID)
		if err != nil || players[0].Title != "1ю" {
			t.Fatalf("stored %+v, %v; want 1ю kept", players, err)
		}
		if p, err = registration.NewService(svc).UpdatePlayer(ctx, russian.ID, p.ID, tournament.PlayerInput{Title: ptr("")}, ""); err != nil || p.Title != "" {
			t.Fatalf("emptied: %+v, %v; want no title", p, err)
		}
		if p, err = registration.NewService(svc).RegisterPlayer(ctx, international.ID, tournament.PlayerInput{Name: ptr("Petrov Pavel"), Title: ptr("gmi")}); err != nil || p.Title != "GMI" {
			t.Fatalf("an international event's «gmi»: %+v, %v; want GMI", p, err)
		}
	})
}
