package composition

import (
	"context"
	"errors"
	"slices"

	"adiukh/rules"
	"adiukh/rules/adiukh"
	"adiukh/rules/solve"
	"adiukh/tournament"
)

// Verdict is the solver's verdict on an entry.
type Verdict string

const (
	Sound     Verdict = "sound"
	Unsound   Verdict = "unsound"
	Cooked    Verdict = "cooked"
	NotProved Verdict = "not_proved" // the node budget ran out: nothing is claimed
)

// Report is the solver's report on an entry, as the author and the judges
// see it.
type Report struct {
	Verdict Verdict
	// Judgement is the solver's judgement from the author's first move; nil
	// when not proved.
	Judgement *solve.Judgement
	// Faults are the moves of the author's main line, after the first,
	// where the solving side's move does not keep the stipulation (the
	// solution is wrong there even if the problem is sound).
	Faults []Fault
	// Limit is the budget that ran out before the verdict (NotProved), with
	// the bounds of the position's value proved by then.
	Limit *solve.BudgetError
	// Unchecked is the ply of the first move of the author's solution the
	// budget left unchecked, after the verdict; 0 when every move was.
	Unchecked int
}

// Fault is a move of the author's solution that the solver refutes.
type Fault struct {
	Ply  int    `json:"ply"` // 1 for the first move
	Move string `json:"move"`
}

// Message says what is wrong, to be shown in the reader's language.
func (f Fault) Message() rules.Message {
	return say("ply %d: %s does not keep the stipulation", f.Ply, f.Move)
}

func faultMessages(faults []Fault) []rules.Message {
	out := make([]rules.Message, len(faults))
	for i, f := range faults {
		out[i] = f.Message()
	}
	return out
}

// Check judges an entry with the solver: the stipulation with the author's
// first move as the key (sound, unsound with the refutation, cooked), then
// every later move of the solving side in the author's main line. A budget
// that runs out before the verdict makes it NotProved, with what was proved;
// one that runs out after leaves the rest of the solution unchecked. A
// dropped ctx ends the check with its error.
func Check(ctx context.Context, s *solve.Solver, pr *Problem) (*Report, error) {
	var key *adiukh.Move
	if len(pr.Solution) > 0 {
		key = &pr.Solution[0]
	}
	j, err := s.Judge(ctx, pr.Position, pr.Side, pr.Stipulation, key)
	if be := budgetError(err); be != nil {
		return &Report{Verdict: NotProved, Limit: be}, nil
	}
	if err != nil {
		return nil, err
	}
	r := &Report{Verdict: Verdict(j.Verdict), Judgement: j}
	if j.Verdict == solve.Unsound {
		return r, nil
	}
	q, side := pr.Position, pr.Side
	for i, m := range pr.Solution {
		if i > 0 && side == pr.Side {
			keeps, err := s.Keeps(ctx, pr.Stipulation, pr.Side, q, m)
			if budgetError(err) != nil {
				r.Unchecked = i + 1
				return r, nil
			}
			if err != nil {
				return nil, err
			}
			if !keeps {
				r.Faults = append(r.Faults, Fault{i + 1, m.String()})
			}
		}
		q, side = q.Play(m), side.Opponent()
	}
	return r, nil
}

// dropped reports a check stopped by its request's context: no fault of
// the work or the answer.
func dropped(err error) bool {
	return errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded)
}

// budgetError is the solver's budget that ran out, or nil.
func budgetError(err error) *solve.BudgetError {
	var be *solve.BudgetError
	if errors.As(err, &be) {
		return be
	}
	return nil
}

// Answer is the check of a solving-contest answer.
type Answer struct {
	// FirstMove reports whether the answer's first move fulfils the
	// stipulation (any key the solver proves counts), whatever follows it.
	FirstMove bool
	// Line reports whether the whole answer is right: every move legal,
	// every move of the solving side keeping the stipulation (a dual the
	// solver proves equivalent is accepted), and the line as long as the
	// main line of the solution, or ending in a final position. What is
	// written after the final position is not counted.
	Line bool
	// Undecided reports that the solver ran out of its node budget on a
	// move of the solving side before the answer went wrong: nothing is
	// claimed about that move and what follows it, Fault says which move it
	// was, and a person (the contest's director) decides.
	Undecided bool
	// Fault says where the answer goes wrong, or that what follows the end
	// of the game is not counted, or which move the solver could not check;
	// zero when none of these.
	Fault Text
}

// CheckAnswer checks a solver's answer (first move and main line, as text)
// to a problem of a solving contest. The moves are judged in order up to
// the first that goes wrong, so a right key earns its points even when a
// later move is illegal.
func CheckAnswer(ctx context.Context, s *solve.Solver, pr *Problem, text string) (*Answer, error) {
	moves, perr := ReadLine(pr.Position, pr.Side, text)
	if len(moves) == 0 {
		if perr != nil {
			return &Answer{Fault: errorText(perr)}, nil
		}
		return &Answer{Fault: Text{say("the answer has no move")}}, nil
	}
	a := &Answer{}
	q, side := pr.Position, pr.Side
	for i, m := range moves {
		if side == pr.Side {
			keeps, err := s.Keeps(ctx, pr.Stipulation, pr.Side, q, m)
			if be := budgetError(err); be != nil {
				a.Undecided = true
				a.Fault = Text{say("move %d (%s) is not checked: %s; the director decides", moveNumber(pr.Side, i), m.String(), be.Limit())}
				return a, nil
			}
			if err != nil {
				return nil, err
			}
			if !keeps {
				a.Fault = Text{say("move %d (%s) does not fulfil the stipulation", moveNumber(pr.Side, i), m.String())}
				return a, nil
			}
			if i == 0 {
				a.FirstMove = true
			}
		}
		q, side = q.Play(m), side.Opponent()
	}
	final := len(q.LegalMoves(side)) == 0
	switch {
	case final && perr != nil:
		a.Line = true
		a.Fault = Text{say("the game is over after move %d; what follows is not counted", moveNumber(pr.Side, len(moves)-1))}
	case perr != nil:
		a.Fault = errorText(perr)
	case !final && len(moves) < len(pr.Solution):
		a.Fault = Text{say("the answer stops after %d moves; the solution's main line has %d", len(moves), len(pr.Solution))}
	default:
		a.Line = true
	}
	return a, nil
}

// Aggregation is how a jury's marks for one entry make its mark.
type Aggregation string

const (
	// Mean is the mean of all the marks.
	Mean Aggregation = "mean"
	// TrimmedMean leaves out the highest and the lowest mark (needs three
	// marks or more).
	TrimmedMean Aggregation = "trimmed_mean"
)

// Aggregate returns the entry's mark from its judges' marks.
func Aggregate(how Aggregation, marks []float64) (float64, error) {
	if len(marks) == 0 {
		return 0, tournament.Invalid("marks", "no judge has marked the entry")
	}
	sorted := slices.Sorted(slices.Values(marks))
	switch how {
	case Mean:
	case TrimmedMean:
		if len(sorted) < 3 {
			return 0, tournament.Invalid("marks", "the mean without the highest and lowest marks needs 3 marks or more, the entry has %d", len(sorted))
		}
		sorted = sorted[1 : len(sorted)-1]
	default:
		return 0, tournament.Invalid("aggregation", "%q is not a way to aggregate marks: mean or trimmed_mean", how)
	}
	sum := 0.0
	for _, m := range sorted {
		sum += m
	}
	return sum / float64(len(sorted)), nil
}
