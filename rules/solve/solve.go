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
	"fmt"
	"slices"
	"time"

	"adiukh/rules"
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
	// MaxNodes is the number of nodes one question (Solve, Judge) may visit.
	MaxNodes int64
	// TableBytes bounds the memory of the transposition table; the part a
	// power of two of its buckets leaves over, an eighth at least, keeps the
	// proof and disproof numbers of undecided nodes.
	TableBytes int
}

// BudgetError ends a search that ran out of nodes: the question is not
// answered, and nothing wrong is said. When it ends the search for a
// position's value (Solve), it keeps the bounds proved before.
type BudgetError struct {
	MaxNodes int64
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
	score := func(white *int) rules.Score { return rules.Score{White: *white, Black: e.Total - *white} }
	switch {
	case e.WhiteAtLeast != nil && e.WhiteAtMost != nil:
		return say("not proved within %d nodes; proved so far: White forces %s or better for White, Black forces %s or better for Black", rules.Count(e.MaxNodes), score(e.WhiteAtLeast), score(e.WhiteAtMost))
	case e.WhiteAtLeast != nil:
		return say("not proved within %d nodes; proved so far: White forces %s or better for White", rules.Count(e.MaxNodes), score(e.WhiteAtLeast))
	case e.WhiteAtMost != nil:
		return say("not proved within %d nodes; proved so far: Black forces %s or better for Black", rules.Count(e.MaxNodes), score(e.WhiteAtMost))
	}
	return say("not proved within %d nodes", rules.Count(e.MaxNodes))
}

// Solver answers questions about positions; its table keeps what it proved
// between questions. A Solver is not safe for concurrent use.
type Solver struct {
	maxNodes int64
	// stop is the node count at which the question being asked gives up:
	// the budget, or sooner when bounds gives a question a share of it.
	stop  int64
	table *table
	path  path

	goal     goal
	nodes    int64
	aborted  bool
	moves    [][]rules.Move
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
	return &Solver{maxNodes: o.MaxNodes, stop: o.MaxNodes, table: t, pns: newPNTable(o.TableBytes - len(t.buckets)*bucketBytes)}
}

// Step is a move with the position it leads to.
type Step struct {
	Move     rules.Move
	Position rules.Position
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
	Line []rules.Move
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

// start resets the per-question counters.
func (s *Solver) start() time.Time {
	s.nodes, s.aborted, s.stop = 0, false, s.maxNodes
	return time.Now()
}

// Nodes returns the nodes the last question visited.
func (s *Solver) Nodes() int64 { return s.nodes }

// Solve finds the value of the position with side to move, the moves that
// keep it and a main line.
func (s *Solver) Solve(p rules.Position, side rules.Color) (*Result, error) {
	began := s.start()
	n := &node{p, side}
	w, b := p.Checkers()
	r := &Result{Total: w + b}
	var err error
	r.WhiteMin, r.WhiteMax, err = s.bounds(n, r.Total)
	if err != nil {
		return nil, r.known(err)
	}
	moves := p.LegalMoves(side)
	r.Final = len(moves) == 0
	own := r.WhiteMin
	g := goal{rules.White, 0}
	if side == rules.Black {
		own, g.prover = r.WhiteMax, rules.Black
	}
	for _, m := range moves {
		c := node{p.Play(m), side.Opponent()}
		keeps := own == nil
		if !keeps {
			g.t = int8(*own)
			st, _, err := s.prove(&c, g)
			if err != nil {
				return nil, r.known(err)
			}
			keeps = st == proved
		}
		if keeps {
			r.Best = append(r.Best, Step{m, c.pos})
		}
	}
	switch {
	case r.WhiteMin != nil:
		r.Line, _, err = s.line(n, goal{rules.White, int8(*r.WhiteMin)})
	case r.WhiteMax != nil:
		r.Line, _, err = s.line(n, goal{rules.Black, int8(*r.WhiteMax)})
	}
	if err != nil {
		return nil, r.known(err)
	}
	r.Nodes, r.Elapsed = s.nodes, time.Since(began)
	return r, nil
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
	for share := max(s.maxNodes/4, 1); ; share *= 2 {
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
	if _, ok := err.(*BudgetError); ok && s.nodes < s.maxNodes {
		s.aborted = false
		return unknown, nil
	}
	return st, err
}

// line plays out a proved goal from n: the prover picks the move with the
// shortest proof, the other side the move that puts off the end longest
// without giving the prover more than the goal. At each move of the prover
// it also returns the other moves that keep the goal: the duals.
func (s *Solver) line(n *node, g goal) ([]rules.Move, []Dual, error) {
	var out []rules.Move
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
