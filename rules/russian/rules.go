package russian

import (
	_ "embed"
	"strconv"
	"strings"

	"adiukh/rules"
	"adiukh/rules/flat"
)

// openingsJSON is the table of openings an event of micro-matches draws
// from where it loads none: the FMJD Drawing Table 64's positions reached
// by moves, named by the classical debuts their moves begin (its source
// and the rule of the names are in the file and in tournament/openings).
//
//go:embed openings.json
var openingsJSON []byte

// Rules is Russian draughts behind rules.Game; its zero value is ready.
type Rules = flat.Rules[Position, Move, *Game, engine]

// Variant is Russian draughts as the program sees it (rules/games lists
// it): 2:0, 1:1 or 0:2 a game, flat men and kings, PDN GameType 25, the
// micro-matches of the FMJD's table of openings. Its rule book sets no
// time controls, so an event is warned of none.
var Variant = &rules.Variant{
	Key: "russian", English: "Russian draughts", Rules: Rules{},
	Board:       rules.Board{Size: 8},
	Scale:       rules.Scale{Points: 2, Example: "2:0"},
	PDNGameType: PDNGameType, MicroMatch: &rules.MicroMatch{Openings: openingsJSON},
	RatingLists: "russian-", SheetMoves: 60, Repetitions: true,
	DisciplinePrefix: "discipline_russian.", DisciplineFullPrefix: "discipline_russian.",
	Titles: rules.NationalTitles,
}

// PDN 3.0 gives Russian draughts the GameType 25; lidraughts writes it so,
// with the Variant tag "Russian".
const (
	PDNGameType = "25"
	PDNVariant  = "Russian"
)

// Report is the verdict on one game sheet, Played one of its replayed
// moves (rules/flat).
type (
	Report = flat.Report[Position, Move, *Game]
	Played = flat.Played[Move]
)

// ValidateGames reads every game of a text and replays each: all the games
// of a PDN file, or the one game of a sheet.
func ValidateGames(text string) []*Report { return flat.ValidateGames(engine{}, text) }

// Validate replays the moves of a sheet from its start (the FEN header or
// tag, the initial position without one); see flat.Validate.
func Validate(sh *rules.Sheet) *Report { return flat.Validate(engine{}, sh) }

// ValidateAfterOpening replays the sheet of a game played from an opening,
// as a micro-match's games are (issue 51): the whole game, or the moves
// after the opening alone; see flat.ValidateAfterOpening. The draw axioms
// count from the initial position.
func ValidateAfterOpening(text string, opening []string) (*Report, error) {
	return flat.ValidateAfterOpening(engine{}, text, opening)
}

// engine is Russian draughts as rules/flat plays it.
type engine struct{}

func (engine) Key() string         { return "russian" }
func (engine) PDNGameType() string { return PDNGameType }
func (engine) PDNVariant() string  { return PDNVariant }

func (engine) Start() Position                        { return Start() }
func (engine) ParseFEN(text string) (Position, error) { return ParseFEN(text) }
func (engine) FEN(p Position) string                  { return p.FEN() }
func (engine) Side(p *Position) Color                 { return p.Side }
func (engine) LegalMoves(p *Position) []Move          { return p.LegalMoves() }
func (engine) Perft(p Position, depth int) int64      { return Perft(p, depth) }

// Notate writes a move with every landing square, as the game writes it.
func (engine) Notate(_ *Position, m Move) string { return m.String() }

func (engine) Path(m Move) []string { return squareNames(m.Path()) }

// squareNames names squares as the game writes them.
func squareNames(squares []Square) []string {
	out := make([]string, len(squares))
	for i, s := range squares {
		out[i] = s.String()
	}
	return out
}

// Pieces lists the men and kings square by square.
func (engine) Pieces(p *Position) []rules.Piece {
	var out []rules.Piece
	for sq := range Square(32) {
		if c, king, ok := p.Piece(sq); ok {
			out = append(out, rules.Piece{Square: sq.String(), Owner: c, King: king, Own: 1})
		}
	}
	return out
}

