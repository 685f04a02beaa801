// Package solve proves or refutes Adiukh positions: the value of a position
// under best play, the moves that keep it, a main line, and the verdict on a
// composition's stipulation (sound, unsound, cooked, with duals).
//
// Positions can repeat in Adiukh (rules §5), and endless play reaches no final
// position, so a value is two bounds: WhiteMin, the most points White can
// force in a final position whatever Black does (none when Black can keep the
// game from ever ending), and WhiteMax, the fewest points Black can hold White
// to (none when White can avoid every final position). Each bound is found by
// yes-or-no proof searches (see mid) that treat a repetition as a failure
// of the side that has to force the end.
//
// The package is pure: it imports the rules and the standard library only.
package solve

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"adiukh/rules"
	"adiukh/rules/adiukh"
)

// Defaults for Options left at zero.
const (
	DefaultMaxNodes   = 50_000_000
	DefaultTableBytes = 64 << 20
	// maxLine bounds a main line; a proof's lines are far shorter.
	maxLine = 400
)

// Options bound the work of a Solver.
type Options struct {
	// MaxNodes is the number of nodes one question (Solve, Judge, Keeps)
	// may visit.
	MaxNodes int64
	// MaxTime is the time one question may take; 0: no bound but the nodes.
	MaxTime time.Duration
	// Together makes MaxNodes and MaxTime bound all the questions asked of
	// the solver together rather than each: a contest's check asks several
	// (the stipulation, then each move of the solution), and a server must
	// know what one check can cost.
	Together bool
	// TableBytes bounds the memory of the transposition table; the part a
	// power of two of its buckets leaves over, an eighth at least, keeps the
	// proof and disproof numbers of undecided nodes.
	TableBytes int
}

// checkEvery (a power of two, for a mask) is how many nodes go by between two looks at the clock and the
// context: about 3 ms of search, so a dropped request stops its search well
// within 50 ms, while the look costs nothing measurable.
const checkEvery = 4096

// BudgetError ends a search that ran out of nodes or time: the question is
// not answered, and nothing wrong is said. It keeps the bounds of the
// position's value proved before (Solve, Judge).
type BudgetError struct {
	MaxNodes int64
	// MaxTime is the time budget when it is time that ran out; 0 when it
	// was the nodes.
	MaxTime time.Duration
	// WhiteAtLeast: White was proved to force a final position with at
	// least this many points (WhiteMin ≥ it); nil when nothing was.
	WhiteAtLeast *int
	// WhiteAtMost: Black was proved to hold White to at most this many
	// points (WhiteMax ≤ it); nil when nothing was.
	WhiteAtMost *int
	// Total is the number of checkers, for the scores of the bounds.
	Total int
}

func (e *BudgetError) Error() string { return e.Detail().String() }

// Phrase gives the message to the catalogue (tournament/catalog), which
// words it in the reader's language.
func (e *BudgetError) Phrase() (string, []any) {
	m := e.Detail()
	return m.Format, m.Args
}

// Detail is the message, for translation.
func (e *BudgetError) Detail() rules.Message {
	limit := e.Limit()
	if proved := e.Proved(); proved.Format != "" {
		return say("%s; %s", limit, proved)
	}
	return limit
}

// Limit says which budget ran out: "not proved within 2,000,000 nodes".
func (e *BudgetError) Limit() rules.Message {
	if e.MaxTime > 0 {
		return say("not proved within %d seconds", int(e.MaxTime.Round(time.Second)/time.Second))
	}
	return say("not proved within %d nodes", rules.Count(e.MaxNodes))
}

// Proved says what was proved before the budget ran out; zero when nothing
// was.
func (e *BudgetError) Proved() rules.Message {
	if b := Bounds(e.WhiteAtLeast, e.WhiteAtMost, e.Total); b.Format != "" {
		return say("proved so far: %s", b)
	}
	return rules.Message{}
}

// Bounds says what the proved bounds of a position's value are: White
// forces at least atLeast, Black holds White to at most atMost (nil: not
// proved), total checkers being on the board; zero when neither is proved.
// Bounds that meet are the value.
func Bounds(atLeast, atMost *int, total int) rules.Message {
	score := func(white *int) rules.Score { return rules.Score{White: *white, Black: total - *white} }
	switch {
	case atLeast != nil && atMost != nil && *atLeast == *atMost:
		return say("best play ends %s", score(atLeast))
	case atLeast != nil && atMost != nil:
		return say("White forces %s or better for White, Black forces %s or better for Black", score(atLeast), score(atMost))
	case atLeast != nil:
		return say("White forces %s or better for White", score(atLeast))
	case atMost != nil:
		return say("Black forces %s or better for Black", score(atMost))
	}
	return rules.Message{}
}

