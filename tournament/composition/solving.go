package composition

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"adiukh/rules/solve"
	"adiukh/tournament"
)

// Audit actions of solving contests.
const (
	ActionSolvingSetup  = "composition.solving_setup"
	ActionSolvingAnswer = "composition.solving_answer"
	ActionSolvingRuling = "composition.solving_ruling"
	maxSolvingProblems  = 50
	maxAnswerLength     = 2_000
)

// Default points of a solving problem: the whole solution, and the key
// alone when the rest of the answer is wrong.
const (
	DefaultSolvingPoints = 5
	DefaultKeyPoints     = 1
)

// SolvingContest is the other half of composition competitions: the
// director publishes positions with stipulations for a time window, the
// participants send their solutions, and the solver checks them.
type SolvingContest struct {
	EventID  int64
	Starts   time.Time
	Ends     time.Time
	Problems []SolvingProblem
}

// SolvingProblem is one task of a solving contest, numbered from 1.
type SolvingProblem struct {
	Number int `json:"number"`
	Entry
	// Points are given for a whole right solution, KeyPoints for the right
	// first move when the rest of the answer is wrong.
	Points    int `json:"points"`
	KeyPoints int `json:"key_points"`
}

// SolvingAnswer is a participant's answer to one problem, checked when it
// was sent; a new answer replaces the old one until the window closes.
type SolvingAnswer struct {
	EventID  int64
	Problem  int
	UserID   int64
	Text     string
	SentAt   time.Time
	KeyRight bool
	Right    bool
	Fault    Text
	Points   int
	// Pending: the solver could not check the answer within its node
	// budget (Fault says at which move). It earns what was proved before
	// that move (the key's points when the key was) until the director
	// rules on it.
	Pending bool
	// Ruling is the director's reason when the director has set the
	// verdict (RuleAnswer); "" while the verdict is the solver's.
	Ruling string
}

// Verdict of an answer as the director rules it.
type AnswerVerdict string

const (
	// AnswerRight earns the problem's points: the whole solution.
	AnswerRight AnswerVerdict = "right"
	// AnswerKey earns the key's points: the first move alone.
	AnswerKey AnswerVerdict = "key"
	// AnswerWrong earns nothing.
	AnswerWrong AnswerVerdict = "wrong"
)

// SolvingTx is the part of a transaction that keeps solving contests.
type SolvingTx interface {
	// SolvingContest reads an event's solving contest; ENOTFOUND before it
	// is set up.
	SolvingContest(eventID int64) (*SolvingContest, error)
	// SaveSolvingContest creates or replaces the contest of c.EventID with
	// its problems.
	SaveSolvingContest(c *SolvingContest) error
	// SaveAnswer creates or replaces a participant's answer to a problem.
	SaveAnswer(a *SolvingAnswer) error
	// Answers lists the answers of an event's contest.
	Answers(eventID int64) ([]SolvingAnswer, error)
	// Answer reads a participant's answer to one problem; nil when there
	// is none.
	Answer(eventID int64, problem int, userID int64) (*SolvingAnswer, error)
	// DueSolving lists, by ID, the events whose solving contest moves them
	// on at the given moment: in registration once the window has opened,
	// not finished once it has closed when they hold no contest of
	// compositions. A sweep that finds nothing to do reads nothing more.
	DueSolving(at time.Time) ([]int64, error)
}

// SolvingInput sets up a solving contest.
type SolvingInput struct {
	Starts   time.Time
	Ends     time.Time
	Problems []SolvingProblemInput
}

// SolvingProblemInput is a problem as the director sets it. Points left
// out (nil) are 5 for the solution and 1 for the key alone (0 when the
// solution earns 1); a key set to 0 earns nothing.
type SolvingProblemInput struct {
	Entry
	Points    *int
	KeyPoints *int
}

