package main

import (
	"cmp"
	"encoding/json"
	"io"
	"os"
	"strings"

	"adiukh/rules"
	"adiukh/rules/games"
	"adiukh/tournament/catalog"
)

func init() {
	commands["validate"] = command{phrase("check game sheets against the rules"), validate}
}

// sheetVerdict is the JSON contract of `adiukh validate --json`; other tools
// script against it, so fields are only ever added.
type sheetVerdict struct {
	File          string          `json:"file"`
	Valid         bool            `json:"valid"`
	Score         *string         `json:"score"`
	Result        *string         `json:"result"`
	EndReason     string          `json:"end_reason,omitempty"`
	FinalPosition string          `json:"final_position"`
	ToMove        string          `json:"to_move"`
	Plies         int             `json:"plies"`
	White         string          `json:"white,omitempty"`
	Black         string          `json:"black,omitempty"`
	Errors        []rules.Problem `json:"errors"`
	Warnings      []rules.Problem `json:"warnings"`
	// Game numbers the game in its file, from 1.
	Game int `json:"game"`
	// Games holds every game of a PDN file with more than one; the fields
	// above are then the first game's, except Valid, which is true only
	// when every game is valid.
	Games []sheetVerdict `json:"games,omitempty"`
}

func validate(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("validate", stderr)
	asJSON := fs.Bool("json", false, "print one JSON array with an object per file")
	game := fs.String("game", "", "the game: %s or %s; by default the one the files name by their GameType tag, else %s")
	fs.usageArgs["game"] = func(l *catalog.Localizer) []any { return append(gameList(l), games.Default.Key) }
	fs.Usage = func() {
		say(stderr, "Usage: adiukh validate [--game %s] [--json] FILE...", strings.Join(games.Keys(), "|"))
		say(stderr, "Replays every move of each game sheet (text, or every game of a PDN file) and checks the written result.\nExit status 0 when every game is valid, 1 otherwise.")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return parseStatus(err)
	}
	if fs.NArg() == 0 {
		fs.Usage()
		return 2
	}
	if *game == "" {
		named, err := gameOfFiles(fs.Args())
		if err != nil {
			fail(stderr, "adiukh validate", err)
			return 2
		}
		*game = named
	}
	v, err := chooseGame(*game, "", "")
	if err != nil {
		fail(stderr, "adiukh validate", err)
		return 2
	}
	g := v.Rules
	if !v.SideApart {
		// A game whose positions are FENs reports final_fen; one written
		// in its own notation, apart from its side (Adiukh), its
		// final_position and to_move, with the final position's score.
		return validateGame(g, fs.Args(), *asJSON, stdout, stderr)
	}
	verdicts := make([]sheetVerdict, 0, fs.NArg())
	status := 0
	for _, file := range fs.Args() {
		text, err := os.ReadFile(file)
		if err != nil {
			fail(stderr, "adiukh validate", err)
			return 2
		}
		v := fileVerdict(file, g.ValidateGames(string(text)))
		if !v.Valid {
			status = 1
		}
		verdicts = append(verdicts, v)
	}
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(verdicts); err != nil {
			fail(stderr, "adiukh validate", err)
			return 2
		}
		return status
	}
	printVerdicts(stdout, verdicts)
	return status
}

// gameOfFiles is the game the files name by their GameType tag (a PDN
// file the site exports, of any game, names its own), so that a file is
// replayed by its own game's rules without --game; the default game's key
// when none names one. Files naming two games are refused: each game has
// its own report, so they are validated apart, each with its --game.
func gameOfFiles(files []string) (string, error) {
	key, from := "", ""
	for _, file := range files {
		text, err := os.ReadFile(file)
		if err != nil {
			return "", err
		}
		v, ok := games.OfPDN(string(text))
		switch {
		case !ok:
		case key == "":
			key, from = v.Key, file
		case v.Key != key:
			return "", newProblem("%s is a game of %s and %s of %s: validate them apart, each with its --game", from, key, file, v.Key)
		}
	}
	return cmp.Or(key, games.Default.Key), nil
}

