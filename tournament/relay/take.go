package relay

import (
	"fmt"
	"time"

	"adiukh/rules"
	"adiukh/tournament"
)

// Taken is what a board's relay took of what a source sent.
type Taken struct {
	Board  int
	Plies  int
	FEN    string
	Status Status
	// Proposed is the result the board proposes, nil when none.
	Proposed *tournament.Result
	// Stop is why the board stopped, as a note (key and arguments); "" when
	// it did not.
	Stop    string
	StopPly int
	// Err is why nothing of a game of a whole round's feed was taken (no
	// board matched it); the other games go on.
	Err error
	// White and Black are the names the game's feed gave.
	White, Black string
}

func takenOf(b *Board) *Taken {
	t := &Taken{Board: b.Board, Plies: len(b.Plies), Status: b.Status, Proposed: b.Proposed, Stop: b.Stop, StopPly: b.StopPly}
	if n := len(b.Plies); n > 0 {
		t.FEN = b.Plies[n-1].FEN
	}
	return t
}

// pairing is a board of a round as the relay checks it: its game and its
// players' names.
type pairing struct {
	ev           *tournament.Event
	round        *tournament.Round
	game         *tournament.Game
	white, black string
}

// change is what taking a feed did to a board, for its audit entry.
type change struct {
	// corrected: the feed went back; from is the first ply replaced (1-based)
	// and before the moves it replaced.
	corrected bool
	from      int
	before    []string
	stopped   bool
	changed   bool
}

// take applies one game of a feed to the board: the moves the rules
// replayed, a correction where the feed differs from the board's record,
// a stop at a refused move, a proposed result at the game's end. Nothing
// before the first difference is lost.
func take(b *Board, p pairing, fg feedGame, now time.Time) change {
	var ch change
	b.LastHeard, b.Failures = now, 0
	if fg.Garbled {
		ch.stopped = stop(b, 0, stoppedByFeed, tournament.Note("note.relay.garbled"))
		ch.changed = ch.stopped
		return ch
	}
	if !namesFit(fg.White, p.white) || !namesFit(fg.Black, p.black) {
		ch.stopped = stop(b, 0, stoppedByFeed, tournament.Note("note.relay.other_game", fg.White, fg.Black, p.white, p.black))
		ch.changed = ch.stopped
		return ch
	}
	same := 0
	for same < len(b.Plies) && same < len(fg.Plies) && b.Plies[same].Move == fg.Plies[same].Move {
		same++
	}
	if same < len(b.Plies) {
		ch.corrected, ch.from, ch.changed = true, same+1, true
		for _, p := range b.Plies[same:] {
			ch.before = append(ch.before, p.Move)
		}
	}
	if len(fg.Plies) != len(b.Plies) || ch.corrected || clocksDiffer(b.Plies, fg.Plies) {
		ch.changed = true
	}
	b.Plies = append(b.Plies[:same:same], fg.Plies[same:]...)
	for i := range min(same, len(fg.Plies)) {
		b.Plies[i].Clock = fg.Plies[i].Clock
	}
	if fg.Bad != nil {
		ch.stopped = stop(b, fg.Bad.Ply, stoppedByFeed, tournament.Note("note.relay.illegal", fg.Bad.Ply, fg.Bad.Text, fg.Bad.Detail))
		ch.changed = ch.changed || ch.stopped
		return ch
	}
	if b.Status == Stopped && b.StoppedBy == stoppedByArbiter {
		return ch // the arbiter's stop waits for the arbiter; the moves are kept
	}
	was := *b
	b.Stop, b.StopPly, b.StoppedBy = "", 0, ""
	switch {
	case fg.Over != nil:
		b.Status, b.Proposed = Ended, fg.Over
	case fg.Result != nil:
		b.Status, b.Proposed = Ended, fg.Result
	default:
		b.Status, b.Proposed = Playing, nil
	}
	if was.Status != b.Status || was.Stop != "" || !sameResult(was.Proposed, b.Proposed) {
		ch.changed = true
	}
	return ch
}

// stop stops the board at ply with the note; false when it stood so
// already.
func stop(b *Board, ply int, by, note string) bool {
	if b.Status == Stopped && b.Stop == note && b.StopPly == ply {
		return false
	}
	b.Status, b.Stop, b.StopPly, b.StoppedBy, b.Proposed = Stopped, note, ply, by, nil
	return true
}

// namesFit: a name the feed leaves out ("", "?") fits any player; one it
// gives must name the board's player (the same name, or the surname).
func namesFit(written, player string) bool {
	switch written {
	case "", "?", "-":
		return true
	}
	return tournament.SameFolded(written, player) || tournament.NamesPlayer(written, player)
}

func clocksDiffer(a, b []Ply) bool {
	for i := range min(len(a), len(b)) {
		x, y := a[i].Clock, b[i].Clock
		if (x == nil) != (y == nil) || x != nil && *x != *y {
			return true
		}
	}
	return false
}

func sameResult(a, b *tournament.Result) bool {
	return (a == nil) == (b == nil) && (a == nil || *a == *b)
}

// moveTexts are the moves of plies.
func moveTexts(plies []Ply) []string {
	out := make([]string, len(plies))
	for i, p := range plies {
		out[i] = p.Move
	}
	return out
}

// record is the relayed game as its score sheet: PDN with the board's
// players and the result, replayed by the rules of the game, as a player
// uploading the game's PDN would give it.
func record(e *tournament.Event, p pairing, plies []Ply, res tournament.Result) (string, error) {
	text := fmt.Sprintf("[Event %q]\n[Round \"%d\"]\n[White %q]\n[Black %q]\n\n", e.Name, p.round.Number, p.white, p.black)
	for i, m := range plies {
		if i%2 == 0 {
			text += fmt.Sprintf("%d. ", i/2+1)
		}
		text += m.Move + " "
	}
	text += "*\n"
	verdicts := e.Game.Rules().ValidateGames(text)
	if len(verdicts) == 0 || verdicts[0].PDNWith == nil {
		return "", fmt.Errorf("relay: the record of round %d board %d does not replay", p.round.Number, p.game.Board)
	}
	return verdicts[0].PDNWith(rules.Score{White: res.White, Black: res.Black}, rules.EndReason(res.EndReason)), nil
}
