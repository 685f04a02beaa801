package relay_test

import (
	"context"
	"testing"

	"adiukh/tournament"
	"adiukh/tournament/engines"
	registration "adiukh/tournament/players"
	"adiukh/tournament/relay"
	"adiukh/tournament/store"
)

// relayed is an event of game over the board with round 1 published: four
// players on two boards.
type relayed struct {
	st      *store.Store
	arbiter context.Context
	events  *tournament.Service
	relay   *relay.Service
	event   *tournament.Event
	round   *tournament.Round
	// names are the players of each board, White then Black.
	names map[int][2]string
}

func newRelayed(t *testing.T, st *store.Store, arbiter context.Context, game string, opt relay.Options) *relayed {
	t.Helper()
	svc := tournament.NewService(st, engines.Options())
	name, discipline, system, rounds, clock := "Чемпионат", "rapid", "swiss", 3, "15+10"
	e, err := svc.CreateEvent(arbiter, tournament.EventInput{Name: &name, Game: &game, Discipline: &discipline, System: &system, Rounds: &rounds, TimeControl: &clock})
	if err != nil {
		t.Fatal(err)
	}
	players := map[int64]string{}
	for i, n := range []string{"Иванов Иван", "Петров Пётр", "Сидоров Сидор", "Кузнецов Кузьма"} {
		rating := 2000 - 100*i
		p, err := registration.NewService(svc).RegisterPlayer(arbiter, e.ID, tournament.PlayerInput{Name: &n, Rating: &rating})
		if err != nil {
			t.Fatal(err)
		}
		players[p.ID] = n
	}
	r, err := svc.PairNextRound(arbiter, e.ID)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := svc.PublishRound(arbiter, e.ID, 1); err != nil {
		t.Fatal(err)
	}
	names := map[int][2]string{}
	for _, g := range r.Games {
		names[g.Board] = [2]string{players[g.WhiteID], players[g.BlackID]}
	}
	return &relayed{st: st, arbiter: arbiter, events: svc, relay: relay.NewService(st.Relay(), svc, opt), event: e, round: r, names: names}
}

// pdn is a game of board b as a bridge writes it: the board's players and
// the move text.
func (r *relayed) pdn(b int, moves string) string {
	return "[Event \"Чемпионат\"]\n[White \"" + r.names[b][0] + "\"]\n[Black \"" + r.names[b][1] + "\"]\n\n" + moves + "\n"
}