// Solver answers questions about positions; its table keeps what it proved
// between questions. A Solver is not safe for concurrent use.
type Solver struct {
	maxNodes int64
	maxTime  time.Duration
	together bool
	// asked reports whether a question has been asked (Together: the
	// budgets run from the first).
	asked bool
	// ctx is the question's context, deadline the end of the time budget
	// (zero: none); halt is why the search stopped early: a context's
	// error, or errTime. Both are looked at every checkEvery nodes.
	ctx      context.Context
	deadline time.Time
	halt     error
	// stop is the node count at which the question being asked gives up:
	// the budget, or sooner when bounds gives a question a share of it.
	stop  int64
	table *table
	path  path

	goal     goal
	nodes    int64
	aborted  bool
	moves    [][]adiukh.Move
	children [][]child
	frames   []pnFrame
	pns      pnTable // proof and disproof numbers of undecided nodes
}

// New returns a solver with the given bounds.
func New(o Options) *Solver {
	if o.MaxNodes <= 0 {
		o.MaxNodes = DefaultMaxNodes
	}
	if o.TableBytes <= 0 {
		o.TableBytes = DefaultTableBytes
	}
	// The buckets come in powers of two: sized from the whole bound they
	// could take all of it (25 MiB = 2¹⁶ buckets) and leave the proof
	// numbers a single slot, which makes the search many times slower.
	t := newTable(o.TableBytes - o.TableBytes/8)
	return &Solver{maxNodes: o.MaxNodes, maxTime: o.MaxTime, together: o.Together, stop: o.MaxNodes, table: t,
		pns: newPNTable(o.TableBytes - len(t.buckets)*bucketBytes), ctx: context.Background()}
}

// Step is a move with the position it leads to.
type Step struct {
	Move     adiukh.Move
	Position adiukh.Position
}

// Result is the value of a position.
type Result struct {
	// WhiteMin is the most points White can force in a final position; nil
	// when Black can keep the game from ever reaching one.
	WhiteMin *int
	// WhiteMax is the fewest points Black can hold White to; nil when White
	// can avoid every final position.
	WhiteMax *int
	// Total is the number of checkers on the board: the two players' points
	// in a final position add up to it (24 in a game).
	Total int
	// Final reports whether the side to move has no move: the game is over.
	Final bool
	// Best lists every move of the side to move that keeps its bound
	// (White: WhiteMin, Black: WhiteMax), with the position it leads to.
	Best []Step
	// Line is a main line: the side that can force its bound does so by the
	// shortest way, the other resists longest; it ends in a final position,
	// or is empty when neither side can force the game to end.
	Line []adiukh.Move
	// Unfinished reports that the budget ran out after the value was
	// proved: Best and Line are not given, the value stands.
	Unfinished bool
	// Nodes is the number of positions searched, Elapsed the time taken.
	Nodes   int64
	Elapsed time.Duration
}

// Score returns the result when the bounds meet, White's first: 17:7.
func (r *Result) Score() (rules.Score, bool) {
	if r.WhiteMin == nil || r.WhiteMax == nil || *r.WhiteMin != *r.WhiteMax {
		return rules.Score{}, false
	}
	return rules.Score{White: *r.WhiteMin, Black: r.Total - *r.WhiteMin}, true
}

// errTime is the halt of a search whose time budget ran out.
var errTime = errors.New("solve: time budget spent")

// start begins a question asked under ctx: it returns the time and the
// node count at which it began. The budgets start again with every
// question, or once with the first (Options.Together).
func (s *Solver) start(ctx context.Context) (time.Time, int64) {
	now := time.Now()
	if !s.together || !s.asked {
		s.nodes, s.deadline = 0, time.Time{}
		if s.maxTime > 0 {
			s.deadline = now.Add(s.maxTime)
		}
		s.asked = true
	}
	s.ctx, s.aborted, s.halt, s.stop = ctx, false, nil, s.maxNodes
	return now, s.nodes
}

// interrupted looks at the context and the clock: a dropped request or a
// spent time budget stops the search.
func (s *Solver) interrupted() bool {
	if err := s.ctx.Err(); err != nil {
		s.halt = err
	} else if !s.deadline.IsZero() && !time.Now().Before(s.deadline) {
		s.halt = errTime
	}
	return s.halt != nil
}

// stopped is the error of a search that stopped before its verdict: the
// context's error, or the budget that ran out.
func (s *Solver) stopped() error {
	switch s.halt {
	case nil:
		return &BudgetError{MaxNodes: s.maxNodes}
	case errTime:
		return &BudgetError{MaxNodes: s.maxNodes, MaxTime: s.maxTime}
	}
	return s.halt
}