// printVerdicts tells people the verdicts on the files, game by game.
func printVerdicts(stdout io.Writer, verdicts []sheetVerdict) {
	for _, v := range verdicts {
		if len(v.Games) == 0 {
			printVerdict(stdout, v)
			continue
		}
		invalid := 0
		for _, g := range v.Games {
			if !g.Valid {
				invalid++
			}
		}
		say(stdout, "%s: %d games, %d invalid", v.File, len(v.Games), invalid)
		l := localizer(stdout)
		for _, g := range v.Games {
			g.File = l.Sprintf("%s, game %d", v.File, g.Game)
			if g.White != "" || g.Black != "" {
				g.File = l.Sprintf("%s, game %d (%s – %s)", v.File, g.Game, g.White, g.Black)
			}
			printVerdict(stdout, g)
		}
	}
}

// gameVerdict is the JSON contract of `adiukh validate --game russian
// --json`: per game its validity, its score (2:0, 1:1, 0:2) when it has
// one, the FEN of the last position reached (empty when the sheet's FEN
// could not be read, as no position was), or the errors, each with the ply
// of the move at fault. Fields are only ever added.
type gameVerdict struct {
	File      string          `json:"file"`
	Game      int             `json:"game"`
	Valid     bool            `json:"valid"`
	Score     *string         `json:"score"`
	EndReason string          `json:"end_reason,omitempty"`
	FinalFEN  string          `json:"final_fen"`
	ToMove    string          `json:"to_move"`
	Plies     int             `json:"plies"`
	White     string          `json:"white,omitempty"`
	Black     string          `json:"black,omitempty"`
	Errors    []rules.Problem `json:"errors"`
	Warnings  []rules.Problem `json:"warnings"`
	// Games holds every game of a PDN file with more than one, as
	// sheetVerdict does.
	Games []gameVerdict `json:"games,omitempty"`
}

// validateGame is validate for a game whose positions are FENs.
func validateGame(g rules.Game, files []string, asJSON bool, stdout, stderr io.Writer) int {
	verdicts := make([]gameVerdict, 0, len(files))
	status := 0
	for _, file := range files {
		text, err := os.ReadFile(file)
		if err != nil {
			fail(stderr, "adiukh validate", err)
			return 2
		}
		games := g.ValidateGames(string(text))
		v := gameVerdictOf(file, 1, games[0])
		if len(games) > 1 {
			for i, gv := range games {
				one := gameVerdictOf(file, i+1, gv)
				v.Valid = v.Valid && one.Valid
				v.Games = append(v.Games, one)
			}
		}
		if !v.Valid {
			status = 1
		}
		verdicts = append(verdicts, v)
	}
	if asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(verdicts); err != nil {
			fail(stderr, "adiukh validate", err)
			return 2
		}
		return status
	}
	shown := make([]sheetVerdict, len(verdicts))
	for i, v := range verdicts {
		shown[i] = v.sheetVerdict()
	}
	printVerdicts(stdout, shown)
	return status
}

func gameVerdictOf(file string, n int, gv rules.Verdict) gameVerdict {
	v := gameVerdict{File: file, Game: n, Valid: gv.Valid, EndReason: string(gv.Reason), FinalFEN: gv.Final.Notation(),
		ToMove: gv.Final.ToMove().String(), Plies: gv.Plies, White: gv.White, Black: gv.Black,
		Errors: gv.Errors, Warnings: gv.Warnings}
	if gv.Result != nil {
		s := gv.Result.String()
		v.Score = &s
	}
	if gv.StartUnread {
		v.FinalFEN = ""
	}
	if v.Errors == nil {
		v.Errors = []rules.Problem{}
	}
	if v.Warnings == nil {
		v.Warnings = []rules.Problem{}
	}
	return v
}

