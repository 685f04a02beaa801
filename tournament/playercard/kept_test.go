package playercard_test

import (
	"context"
	"fmt"
	"testing"

	"adiukh/tournament"
	"adiukh/tournament/engines"
	"adiukh/tournament/playercard"
	"adiukh/tournament/store/storetest"
)

// A reader going through the cards of an event ranks it once, not once a
// card (issue 59.3): the cards after the first read their player and the
// kept ranking, a fraction of what the first allocates; a result entered
// after them is on the next card read, on every database.
// It counts allocations, which a test running beside it would add to.
func TestCardsOfOneVersionRankTheEventOnce(t *testing.T) {
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			ctx := storetest.Arbiter(t, st)
			events := tournament.NewService(st, engines.Options())
			names := make([]string, 20)
			for i := range names {
				names[i] = fmt.Sprintf("Игрок %d", i+1)
			}
			e, players := storetest.Event(t, ctx, events, "swiss", 5, names...)
			for round := range 3 {
				r, err := events.PairNextRound(ctx, e.ID)
				if err != nil {
					t.Fatal(err)
				}
				if _, err := events.PublishRound(ctx, e.ID, r.Number); err != nil {
					t.Fatal(err)
				}
				for _, g := range r.Games {
					if g.BlackID == 0 || round == 2 && g.Board == 1 {
						continue
					}
					if _, err := events.RecordResult(ctx, tournament.ResultInput{EventID: e.ID, Round: r.Number, Board: g.Board, Version: g.Version, Score: "17:7", EndReason: "final_position"}); err != nil {
						t.Fatal(err)
					}
				}
			}
			cards := playercard.NewService(st, events)
			card := func(p *tournament.Player) *playercard.PlayerCard {
				_, c, err := cards.PlayerCard(context.Background(), e.ID, p.ID)
				if err != nil {
					t.Fatal(err)
				}
				return c
			}
			// A new service's first card ranks the event.
			first := testing.AllocsPerRun(1, func() {
				if _, _, err := playercard.NewService(st, events).PlayerCard(context.Background(), e.ID, players[0].ID); err != nil {
					t.Fatal(err)
				}
			})
			card(players[0])
			next := 0
			others := testing.AllocsPerRun(1, func() { card(players[1+next%18]); next++ })
			if others*4 > first {
				t.Errorf("a card after the first allocates %.0f, the first %.0f: each card ranks the event again", others, first)
			}

			r, err := events.Round(ctx, e.ID, 3)
			if err != nil {
				t.Fatal(err)
			}
			board := r.Games[0]
			if pending := card(&tournament.Player{ID: board.WhiteID}).Pending; len(pending) != 1 {
				t.Fatalf("round 3's first board waits for its result; its White's card has %d games pending", len(pending))
			}
			if _, err := events.RecordResult(ctx, tournament.ResultInput{EventID: e.ID, Round: 3, Board: board.Board, Version: board.Version, Score: "13:11", EndReason: "final_position"}); err != nil {
				t.Fatal(err)
			}
			white := card(&tournament.Player{ID: board.WhiteID})
			if len(white.Pending) != 0 || white.AfterRound != 3 || white.Games[len(white.Games)-1].Score != "13:11" {
				t.Errorf("after the result of round 3's first board, its White's card: pending %d, after round %d, last game %+v",
					len(white.Pending), white.AfterRound, white.Games[len(white.Games)-1])
			}
		})
	}
}
