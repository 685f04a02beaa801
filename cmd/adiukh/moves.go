package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"time"

	"adiukh/rules"
)

func init() {
	commands["moves"] = command{phrase("list the legal moves in a position"), moves}
	commands["perft"] = command{phrase("count the positions reached after N plies"), perft}
}

// positionFlags adds --position and --side to a command's flags.
func positionFlags(fs *flag.FlagSet) (position, side *string) {
	position = fs.String("position", "", "the position, e.g. \"white: a5-1, e5-2/1; black: b6-2/3\" (default: the initial position)")
	side = fs.String("side", "white", "the side to move: white or black")
	return position, side
}

type moveLine struct {
	Move     string `json:"move"`
	Position string `json:"position"`
}

func moves(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("moves", stderr)
	position, side := positionFlags(fs.FlagSet)
	game, fen := gameFlags(fs)
	asJSON := fs.Bool("json", false, "print a JSON array of {move, position}; of {move, fen} for a game whose positions are written as FEN")
	if err := fs.ParseFlagsOnly(args); err != nil {
		return parseStatus(err)
	}
	v, err := chooseGame(*game, *fen, *position)
	if err != nil {
		fail(stderr, "adiukh moves", err)
		return 2
	}
	s, err := startState(v, *fen, *position, *side)
	if err != nil {
		fail(stderr, "adiukh moves", err)
		return 2
	}
	return printMoves(s, v.SideApart, *asJSON, stdout, stderr)
}

func perft(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("perft", stderr)
	position, side := positionFlags(fs.FlagSet)
	game, fen := gameFlags(fs)
	depth := fs.Int("depth", 0, "the number of plies (1 or more)")
	divide := fs.Bool("divide", false, "print the count below each legal move first")
	if err := fs.ParseFlagsOnly(args); err != nil {
		return parseStatus(err)
	}
	if *depth < 1 {
		say(stderr, "adiukh perft: --depth must be 1 or more")
		return 2
	}
	v, err := chooseGame(*game, *fen, *position)
	if err != nil {
		fail(stderr, "adiukh perft", err)
		return 2
	}
	s, err := startState(v, *fen, *position, *side)
	if err != nil {
		fail(stderr, "adiukh perft", err)
		return 2
	}
	began := time.Now()
	var total int64
	if *divide {
		for _, m := range s.Moves() {
			n := v.Rules.Perft(m.After, *depth-1)
			fmt.Fprintf(stdout, "%s %d\n", m.Notation, n)
			total += n
		}
	} else {
		total = v.Rules.Perft(s, *depth)
	}
	say(stderr, "perft(%d): %d positions in %s", *depth, total, time.Since(began).Round(time.Millisecond))
	fmt.Fprintln(stdout, total)
	return 0
}

// fenLine is a legal move of a game whose positions are FEN, as `adiukh
// moves --json` prints it.
type fenLine struct {
	Move string `json:"move"`
	FEN  string `json:"fen"`
}

// printMoves lists the legal moves of a position with the positions they
// lead to, in the game's notation: as {move, position} in JSON for a game
// whose position is written apart from its side (Adiukh's), as {move, fen}
// for one written as a FEN.
func printMoves(s rules.State, sideApart, asJSON bool, stdout, stderr io.Writer) int {
	moves := s.Moves()
	if asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		var lines any
		if sideApart {
			positions := []moveLine{}
			for _, m := range moves {
				positions = append(positions, moveLine{m.Notation, m.After.Notation()})
			}
			lines = positions
		} else {
			fens := []fenLine{}
			for _, m := range moves {
				fens = append(fens, fenLine{m.Notation, m.After.Notation()})
			}
			lines = fens
		}
		if err := enc.Encode(lines); err != nil {
			fail(stderr, "adiukh moves", err)
			return 2
		}
		return 0
	}
	if len(moves) == 0 {
		say(stdout, "%s has no legal move: final position, score %s", s.ToMove(), s.Outcome().Score)
		return 0
	}
	for _, m := range moves {
		fmt.Fprintf(stdout, "%-22s %s\n", m.Notation, m.After.Notation())
	}
	return 0
}