// Nodes returns the nodes the last question visited (Together: all the
// questions).
func (s *Solver) Nodes() int64 { return s.nodes }

// Solve finds the value of the position with side to move, the moves that
// keep it and a main line. A dropped ctx stops the search with its error.
// When the budget runs out after the value is proved, the value is given
// without the best moves and the line (Result.Unfinished).
func (s *Solver) Solve(ctx context.Context, p adiukh.Position, side rules.Color) (*Result, error) {
	began, from := s.start(ctx)
	n := &node{p, side}
	w, b := p.Checkers()
	r := &Result{Total: w + b}
	var err error
	r.WhiteMin, r.WhiteMax, err = s.bounds(n, r.Total)
	if err != nil {
		return nil, r.known(err)
	}
	r.Final = len(p.LegalMoves(side)) == 0
	if err := s.explain(n, r); err != nil {
		var be *BudgetError
		if !errors.As(err, &be) {
			return nil, err
		}
		// The value is proved; what ran out is only the way to it.
		r.Best, r.Line, r.Unfinished = nil, nil, true
	}
	r.Nodes, r.Elapsed = s.nodes-from, time.Since(began)
	return r, nil
}

// explain finds the best moves and the main line of a position whose value
// r holds.
func (s *Solver) explain(n *node, r *Result) error {
	own := r.WhiteMin
	g := goal{rules.White, 0}
	if n.side == rules.Black {
		own, g.prover = r.WhiteMax, rules.Black
	}
	for _, m := range n.pos.LegalMoves(n.side) {
		c := node{n.pos.Play(m), n.side.Opponent()}
		keeps := own == nil
		if !keeps {
			g.t = int8(*own)
			st, _, err := s.prove(&c, g)
			if err != nil {
				return err
			}
			keeps = st == proved
		}
		if keeps {
			r.Best = append(r.Best, Step{m, c.pos})
		}
	}
	var err error
	switch {
	case r.WhiteMin != nil:
		r.Line, _, err = s.line(n, goal{rules.White, int8(*r.WhiteMin)})
	case r.WhiteMax != nil:
		r.Line, _, err = s.line(n, goal{rules.Black, int8(*r.WhiteMax)})
	}
	return err
}

// known gives a budget error the bounds found before it.
func (r *Result) known(err error) error {
	if be, ok := err.(*BudgetError); ok {
		be.Total, be.WhiteAtLeast, be.WhiteAtMost = r.Total, r.WhiteMin, r.WhiteMax
	}
	return err
}

// bounds finds WhiteMin and WhiteMax by halving the range of thresholds,
// White's first. The two halvings are asked in rounds: in each, a question
// may take a share of the budget, first a quarter, doubled every round, and
// one the share does not settle is asked again in the next round, after the
// other side's questions. So when one side's question is far harder than the
// other's (can White force any end at all, where Black's bounds take a few
// hundred nodes), the budget does not run out before the easy side is proved.
// When the budget runs out it returns with the error what it proved so far:
// WhiteMin at least whiteMin, WhiteMax at most whiteMax.
func (s *Solver) bounds(n *node, total int) (whiteMin, whiteMax *int, err error) {
	// White is proved to force ≥ lo and disproved for ≥ hi.
	lo, hi := -1, total+1
	// Black is proved to hold White to ≤ bhi and disproved for ≤ bdisproved.
	bhi, bdisproved := total+1, -1
	found := func(err error) (*int, *int, error) {
		if lo >= 0 {
			whiteMin = &lo
		}
		if bhi <= total {
			whiteMax = &bhi
		}
		return whiteMin, whiteMax, err
	}
	for share := max((s.maxNodes-s.nodes)/4, 1); ; share *= 2 {
		whiteOpen, blackOpen := false, false
		for hi-lo > 1 && !whiteOpen {
			if hi-lo == 2 && lo >= 0 && bdisproved < lo {
				// One threshold is left, lo+1. Black's ≤ lo is asked first:
				// when it is proved the value is lo, and White's lo+1 is
				// disproved by it at every node its proof covers
				// (entry.known), whereas disproving White's lo+1 first
				// settles nothing for Black, whose proof WhiteMax needs
				// anyway. Once it is disproved (bdisproved = lo) White's
				// lo+1 is asked.
				st, err := s.ask(n, goal{rules.Black, int8(lo)}, share)
				switch {
				case err != nil:
					return found(err)
				case st == proved:
					bhi, hi = lo, lo+1
				case st == disproved:
					bdisproved = lo
				default:
					whiteOpen = true
				}
				continue
			}
			t := (lo + hi) / 2
			st, err := s.ask(n, goal{rules.White, int8(t)}, share)
			switch {
			case err != nil:
				return found(err)
			case st == proved:
				lo = t
			case st == disproved:
				hi = t
			default:
				whiteOpen = true
			}
		}
		// WhiteMax ≥ WhiteMin ≥ lo, so nothing below lo can be proved for
		// Black.
		for blo := max(max(lo, 0)-1, bdisproved); bhi-blo > 1 && !blackOpen; blo = max(max(lo, 0)-1, bdisproved) {
			t := (blo + bhi) / 2
			st, err := s.ask(n, goal{rules.Black, int8(t)}, share)
			switch {
			case err != nil:
				return found(err)
			case st == proved:
				bhi = t
			case st == disproved:
				bdisproved = t
			default:
				blackOpen = true
			}
		}
		if !whiteOpen && !blackOpen {
			return found(nil)
		}
	}
}