// SetupSolving sets up or changes the solving contest of a composition
// event: its window and problems. Only the director may, and only before
// the window opens. Every problem is checked by the solver at once: a
// problem the solver refutes, or cannot prove within the budget, cannot be
// set, because the answers are checked against it automatically. The
// window is kept to the second, as every page and the API show it.
func (s *Service) SetupSolving(ctx context.Context, eventID int64, in SolvingInput, reason string) (*SolvingContest, error) {
	u, err := signedIn(ctx)
	if err != nil {
		return nil, err
	}
	in.Starts, in.Ends = in.Starts.Truncate(time.Second), in.Ends.Truncate(time.Second)
	// Who may set the problems is asked before the solver's work on them,
	// so that nobody else can spend it, and again where they are kept.
	var old *SolvingContest
	var zone *time.Location
	maySetUp := func(tx Tx) error {
		e, err := event(ctx, tx, eventID, true)
		if err != nil {
			return err
		}
		zone = e.Location()
		if !tournament.CanManage(u, e) {
			return tournament.Forbidden("only the director of the contest (the event's arbiter) or an administrator may do this in %s", e.Name)
		}
		old, err = tx.SolvingContest(eventID)
		if err != nil && tournament.ErrorCode(err) != tournament.ENOTFOUND {
			return err
		}
		if old != nil && !s.now().Before(old.Starts) {
			return tournament.Conflict("starts", "the solving contest started at %s; its problems are fixed", windowMoment(old.Starts, zone))
		}
		return nil
	}
	if err := s.store.View(ctx, maySetUp); err != nil {
		return nil, err
	}
	var problems []SolvingProblem
	err = s.solve(ctx, u, func(ctx context.Context, solver func() *solve.Solver) error {
		problems, err = s.checkProblems(ctx, solver, in, zone)
		return err
	})
	if err != nil {
		return nil, err
	}
	var out *SolvingContest
	err = s.store.Update(ctx, func(tx Tx) error {
		if err := maySetUp(tx); err != nil {
			return err
		}
		next := &SolvingContest{EventID: eventID, Starts: in.Starts.UTC(), Ends: in.Ends.UTC(), Problems: problems}
		if err := tx.SaveSolvingContest(next); err != nil {
			return err
		}
		out = next
		var before any
		if old != nil {
			before = solvingLog(old)
		}
		return tournament.Audit(tx, s.now(), u, eventID, ActionSolvingSetup, fmt.Sprintf("event %d", eventID), before, solvingLog(next), reason)
	})
	return out, err
}

// AdvanceSolving moves the events of solving contests on with their
// windows, so that lists of events place them right: an event runs once its
// window opens and is finished once it closes, unless it also holds a
// contest of compositions, whose final award finishes it. It is the
// scheduler's sweep (no one acts when a window opens or closes) and
// returns the number of events it moved on; moving never goes back, so
// sweeps on several instances at once do no harm.
func (s *Service) AdvanceSolving(ctx context.Context, at time.Time) (int, error) {
	due := func(tx Tx) ([]int64, error) { return tx.DueSolving(at) }
	return s.advanceEvents(ctx, due, func(tx Tx, e *tournament.Event) (tournament.EventStatus, error) {
		c, err := tx.SolvingContest(e.ID)
		if err != nil {
			return "", err
		}
		if at.Before(c.Ends) {
			return tournament.Running, nil
		}
		// After the window, an event that also holds a contest of
		// compositions runs on until its final award.
		switch _, err := tx.Contest(e.ID); {
		case tournament.ErrorCode(err) == tournament.ENOTFOUND:
			return tournament.Finished, nil
		case err != nil:
			return "", err
		}
		return tournament.Running, nil
	})
}

