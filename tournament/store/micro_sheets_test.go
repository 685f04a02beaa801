package store_test

import (
	"reflect"
	"testing"

	"adiukh/tournament"
	"adiukh/tournament/micromatch"
	"adiukh/tournament/store"
)

// A micro-match board keeps its two games' sheets with their reports: read
// back as written, a problem with its message by key, the game without a
// sheet as none.
func TestMicroSheetsStored(t *testing.T) {
	t.Parallel()
	forEachDB(t, func(t *testing.T, st *store.Store) {
		_, e := seedEvent(t, st)
		players := []tournament.Player{
			{EventID: e.ID, StartNo: 1, Name: "Хуаде Аслан", Rating: 1800, FirstRound: 1},
			{EventID: e.ID, StartNo: 2, Name: "Ёлкина Анна", Rating: 1700, FirstRound: 1},
		}
		round := &tournament.Round{EventID: e.ID, Number: 1, Status: tournament.Published,
			Openings: []tournament.DrawnOpening{{Number: 1, Name: "1-I", Moves: []string{"a3-b4", "b6-a5", "b2-a3", "a7-b6", "a1-b2", "d6-c5"}}}}
		update(t, st, func(tx tournament.Tx) error {
			for i := range players {
				if err := tx.CreatePlayer(&players[i]); err != nil {
					return err
				}
			}
			round.Games = []tournament.Game{{Board: 1, WhiteID: players[0].ID, BlackID: players[1].ID, WhiteNo: 1, BlackNo: 2}}
			return tx.CreateRound(round)
		})
		game := round.Games[0]
		game.Version = 1
		report, err := micromatch.CheckSheet(tournament.GameKind("russian"), &round.Openings[0], "4. g3-h4")
		if err != nil {
			t.Fatal(err)
		}
		if report.Valid || len(report.Errors) == 0 || report.Errors[0].Detail.Format == "" {
			t.Fatalf("a move against the compulsory capture: %+v", report)
		}
		game.MicroGames[0] = &tournament.Result{White: 2, Black: 0, EndReason: tournament.Resignation}
		game.MicroSheets[0] = tournament.MicroSheet{Sheet: "4. g3-h4", Report: &report, OverrideReason: "записан не тот ход"}
		update(t, st, func(tx tournament.Tx) error { return tx.UpdateGame(&game) })
		update(t, st, func(tx tournament.Tx) error {
			rounds, err := tx.Rounds(e.ID)
			if err != nil {
				return err
			}
			got := rounds[0].Games[0]
			if !reflect.DeepEqual(got.MicroSheets, game.MicroSheets) {
				t.Errorf("the games' sheets read back as\n%+v\n%+v\nwant\n%+v\n%+v", got.MicroSheets, got.MicroSheets[0].Report, game.MicroSheets, game.MicroSheets[0].Report)
			}
			return nil
		})
	})
}
