package international

import (
	"slices"
	"strings"

	"adiukh/rules"
	"adiukh/rules/flat"
)

// Rules is one variant behind rules.Game.
type Rules = flat.Rules[Position, Move, *Game, engine]

// InternationalGame and BrazilianGame are the two games as the program sees
// them (rules/games lists them): 2:0, 1:1 or 0:2 a game, flat men and
// kings, their own rating lists. International draughts numbers its 50
// squares. Either plays micro-matches from a table of openings the arbiter
// loads: none ships here (the FMJD's draughts-64 table, as Russian draughts
// ships it, does not replay by the majority rule), and neither has time
// norms of its rule book that an event is warned by.
var (
	// fmjdAndNational: their players hold the FMJD's titles and, in
	// Russia, the national ranks of шашки, which cover both games.
	fmjdAndNational = slices.Concat(rules.FMJDTitles, rules.NationalTitles)

	InternationalGame = &rules.Variant{
		Key: "international", English: "International draughts", Rules: Rules{Engine: engine{International}},
		Board:       rules.Board{Size: 10, Numeric: true},
		Scale:       rules.Scale{Points: 2, Example: "2:0"},
		PDNGameType: International.gameType, MicroMatch: &rules.MicroMatch{}, RatingLists: "international-", SheetMoves: 75, Repetitions: true,
		DisciplinePrefix: "discipline_international.", DisciplineFullPrefix: "discipline_international.",
		Titles: fmjdAndNational,
	}
	BrazilianGame = &rules.Variant{
		Key: "brazilian", English: "Brazilian draughts", Rules: Rules{Engine: engine{Brazilian}},
		Board:       rules.Board{Size: 8},
		Scale:       rules.Scale{Points: 2, Example: "2:0"},
		PDNGameType: Brazilian.gameType, MicroMatch: &rules.MicroMatch{}, RatingLists: "brazilian-", SheetMoves: 60, Repetitions: true,
		DisciplinePrefix: "discipline_brazilian.", DisciplineFullPrefix: "discipline_brazilian.",
		Titles: fmjdAndNational,
	}
)

// Report is the verdict on one game sheet, Played one of its replayed
// moves (rules/flat).
type (
	Report = flat.Report[Position, Move, *Game]
	Played = flat.Played[Move]
)

// ValidateGames reads every game of a text and replays each: all the games
// of a PDN file, or the one game of a sheet.
func (v *Variant) ValidateGames(text string) []*Report { return flat.ValidateGames(engine{v}, text) }

// Validate replays the moves of a sheet from its start (the FEN header or
// tag, the initial position without one); see flat.Validate.
func (v *Variant) Validate(sh *rules.Sheet) *Report { return flat.Validate(engine{v}, sh) }

// ValidateAfterOpening replays the sheet of a game played from an opening,
// as a micro-match's games are: the whole game, the opening's moves first,
// or the moves after the opening alone, numbered as in the whole game; the
// draw rules count from the initial position. See flat.ValidateAfterOpening.
func (v *Variant) ValidateAfterOpening(text string, opening []string) (*Report, error) {
	return flat.ValidateAfterOpening(engine{v}, text, opening)
}

// engine is a variant as rules/flat plays it: the variant's own methods
// (Start, ParseFEN, FEN, LegalMoves, Notate, Perft, NewGame) and these.
type engine struct{ *Variant }

func (e engine) Key() string         { return e.key }
func (e engine) PDNGameType() string { return e.gameType }
func (e engine) PDNVariant() string  { return e.pdnVariant }

func (engine) Side(p *Position) Color { return p.Side }

func (e engine) Path(m Move) []string { return e.squareNames(m.Path()) }

// Notate is the variant's, the move given by value as rules/flat keeps it.
func (e engine) Notate(p *Position, m Move) string { return e.Variant.Notate(p, &m) }

// squareNames names squares as the game writes them.
func (v *Variant) squareNames(squares []Square) []string {
	out := make([]string, len(squares))
	for i, s := range squares {
		out[i] = v.SquareName(s)
	}
	return out
}

