package russian

import "adiukh/rules"

// Rules is Russian draughts behind rules.Game; the package registers it
// under the name "russian" when it is loaded.
type Rules struct{}

func init() { rules.RegisterGame(Rules{}) }

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
		out[i] = rules.GameMove{Notation: moves[i].String(), After: state{s.g.Play(&moves[i])}}
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
	return rules.GameMove{Notation: m.String(), After: state{s.g.Play(&m)}}, nil
}

func (s state) Outcome() rules.Outcome {
	out := s.g.Outcome()
	if !out.Over {
		return rules.Outcome{}
	}
	return rules.Outcome{Over: true, Score: out.Score, Reason: out.Reason, Detail: endWords(out)}
}
