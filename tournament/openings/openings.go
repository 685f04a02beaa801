// Package openings is the table of openings from which an event of a
// game with openings (Russian draughts) draws the start of its games
// (issue 51), its moves replayed by the rules of the event's game: each round, or
// each board, plays a micro-match of two games from an opening drawn for
// it, colours exchanged. It reads and writes an arbiter's table (CSV or
// JSON), draws openings reproducibly from a seed without repeating one
// until the table is exhausted, and scores a micro-match. It is pure: no
// database, no HTTP, no clock.
//
// A game's default table is on its value (rules.Variant.MicroMatch);
// Russian draughts' (rules/russian/openings.json) is the FMJD Drawing Table 64, the World
// Draughts Federation's table of openings for draughts-64
// (https://results.fmjd.org/viewpage.php?page_id=2), as lidraughts' draughts
// library transcribes it (Mind-Sports-Games/strategygames,
// src/main/scala/draughts/opening/DrawTablesFMJD.scala at commit
// 62efede4052c546613f6e02ba6832f892944c6ce): the 344 of its 736 positions
// reached by moves from the start, each with its code (1-I … 46-XVI).
// Those are one to six plies, within the first three moves of each side;
// the table's other 392 positions move a piece without a move and are left
// out. The transcription's FEN of 45-IX names Black to move after six
// plies; its moves are kept, and so White is to move. The FMJD names no
// opening: one whose moves begin with the moves that define a debut of
// Russian draughts, as Russian Wikipedia's articles on the debuts define
// them (Игра Каулена as kombinashki.ru does), is named by it in Russian and
// English with its code in brackets ("Городская партия (41-XIV)", "City
// game (41-XIV)"), 50 of the 344; the others keep the bare code. The file's
// source lists the debuts and where each is defined.
package openings

import (
	_ "embed"
	"slices"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"adiukh/rules"
)

// MaxPlies is the longest opening a table holds: three moves of each side.
const MaxPlies = 6

// Opening is one line of a table: the moves from the start as Russian
// draughts writes them (c3-d4, c3:e5), White's first, and the position
// they reach, whose FEN names the side to move. Name is the opening's name
// as the table gives it (Russian in the default table); NameEn, when the
// table has one, is its English name, which pages in English show.
type Opening struct {
	Number int      `json:"number"`
	Name   string   `json:"name"`
	NameEn string   `json:"name_en,omitempty"`
	Moves  []string `json:"moves"`
	FEN    string   `json:"fen"`
}

// Title is the opening's name in the language ("ru", "en"): the English
// name where the language is English and the table has one, else Name.
func (o Opening) Title(lang string) string {
	if lang == "en" && o.NameEn != "" {
		return o.NameEn
	}
	return o.Name
}

// Table is the openings an event draws from, in order, where they come
// from, and the game whose rules play their moves.
type Table struct {
	Source   string     `json:"source"`
	Openings []Opening  `json:"openings"`
	Game     rules.Game `json:"-"`
}

// Opening returns the opening of that number.
func (t *Table) Opening(number int) (Opening, bool) {
	i := slices.IndexFunc(t.Openings, func(o Opening) bool { return o.Number == number })
	if i < 0 {
		return Opening{}, false
	}
	return t.Openings[i], true
}

// defaults are the games' default tables as read, by game key.
var defaults sync.Map

// Default is the table the game ships (rules.Variant.MicroMatch; see
// the package comment), nil for a game without one. The caller may change
// its copy.
func Default(v *rules.Variant) *Table {
	if v.MicroMatch == nil || v.MicroMatch.Openings == nil {
		return nil
	}
	read, ok := defaults.Load(v.Key)
	if !ok {
		t, err := ReadJSON(strings.NewReader(string(v.MicroMatch.Openings)), v.Rules)
		if err != nil {
			panic("openings: the default table of " + v.Key + " does not read: " + err.Error())
		}
		read, _ = defaults.LoadOrStore(v.Key, t)
	}
	t := read.(*Table)
	c := &Table{Source: t.Source, Openings: make([]Opening, len(t.Openings)), Game: t.Game}
	for i, o := range t.Openings {
		o.Moves = slices.Clone(o.Moves)
		c.Openings[i] = o
	}
	return c
}

