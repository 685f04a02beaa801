package store_test

import (
	"context"
	"fmt"
	"reflect"
	"slices"
	"testing"

	"adiukh/tournament"
	"adiukh/tournament/engines"
	"adiukh/tournament/store/storetest"
)

// Issue 65: what one player's page and calendar read of an event are its
// whole reads narrowed: the rounds without their games, each player's
// games (their start numbers aside), the audit entries of the subjects
// named; on both databases.
func TestOnePlayersReadsAreTheEventsNarrowed(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			ctx := storetest.Arbiter(t, st)
			svc := tournament.NewService(st, engines.Options())
			e, players := storetest.Event(t, ctx, svc, "round-robin", 0, "А", "Б", "В", "Г", "Д")
			for n := 1; n <= 2; n++ {
				if _, err := svc.PairNextRound(ctx, e.ID); err != nil {
					t.Fatal(err)
				}
				if _, err := svc.PublishRound(ctx, e.ID, n); err != nil {
					t.Fatal(err)
				}
			}
			err := st.View(context.Background(), func(tx tournament.Tx) error {
				rounds, err := tx.Rounds(e.ID)
				if err != nil {
					return err
				}
				heads, err := tx.RoundHeads(e.ID)
				if err != nil {
					return err
				}
				if len(heads) != len(rounds) || len(rounds) != 2 {
					t.Fatalf("%d rounds without their games, %d with; want 2", len(heads), len(rounds))
				}
				for i := range heads {
					if len(heads[i].Games) != 0 || heads[i].ID != rounds[i].ID || heads[i].Number != rounds[i].Number || heads[i].Status != rounds[i].Status {
						t.Errorf("round %d without its games: %+v; want %+v without games", i+1, heads[i], rounds[i])
					}
				}
				for _, p := range players {
					var want []tournament.Game
					for _, r := range rounds {
						for _, g := range r.Games {
							if g.WhiteID == p.ID || g.BlackID == p.ID {
								g.WhiteNo, g.BlackNo = 0, 0
								want = append(want, g)
							}
						}
					}
					got, err := tx.PlayerGames(e.ID, p.ID)
					if err != nil {
						return err
					}
					if len(want) == 0 || !reflect.DeepEqual(got, want) {
						t.Errorf("the games of %s: %+v; want %+v", p.Name, got, want)
					}
				}
				if games, err := tx.PlayerGames(e.ID+1, players[0].ID); err != nil || len(games) != 0 {
					t.Errorf("the games of a player in an event they are not in: %v, %v; want none", games, err)
				}
				log, err := tx.Audit(e.ID)
				if err != nil {
					return err
				}
				subjects := []string{"round 2", "round 1 board 1"}
				var want []tournament.AuditEntry
				for _, a := range log {
					if slices.Contains(subjects, a.Subject) {
						want = append(want, a)
					}
				}
				got, err := tx.AuditOf(e.ID, subjects)
				if err != nil {
					return err
				}
				if len(want) == 0 || !reflect.DeepEqual(got, want) {
					t.Errorf("the audit entries of %q: %s; want %s", subjects, fmt.Sprint(got), fmt.Sprint(want))
				}
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
		})
	}
}