// AdvanceContests moves the events whose contest's deadline has passed from
// registration to running, so that their pages say the judging has begun
// rather than waiting for the first mark. It is the scheduler's sweep, like
// AdvanceSolving, and returns the number of events it moved on.
func (s *Service) AdvanceContests(ctx context.Context, at time.Time) (int, error) {
	due := func(tx Tx) ([]int64, error) { return tx.DueContests(at) }
	return s.advanceEvents(ctx, due, func(tx Tx, e *tournament.Event) (tournament.EventStatus, error) {
		c, err := tx.Contest(e.ID)
		if err != nil {
			return "", err
		}
		// Read again under the lock: the director may have moved the
		// deadline, or a mark moved the event on, since the list.
		if e.Status != tournament.Registration || c.Stage != Entries || at.Before(c.Deadline) {
			return e.Status, nil
		}
		return tournament.Running, nil
	})
}

// advanceEvents moves each event that due lists on to the status next
// gives it, each in a transaction of its own under the event's lock, and
// counts the events it moved. Moving never goes back and never leaves a
// finished event, so sweeps on several instances at once do no harm.
func (s *Service) advanceEvents(ctx context.Context, due func(Tx) ([]int64, error), next func(Tx, *tournament.Event) (tournament.EventStatus, error)) (int, error) {
	var ids []int64
	if err := s.store.View(ctx, func(tx Tx) (err error) {
		ids, err = due(tx)
		return err
	}); err != nil {
		return 0, err
	}
	moved := 0
	for _, id := range ids {
		err := s.store.Update(ctx, func(tx Tx) error {
			if err := tx.LockEvent(id); err != nil {
				return err
			}
			e, err := tx.Event(id)
			if err != nil {
				return err
			}
			to, err := next(tx, e)
			if err != nil || e.Status == to || e.Status == tournament.Finished {
				return err
			}
			moved++
			return advanceEvent(tx, id, to)
		})
		if err != nil {
			return moved, err
		}
	}
	return moved, nil
}

// windowMoment names a moment of the window as it is kept, to the second,
// in the event's time zone.
func windowMoment(t time.Time, zone *time.Location) tournament.Moment {
	m := tournament.In(t, zone)
	m.Seconds = true
	return m
}

func solvingLog(c *SolvingContest) map[string]any {
	return map[string]any{"starts": c.Starts, "ends": c.Ends, "problems": c.Problems}
}

// checkProblems validates the window and every problem, each with a solver
// of its own, outside any transaction: the solver's budgets bound the time.
func (s *Service) checkProblems(ctx context.Context, solver func() *solve.Solver, in SolvingInput, zone *time.Location) ([]SolvingProblem, error) {
	var problems []*tournament.Error
	var late *tournament.Error
	if in.Starts.IsZero() {
		problems = append(problems, tournament.Invalid("starts", "set the time the solving contest starts"))
	} else if errors.As(tournament.CheckYears("starts", in.Starts), &late) {
		problems = append(problems, late)
	}
	switch now := s.now(); {
	case errors.As(tournament.CheckYears("ends", in.Ends), &late):
		problems = append(problems, late)
	case in.Ends.IsZero() || !in.Ends.After(in.Starts):
		problems = append(problems, tournament.Invalid("ends", "the solving contest ends after it starts"))
	case !in.Ends.After(now):
		// A window already over would publish the solutions at once, and
		// could never be set again.
		problems = append(problems, tournament.Invalid("ends", "the solving contest would be over already: it ends at %s, and it is %s now", windowMoment(in.Ends, zone), windowMoment(now, zone)))
	}
	if len(in.Problems) == 0 || len(in.Problems) > maxSolvingProblems {
		problems = append(problems, tournament.Invalid("problems", "a solving contest has 1 to %d problems; got %d", maxSolvingProblems, len(in.Problems)))
	}
	out := make([]SolvingProblem, 0, len(in.Problems))
	for i, p := range in.Problems {
		field := fmt.Sprintf("problems[%d]", i)
		points, key := DefaultSolvingPoints, DefaultKeyPoints
		if p.Points != nil {
			points = *p.Points
		}
		if p.KeyPoints != nil {
			key = *p.KeyPoints
		} else if key >= points {
			key = 0
		}
		if points < 1 || points > 100 || key < 0 || key >= points {
			problems = append(problems, tournament.Invalid(field+".points", "problem %d: the points are 1 to 100, and the key alone earns fewer (0 or more); got %d and %d", i+1, points, key))
			continue
		}
		entry, findings, err := s.verify(ctx, solver(), EntryInput{Entry: p.Entry})
		if dropped(err) {
			return nil, err
		}
		if err != nil {
			problems = append(problems, tournament.Invalid(field, "problem %d: %s", i+1, err))
			continue
		}
		switch findings.Verdict {
		case Unsound:
			problems = append(problems, tournament.Invalid(field, "problem %d is unsound: %s", i+1, findings.Refutation.Message()))
			continue
		case NotProved:
			problems = append(problems, tournament.Invalid(field, "problem %d is %s; answers could not be checked against it", i+1, findings.Unsettled()))
			continue
		}
		if findings.Unchecked > 0 {
			problems = append(problems, tournament.Invalid(field+".solution", "problem %d: the solution is not checked from ply %d on within the solver's budget; answers could not be checked against it", i+1, findings.Unchecked))
			continue
		}
		if len(findings.Faults) > 0 {
			problems = append(problems, tournament.Invalid(field+".solution", "problem %d: the solution goes wrong: %s", i+1, listOf(faultMessages(findings.Faults))))
			continue
		}
		out = append(out, SolvingProblem{Number: i + 1, Entry: entry, Points: points, KeyPoints: key})
	}
	if err := tournament.Every(problems, tournament.Invalid("", "the solving contest's set-up has %d errors", len(problems))); err != nil {
		return nil, err
	}
	return out, nil
}