// Pieces lists the men and kings square by square.
func (e engine) Pieces(p *Position) []rules.Piece {
	var out []rules.Piece
	for sq := Square(0); int(sq) < e.squares; sq++ {
		if c, king, ok := p.Piece(sq); ok {
			out = append(out, rules.Piece{Square: e.SquareName(sq), Owner: c, King: king, Own: 1})
		}
	}
	return out
}

// ReadMove reads a sheet's move by the squares' numbers or, on the 8×8
// board, names, in Latin letters or in the Cyrillic ones a Russian sheet
// writes its files with (а–з, which may read two ways, as a Russian
// draughts sheet's do), or in the short notation of Russian books ("cd4").
func (e engine) ReadMove(p *Position, sm *rules.SheetMove) (flat.Reading[Move], *rules.Message) {
	written := sm.Record
	named := !e.numbered && sm.Unreadable == nil
	cyrillic := named && written.Latin != ""
	m, rec, err := rules.FindReading(written, func(r rules.Record) (Move, error) {
		if named && r.Short() {
			return e.findShort(p, r)
		}
		text := r.Text
		if cyrillic {
			text = r.Latin
		}
		rec, err := e.ParseRecord(text)
		if err != nil {
			return Move{}, err
		}
		rec.Text = r.Text
		return e.Find(p, rec)
	})
	if err != nil {
		d := rules.Detail(err)
		return flat.Reading[Move]{}, &d
	}
	read := flat.Reading[Move]{Move: m, Text: rec.Text}
	if m.IsCapture() && strings.Contains(rec.Text, "-") {
		read.Warnings = append(read.Warnings, say("%s is a capture: it is written with 'x' (%s)", rec.Text, e.Notate(p, m)))
	}
	if cyrillic {
		read.Warnings = append(read.Warnings, rules.CyrillicNote(written, e.Notate(p, m)))
	}
	return read, nil
}

func (e engine) ReadText(p *Position, text string) (Move, error) {
	rec, err := e.ParseRecord(text)
	if err != nil {
		return Move{}, err
	}
	return e.Find(p, rec)
}

func (engine) Play(g *Game, m Move) *Game         { return g.Play(&m) }
func (engine) Outcome(g *Game) Outcome            { return g.Outcome() }
func (engine) Position(g *Game) *Position         { return &g.Position }
func (engine) DrawRule(out Outcome) rules.Message { return drawRule(out) }

func (e engine) NotGameType(value string) rules.Message {
	return say("GameType %q is not %s, whose GameType is %s", value, e.title(), e.gameType)
}

func (e engine) NotAResult(text string) rules.Message {
	return say("%q is not a result of %s: 2-0, 1-1, 0-2 or *", text, e.title())
}

func (e engine) NotAScore(text string) rules.Message {
	return say("%s is not a score of %s: 2:0, 1:1 or 0:2", text, e.title())
}

func (engine) NoDrawRule() rules.Message {
	return say("the sheet claims a draw, but no draw rule applies after the last move: no position stood three times, and no count of moves has run out")
}

// title names the game in a message.
func (v *Variant) title() rules.Message {
	if v.numbered {
		return say("international draughts")
	}
	return say("Brazilian draughts")
}

// drawRule names the rule that drew a game.
func drawRule(out Outcome) rules.Message {
	switch out.Reason {
	case EndRepetition:
		return say("the same position for the third time")
	case EndKingsOnly:
		return say("%d moves each of kings only, without a capture or a man's move", out.Moves)
	case EndThreeAgainstKing:
		return say("three pieces against a lone king, %d moves each", out.Moves)
	case EndTwoAgainstKing:
		return say("two pieces or one against a lone king, %d moves each", out.Moves)
	case EndThreeKings:
		return say("three kings did not take the lone king in %d moves", out.Moves)
	case EndMainRoad:
		return say("three pieces did not win against the king on the long diagonal in %d moves", out.Moves)
	}
	return say("the force unchanged for %d moves with kings on both sides", out.Moves)
}
