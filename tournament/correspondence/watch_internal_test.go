package correspondence

import (
	"testing"
	"time"

	"adiukh/tournament"
)

// A move whose call comes after a later version was read (the poll or the
// feed had version 6 read before the move's version 5 was told) does not
// take the place of the newer version, nor wake the watchers for nothing.
func TestMoveToldAfterALaterChange(t *testing.T) {
	var s Service
	signal, stop := s.Watch(7, false)
	defer stop()
	s.moved(&View{Game: Game{ID: 7, Version: 6}})
	<-signal
	s.moved(&View{Game: Game{ID: 7, Version: 5}})
	if v := s.Latest(7, 4); v == nil || v.Version != 6 {
		t.Errorf("the watcher is given %+v, want version 6", v)
	}
	select {
	case <-signal:
		t.Error("the older move woke the watcher")
	default:
	}
}

// A notice makes the next version of a live game from the version kept
// only when it follows it: from that version, with the moves that lead to
// the game's ply; otherwise the game is read. The kept version's moves are
// shared by its watchers and stay as they were.
func TestNoticeFollowsTheVersionKept(t *testing.T) {
	st := &Settings{EventID: 1}
	at := time.Date(2026, 12, 5, 15, 0, 0, 0, time.UTC)
	kept := viewOf(tournament.DefaultGame, &Game{ID: 7, Version: 5, Ply: 1, Live: true, Status: Running, TurnStart: at}, st, nil, at)
	kept.Moves = []Move{{GameID: 7, Ply: 1, Notation: "c3-d4"}}
	game := Game{ID: 7, Version: 6, Ply: 2, Live: true, Status: Running, TurnStart: at.Add(time.Second)}
	move := Move{GameID: 7, Ply: 2, Notation: "f6-g5"}
	next := kept.after(&GameNotice{GameID: 7, Version: 6, From: 5, Game: &game, Moves: []Move{move}}, at.Add(time.Second))
	if next == nil || next.Version != 6 || len(next.Moves) != 2 || next.Moves[1].Notation != "f6-g5" || !next.At.Equal(at.Add(time.Second)) {
		t.Fatalf("the version the notice makes: %+v, want version 6 with both moves", next)
	}
	if len(kept.Moves) != 1 {
		t.Errorf("the kept version's moves became %+v", kept.Moves)
	}
	corr := game
	corr.Live = false
	for name, n := range map[string]GameNotice{
		"another version":   {GameID: 7, Version: 7, From: 6, Game: &Game{ID: 7, Version: 7, Ply: 3, Live: true}, Moves: []Move{{GameID: 7, Ply: 3}}},
		"a move missing":    {GameID: 7, Version: 6, From: 5, Game: &Game{ID: 7, Version: 6, Ply: 3, Live: true}, Moves: []Move{{GameID: 7, Ply: 3}}},
		"the game alone":    {GameID: 7, Version: 6},
		"not a live game":   {GameID: 7, Version: 6, From: 5, Game: &corr, Moves: []Move{move}},
		"a move of another": {GameID: 7, Version: 6, From: 5, Game: &game, Moves: []Move{{GameID: 8, Ply: 2}}},
	} {
		if v := kept.after(&n, at); v != nil {
			t.Errorf("%s: the notice made version %d of the game, want it read", name, v.Version)
		}
	}
	bare := View{Game: kept.Game, Moves: kept.Moves}
	if v := bare.after(&GameNotice{GameID: 7, Version: 6, From: 5, Game: &game, Moves: []Move{move}}, at); v != nil {
		t.Error("a version kept without its settings made the next one")
	}
}
