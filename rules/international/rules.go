package international

import (
	"slices"

	"adiukh/rules"
)

// Rules is one variant behind rules.Game.
type Rules struct{ v *Variant }

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
		Key: "international", English: "International draughts", Rules: Rules{International},
		Board:       rules.Board{Size: 10, Numeric: true},
		Scale:       rules.Scale{Points: 2, Example: "2:0"},
		PDNGameType: International.gameType, Openings: true, RatingLists: "international-", SheetMoves: 75, Repetitions: true,
		DisciplinePrefix: "discipline_international.", DisciplineFullPrefix: "discipline_international.",
		Titles: fmjdAndNational,
	}
	BrazilianGame = &rules.Variant{
		Key: "brazilian", English: "Brazilian draughts", Rules: Rules{Brazilian},
		Board:       rules.Board{Size: 8},
		Scale:       rules.Scale{Points: 2, Example: "2:0"},
		PDNGameType: Brazilian.gameType, Openings: true, RatingLists: "brazilian-", SheetMoves: 60, Repetitions: true,
		DisciplinePrefix: "discipline_brazilian.", DisciplineFullPrefix: "discipline_brazilian.",
		Titles: fmjdAndNational,
	}
)

func (g Rules) Name() string { return g.v.key }

func (g Rules) Start() rules.State { return state{g.v.NewGame(g.v.Start())} }

// ParseState reads a FEN, which names the side to move itself.
func (g Rules) ParseState(text string, _ Color) (rules.State, error) {
	p, err := g.v.ParseFEN(text)
	if err != nil {
		return nil, err
	}
	return state{g.v.NewGame(p)}, nil
}

func (g Rules) Perft(s rules.State, depth int) int64 {
	return g.v.Perft(s.(state).g.Position, depth)
}

func (g Rules) ValidateGames(text string) []rules.Verdict {
	reports := g.v.ValidateGames(text)
	out := make([]rules.Verdict, len(reports))
	for i, r := range reports {
		out[i] = r.Verdict()
	}
	return out
}

func (g Rules) ValidateAfterOpening(text string, opening []string) (rules.Verdict, error) {
	r, err := g.v.ValidateAfterOpening(text, opening)
	if err != nil {
		return rules.Verdict{}, err
	}
	return r.Verdict(), nil
}

// Verdict is the report as any game's verdict.
func (r *Report) Verdict() rules.Verdict {
	v := rules.Verdict{Valid: r.Valid, Result: r.Result, Reason: r.Reason, Final: state{r.Game},
		Plies: len(r.Played), White: r.Sheet.Header("White"), Black: r.Sheet.Header("Black"),
		Errors: r.Errors, Warnings: r.Warnings, Replayed: r.Replayed(), Written: r.Sheet.Result, OpeningPlies: r.OpeningPlies}
	if v.Written == nil && r.Result != nil {
		// A PDN game writes its result in its Result tag.
		v.Written = &rules.SheetResult{Score: *r.Result, Reason: r.Reason}
	}
	g := r.v.NewGame(r.Start)
	v.Start = state{g}
	for _, pm := range r.moves() {
		before := g.Position
		g = g.Play(&pm.Move)
		v.Moves = append(v.Moves, rules.ReplayedMove{Ply: pm.Ply, Number: pm.Number, Side: pm.Side,
			GameMove: rules.GameMove{Notation: r.v.Notate(&before, &pm.Move), Path: r.v.squareNames(pm.Move.Path()), After: state{g}}})
	}
	if v.Replayed {
		v.PDN = r.PDN()
		v.PDNAfterOpening = v.PDN
		v.PDNWith = func(result rules.Score, reason rules.EndReason) string {
			entered := *r
			entered.Result, entered.Reason = &result, reason
			return entered.PDN()
		}
	}
	return v
}

// squareNames names squares as the game writes them.
func (v *Variant) squareNames(squares []Square) []string {
	out := make([]string, len(squares))
	for i, s := range squares {
		out[i] = v.SquareName(s)
	}
	return out
}

// Memoryless is false: the draw rules count repetitions and moves.
func (Rules) Memoryless() bool { return false }

func (g Rules) PDNTags(start rules.State) []rules.Header {
	tags := []rules.Header{{Key: "GameType", Value: g.v.gameType}, {Key: "Variant", Value: g.v.pdnVariant}}
	if p := start.(state).g.Position; p != g.v.Start() {
		tags = append(tags, rules.Header{Key: "FEN", Value: g.v.FEN(p)})
	}
	return tags
}

// state is a game in progress behind rules.State.
type state struct{ g *Game }

func (s state) Notation() string { return s.g.v.FEN(s.g.Position) }

func (s state) ToMove() Color { return s.g.Position.Side }

// Moves lists no move once the game is over, a draw of the rules too.
func (s state) Moves() []rules.GameMove {
	if s.g.Outcome().Over {
		return nil
	}
	v := s.g.v
	moves := v.LegalMoves(&s.g.Position)
	out := make([]rules.GameMove, len(moves))
	for i := range moves {
		out[i] = rules.GameMove{Notation: v.Notate(&s.g.Position, &moves[i]), Path: v.squareNames(moves[i].Path()), After: state{s.g.Play(&moves[i])}}
	}
	return out
}

func (s state) Play(written string) (rules.GameMove, error) {
	v := s.g.v
	r, err := v.ParseRecord(written)
	if err != nil {
		return rules.GameMove{}, err
	}
	if out := s.g.Outcome(); out.Over {
		return rules.GameMove{}, &rules.MoveError{Detail: say("%s: the game is over (%s)", written, endWords(out))}
	}
	m, err := v.Find(&s.g.Position, r)
	if err != nil {
		return rules.GameMove{}, err
	}
	return rules.GameMove{Notation: v.Notate(&s.g.Position, &m), Path: v.squareNames(m.Path()), After: state{s.g.Play(&m)}}, nil
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
	v := s.g.v
	for sq := Square(0); int(sq) < v.squares; sq++ {
		if c, king, ok := s.g.Position.Piece(sq); ok {
			out = append(out, rules.Piece{Square: v.SquareName(sq), Owner: c, King: king, Own: 1})
		}
	}
	return out
}
