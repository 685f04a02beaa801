package micromatch_test

import (
	"context"
	"testing"

	"adiukh/tournament"
	"adiukh/tournament/micromatch"
	registration "adiukh/tournament/players"
	"adiukh/tournament/store/storetest"
)

// The games of a micro-match played live on the server get their results
// there: the desk's entry of a game's result is refused.
func TestMicroGameOnTheServerRefused(t *testing.T) {
	forEachService(t, func(t *testing.T, ctx context.Context, events *tournament.Service, svc *micromatch.Service) {
		e, err := events.CreateEvent(ctx, tournament.EventInput{Name: ptr("Блиц онлайн"), Game: ptr("russian"), Discipline: ptr("blitz"),
			System: ptr("round-robin"), TimeControl: ptr("3+2"), Online: ptr(true), MicroMatch: ptr("round")})
		if err != nil {
			t.Fatal(err)
		}
		for _, name := range []string{"Иванов Иван", "Петров Пётр"} {
			if _, err := registration.NewService(events).RegisterPlayer(ctx, e.ID, tournament.PlayerInput{Name: ptr(name)}); err != nil {
				t.Fatal(err)
			}
		}
		r := storetest.PublishNextRound(t, ctx, events, e.ID)
		_, err = svc.RecordGame(ctx, micromatch.GameInput{EventID: e.ID, Round: 1, Board: 1, Game: 1, Score: "2:0", EndReason: "resignation", Version: r.Games[0].Version})
		if code(err) != tournament.ECONFLICT {
			t.Errorf("a live game's result entered at the desk: %v, want ECONFLICT", err)
		}
	})
}