// SolvingView is a solving contest as a reader sees it: the problems once
// the window has opened (the director sees them before), the reader's own
// answers, and after the window the solutions, every answer's verdict and
// the ranking.
type SolvingView struct {
	EventID    int64
	Starts     time.Time
	Ends       time.Time
	Open       bool
	Over       bool
	IsDirector bool
	// CanSetup: the reader directs the contest and it has not started, so
	// its problems and window may still change (SetSolving's rule).
	CanSetup bool
	// Problems are shown from the start; their solutions only after the
	// end (to the director always).
	Problems []SolvingProblem
	// Mine are the reader's answers; their verdicts show after the end.
	Mine []SolvingAnswer
	// Ranking is the result, after the end (to the director always).
	Ranking []SolverResult
	// Pending counts the answers of the ranking that wait for the
	// director's ruling: while there are any, the ranking is provisional.
	Pending int
	// Composed maps the numbers of the problems the reader composed (an
	// entry of theirs in the event's contest has the position) to that
	// entry's code: the reader may not answer them.
	Composed map[int]string
}

// SolverResult is one participant's line of the ranking: points first,
// then the time of the last answer (earlier is better).
type SolverResult struct {
	Place   int
	UserID  int64
	Name    string
	Points  int
	Last    time.Time
	Answers []SolvingAnswer
}

// Solving returns an event's solving contest as the reader may see it.
func (s *Service) Solving(ctx context.Context, eventID int64) (*SolvingView, error) {
	var v *SolvingView
	err := s.store.View(ctx, func(tx Tx) error {
		e, err := event(ctx, tx, eventID, false)
		if err != nil {
			return err
		}
		c, err := tx.SolvingContest(eventID)
		if err != nil {
			return err
		}
		u := tournament.UserFromContext(ctx)
		now := s.now()
		v = &SolvingView{EventID: eventID, Starts: c.Starts, Ends: c.Ends, IsDirector: tournament.CanManage(u, e),
			Open: !now.Before(c.Starts) && now.Before(c.Ends), Over: !now.Before(c.Ends)}
		v.CanSetup = v.IsDirector && now.Before(c.Starts)
		if v.IsDirector || !now.Before(c.Starts) {
			v.Problems = c.Problems
			if !v.IsDirector && !v.Over {
				v.Problems = withoutSolutions(c.Problems)
			}
		}
		if u != nil && !v.IsDirector {
			if v.Composed, err = composed(tx, eventID, u.ID, c.Problems); err != nil {
				return err
			}
		}
		answers, err := tx.Answers(eventID)
		if err != nil {
			return err
		}
		for _, a := range answers {
			if u != nil && a.UserID == u.ID {
				if !v.Over {
					a = SolvingAnswer{EventID: a.EventID, Problem: a.Problem, UserID: a.UserID, Text: a.Text, SentAt: a.SentAt}
				}
				v.Mine = append(v.Mine, a)
			}
		}
		if v.Over || v.IsDirector {
			v.Ranking, err = rankSolvers(tx, answers)
			for _, a := range answers {
				if a.Pending {
					v.Pending++
				}
			}
		}
		return err
	})
	return v, err
}

