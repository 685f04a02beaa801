package demo_test

import (
	"context"
	"testing"

	"adiukh/internal/demo"
	"adiukh/tournament"
	"adiukh/tournament/engines"
	"adiukh/tournament/ratings"
	"adiukh/tournament/store/storetest"
)

func TestFill(t *testing.T) {
	for name, db := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			id, err := demo.Fill(context.Background(), db, engines.Options(), "demo@example.org", "пароль демо")
			if err != nil {
				t.Fatal(err)
			}
			svc := tournament.NewService(db, engines.Options())
			d, err := svc.EventData(context.Background(), id)
			if err != nil {
				t.Fatal(err)
			}
			if d.Event.Status != tournament.Finished || len(d.Players) != 8 || len(d.Rounds) != 7 {
				t.Fatalf("demo event: status %s, %d players, %d rounds; want finished, 8, 7", d.Event.Status, len(d.Players), len(d.Rounds))
			}
			sheets := 0
			for _, r := range d.Rounds {
				for _, g := range r.Games {
					if g.Result == nil {
						t.Errorf("round %d board %d has no result", r.Number, g.Board)
					}
					if g.Sheet == "" {
						continue
					}
					sheets++
					if !g.SheetReport.Valid || g.SheetReport.FinalScore != g.Result.Score() {
						t.Errorf("round %d board %d: sheet valid=%v ends %s, result %s", r.Number, g.Board, g.SheetReport.Valid, g.SheetReport.FinalScore, g.Result.Score())
					}
				}
			}
			if sheets != 4 {
				t.Errorf("%d games have sheets, want 4", sheets)
			}
			st, err := svc.Standings(context.Background(), id, 0)
			if err != nil {
				t.Fatal(err)
			}
			if st.AfterRound != 7 || len(st.Rows) != 8 {
				t.Errorf("standings after round %d with %d rows; want 7 and 8", st.AfterRound, len(st.Rows))
			}
			for _, p := range d.Players {
				if p.PersonID == 0 {
					t.Errorf("player %s is no person of the register", p.Name)
				}
			}
			// The rapid list is published with the event's 28 games: every
			// player has 7 and a rating moved from the initial 1500.
			list, err := ratings.NewService(db.Ratings(), ratings.Options{}).Read(context.Background(), ratings.Rapid, ratings.Filter{})
			if err != nil {
				t.Fatal(err)
			}
			if list.Period == nil || list.Period.Games != 28 || len(list.Rows) != 8 {
				t.Fatalf("rapid list: period %+v with %d rows; want 28 games and 8 rows", list.Period, len(list.Rows))
			}
			for _, r := range list.Rows {
				if r.Games != 7 || !r.Played || r.Rating != 1500+r.Change {
					t.Errorf("%s: %d games, rating %d (%+d), played %v; want 7 games from 1500", r.Person.Surname, r.Games, r.Rating, r.Change, r.Played)
				}
			}
		})
	}
}