// ReadMove reads a sheet's move by its squares' names (in Latin letters or
// Cyrillic ones, which may read two ways) or numbers.
func (engine) ReadMove(p *Position, sm *rules.SheetMove) (flat.Reading[Move], *rules.Message) {
	written, detail := record(sm)
	if detail != nil {
		return flat.Reading[Move]{}, detail
	}
	m, rec, err := rules.FindReading(written, p.Find)
	if err != nil {
		d := rules.Detail(err)
		return flat.Reading[Move]{}, &d
	}
	read := flat.Reading[Move]{Move: m, Text: rec.Text}
	if m.IsCapture() && rec.Dash {
		read.Warnings = append(read.Warnings, say("%s is a capture: it is written with ':' (%s)", rec.Text, m))
	}
	if rec.Latin != "" {
		read.Warnings = append(read.Warnings, rules.CyrillicNote(written, m))
	}
	return read, nil
}

func (engine) ReadText(p *Position, text string) (Move, error) {
	r, err := rules.ParseRecord(text)
	if err != nil {
		var ok bool
		if r, ok = numberedRecord(text); !ok {
			return Move{}, err
		}
	}
	m, _, err := rules.FindReading(r, p.Find)
	return m, err
}

func (engine) NewGame(p Position) *Game           { return NewGame(p) }
func (engine) Play(g *Game, m Move) *Game         { return g.Play(&m) }
func (engine) Outcome(g *Game) Outcome            { return g.Outcome() }
func (engine) Position(g *Game) *Position         { return &g.Position }
func (engine) DrawRule(out Outcome) rules.Message { return drawRule(out) }

func (engine) NotGameType(value string) rules.Message {
	return say("GameType %q is not Russian draughts, whose GameType is %s", value, PDNGameType)
}

func (engine) NotAResult(text string) rules.Message {
	return say("%q is not a result of Russian draughts: 2-0, 1-1, 0-2 or *", text)
}

func (engine) NotAScore(text string) rules.Message {
	return say("%s is not a score of Russian draughts: 2:0, 1:1 or 0:2", text)
}

func (engine) NoDrawRule() rules.Message {
	return say("the sheet claims a draw, but no draw rule applies after the last move: no position stood three times, and the counts of axioms 3–6 have not run out")
}

// drawRule names the axiom that drew a game.
func drawRule(out Outcome) rules.Message {
	switch out.Reason {
	case EndRepetition:
		return say("the same position for the third time, axiom 7")
	case EndKingsOnly:
		return say("15 moves of kings only, axiom 4")
	case EndThreeKings:
		return say("three kings did not take the lone king in 15 moves, axiom 6")
	case EndMainRoad:
		return say("three pieces did not win against the king on the main road in 5 moves, axiom 5")
	}
	return say("the force unchanged for %d moves with kings on both sides, axiom 3", out.Moves)
}

// record is the written move of sm, or why it cannot be read: the sheet
// reader reads squares by name, and a move numbered as PDN numbers the
// board ("22-17", "22x13") is read here.
func record(sm *rules.SheetMove) (rules.Record, *rules.Message) {
	if sm.Unreadable == nil {
		return sm.Record, nil
	}
	if rec, ok := numberedRecord(sm.Record.Text); ok {
		return rec, nil
	}
	return sm.Record, sm.Unreadable
}

// numberedRecord reads a move written with square numbers, 1 = b8 …
// 32 = g1, as PDN and lidraughts write GameType 25 by number.
func numberedRecord(text string) (rules.Record, bool) {
	body := strings.TrimRight(text, "!?=+.")
	r := rules.Record{Text: text, ShortFile: -1}
	sep := strings.IndexAny(body, "-x:")
	if sep < 0 {
		return r, false
	}
	for _, part := range strings.FieldsFunc(body, func(c rune) bool { return c == '-' || c == 'x' || c == ':' }) {
		n, err := strconv.Atoi(part)
		if err != nil || n < 1 || n > 32 {
			return r, false
		}
		r.Squares = append(r.Squares, numbered(n))
	}
	r.Capture = strings.ContainsAny(body, "x:")
	r.Dash = strings.Contains(body, "-")
	return r, len(r.Squares) >= 2
}
