package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"time"

	"adiukh/rules"
	"adiukh/rules/adiukh"
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

func readPosition(position, side string) (adiukh.Position, rules.Color, error) {
	var color rules.Color
	switch side {
	case "white", "w", "белые":
		color = rules.White
	case "black", "b", "черные", "чёрные":
		color = rules.Black
	default:
		return adiukh.Position{}, 0, newProblem("--side %q: write white or black", side)
	}
	if position == "" {
		return adiukh.Start(), color, nil
	}
	p, err := adiukh.ParsePosition(position)
	if err != nil {
		return adiukh.Position{}, 0, fmt.Errorf("--position: %w", err)
	}
	return p, color, nil
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
	if !v.SideApart {
		return gameMoves(v.Rules, *fen, *asJSON, stdout, stderr)
	}
	p, color, err := readPosition(*position, *side)
	if err != nil {
		fail(stderr, "adiukh moves", err)
		return 2
	}
	lines := []moveLine{}
	for _, m := range p.LegalMoves(color) {
		lines = append(lines, moveLine{m.String(), p.Play(m).String()})
	}
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(lines); err != nil {
			fail(stderr, "adiukh moves", err)
			return 2
		}
		return 0
	}
	if len(lines) == 0 {
		sc := p.Score()
		say(stdout, "%s has no legal move: final position, score %s", color, sc)
		return 0
	}
	for _, l := range lines {
		fmt.Fprintf(stdout, "%-22s %s\n", l.Move, l.Position)
	}
	return 0
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
	if !v.SideApart {
		return gamePerft(v.Rules, *fen, *depth, *divide, stdout, stderr)
	}
	p, color, err := readPosition(*position, *side)
	if err != nil {
		fail(stderr, "adiukh perft", err)
		return 2
	}
	began := time.Now()
	var total int64
	if *divide {
		for _, m := range p.LegalMoves(color) {
			n := adiukh.Perft(p.Play(m), color.Opponent(), *depth-1)
			fmt.Fprintf(stdout, "%s %d\n", m, n)
			total += n
		}
	} else {
		total = adiukh.Perft(p, color, *depth)
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

// gameMoves lists the legal moves of a game other than Adiukh.
func gameMoves(g rules.Game, fen string, asJSON bool, stdout, stderr io.Writer) int {
	s, err := gameState(g, fen)
	if err != nil {
		fail(stderr, "adiukh moves", err)
		return 2
	}
	lines := []fenLine{}
	for _, m := range s.Moves() {
		lines = append(lines, fenLine{m.Notation, m.After.Notation()})
	}
	if asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(lines); err != nil {
			fail(stderr, "adiukh moves", err)
			return 2
		}
		return 0
	}
	if len(lines) == 0 {
		say(stdout, "%s has no legal move: final position, score %s", s.ToMove(), s.Outcome().Score)
		return 0
	}
	for _, l := range lines {
		fmt.Fprintf(stdout, "%-22s %s\n", l.Move, l.FEN)
	}
	return 0
}

// gamePerft is perft for a game other than Adiukh.
func gamePerft(g rules.Game, fen string, depth int, divide bool, stdout, stderr io.Writer) int {
	s, err := gameState(g, fen)
	if err != nil {
		fail(stderr, "adiukh perft", err)
		return 2
	}
	began := time.Now()
	var total int64
	if divide {
		for _, m := range s.Moves() {
			n := g.Perft(m.After, depth-1)
			fmt.Fprintf(stdout, "%s %d\n", m.Notation, n)
			total += n
		}
	} else {
		total = g.Perft(s, depth)
	}
	say(stderr, "perft(%d): %d positions in %s", depth, total, time.Since(began).Round(time.Millisecond))
	fmt.Fprintln(stdout, total)
	return 0
}