// sheetVerdict is the verdict as the text report shows every game's: the
// score given as the result, the FEN as the position reached.
func (v gameVerdict) sheetVerdict() sheetVerdict {
	s := sheetVerdict{File: v.File, Valid: v.Valid, Result: v.Score, EndReason: v.EndReason, FinalPosition: v.FinalFEN,
		ToMove: v.ToMove, Plies: v.Plies, White: v.White, Black: v.Black, Errors: v.Errors, Warnings: v.Warnings, Game: v.Game}
	for _, g := range v.Games {
		s.Games = append(s.Games, g.sheetVerdict())
	}
	return s
}

// fileVerdict is the verdict on a file's games: the first game's, with every
// game's listed when there are several.
func fileVerdict(file string, reports []rules.Verdict) sheetVerdict {
	v := verdictOf(file, reports[0])
	v.Game = 1
	if len(reports) == 1 {
		return v
	}
	for i, r := range reports {
		g := verdictOf(file, r)
		g.Game = i + 1
		v.Valid = v.Valid && g.Valid
		v.Games = append(v.Games, g)
	}
	return v
}

// verdictOf is a game's verdict as the sheet report gives it: the score of
// the final position when every move replayed to it, beside the result.
func verdictOf(file string, r rules.Verdict) sheetVerdict {
	v := sheetVerdict{
		File: file, Valid: r.Valid, FinalPosition: r.Final.Notation(), ToMove: r.Final.ToMove().String(),
		Plies: r.Plies, White: r.White, Black: r.Black,
		Errors: r.Errors, Warnings: r.Warnings, EndReason: string(r.Reason),
	}
	if out := r.Final.Outcome(); r.Replayed && out.Over {
		s := out.Score.String()
		v.Score = &s
	}
	if r.Result != nil {
		s := r.Result.String()
		v.Result = &s
	}
	if v.Errors == nil {
		v.Errors = []rules.Problem{}
	}
	if v.Warnings == nil {
		v.Warnings = []rules.Problem{}
	}
	return v
}

func printVerdict(w io.Writer, v sheetVerdict) {
	l := localizer(w)
	switch {
	case v.Valid && v.Result != nil:
		say(w, "%s: valid, %d plies, result %s (%s)", v.File, v.Plies, *v.Result, rules.EndReason(v.EndReason))
	case v.Valid:
		say(w, "%s: valid, %d plies, no final position yet (%s to move)", v.File, v.Plies, sideNamed(v.ToMove))
	default:
		say(w, "%s: INVALID", v.File)
	}
	for _, e := range v.Errors {
		say(w, "  error %s", describeProblem(l, e))
		if len(e.Legal) > 0 {
			say(w, "        legal moves: %s", strings.Join(e.Legal, ", "))
		}
	}
	for _, e := range v.Warnings {
		say(w, "  warning %s", describeProblem(l, e))
	}
	switch {
	case v.FinalPosition == "":
		// The start could not be read: no position was reached to show.
	case v.Score != nil:
		say(w, "  final position (score %s): %s", *v.Score, v.FinalPosition)
	default:
		say(w, "  position reached (%s to move): %s", sideNamed(v.ToMove), v.FinalPosition)
	}
}

func describeProblem(l *catalog.Localizer, p rules.Problem) string {
	s := ""
	if p.Line > 0 {
		s += l.Sprintf("line %d, column %d", p.Line, p.Column)
	}
	if p.Ply > 0 {
		s += l.Sprintf(", ply %d (move %d, %s)", p.Ply, p.MoveNumber, sideNamed(p.Side))
	}
	if s != "" {
		s += ": "
	}
	return s + l.Problem(p)
}

// sideNamed reads a side written as in the JSON report ("white"), so that
// it is named in the reader's language.
func sideNamed(s string) any {
	switch s {
	case rules.White.String():
		return rules.White
	case rules.Black.String():
		return rules.Black
	}
	return s
}
