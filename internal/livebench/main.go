// Command livebench is the load client of scripts/bench-live: it measures
// live play as players make it, against the real server (adiukh serve) in
// another process, over real connections. Two subcommands:
//
//	livebench setup -db DSN -games N -out FILE
//
// writes, before the servers start, the bench's event into the database:
// 2N players with accounts and API tokens, round 1 paired, not published.
// The accounts are written through the store with one password hash made
// once at the server's cost, so that a thousand of them take seconds, not
// the minutes of a thousand argon2id hashes; the server's hashing is left
// as it is.
//
//	livebench play -setup FILE -servers URL[,URL] [-plies 30 -think-min 0.5s -think-max 2.5s]
//
// publishes the round through the first server, and plays its games: each
// player is a client of its own (its own connections) holding its game's
// stream open and moving on its turn after a think time drawn uniformly
// between -think-min and -think-max. With two servers White plays on the
// first and Black on the second, so that every move is seen across
// instances. It measures every move: acknowledged (the request sent → its
// answer read) and seen (the request sent → the opponent's stream carrying
// a position at or past it), counts the moves the opponent never saw, and
// exits 1 when a move went unseen or the targets are missed.
package main

import (
	"fmt"
	"os"
)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: livebench setup|play|hall [flags] (see scripts/bench-live, scripts/bench-hall)")
		os.Exit(2)
	}
	var err error
	switch os.Args[1] {
	case "setup":
		err = setupCommand(os.Args[2:])
	case "play":
		err = playCommand(os.Args[2:])
	case "hall":
		err = hallCommand(os.Args[2:])
	default:
		fmt.Fprintf(os.Stderr, "livebench: unknown subcommand %q; use setup, play or hall\n", os.Args[1])
		os.Exit(2)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "livebench:", err)
		os.Exit(1)
	}
}

// benchSetup is what setup leaves for play: the event, its paired round,
// the arbiter's API token and each player's.
type benchSetup struct {
	Event int64 `json:"event"`
	// Game is the key of the event's game, whose rules its players'
	// moves are chosen by.
	Game    string           `json:"game"`
	Round   int              `json:"round"`
	Arbiter string           `json:"arbiter"`
	Players map[int64]string `json:"players"`
}
