package russian

import (
	_ "embed"

	"adiukh/rules"
)

// openingsJSON is the table of openings an event of micro-matches draws
// from where it loads none: the FMJD Drawing Table 64's positions reached
// by moves, named by the classical debuts their moves begin (its source
// and the rule of the names are in the file and in tournament/openings).
//
//go:embed openings.json
var openingsJSON []byte

// Rules is Russian draughts behind rules.Game.
type Rules struct{}

// Variant is Russian draughts as the program sees it (rules/games lists
// it): 2:0, 1:1 or 0:2 a game, flat men and kings, PDN GameType 25, the
// micro-matches of the FMJD's table of openings. Its rule book sets no
// time controls, so an event is warned of none.
var Variant = &rules.Variant{
	Key: "russian", English: "Russian draughts", Rules: Rules{},
	Board:       rules.Board{Size: 8},
	Scale:       rules.Scale{Points: 2, Example: "2:0"},
	PDNGameType: PDNGameType, Openings: true, DefaultOpenings: openingsJSON,
	RatingLists: "russian-", SheetMoves: 60, Repetitions: true,
	DisciplinePrefix: "discipline_russian.", DisciplineFullPrefix: "discipline_russian.",
	Titles: rules.NationalTitles,
}

func (Rules) Name() string { return "russian" }

func (Rules) Start() rules.State { return state{NewGame(Start())} }

// ParseState reads a FEN, which names the side to move itself.
func (Rules) ParseState(text string, _ Color) (rules.State, error) {
	p, err := ParseFEN(text)
	if err != nil {
		return nil, err
	}
	return state{NewGame(p)}, nil
}

func (Rules) Perft(s rules.State, depth int) int64 {
	return Perft(s.(state).g.Position, depth)
}

func (Rules) ValidateGames(text string) []rules.Verdict {
	reports := ValidateGames(text)
	out := make([]rules.Verdict, len(reports))
	for i, r := range reports {
		out[i] = r.Verdict()
	}
	return out
}

func (Rules) ValidateAfterOpening(text string, opening []string) (rules.Verdict, error) {
	r, err := ValidateAfterOpening(text, opening)
	if err != nil {
		return rules.Verdict{}, err
	}
	return r.Verdict(), nil
}

// Verdict is the report as any game's verdict: the game from its start,
// the opening's moves first.
func (r *Report) Verdict() rules.Verdict {
	v := rules.Verdict{Valid: r.Valid, Result: r.Result, Reason: r.Reason, Final: state{r.Game},
		Plies: len(r.Played), White: r.Sheet.Header("White"), Black: r.Sheet.Header("Black"),
		Errors: r.Errors, Warnings: r.Warnings, Replayed: r.Replayed(), OpeningPlies: r.OpeningPlies, Written: r.Sheet.Result}
	if v.Written == nil && r.Result != nil {
		// A PDN game writes its result in its Result tag.
		v.Written = &rules.SheetResult{Score: *r.Result, Reason: r.Reason}
	}
	g := NewGame(r.Start)
	v.Start = state{g}
	for _, pm := range r.Moves() {
		g = g.Play(&pm.Move)
		v.Moves = append(v.Moves, rules.ReplayedMove{Ply: pm.Ply, Number: pm.Number, Side: pm.Side,
			GameMove: rules.GameMove{Notation: pm.Move.String(), Path: squareNames(pm.Move.Path()), After: state{g}}})
	}
	if v.Replayed {
		v.PDN, v.PDNAfterOpening = r.PDN(), r.PDNAfterOpening()
		v.PDNWith = func(result rules.Score, reason rules.EndReason) string {
			entered := *r
			entered.Result, entered.Reason = &result, reason
			return entered.PDN()
		}
	}
	return v
}

// squareNames names squares as the game writes them.
func squareNames(squares []Square) []string {
	out := make([]string, len(squares))
	for i, s := range squares {
		out[i] = s.String()
	}
	return out
}

// Memoryless is false: the draw axioms count the moves since the force
// last changed, and repetitions.
func (Rules) Memoryless() bool { return false }

func (Rules) PDNTags(start rules.State) []rules.Header {
	tags := []rules.Header{{Key: "GameType", Value: PDNGameType}, {Key: "Variant", Value: PDNVariant}}
	if p := start.(state).g.Position; p != Start() {
		tags = append(tags, rules.Header{Key: "FEN", Value: p.FEN()})
	}
	return tags
}

// state is a game in progress behind rules.State.
type state struct{ g *Game }

func (s state) Notation() string { return s.g.Position.FEN() }

func (s state) ToMove() Color { return s.g.Position.Side }

// Moves lists no move once the game is over, a draw of the axioms too.
func (s state) Moves() []rules.GameMove {
	if s.g.Outcome().Over {
		return nil
	}
	moves := s.g.Position.LegalMoves()
	out := make([]rules.GameMove, len(moves))
	for i := range moves {
		out[i] = rules.GameMove{Notation: moves[i].String(), Path: squareNames(moves[i].Path()), After: state{s.g.Play(&moves[i])}}
	}
	return out
}

func (s state) Play(written string) (rules.GameMove, error) {
	r, err := rules.ParseRecord(written)
	if err != nil {
		var ok bool
		if r, ok = numberedRecord(written); !ok {
			return rules.GameMove{}, err
		}
	}
	if out := s.g.Outcome(); out.Over {
		return rules.GameMove{}, &rules.MoveError{Detail: say("%s: the game is over (%s)", written, endWords(out))}
	}
	m, _, err := rules.FindReading(r, s.g.Position.Find)
	if err != nil {
		return rules.GameMove{}, err
	}
	return rules.GameMove{Notation: m.String(), Path: squareNames(m.Path()), After: state{s.g.Play(&m)}}, nil
}

func (s state) Outcome() rules.Outcome {
	out := s.g.Outcome()
	if !out.Over {
		return rules.Outcome{}
	}
	return rules.Outcome{Over: true, Score: out.Score, Reason: out.Reason, Detail: endWords(out)}
}

// Pieces lists the men and kings square by square.
func (s state) Pieces() []rules.Piece {
	var out []rules.Piece
	for sq := range Square(32) {
		if c, king, ok := s.g.Position.Piece(sq); ok {
			out = append(out, rules.Piece{Square: sq.String(), Owner: c, King: king, Own: 1})
		}
	}
	return out
}
