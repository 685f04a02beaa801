package main

import (
	"fmt"
	"strings"

	"adiukh/rules"
	"adiukh/rules/games"
	"adiukh/tournament/catalog"
)

// gameFlags adds --game, its help the registry's games and its default the
// registry's, and --fen for the games whose positions are written as FEN
// (all the draughts games), to a command's flags; a game whose position is
// written apart from its side to move (Adiukh) keeps --position and --side.
func gameFlags(fs *flags) (game, fen *string) {
	game = fs.String("game", games.Default.Key, "the game: %s or %s")
	fs.usageArgs["game"] = gameList
	fen = fs.String("fen", "", "the position as a FEN, e.g. \"W:Wa1,c3:Bf6\" (Russian, Brazilian) or \"W:W31,32:B1,2\" (international) (default: the initial position)")
	return game, fen
}

// gameList names the registry's games for --game's help as a list people
// write, "a, b (B) or c (C)": each by its key, with its name in the
// reader's language where the name is not the key itself; the last apart,
// for the language's word before it.
func gameList(l *catalog.Localizer) []any {
	named := make([]string, len(games.All))
	for i, v := range games.All {
		named[i] = v.Key
		if name := l.T(v.NameKey()); !strings.EqualFold(name, v.Key) {
			named[i] += " (" + name + ")"
		}
	}
	last := len(named) - 1
	return []any{strings.Join(named[:last], ", "), named[last]}
}

// chooseGame returns the game a command was asked for, refusing flags of
// another game's positions.
func chooseGame(name, fen, position string) (*rules.Variant, error) {
	v, ok := games.Lookup(name)
	if !ok {
		// A list as people write one, "a, b, c or d": the last joined by
		// the language's word.
		keys := games.Keys()
		return nil, newProblem("--game %q: write %s or %s", name, strings.Join(keys[:len(keys)-1], ", "), keys[len(keys)-1])
	}
	switch {
	case v.SideApart && fen != "":
		return nil, newProblem("--fen is for the draughts games; an Adiukh position is given with --position and --side")
	case !v.SideApart && position != "":
		return nil, newProblem("--position is Adiukh's notation; give the position with --fen")
	}
	return v, nil
}

// startState reads the position a command starts from as the game writes
// its positions: in its own notation with the side to move apart
// (--position and --side, Adiukh's), or as a FEN that names it (--fen);
// the initial position when none is given.
func startState(v *rules.Variant, fen, position, side string) (rules.State, error) {
	if !v.SideApart {
		return gameState(v.Rules, fen)
	}
	color, err := readSide(side)
	if err != nil {
		return nil, err
	}
	if position == "" {
		position = v.Rules.Start().Notation()
	}
	s, err := v.Rules.ParseState(position, color)
	if err != nil {
		return nil, fmt.Errorf("--position: %w", err)
	}
	return s, nil
}

// readSide reads --side: white or black, in English or Russian.
func readSide(side string) (rules.Color, error) {
	switch side {
	case "white", "w", "белые":
		return rules.White, nil
	case "black", "b", "черные", "чёрные":
		return rules.Black, nil
	}
	return 0, newProblem("--side %q: write white or black", side)
}

// gameState reads the FEN of a game whose positions are written as FEN,
// the initial position when there is none.
func gameState(g rules.Game, fen string) (rules.State, error) {
	if fen == "" {
		return g.Start(), nil
	}
	s, err := g.ParseState(fen, rules.White)
	if err != nil {
		return nil, fmt.Errorf("--fen: %w", err)
	}
	return s, nil
}