// ask answers g within share nodes, and never past the budget: unknown with
// no error when the share runs out first, a BudgetError when the budget does.
// What the search learned stays in the tables for the next time g is asked.
func (s *Solver) ask(n *node, g goal, share int64) (status, error) {
	s.stop = min(s.nodes+share, s.maxNodes)
	st, _, err := s.prove(n, g)
	s.stop = s.maxNodes
	if _, ok := err.(*BudgetError); ok && s.halt == nil && s.nodes < s.maxNodes {
		s.aborted = false
		return unknown, nil
	}
	return st, err
}

// settle answers g for n, asking in turns g and the defender's goal that
// would refute it (refutation), each within a share of what is left of the
// budget, a quarter at first, doubled every round. A defender's proof is
// often far smaller than the prover's disproof (a position where Black holds
// White to 12 points in a few nodes, while whether White can force 13 takes
// millions), and either settles g.
func (s *Solver) settle(n *node, g goal) (status, error) {
	r := g.refutation()
	for share := max((s.maxNodes-s.nodes)/4, 1); ; share *= 2 {
		st, err := s.ask(n, g, share)
		if err != nil || st != unknown {
			return st, err
		}
		// A disproof of the refutation settles nothing for g: the
		// defender may fail to force an end where the prover fails too.
		st, err = s.ask(n, r, share)
		switch {
		case err != nil:
			return unknown, err
		case st == proved:
			return disproved, nil
		}
	}
}

// line plays out a proved goal from n: the prover picks the move with the
// shortest proof, the other side the move that puts off the end longest
// without giving the prover more than the goal. At each move of the prover
// it also returns the other moves that keep the goal: the duals.
func (s *Solver) line(n *node, g goal) ([]adiukh.Move, []Dual, error) {
	var out []adiukh.Move
	var duals []Dual
	cur := *n
	for len(out) < maxLine {
		moves := cur.pos.LegalMoves(cur.side)
		if len(moves) == 0 {
			break
		}
		pick, pickDist := -1, 0
		var keeping, defences []int
		dists := make([]int, len(moves))
		for i, m := range moves {
			c := node{cur.pos.Play(m), cur.side.Opponent()}
			st, dist, err := s.prove(&c, g)
			if err != nil {
				return nil, nil, err
			}
			if st != proved {
				continue
			}
			dists[i] = dist
			if cur.side == g.prover {
				keeping = append(keeping, i)
				if pick < 0 || dist < pickDist {
					pick, pickDist = i, dist
				}
			} else {
				defences = append(defences, i)
			}
		}
		if cur.side != g.prover && len(defences) > 0 {
			// The defender puts off the end longest, but gives the prover no
			// more than the goal: a move after which the prover could force
			// a threshold beyond it is taken only when there is no other.
			slices.SortStableFunc(defences, func(a, b int) int { return dists[b] - dists[a] })
			pick = defences[0]
			for _, i := range defences {
				c := node{cur.pos.Play(moves[i]), cur.side.Opponent()}
				st, _, err := s.prove(&c, g.beyond())
				if err != nil {
					return nil, nil, err
				}
				if st == disproved {
					pick = i
					break
				}
			}
		}
		if pick < 0 {
			return nil, nil, fmt.Errorf("solve: no move keeps the proved goal in %s", cur.pos)
		}
		if len(keeping) > 1 {
			d := Dual{Ply: len(out) + 1, Move: moves[pick]}
			for _, i := range keeping {
				if i != pick {
					d.Alternatives = append(d.Alternatives, moves[i])
				}
			}
			duals = append(duals, d)
		}
		out = append(out, moves[pick])
		cur = node{cur.pos.Play(moves[pick]), cur.side.Opponent()}
	}
	return out, duals, nil
}
