package store_test

import (
	"context"
	"fmt"
	"runtime"
	"testing"

	"adiukh/tournament"
	"adiukh/tournament/store/storetest"
)

// Issue 59.5: reading an event's rounds allocates a few hundred bytes a
// game, not kilobytes: a games row read with the round, the players and
// their events' rows beside it (1,672 bytes, in a slice doubled as it
// grew) made a 4,096-player, 60-round event's read 1.5 GB, which the
// process kept from the system after. Not parallel, so that no other
// test's allocations are counted.
func TestReadingRoundsAllocatesLittleAGame(t *testing.T) {
	st := storetest.SQLite(t)
	_, e := seedEvent(t, st)
	const boards = 2000
	players := make([]tournament.Player, 2*boards)
	for i := range players {
		players[i] = tournament.Player{EventID: e.ID, StartNo: i + 1, Name: fmt.Sprintf("Игрок %04d", i+1), FirstRound: 1}
	}
	update(t, st, func(tx tournament.Tx) error {
		if err := tx.CreatePlayers(players); err != nil {
			return err
		}
		round := &tournament.Round{EventID: e.ID, Number: 1, Status: tournament.Published}
		for b := range boards {
			round.Games = append(round.Games, tournament.Game{Board: b + 1, WhiteID: players[2*b].ID, BlackID: players[2*b+1].ID,
				Result: &tournament.Result{White: 17, Black: 7, EndReason: tournament.FinalPosition}})
		}
		return tx.CreateRound(round)
	})
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	err := st.View(context.Background(), func(tx tournament.Tx) error {
		rounds, err := tx.Rounds(e.ID)
		if err == nil && (len(rounds) != 1 || len(rounds[0].Games) != boards) {
			err = fmt.Errorf("read %d rounds", len(rounds))
		}
		return err
	})
	runtime.ReadMemStats(&after)
	if err != nil {
		t.Fatal(err)
	}
	if perGame := (after.TotalAlloc - before.TotalAlloc) / boards; perGame > 4000 {
		t.Errorf("reading %d games allocated %d bytes a game", boards, perGame)
	}
}
