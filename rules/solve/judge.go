package solve

import (
	"context"
	"errors"
	"time"

	"adiukh/rules"
	"adiukh/rules/adiukh"
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
	Move         adiukh.Move
	Alternatives []adiukh.Move
}

// Refutation says why a stipulation fails, with the line that shows it.
type Refutation struct {
	Reason rules.Message
	Line   []adiukh.Move
}

// Judgement is the solver's report on a composition.
type Judgement struct {
	Stipulation Stipulation
	Verdict     Verdict
	// Keys lists every first move that fulfils the stipulation.
	Keys []Step
	// Line is the main line from the key (the author's, or the quickest):
	// the solving side by the shortest way, the defence resisting longest.
	Line []adiukh.Move
	// Duals are the solving side's alternatives along the main line after
	// its first move; a second key is a cook, listed in Keys.
	Duals      []Dual
	Refutation *Refutation
	// Result is the value of the position, found when the stipulation
	// fails and the budget allows.
	Result *Result
	// Unfinished reports that the budget ran out after the verdict was
	// decided: the main line and its duals, or the refutation's line and
	// the position's value, are missing or cut short; the verdict stands.
	Unfinished bool
	Nodes      int64
	Elapsed    time.Duration
}

// Judge judges the stipulation of the position with side to move, the
// solving side. With key, the author's first move, the main line starts with
// it and the composition is unsound when it does not fulfil the stipulation.
//
// The verdict is decided by whatever the budget proves first: the solving
// side's goal, or the defender's goal that refutes it (settle). When the
// budget runs out before the verdict, the BudgetError carries the bounds of
// the value proved by then; when it runs out after, the verdict stands and
// the judgement is Unfinished. A dropped ctx stops the search with its error.
func (s *Solver) Judge(ctx context.Context, p adiukh.Position, side rules.Color, st Stipulation, key *adiukh.Move) (*Judgement, error) {
	began, from := s.start(ctx)
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
	done := func(err error) (*Judgement, error) {
		if err != nil && !isBudget(err) {
			return nil, err
		}
		j.Unfinished = j.Unfinished || err != nil
		j.Nodes, j.Elapsed = s.nodes-from, time.Since(began)
		return j, nil
	}
	for _, g := range []*goal{&own, other} {
		if g == nil {
			continue
		}
		v, err := s.settle(n, *g)
		if err != nil {
			return nil, s.atRoot(n, total, err)
		}
		if v == disproved {
			return done(j.unsound(s, n, total, *g))
		}
	}
	for _, m := range moves {
		c := node{p.Play(m), side.Opponent()}
		v, err := s.settle(&c, own)
		if err != nil {
			return nil, s.atRoot(n, total, err)
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
			return done(j.refuteKey(s, n, own, first))
		}
	} else {
		// The quickest key leads the main line.
		line, _, err := s.line(n, own)
		if err != nil {
			return done(err)
		}
		first = line[0]
	}
	j.Line = []adiukh.Move{first}
	after := node{p.Play(first), side.Opponent()}
	rest, duals, err := s.line(&after, own)
	if err != nil {
		return done(err)
	}
	j.Line = append(j.Line, rest...)
	for _, d := range duals {
		d.Ply++
		j.Duals = append(j.Duals, d)
	}
	return done(nil)
}

func isBudget(err error) bool {
	var be *BudgetError
	return errors.As(err, &be)
}

// atRoot gives a budget error the bounds of n's value the table holds.
func (s *Solver) atRoot(n *node, total int, err error) error {
	var be *BudgetError
	if !errors.As(err, &be) {
		return err
	}
	be.Total = total
	if e := s.table.find(hashOf(n), n); e != nil {
		if e.wProved >= 0 {
			v := int(e.wProved)
			be.WhiteAtLeast = &v
		}
		if e.bProved != noProof {
			v := int(e.bProved)
			be.WhiteAtMost = &v
		}
	}
	return err
}

// unsound reports a stipulation the position does not fulfil, failed being
// its goal that was disproved: with the true value and its main line when
// the budget allows, else with the bound proved that refutes it, else with
// the disproof itself. It returns the error that cut it short.
func (j *Judgement) unsound(s *Solver, n *node, total int, failed goal) error {
	j.Verdict = Unsound
	r := &Result{Total: total}
	var err error
	r.WhiteMin, r.WhiteMax, err = s.bounds(n, total)
	if err != nil {
		j.Refutation = &Refutation{Reason: refuted(j.Stipulation, failed, r.WhiteMin, r.WhiteMax, total)}
		return err
	}
	j.Result = r
	j.Refutation = &Refutation{Reason: say("%s does not hold: %s", j.Stipulation, valueMessage(r))}
	err = s.explain(n, r)
	r.Unfinished = err != nil
	j.Refutation.Line = r.Line
	return err
}

// refuted says why a stipulation fails when the value is not known: the
// defender's bound that refutes it, when one is proved (atLeast, atMost:
// White's points, nil when not proved), or else that the goal failed
// cannot be forced.
func refuted(st Stipulation, failed goal, atLeast, atMost *int, total int) rules.Message {
	switch {
	case failed.prover == rules.White && atMost != nil && *atMost < int(failed.t):
		return say("%s does not hold: %s", st, Bounds(nil, atMost, total))
	case failed.prover == rules.White:
		return say("%s does not hold: White cannot force %d points", st, int(failed.t))
	case atLeast != nil && *atLeast > int(failed.t):
		return say("%s does not hold: %s", st, Bounds(atLeast, nil, total))
	}
	return say("%s does not hold: Black cannot force %d points", st, total-int(failed.t))
}

// refuteKey reports an author's first move that does not fulfil the
// stipulation: the defence's reply that refutes it, when the budget finds
// one. It returns the error that cut it short.
func (j *Judgement) refuteKey(s *Solver, n *node, own goal, key adiukh.Move) error {
	j.Verdict = Unsound
	after := node{n.pos.Play(key), n.side.Opponent()}
	j.Refutation = &Refutation{Reason: say("%s does not fulfil the stipulation", key), Line: []adiukh.Move{key}}
	for _, m := range after.pos.LegalMoves(after.side) {
		c := node{after.pos.Play(m), after.side.Opponent()}
		v, err := s.settle(&c, own)
		if err != nil {
			return err
		}
		if v != proved {
			j.Refutation = &Refutation{Reason: say("%s is refuted by %s", key, m), Line: []adiukh.Move{key, m}}
			break
		}
	}
	return nil
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

func sameMove(a, b adiukh.Move) bool { return a.String() == b.String() }

// Keeps reports whether the move m, played in q by solver (the side the
// stipulation is set for), keeps the stipulation: after it the solving side
// can still force its goal. It judges the moves of a solution or an answer
// after the first one.
func (s *Solver) Keeps(ctx context.Context, st Stipulation, solver rules.Color, q adiukh.Position, m adiukh.Move) (bool, error) {
	s.start(ctx)
	w, b := q.Checkers()
	own, _, err := st.goals(solver, w+b)
	if err != nil {
		return false, err
	}
	v, err := s.settle(&node{q.Play(m), solver.Opponent()}, own)
	return v == proved, err
}