// Replay plays moves from the start of the game and returns them as the
// game writes them and the position they reach in its notation (a FEN). An
// error names the ply at fault and says why, in the rules' words.
func Replay(game rules.Game, moves []string) (written []string, fen string, err error) {
	switch {
	case len(moves) == 0:
		return nil, "", &Error{Field: FieldMoves, Detail: say("no moves: an opening is one to six plies from the start, as c3-d4 f6-g5 g3-f4")}
	case len(moves) > MaxPlies:
		return nil, "", &Error{Field: FieldMoves, Detail: say("%d plies: an opening is at most three moves of each side, six plies", len(moves))}
	}
	s := game.Start()
	written = make([]string, len(moves))
	for i, m := range moves {
		played, err := s.Play(m)
		if err != nil {
			return nil, "", &Error{Field: FieldMoves, Ply: i + 1, Detail: rules.Detail(err)}
		}
		written[i], s = played.Notation, played.After
	}
	return written, s.Notation(), nil
}

// Check validates a table made or edited in memory, as an arbiter's form
// edits one: each opening numbered, named and legal, its FEN (when given)
// the position its moves reach, no number, name or position twice. It
// writes each opening's moves as the rules write them and fills in its
// FEN. An error names the opening by its place in the list.
func (t *Table) Check() error { return t.check(func(i int) (int, int) { return 0, i + 1 }) }

// MaxNameRunes bounds an opening's name, in either language, as a
// player's name is bounded (tournament.PlayerInput).
const MaxNameRunes = 100

// nameProblem tells what makes a name unfit to keep, as every name of the
// project is checked: text that is not UTF-8, a control character (a NUL,
// a tab, a line break, which PDN's tags and the CSV would carry raw, and
// PostgreSQL refuses a NUL), or more than MaxNameRunes characters.
func nameProblem(name string) (rules.Message, bool) {
	if !utf8.ValidString(name) {
		return say("the text is not valid UTF-8"), true
	}
	n := 0
	for _, r := range name {
		n++
		if unicode.IsControl(r) || r == '\u2028' || r == '\u2029' {
			return say("character %d is a control character (%U): a name is one line of text", n, r), true
		}
	}
	if n > MaxNameRunes {
		return say("the name is %d characters long; at most %d are allowed", n, MaxNameRunes), true
	}
	return rules.Message{}, false
}

// check validates a table: each opening numbered, named and legal, its FEN
// (when given) the position its moves reach, and no number, name or
// position twice. place gives where an opening was read, for the errors.
func (t *Table) check(place func(i int) (line, entry int)) error {
	if len(t.Openings) == 0 {
		return &Error{Detail: say("the table has no openings")}
	}
	numbers := map[int]int{}
	names := map[string]int{}
	positions := map[string]int{}
	for i := range t.Openings {
		o := &t.Openings[i]
		fail := func(field string, ply int, detail rules.Message) error {
			line, entry := place(i)
			return &Error{Line: line, Entry: entry, Field: field, Ply: ply, Detail: detail}
		}
		o.Name, o.NameEn = strings.TrimSpace(o.Name), strings.TrimSpace(o.NameEn)
		if o.Number < 1 {
			return fail(FieldNumber, 0, say("%d is not an opening's number: number the openings from 1", o.Number))
		}
		if j, ok := numbers[o.Number]; ok {
			return fail(FieldNumber, 0, say("number %d is given twice: opening %s has it", o.Number, t.Openings[j].Name))
		}
		if o.Name == "" {
			return fail(FieldName, 0, say("the name is missing"))
		}
		if detail, bad := nameProblem(o.Name); bad {
			return fail(FieldName, 0, detail)
		}
		if detail, bad := nameProblem(o.NameEn); bad {
			return fail(FieldNameEn, 0, detail)
		}
		if j, ok := names[o.Name]; ok {
			return fail(FieldName, 0, say("the name %s is given twice: opening %d has it", o.Name, t.Openings[j].Number))
		}
		written, fen, err := Replay(t.Game, o.Moves)
		if err != nil {
			e := err.(*Error)
			return fail(e.Field, e.Ply, e.Detail)
		}
		if o.FEN != "" && o.FEN != fen {
			return fail(FieldFEN, 0, say("%s is not the position after the moves, %s", o.FEN, fen))
		}
		if j, ok := positions[fen]; ok {
			return fail(FieldMoves, 0, say("the moves reach the position of opening %d (%s)", t.Openings[j].Number, t.Openings[j].Name))
		}
		o.Moves, o.FEN = written, fen
		numbers[o.Number], names[o.Name], positions[fen] = i, i, i
	}
	return nil
}
