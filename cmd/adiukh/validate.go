package main

import (
	"encoding/json"
	"io"
	"os"
	"strings"

	"adiukh/rules"
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
	fs.Usage = func() {
		say(stderr, "Usage: adiukh validate [--json] FILE...")
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
	verdicts := make([]sheetVerdict, 0, fs.NArg())
	status := 0
	for _, file := range fs.Args() {
		text, err := os.ReadFile(file)
		if err != nil {
			fail(stderr, "adiukh validate", err)
			return 2
		}
		v := fileVerdict(file, rules.ValidateGames(string(text)))
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
	return status
}

// fileVerdict is the verdict on a file's games: the first game's, with every
// game's listed when there are several.
func fileVerdict(file string, reports []*rules.Report) sheetVerdict {
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

func verdictOf(file string, r *rules.Report) sheetVerdict {
	v := sheetVerdict{
		File: file, Valid: r.Valid, FinalPosition: r.Position.String(), ToMove: r.ToMove.String(),
		Plies: len(r.Played), White: r.Sheet.Header("White"), Black: r.Sheet.Header("Black"),
		Errors: r.Errors, Warnings: r.Warnings, EndReason: string(r.Reason),
	}
	if r.Score != nil {
		s := r.Score.String()
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
	if v.Score != nil {
		say(w, "  final position (score %s): %s", *v.Score, v.FinalPosition)
	} else {
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