func withoutSolutions(in []SolvingProblem) []SolvingProblem {
	out := slices.Clone(in)
	for i := range out {
		out[i].Solution = ""
	}
	return out
}

// rankSolvers orders the participants by points, then by the time of their
// last answer; equal on both share a place.
func rankSolvers(tx Tx, answers []SolvingAnswer) ([]SolverResult, error) {
	byUser := map[int64]*SolverResult{}
	var out []*SolverResult
	for _, a := range answers {
		r := byUser[a.UserID]
		if r == nil {
			u, err := tx.User(a.UserID)
			if err != nil {
				return nil, err
			}
			r = &SolverResult{UserID: a.UserID, Name: publicName(u)}
			byUser[a.UserID] = r
			out = append(out, r)
		}
		r.Points += a.Points
		r.Answers = append(r.Answers, a)
		if a.SentAt.After(r.Last) {
			r.Last = a.SentAt
		}
	}
	slices.SortStableFunc(out, func(a, b *SolverResult) int {
		return cmp.Or(cmp.Compare(b.Points, a.Points), a.Last.Compare(b.Last), strings.Compare(a.Name, b.Name))
	})
	ranking := make([]SolverResult, len(out))
	for i, r := range out {
		r.Place = i + 1
		if i > 0 && r.Points == out[i-1].Points && r.Last.Equal(out[i-1].Last) {
			r.Place = ranking[i-1].Place
		}
		ranking[i] = *r
	}
	return ranking, nil
}

// Answer sends a participant's solution of one problem: any signed-in
// account but the director, while the window is open. It is checked by the
// solver at once (the first move, then the main line; a dual the solver
// proves equivalent counts) and replaces an earlier answer to the problem
// (the same answer again keeps the time it was first sent); the verdict is
// shown when the contest is over. An answer the solver cannot check within
// its budget is kept all the same, pending, for the director to rule on
// (RuleAnswer): the participant is not refused for the solver's limits.
func (s *Service) Answer(ctx context.Context, eventID int64, number int, text string) (*SolvingAnswer, error) {
	u, err := signedIn(ctx)
	if err != nil {
		return nil, err
	}
	text = strings.TrimSpace(text)
	if text == "" {
		return nil, tournament.Invalid("answer", "write the solution: the first move, then the main line")
	}
	if longer(text, maxAnswerLength) {
		return nil, tournament.Invalid("answer", "the answer is longer than %d characters", maxAnswerLength)
	}
	var problem *SolvingProblem
	err = s.store.View(ctx, func(tx Tx) error {
		c, err := s.openSolving(ctx, tx, eventID, u)
		if err != nil {
			return err
		}
		if problem, err = c.problem(number); err != nil {
			return err
		}
		own, err := composed(tx, eventID, u.ID, []SolvingProblem{*problem})
		if code, ok := own[number]; ok {
			return tournament.Forbidden("problem %d is your own composition (your entry %s): its author does not solve it", number, code)
		}
		return err
	})
	if err != nil {
		return nil, err
	}
	var a *SolvingAnswer
	err = s.solve(ctx, u, func(ctx context.Context, solver func() *solve.Solver) error {
		a, err = s.checkAnswer(ctx, solver(), problem, text)
		return err
	})
	if err != nil {
		return nil, err
	}
	a.EventID, a.UserID = eventID, u.ID
	err = s.store.Update(ctx, func(tx Tx) error {
		if err := tx.LockEvent(eventID); err != nil {
			return err
		}
		if _, err := s.openSolving(ctx, tx, eventID, u); err != nil {
			return err
		}
		old, err := tx.Answer(eventID, number, u.ID)
		if err != nil {
			return err
		}
		if old != nil && old.Text == a.Text {
			// The same answer again (a form sent twice, a page saved again)
			// changes nothing: it keeps its time, which breaks ties in the
			// ranking.
			a.SentAt = old.SentAt
			return nil
		}
		// Kept to the second, as the ranking shows it: answers sent within
		// the same second are equal on time.
		a.SentAt = s.now().UTC().Truncate(time.Second)
		if err := tx.SaveAnswer(a); err != nil {
			return err
		}
		return tournament.Audit(tx, s.now(), u, eventID, ActionSolvingAnswer, fmt.Sprintf("problem %d", number), nil,
			map[string]any{"answer": a.Text, "points": a.Points, "pending": a.Pending}, "")
	})
	if err != nil {
		return nil, err
	}
	return a, nil
}

