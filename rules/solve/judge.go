package solve

import (
	"time"

	"adiukh/rules"
)

// Verdict is the judgement on a composition.
type Verdict string

const (
	// Sound: the stipulation holds and exactly one first move fulfils it.
	Sound Verdict = "sound"
	// Unsound: the stipulation does not hold (or the author's first move
	// does not fulfil it).
	Unsound Verdict = "unsound"
	// Cooked: the stipulation holds, but other first moves fulfil it too.
	Cooked Verdict = "cooked"
)

// Dual is a move of the main line where the solving side had other moves
// that fulfil the stipulation as well.
type Dual struct {
	Ply          int // 1 for the first move of the main line
	Move         rules.Move
	Alternatives []rules.Move
}

// Refutation says why a stipulation fails, with the line that shows it.
type Refutation struct {
	Reason rules.Message
	Line   []rules.Move
}

// Judgement is the solver's report on a composition.
type Judgement struct {
	Stipulation Stipulation
	Verdict     Verdict
	// Keys lists every first move that fulfils the stipulation.
	Keys []Step
	// Line is the main line from the key (the author's, or the quickest):
	// the solving side by the shortest way, the defence resisting longest.
	Line []rules.Move
	// Duals are the solving side's alternatives along the main line after
	// its first move; a second key is a cook, listed in Keys.
	Duals      []Dual
	Refutation *Refutation
	// Result is the value of the position, found when the stipulation fails.
	Result  *Result
	Nodes   int64
	Elapsed time.Duration
}

// Judge judges the stipulation of the position with side to move, the
// solving side. With key, the author's first move, the main line starts with
// it and the composition is unsound when it does not fulfil the stipulation.
func (s *Solver) Judge(p rules.Position, side rules.Color, st Stipulation, key *rules.Move) (*Judgement, error) {
	began := s.start()
	n := &node{p, side}
	w, b := p.Checkers()
	total := w + b
	own, other, err := st.goals(side, total)
	if err != nil {
		return nil, err
	}
	moves := p.LegalMoves(side)
	if len(moves) == 0 {
		return nil, stipulationError("%s has no move: the position is final, score %s", side, p.Score())
	}
	j := &Judgement{Stipulation: st}
	done := func() (*Judgement, error) {
		j.Nodes, j.Elapsed = s.nodes, time.Since(began)
		return j, nil
	}
	for _, g := range []*goal{&own, other} {
		if g == nil {
			continue
		}
		v, _, err := s.prove(n, *g)
		if err != nil {
			return nil, err
		}
		if v == disproved {
			return j.unsound(s, n, total, st, began)
		}
	}
	for _, m := range moves {
		c := node{p.Play(m), side.Opponent()}
		v, _, err := s.prove(&c, own)
		if err != nil {
			return nil, err
		}
		if v == proved {
			j.Keys = append(j.Keys, Step{m, c.pos})
		}
	}
	j.Verdict = Sound
	if len(j.Keys) > 1 {
		j.Verdict = Cooked
	}
	first := j.Keys[0].Move
	if key != nil {
		first = *key
		keeps := false
		for _, k := range j.Keys {
			keeps = keeps || sameMove(k.Move, first)
		}
		if !keeps {
			return j.refuteKey(s, n, own, first, done)
		}
	} else {
		// The quickest key leads the main line.
		line, _, err := s.line(n, own)
		if err != nil {
			return nil, err
		}
		first = line[0]
	}
	after := node{p.Play(first), side.Opponent()}
	rest, duals, err := s.line(&after, own)
	if err != nil {
		return nil, err
	}
	j.Line = append([]rules.Move{first}, rest...)
	for _, d := range duals {
		d.Ply++
		j.Duals = append(j.Duals, d)
	}
	return done()
}

// unsound reports a stipulation the position does not fulfil, with its true
// value and main line.
func (j *Judgement) unsound(s *Solver, n *node, total int, st Stipulation, began time.Time) (*Judgement, error) {
	nodes := s.nodes
	r, err := s.Solve(n.pos, n.side)
	if err != nil {
		return nil, err
	}
	j.Verdict, j.Result = Unsound, r
	j.Refutation = &Refutation{Reason: say("%s does not hold: %s", st, valueMessage(r)), Line: r.Line}
	j.Nodes, j.Elapsed = nodes+r.Nodes, time.Since(began)
	return j, nil
}

// refuteKey reports an author's first move that does not fulfil the
// stipulation: the defence's reply that refutes it.
func (j *Judgement) refuteKey(s *Solver, n *node, own goal, key rules.Move, done func() (*Judgement, error)) (*Judgement, error) {
	j.Verdict = Unsound
	after := node{n.pos.Play(key), n.side.Opponent()}
	j.Refutation = &Refutation{Reason: say("%s does not fulfil the stipulation", key), Line: []rules.Move{key}}
	for _, m := range after.pos.LegalMoves(after.side) {
		c := node{after.pos.Play(m), after.side.Opponent()}
		v, _, err := s.prove(&c, own)
		if err != nil {
			return nil, err
		}
		if v != proved {
			j.Refutation = &Refutation{Reason: say("%s is refuted by %s", key, m), Line: []rules.Move{key, m}}
			break
		}
	}
	return done()
}

// valueMessage says what best play gives.
func valueMessage(r *Result) rules.Message {
	if sc, ok := r.Score(); ok {
		return say("best play ends %s", sc)
	}
	return say("White can force %s and Black can hold White to %s", boundMessage(r.WhiteMin), boundMessage(r.WhiteMax))
}

func boundMessage(b *int) rules.Message {
	if b == nil {
		return say("no final position")
	}
	return say("%d points", *b)
}

func sameMove(a, b rules.Move) bool { return a.String() == b.String() }

// Keeps reports whether the move m, played in q by solver (the side the
// stipulation is set for), keeps the stipulation: after it the solving side
// can still force its goal. It judges the moves of a solution or an answer
// after the first one.
func (s *Solver) Keeps(st Stipulation, solver rules.Color, q rules.Position, m rules.Move) (bool, error) {
	s.start()
	w, b := q.Checkers()
	own, _, err := st.goals(solver, w+b)
	if err != nil {
		return false, err
	}
	v, _, err := s.prove(&node{q.Play(m), solver.Opponent()}, own)
	return v == proved, err
}
