package flat

import (
	"errors"

	"adiukh/rules"
)

// Rules is a game of flat men and kings behind rules.Game. E is the
// game's engine, so that the zero Rules of an engine that needs no value
// (Russian draughts) is ready to use.
type Rules[P, M comparable, G any, E Engine[P, M, G]] struct{ Engine E }

func (g Rules[P, M, G, E]) Name() string { return g.Engine.Key() }

func (g Rules[P, M, G, E]) Start() rules.State { return g.state(g.Engine.NewGame(g.Engine.Start())) }

// ParseState reads a FEN, which names the side to move itself.
func (g Rules[P, M, G, E]) ParseState(text string, _ rules.Color) (rules.State, error) {
	p, err := g.Engine.ParseFEN(text)
	if err != nil {
		return nil, err
	}
	return g.state(g.Engine.NewGame(p)), nil
}

func (g Rules[P, M, G, E]) Perft(s rules.State, depth int) int64 {
	return g.Engine.Perft(*g.Engine.Position(s.(state[P, M, G, E]).g), depth)
}

func (g Rules[P, M, G, E]) ValidateGames(text string) []rules.Verdict {
	reports := ValidateGames[P, M, G](g.Engine, text)
	out := make([]rules.Verdict, len(reports))
	for i, r := range reports {
		out[i] = g.verdict(r)
	}
	return out
}

func (g Rules[P, M, G, E]) ValidateAfterOpening(text string, opening []string) (rules.Verdict, error) {
	r, err := ValidateAfterOpening[P, M, G](g.Engine, text, opening)
	if err != nil {
		return rules.Verdict{}, err
	}
	return g.verdict(r), nil
}

// Memoryless is false: the draw rules count repetitions and moves.
func (g Rules[P, M, G, E]) Memoryless() bool { return false }

func (g Rules[P, M, G, E]) PDNTags(start rules.State) []rules.Header {
	e := g.Engine
	tags := []rules.Header{{Key: "GameType", Value: e.PDNGameType()}, {Key: "Variant", Value: e.PDNVariant()}}
	if p := *e.Position(start.(state[P, M, G, E]).g); p != e.Start() {
		tags = append(tags, rules.Header{Key: "FEN", Value: e.FEN(p)})
	}
	return tags
}

func (g Rules[P, M, G, E]) state(game G) state[P, M, G, E] { return state[P, M, G, E]{g.Engine, game} }

// verdict is the report as any game's verdict: the game from its start,
// the opening's moves first.
func (g Rules[P, M, G, E]) verdict(r *Report[P, M, G]) rules.Verdict {
	e := g.Engine
	v := rules.Verdict{Valid: r.Valid, Result: r.Result, Reason: r.Reason, Final: g.state(r.Game), StartUnread: r.startUnread,
		Plies: len(r.Played), White: r.Sheet.Header("White"), Black: r.Sheet.Header("Black"),
		Errors: r.Errors, Warnings: r.Warnings, Replayed: r.Replayed(), OpeningPlies: r.OpeningPlies, Written: r.Sheet.Result}
	if v.Written == nil && r.Result != nil {
		// A PDN game writes its result in its Result tag.
		v.Written = &rules.SheetResult{Score: *r.Result, Reason: r.Reason}
	}
	game := e.NewGame(r.Start)
	v.Start = g.state(game)
	for _, pm := range r.Moves() {
		game = e.Play(game, pm.Move)
		v.Moves = append(v.Moves, rules.ReplayedMove{Ply: pm.Ply, Number: pm.Number, Side: pm.Side,
			GameMove: rules.GameMove{Notation: pm.Notation, Path: e.Path(pm.Move), After: g.state(game)}})
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

// state is a game in progress behind rules.State. It keeps the engine's
// own type, so that a state of an engine without a value (Russian
// draughts) is the game's pointer alone, which an interface holds without
// an allocation.
type state[P, M comparable, G any, E Engine[P, M, G]] struct {
	e E
	g G
}

func (s state[P, M, G, E]) Notation() string { return s.e.FEN(*s.e.Position(s.g)) }

func (s state[P, M, G, E]) ToMove() rules.Color { return s.e.Side(s.e.Position(s.g)) }

// Moves lists no move once the game is over, a draw of the rules too.
func (s state[P, M, G, E]) Moves() []rules.GameMove {
	if s.e.Outcome(s.g).Over {
		return nil
	}
	p := s.e.Position(s.g)
	moves := s.e.LegalMoves(p)
	out := make([]rules.GameMove, len(moves))
	for i := range moves {
		out[i] = s.gameMove(p, moves[i])
	}
	return out
}

func (s state[P, M, G, E]) Play(written string) (rules.GameMove, error) {
	p := s.e.Position(s.g)
	m, err := s.e.ReadText(p, written)
	var notMove *rules.RecordError
	if out := s.e.Outcome(s.g); out.Over && !errors.As(err, &notMove) {
		return rules.GameMove{}, &rules.MoveError{Detail: say("%s: the game is over (%s)", written, EndWords(s.e, out))}
	}
	if err != nil {
		return rules.GameMove{}, err
	}
	return s.gameMove(p, m), nil
}

// gameMove is a legal move of p, played.
func (s state[P, M, G, E]) gameMove(p *P, m M) rules.GameMove {
	return rules.GameMove{Notation: s.e.Notate(p, m), Path: s.e.Path(m), After: state[P, M, G, E]{s.e, s.e.Play(s.g, m)}}
}

func (s state[P, M, G, E]) Outcome() rules.Outcome {
	out := s.e.Outcome(s.g)
	if !out.Over {
		return rules.Outcome{}
	}
	return rules.Outcome{Over: true, Score: out.Score, Reason: out.Reason, Detail: EndWords(s.e, out)}
}

// Pieces lists the men and kings square by square.
func (s state[P, M, G, E]) Pieces() []rules.Piece { return s.e.Pieces(s.e.Position(s.g)) }