// openSolving loads a solving contest the user may answer now.
func (s *Service) openSolving(ctx context.Context, tx Tx, eventID int64, u *tournament.User) (*SolvingContest, error) {
	e, err := event(ctx, tx, eventID, false)
	if err != nil {
		return nil, err
	}
	c, err := tx.SolvingContest(eventID)
	if err != nil {
		return nil, err
	}
	if tournament.CanManage(u, e) {
		return nil, tournament.Forbidden("the director of the solving contest cannot take part in it")
	}
	now := s.now()
	switch {
	case now.Before(c.Starts):
		return nil, tournament.Conflict("starts", "the solving contest starts at %s", windowMoment(c.Starts, e.Location()))
	case !now.Before(c.Ends):
		return nil, tournament.Conflict("ends", "the solving contest ended at %s", windowMoment(c.Ends, e.Location()))
	}
	return c, nil
}

// composed finds which of the problems the user composed: an entry of
// theirs in the event's contest, withdrawn or not, has the position with
// its side to move, or turned round with the colours exchanged. It maps
// the problem's number to the entry's code.
func composed(tx Tx, eventID, userID int64, problems []SolvingProblem) (map[int]string, error) {
	works, err := tx.Works(eventID)
	if err != nil {
		return nil, err
	}
	own := map[int]string{}
	for _, w := range works {
		mine, ok := problemOf(w.Entry)
		if w.AuthorID != userID || !ok {
			continue
		}
		for _, p := range problems {
			if theirs, ok := problemOf(p.Entry); ok {
				if twin, _ := mine.twinOf(theirs); twin {
					own[p.Number] = w.Code
				}
			}
		}
	}
	return own, nil
}

func (c *SolvingContest) problem(number int) (*SolvingProblem, error) {
	if number < 1 || number > len(c.Problems) {
		return nil, tournament.NotFound("the solving contest has no problem %d", number)
	}
	return &c.Problems[number-1], nil
}

// checkAnswer checks an answer against its problem with the solver.
func (s *Service) checkAnswer(ctx context.Context, solver *solve.Solver, p *SolvingProblem, text string) (*SolvingAnswer, error) {
	pr, err := Validate(p.Entry)
	if err != nil {
		return nil, err
	}
	// An answer none of whose moves can be read could not count at all:
	// it is refused at once with where it goes wrong, which tells nothing
	// of the solution (anyone can tell a legal move), so that a slip of
	// notation is not found only after the end.
	if moves, perr := ReadLine(pr.Position, pr.Side, text); len(moves) == 0 {
		if perr != nil {
			return nil, tournament.Invalid("answer", "no move of the answer can be read: %s", perr.Said())
		}
		return nil, tournament.Invalid("answer", "write the solution: the first move, then the main line")
	}
	r, err := CheckAnswer(ctx, solver, pr, text)
	if dropped(err) {
		return nil, err
	}
	if err != nil {
		return nil, tournament.Invalid("answer", "the answer could not be checked: %s", err)
	}
	a := &SolvingAnswer{Problem: p.Number, Text: text, Fault: r.Fault, Pending: r.Undecided}
	a.setVerdict(p, r.Line, r.FirstMove)
	return a, nil
}

