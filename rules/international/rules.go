package international

import "adiukh/rules"

// Rules is one variant behind rules.Game; the package registers both,
// "international" and "brazilian", when it is loaded.
type Rules struct{ v *Variant }

func init() {
	rules.RegisterGame(Rules{International})
	rules.RegisterGame(Rules{Brazilian})
}

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
		v := rules.Verdict{Valid: r.Valid, Result: r.Result, Reason: r.Reason, Final: state{r.Game},
			Plies: len(r.Played), White: r.Sheet.Header("White"), Black: r.Sheet.Header("Black"),
			Errors: r.Errors, Warnings: r.Warnings}
		if r.Replayed() {
			v.PDN = r.PDN()
		}
		out[i] = v
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
		out[i] = rules.GameMove{Notation: v.Notate(&s.g.Position, &moves[i]), After: state{s.g.Play(&moves[i])}}
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
	return rules.GameMove{Notation: v.Notate(&s.g.Position, &m), After: state{s.g.Play(&m)}}, nil
}

func (s state) Outcome() rules.Outcome {
	out := s.g.Outcome()
	if !out.Over {
		return rules.Outcome{}
	}
	return rules.Outcome{Over: true, Score: out.Score, Reason: out.Reason, Detail: endWords(out)}
}
