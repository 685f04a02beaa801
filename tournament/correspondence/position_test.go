package correspondence

import (
	"fmt"
	"testing"

	"adiukh/tournament"
)

// longGame plays the last legal move of each position, up to plies plies or
// the game's end, by the rules of k: the moves a game of that length
// stores.
func longGame(tb testing.TB, k tournament.GameKind, plies int) (*Game, []Move) {
	tb.Helper()
	s := k.Rules().Start()
	var moves []Move
	for ply := 1; ply <= plies && !s.Outcome().Over; ply++ {
		legal := s.Moves()
		m := legal[len(legal)-1]
		moves = append(moves, Move{Ply: ply, Notation: m.Notation, Position: m.After.Notation()})
		s = m.After
	}
	return &Game{ID: 1, Position: s.Notation(), ToMove: s.ToMove(), Ply: len(moves)}, moves
}

// What reading a game's state costs a move of a long game of each game,
// to compare with the move's other work (reads and writes of the game's
// rows): Adiukh's is its stored position read, Russian draughts' its
// moves replayed from the start.
func BenchmarkStateOf(b *testing.B) {
	for _, k := range tournament.GameKinds {
		e := &tournament.Event{Game: k}
		g, moves := longGame(b, k, 120)
		b.Run(fmt.Sprintf("%s/%d-plies", k, len(moves)), func(b *testing.B) {
			for b.Loop() {
				if _, err := stateOf(e, &Settings{}, g, moves); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// A replay that does not lead to the stored position is an error, never a
// game played on from the wrong position.
func TestReplayChecksTheStoredPosition(t *testing.T) {
	for _, k := range tournament.GameKinds {
		e := &tournament.Event{Game: k}
		g, moves := longGame(t, k, 40)
		if _, err := replay(e, &Settings{}, g, moves); err != nil {
			t.Fatalf("%s: %v", k, err)
		}
		if _, err := replay(e, &Settings{}, g, moves[:len(moves)-1]); err == nil {
			t.Errorf("%s: a replay one move short was taken for the game", k)
		}
		moves[3].Notation = "a1-a2"
		if _, err := replay(e, &Settings{}, g, moves); err == nil {
			t.Errorf("%s: a stored move that cannot be played was replayed", k)
		}
	}
}
