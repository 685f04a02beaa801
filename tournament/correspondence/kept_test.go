package correspondence_test

import (
	"context"
	"testing"
	"time"

	"adiukh/rules"
	"adiukh/tournament"
	"adiukh/tournament/correspondence"
	"adiukh/tournament/engines"
	"adiukh/tournament/store/storetest"
)

// The event a live move keeps between moves is the event as it is: the
// arbiter's change of the time control, made on another instance of the
// same database, is the next move's increment there; a player's account
// unlinked there no longer moves for the player.
func TestLiveMoveSeesTheArbitersChange(t *testing.T) {
	t.Parallel()
	for name, dsn := range storetest.MigratedDSNs(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			stores := storetest.TwoInstances(t, dsn)
			clk := &clock{now: t0}
			a := correspondence.NewService(stores[0].Correspondence(), correspondence.Options{Pairing: engines.Options().Pairing, Now: clk.Now})
			g := startedLiveGame(t, stores[0], a, clk)
			// Both players' first moves on A: A keeps the event, 3+2. Moves
			// leave the data version as it was.
			version, err := stores[0].DataVersion(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			v := playFirstMoves(t, a, g.sec, clk, g.View, 2)
			if after, err := stores[1].DataVersion(context.Background()); err != nil || after != version {
				t.Errorf("the data version after two moves: %d (%v), want %d as before them", after, err, version)
			}
			if want := 3*time.Minute - time.Second + 2*time.Second; v.Bank[rules.Black] != want {
				t.Fatalf("Black's clock after a move in 1 s at 3+2: %v, want %v", v.Bank[rules.Black], want)
			}
			other := tournament.NewService(stores[1], engines.Options())
			if _, err := other.UpdateEvent(g.sec.ctx, g.sec.eventID, tournament.EventInput{TimeControl: ptr("3+10")}, "исправлен контроль времени"); err != nil {
				t.Fatal(err)
			}
			bank := v.Bank[rules.White]
			v = playFirstMoves(t, a, g.sec, clk, v, 1)
			if want := bank - time.Second + 10*time.Second; v.Bank[rules.White] != want {
				t.Errorf("White's clock after a move in 1 s once the arbiter set 3+10 on the other instance: %v, want %v", v.Bank[rules.White], want)
			}
			black := g.sec.as(v.BlackID)
			if err := other.LinkPlayer(g.sec.ctx, g.sec.eventID, v.BlackID, ""); err != nil {
				t.Fatal(err)
			}
			state, err := v.Kind.Rules().ParseState(v.Position, v.ToMove)
			if err != nil {
				t.Fatal(err)
			}
			_, err = a.Move(black, correspondence.MoveInput{GameID: v.ID, Move: state.Moves()[0].Notation, Ply: v.Ply})
			if tournament.ErrorCode(err) != tournament.EFORBIDDEN {
				t.Errorf("a move of Black's account unlinked on the other instance: %v, want EFORBIDDEN", err)
			}
		})
	}
}