// setVerdict sets whether the answer is right, or its key alone, and the
// points that earns.
func (a *SolvingAnswer) setVerdict(p *SolvingProblem, right, keyRight bool) {
	a.Right, a.KeyRight = right, keyRight || right
	switch {
	case right:
		a.Points = p.Points
	case keyRight:
		a.Points = p.KeyPoints
	default:
		a.Points = 0
	}
}

// RuleAnswer sets the verdict of a participant's answer by the director's
// decision: above all for an answer the solver could not check within its
// budget, which waits for it, but for any answer (a claim of the
// participant, a slip of notation the director forgives). Only the
// director may, with a reason, which the participant sees with the verdict
// and the audit log keeps; a new answer from the participant replaces the
// ruled one and is checked afresh.
func (s *Service) RuleAnswer(ctx context.Context, eventID int64, number int, userID int64, verdict AnswerVerdict, reason string) (*SolvingAnswer, error) {
	u, err := signedIn(ctx)
	if err != nil {
		return nil, err
	}
	reason = strings.TrimSpace(reason)
	var problems []*tournament.Error
	if verdict != AnswerRight && verdict != AnswerKey && verdict != AnswerWrong {
		problems = append(problems, tournament.Invalid("verdict", "%q is not a verdict: right, key or wrong", verdict))
	}
	if reason == "" {
		problems = append(problems, tournament.Invalid("reason", "say why you set the verdict: the participant sees it"))
	}
	if longer(reason, maxAnswerLength) {
		problems = append(problems, tournament.Invalid("reason", "the reason is longer than %d characters", maxAnswerLength))
	}
	var out *SolvingAnswer
	err = s.store.Update(ctx, func(tx Tx) error {
		if err := tx.LockEvent(eventID); err != nil {
			return err
		}
		e, err := event(ctx, tx, eventID, true)
		if err != nil {
			return err
		}
		if !tournament.CanManage(u, e) {
			return tournament.Forbidden("only the director of the solving contest (the event's arbiter) or an administrator may set the verdict of an answer in %s", e.Name)
		}
		if err := tournament.Every(problems, tournament.Invalid("", "the ruling has %d errors", len(problems))); err != nil {
			return err
		}
		c, err := tx.SolvingContest(eventID)
		if err != nil {
			return err
		}
		p, err := c.problem(number)
		if err != nil {
			return err
		}
		a, err := tx.Answer(eventID, number, userID)
		if err != nil {
			return err
		}
		if a == nil {
			return tournament.NotFound("user %d has sent no answer to problem %d", userID, number)
		}
		before := answerLog(a)
		a.setVerdict(p, verdict == AnswerRight, verdict != AnswerWrong)
		a.Pending, a.Ruling = false, reason
		if err := tx.SaveAnswer(a); err != nil {
			return err
		}
		participant, err := tx.User(userID)
		if err != nil {
			return err
		}
		out = a
		return tournament.Audit(tx, s.now(), u, eventID, ActionSolvingRuling, fmt.Sprintf("problem %d, the answer of %s", number, publicName(participant)), before, answerLog(a), reason)
	})
	return out, err
}

// answerLog is an answer's verdict as the audit log keeps it.
func answerLog(a *SolvingAnswer) map[string]any {
	return map[string]any{"answer": a.Text, "right": a.Right, "key_right": a.KeyRight, "points": a.Points, "pending": a.Pending}
}
