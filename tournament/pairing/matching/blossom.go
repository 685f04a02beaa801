// Package matching computes maximum-weight matchings in general graphs by
// Edmonds' primal-dual blossom algorithm, kept up to date as edge weights
// change, and maximum matchings (MaxCardinality) with the same algorithm.
// The pairing engines share it: the Dutch system solves its criteria as
// weighted matchings, the team Swiss system asks whether groups of teams
// can all be paired.
//
// The structure follows Van Rantwijk's well-known implementation of the
// O(n³) algorithm (after Galil, "Efficient algorithms for finding maximum
// matching in graphs", 1986), with two changes that make repeated solving
// cheap, as the Dutch pairing needs it (hundreds of re-solves per round, each
// after the weights around one or two vertices changed):
//
//   - Every stage grows a single alternating tree from one free vertex whose
//     dual is still positive. Free vertices with a zero dual satisfy the
//     optimality conditions and need no work, so a re-solve after changing the
//     edges of k vertices costs k stages, not n.
//   - Changing the edges of a vertex first dissolves the blossoms around it
//     (moving each blossom dual onto its vertices keeps every slack
//     non-negative), unmatches it and raises its dual so that every edge
//     around it is feasible again.
//
// Weights are integers of a fixed number of words (see Weight); a zero weight
// means "no edge", and such edges never enter the matching.
package matching

import (
	"math/bits"
	"slices"
	"sync"
)

const none = -1

type edge [2]int32

var noEdge = edge{none, none}

const (
	unlabelled int8 = 0
	labelS     int8 = 1
	labelT     int8 = 2
	// scanMark temporarily marks S-blossoms on the path walked by scanBlossom.
	scanMark int8 = 5
)

// Matcher holds a weighted complete graph on n vertices (absent edges have
// weight zero) together with a maximum-weight matching and its optimal duals.
type Matcher struct {
	n, words int
	maxDual  Weight // dual given to a vertex whose edges changed: at least twice any weight
	// weights is the lower triangle of the symmetric matrix (the full
	// matrix would be twice the memory, the largest part of a round's), in
	// tiles of tile×tile edges, words per entry: a scan of vertex v reads
	// its row within the tiles left of the diagonal and its column within
	// those below, so both stay within a few pages per tile. See at. Each
	// entry holds twice the weight, the form every slack and dual bound
	// uses: a slack is then one addition and one subtraction per word.
	weights []uint64
	hasEdge []bool   // the weight is not zero
	dual    []uint64 // 2n entries: vertex duals, then blossom duals (Van Rantwijk's convention)

	mate      []int32
	inBlossom []int32 // top-level blossom containing each vertex
	parent    []int32
	childs    [][]int32
	leafList  [][]int32 // the vertices inside each blossom (a vertex: itself)
	endEdges  [][]edge  // endEdges[b][i] joins childs[b][i] (first vertex) to childs[b][i+1]
	base      []int32
	unused    []int32

	// Per-stage state.
	label            []int8
	labelEdge        []edge // the tree edge by which a blossom got its label: {outside, inside}
	bestEdge         []edge
	queue            []int32
	stageVertices    []int32 // vertices labelled in this stage, for local dual updates
	inStage          []bool
	bestEdgeVertices []int32 // unlabelled vertices whose bestEdge is set
	stamp            []int32
	stampNow         int32
	scratch          []int32
	leafBuf          []int32
	// S-S edges recorded by scans in this stage, with their keys rounded
	// to a float64 (Weight.approx); each vertex lists the records it is an
	// endpoint of, so that a new blossom finds its least-slack edge to
	// other S-blossoms without rescanning. Full keys would take most of a
	// round's memory, and recomputing every key from the weights made
	// blossom-heavy rounds twice as slow.
	records    []edge
	recordKeys []float64
	vertexRecs [][]int32

	tmp, tmp2, tmp3, delta Weight
	// bestKey holds the slack of bestEdge when recorded plus the stage's
	// total dual change (twice it for edges between S-blossoms): slacks of
	// recorded edges all fall at the same rate, so keys compare like
	// current slacks without recomputing them.
	bestKey    []uint64
	totalDelta Weight
	twiceDelta Weight
	scanBase1  Weight
	scanBase2  Weight
	active     []int32 // vertices the searches visit: all but matched fixed pairs
	inActive   []int32
	fixedTo    []int32
	changed    []bool // vertices whose edges changed since the last solve
}

// New returns a matcher of n vertices with no edges, for weights of the given
// number of words whose values stay below 2^(64·words-4).
func New(n, words int) *Matcher {
	m := &Matcher{n: n, words: words}
	m.maxDual = NewWeight(words)
	m.maxDual[words-1] = 1 << 61 // 2^(64·words-3) ≥ twice any weight, with room for sums of duals
	tiles := (n + tile - 1) / tile
	size := tiles * (tiles + 1) / 2 * tile * tile * words
	if b, _ := matrices.Get().(*matrix); b != nil && cap(b.weights) >= size && cap(b.hasEdge) >= n*n {
		m.weights, m.hasEdge = b.weights[:size], b.hasEdge[:n*n]
		clear(m.weights)
		clear(m.hasEdge)
	} else {
		m.weights = make([]uint64, size)
		m.hasEdge = make([]bool, n*n)
	}
	m.inActive = make([]int32, n)
	m.fixedTo = make([]int32, n)
	m.bestKey = make([]uint64, 2*n*words)
	m.totalDelta = NewWeight(words)
	m.twiceDelta = NewWeight(words)
	m.scanBase1, m.scanBase2 = NewWeight(words), NewWeight(words)
	m.dual = make([]uint64, 2*n*words)
	m.mate = make([]int32, n)
	m.inBlossom = make([]int32, n)
	m.parent = make([]int32, 2*n)
	m.childs = make([][]int32, 2*n)
	m.leafList = make([][]int32, 2*n)
	m.endEdges = make([][]edge, 2*n)
	m.base = make([]int32, 2*n)
	m.label = make([]int8, 2*n)
	m.labelEdge = make([]edge, 2*n)
	m.bestEdge = make([]edge, 2*n)
	m.vertexRecs = make([][]int32, n)
	m.inStage = make([]bool, n)
	m.stamp = make([]int32, 2*n)
	m.changed = make([]bool, n)
	m.tmp, m.tmp2, m.tmp3, m.delta = NewWeight(words), NewWeight(words), NewWeight(words), NewWeight(words)
	ids := make([]int32, n)
	for v := range n {
		ids[v] = int32(v)
		m.leafList[v] = ids[v : v+1 : v+1]
		m.inActive[v] = int32(v)
		m.active = append(m.active, int32(v))
		m.fixedTo[v] = none
		m.mate[v] = none
		m.inBlossom[v] = int32(v)
		m.base[v] = int32(v)
		m.parent[v] = none
		m.du(int32(v)).Set(m.maxDual)
		m.changed[v] = true
	}
	for b := 2*n - 1; b >= n; b-- {
		m.base[b] = none
		m.parent[b] = none
		m.unused = append(m.unused, int32(b))
	}
	return m
}

// matrix is the largest memory of a Matcher, its weights and hasEdge.
type matrix struct {
	weights []uint64
	hasEdge []bool
}

// matrices holds the matrices of released matchers (see Release) for New to
// reuse: a round's matrix takes megabytes, and fresh memory costs page faults
// and garbage collections.
var matrices sync.Pool

// Release hands m's matrix over to later calls of New; m must not be used
// afterwards.
func (m *Matcher) Release() {
	matrices.Put(&matrix{m.weights, m.hasEdge})
	m.weights, m.hasEdge = nil, nil
}

// tile is the side of the weight matrix's tiles.
const tile = 16

// at returns the index in weights of edge (i, j), i > j: in tile row
// i/tile, tile column j/tile, row i%tile and column j%tile of the tile.
func at(i, j int32, words int) int {
	ti, tj := int(i)/tile, int(j)/tile
	return ((ti*(ti+1)/2+tj)*tile*tile + int(i)%tile*tile + int(j)%tile) * words
}

// twice returns 2·w(i, j).
func (m *Matcher) twice(i, j int32) Weight {
	if i < j {
		i, j = j, i
	}
	k := at(i, j, m.words)
	return Weight(m.weights[k : k+m.words : k+m.words])
}

func (m *Matcher) edge(i, j int32) bool { return m.hasEdge[int(i)*m.n+int(j)] }

func (m *Matcher) key(x int32) Weight {
	k := int(x) * m.words
	return Weight(m.bestKey[k : k+m.words : k+m.words])
}

func (m *Matcher) du(x int32) Weight {
	k := int(x) * m.words
	return Weight(m.dual[k : k+m.words : k+m.words])
}

// Weight sets out to the weight of the edge between u and v (zero when there
// is none) and returns it.
func (m *Matcher) Weight(u, v int, out Weight) Weight {
	out.Set(m.twice(int32(u), int32(v)))
	out.Shr1()
	return out
}

// SetWeight sets the weight of the edge between u and v (u ≠ v); zero removes
// the edge. The matching is brought up to date by the next Solve.
func (m *Matcher) SetWeight(u, v int, w Weight) {
	a, b := int32(u), int32(v)
	cur, w2 := m.twice(a, b), m.tmp3
	w2.Set(w)
	w2.Add(w)
	if cur.Cmp(w2) == 0 {
		return
	}
	if m.mate[a] == b || m.inBlossom[a] == m.inBlossom[b] || !m.feasible(a, b, w2) {
		m.release(a)
	}
	cur.Set(w2)
	m.hasEdge[u*m.n+v], m.hasEdge[v*m.n+u] = !w.IsZero(), !w.IsZero()
	if !w.IsZero() {
		m.activate(int32(u))
		m.activate(int32(v))
	}
}

// activate returns a vertex that gets a new edge to the graph the searches
// walk: its pair is no longer fixed.
func (m *Matcher) activate(v int32) {
	if f := m.fixedTo[v]; f != none {
		m.fixedTo[f] = none
		m.fixedTo[v] = none
		m.activate(f)
	}
	if m.inActive[v] == none {
		m.inActive[v] = int32(len(m.active))
		m.active = append(m.active, v)
	}
}

// feasible reports whether an unmatched edge (a, b) of weight w = twice/2
// between two top-level blossoms keeps a non-negative slack under the current
// duals; then the matching stays optimal and nothing needs to be re-solved.
func (m *Matcher) feasible(a, b int32, twice Weight) bool {
	if twice.IsZero() {
		return true // an absent edge constrains nothing
	}
	sum := m.tmp
	sum.Set(m.du(a))
	sum.Add(m.du(b))
	return sum.Cmp(twice) >= 0
}

// Fix makes (a, b) a final pair: their edge gets weight w and every other
// edge of a and b is removed. Once matched, the pair leaves the graph the
// searches walk, which keeps later solves proportional to the players still
// to be paired.
func (m *Matcher) Fix(a, b int, w Weight) {
	zero := NewWeight(m.words)
	for u := range m.n {
		if u != a && u != b {
			if m.edge(int32(a), int32(u)) {
				m.SetWeight(a, u, zero)
			}
			if m.edge(int32(b), int32(u)) {
				m.SetWeight(b, u, zero)
			}
		}
	}
	m.SetWeight(a, b, w)
	m.fixedTo[a], m.fixedTo[b] = int32(b), int32(a)
}

// retireFixed removes matched fixed pairs from the active vertices, keeping
// the others in index order so that scans read the weights sequentially.
func (m *Matcher) retireFixed() {
	kept := m.active[:0]
	for _, v := range m.active {
		if f := m.fixedTo[v]; f != none && m.mate[v] == f {
			m.inActive[v] = none
			continue
		}
		m.inActive[v] = int32(len(kept))
		kept = append(kept, v)
	}
	m.active = kept
}

// ReleaseAll makes the next Solve rebuild the matching of every vertex
// still in the graph the searches walk from the warm start's estimates, as
// after a change of all their edges.
func (m *Matcher) ReleaseAll() {
	for _, v := range m.active {
		m.release(v)
	}
}

// release makes vertex v a free single vertex whose dual is large enough for
// any weight on its edges, keeping every other dual constraint satisfied.
func (m *Matcher) release(v int32) {
	if m.changed[v] {
		return
	}
	m.changed[v] = true
	for b := m.inBlossom[v]; b != v; {
		// Dissolve b: its dual moves onto its vertices, which leaves the slack
		// of its inner edges unchanged and only raises that of outer edges, so
		// the matched edge leaving b is no longer tight and is dropped.
		if bb := m.base[b]; m.mate[bb] != none {
			m.mate[m.mate[bb]] = none
			m.mate[bb] = none
		}
		zb := m.du(b)
		for _, x := range m.leafList[b] {
			m.du(x).Add(zb)
		}
		zb.Clear()
		var next int32 = none
		for _, s := range m.childs[b] {
			m.parent[s] = none
			if s < int32(m.n) {
				m.inBlossom[s] = s
			} else {
				for _, x := range m.leafList[s] {
					m.inBlossom[x] = s
				}
			}
			if m.contains(s, v) {
				next = s
			}
		}
		m.recycle(b)
		b = next
	}
	if w := m.mate[v]; w != none {
		m.mate[w] = none
		m.mate[v] = none
	}
	m.du(v).Set(m.maxDual)
}

func (m *Matcher) contains(b, v int32) bool {
	for x := v; x != none; x = m.parent[x] {
		if x == b {
			return true
		}
	}
	return false
}

// recycle returns blossom number b to the unused ones; its lists keep their
// memory for the next blossom of that number.
func (m *Matcher) recycle(b int32) {
	m.childs[b], m.endEdges[b], m.leafList[b] = m.childs[b][:0], m.endEdges[b][:0], m.leafList[b][:0]
	m.base[b] = none
	m.unused = append(m.unused, b)
}

// leaves appends the vertices inside b to out.
func (m *Matcher) leaves(b int32, out []int32) []int32 { return append(out, m.leafList[b]...) }

// Mate returns the vertex matched to v, or -1 when v is unmatched.
func (m *Matcher) Mate(v int) int { return int(m.mate[v]) }

// Solve brings the matching up to date with the weights: afterwards it has
// maximum total weight.
func (m *Matcher) Solve() {
	m.warmStart()
	// Only released vertices and their former mates can be free with a
	// positive dual; one sweep finds them all.
	for v := range m.n {
		m.changed[v] = false
	}
	for v := range m.n {
		if m.mate[v] == none && !m.du(int32(v)).IsZero() && m.base[m.inBlossom[v]] == int32(v) {
			m.stage(int32(v))
		}
	}
	m.retireFixed()
}

// warmStart lowers the duals of the released vertices from the large
// release value to feasible estimates, and matches released pairs whose edge
// is then tight. The state stays dual feasible with tight matched edges, so
// the stages finish the job; after a batch of changes (a new bracket) most
// released vertices are matched here at the cost of a few passes over their
// edges instead of one search each. Two estimates are tried, whichever
// leaves fewer vertices free: half the largest weight at each vertex, then
// lowered together (balanceDuals), and duals that make nearly additive
// weights tight (additiveDuals).
func (m *Matcher) warmStart() {
	var released []int32
	for v := range m.n {
		if m.changed[v] {
			released = append(released, int32(v))
		}
	}
	if len(released) < 2 {
		return
	}
	if len(released) >= additiveBatch && 8*(len(m.active)-len(released)) < len(m.active) {
		// A new bracket: the few vertices left out would hold the
		// estimated duals up; their matching is rebuilt as well. Only when
		// they are few (under an eighth): rebuilding larger parts made the
		// first round of 1,000 players a hundred times slower.
		for _, v := range m.active {
			if !m.changed[v] {
				m.release(v)
				released = append(released, v)
			}
		}
	}
	m.halfDuals(released)
	m.matchTight(released)
	m.balanceDuals(released)
	m.matchTight(released)
	if len(released) >= additiveBatch {
		m.tryAdditiveDuals(released)
	}
	// Lower the duals of those left free as far as their edges allow now
	// that all duals are known, and match again: where weights are equal
	// across many pairs this leaves few vertices to search from.
	for _, v := range released {
		if m.mate[v] == none {
			m.lowestDual(v)
		}
	}
	m.matchTight(released)
}

// balanceDuals lowers the duals of the free released vertices all at once,
// each by the most that keeps its edges feasible when both ends of an edge
// between two of them may fall: half the slack of such an edge, the whole
// slack of any other edge. Where a group of vertices holds the same excess
// over tight duals, one step removes it for all of them.
func (m *Matcher) balanceDuals(released []int32) {
	var free []int32
	for _, v := range released {
		if m.mate[v] == none {
			free = append(free, v)
		}
	}
	drop := make([]uint64, len(free)*m.words)
	s := m.tmp
	for i, v := range free {
		d := Weight(drop[i*m.words : (i+1)*m.words])
		d.Set(m.du(v))
		for _, j := range m.active {
			if j == v || !m.edge(v, j) {
				continue
			}
			m.slack(v, j, s)
			if m.mate[j] == none && m.changed[j] {
				s.Shr1()
			}
			if s.Cmp(d) < 0 {
				d.Set(s)
			}
		}
	}
	for i, v := range free {
		m.du(v).Sub(Weight(drop[i*m.words : (i+1)*m.words]))
	}
}

// halfDuals gives each released vertex the least dual that keeps its edges
// feasible when every other released vertex gets the same treatment: at
// least the weight of each edge between released vertices.
func (m *Matcher) halfDuals(released []int32) {
	need := m.tmp
	for _, v := range released {
		d := m.delta
		d.Clear()
		for _, j := range m.active {
			if j == v || !m.edge(v, j) {
				continue
			}
			need.Set(m.twice(v, j))
			if m.changed[j] {
				// Both duals at least w keep the edge feasible.
				need.Shr1()
			} else {
				if need.Cmp(m.du(j)) <= 0 {
					continue
				}
				need.Sub(m.du(j))
			}
			if need.Cmp(d) > 0 {
				d.Set(need)
			}
		}
		m.du(v).Set(d)
	}
}

// lowestDual sets the dual of v to the least that keeps its edges feasible
// under the other duals.
func (m *Matcher) lowestDual(v int32) {
	need := m.tmp
	d := m.delta
	d.Clear()
	for _, j := range m.active {
		if j == v || !m.edge(v, j) {
			continue
		}
		need.Set(m.twice(v, j))
		if need.Cmp(m.du(j)) <= 0 {
			continue
		}
		need.Sub(m.du(j))
		if need.Cmp(d) > 0 {
			d.Set(need)
		}
	}
	m.du(v).Set(d)
}

// tryAdditiveDuals replaces the warm start's duals and matching of the
// released vertices by those of additiveDuals when these leave fewer of
// them free: which estimate fits better depends on the weights. Two
// reference vertices are tried: the one with the most edges, and its
// heaviest neighbour. Where the weights split the vertices into two classes
// whose cross edges weigh more (the colour preferences of a score group),
// the estimate is exact only through a reference of the larger class, and
// the two references lie in different classes.
func (m *Matcher) tryAdditiveDuals(released []int32) {
	words := m.words
	bestDuals := make([]uint64, len(released)*words)
	bestMates := make([]int32, len(released))
	keep := func() int {
		free := 0
		for i, v := range released {
			copy(bestDuals[i*words:(i+1)*words], m.du(v))
			bestMates[i] = m.mate[v]
			if m.mate[v] == none {
				free++
			}
		}
		return free
	}
	leastFree := keep()
	r := m.mostConnected(released)
	for i, ref := range []int32{r, m.heaviestNeighbour(r, released)} {
		if ref == none || i > 0 && 8*leastFree <= len(released) {
			// The second reference only where the first left many
			// free: the estimate costs a pass over all pairs.
			break
		}
		for _, v := range released {
			m.mate[v] = none
		}
		rest, ok := m.additiveDuals(released, ref)
		if !ok {
			break
		}
		m.matchTight(released)
		// A few pairs off the additive pattern lower the common constant
		// for all, leaving the other edges a little slack: take it back,
		// before the vertices off the pattern get their least duals (which
		// would make them tight to all and hold the others up).
		m.balanceDuals(released)
		m.matchTight(released)
		for _, v := range rest {
			if m.mate[v] == none {
				m.lowestDual(v)
			}
		}
		m.matchTight(released)
		left := 0
		for _, v := range released {
			if m.mate[v] == none {
				left++
			}
		}
		if left < leastFree {
			leastFree = keep()
		}
	}
	for i, v := range released {
		m.du(v).Set(bestDuals[i*words : (i+1)*words])
		m.mate[v] = bestMates[i]
	}
}

// mostConnected returns the vertex of vs with the most edges to the others.
func (m *Matcher) mostConnected(vs []int32) int32 {
	r, most := vs[0], -1
	for _, v := range vs {
		edges := 0
		for _, j := range vs {
			if m.edge(v, j) {
				edges++
			}
		}
		if edges > most {
			r, most = v, edges
		}
	}
	return r
}

// heaviestNeighbour returns the vertex of vs joined to r by the heaviest
// edge (none when r has no edge in vs).
func (m *Matcher) heaviestNeighbour(r int32, vs []int32) int32 {
	best := int32(none)
	for _, v := range vs {
		if v != r && m.edge(v, r) && (best == none || m.twice(v, r).Cmp(m.twice(best, r)) > 0) {
			best = v
		}
	}
	return best
}

// additiveBatch is the number of released vertices from which additiveDuals
// is tried.
const additiveBatch = 64

// additiveDuals sets the duals of the released vertices for weights that
// are nearly additive, w(v, u) ≈ a(v) + a(u), as the Dutch weights of large
// score groups are. Duals 2·a(v) make every such edge tight, and
// 2·w(v, r) − K estimates them through a reference vertex r: K is the
// largest constant that keeps every edge feasible. Vertices without an edge
// to r (and r itself) get the largest dual, to be lowered by the caller;
// they are returned. It reports false, leaving the duals untouched, when a
// weight sum would be negative.
func (m *Matcher) additiveDuals(released []int32, r int32) ([]int32, bool) {
	k := m.delta
	haveK := false
	t := m.tmp
	lower := func(x Weight) {
		if !haveK || x.Cmp(k) < 0 {
			k.Set(x)
			haveK = true
		}
	}
	const signBit = 1 << 63
	top := m.words - 1
	for i, v := range released {
		if v == r || !m.edge(v, r) {
			continue
		}
		for _, u := range released[i+1:] {
			if u == r || !m.edge(u, r) || !m.edge(v, u) {
				continue
			}
			// K ≤ w(v, r) + w(u, r) − w(v, u), twice which fits the
			// words with the same sign.
			t.Set(m.twice(v, r))
			t.Add(m.twice(u, r))
			t.Sub(m.twice(v, u))
			if t[top]&signBit != 0 {
				return nil, false
			}
			t.Shr1()
			lower(t)
		}
		for _, j := range m.active {
			if m.changed[j] || !m.edge(v, j) {
				continue
			}
			// 2K ≤ 2·w(v, r) + du(j) − 2·w(v, j)
			t.Set(m.twice(v, r))
			t.Add(m.du(j))
			t.Sub(m.twice(v, j))
			if t[top]&signBit != 0 {
				return nil, false
			}
			t.Shr1()
			lower(t)
		}
	}
	if !haveK {
		return nil, false
	}
	var rest []int32
	for _, v := range released {
		d := m.du(v)
		d.Set(m.twice(v, r))
		if v == r || !m.edge(v, r) || d.Cmp(k) < 0 {
			rest = append(rest, v)
			d.Set(m.maxDual)
			continue
		}
		d.Sub(k)
	}
	return rest, true
}

// matchTight greedily matches free vertices of vs joined by a tight edge.
func (m *Matcher) matchTight(vs []int32) {
	for _, v := range vs {
		if m.mate[v] != none {
			continue
		}
		for _, u := range vs {
			if u == v || m.mate[u] != none || !m.edge(v, u) {
				continue
			}
			if m.slack(v, u, m.tmp).IsZero() {
				m.mate[v], m.mate[u] = u, v
				break
			}
		}
	}
}

// edgeKey sets out to plus + dual − twice in one pass over the words: with
// plus = du(i) + offset, dual = du(j) and twice = 2·w(i, j), the key of edge
// (i, j), which is tight when the key equals offset. Small enough to be
// inlined into scan, the hot loop of the searches.
func edgeKey(plus, dual, twice, out Weight) {
	plus, dual, twice = plus[:len(out)], dual[:len(out)], twice[:len(out)]
	var carry, borrow uint64
	for k := range out {
		x, c := bits.Add64(plus[k], dual[k], carry)
		x, b := bits.Sub64(x, twice[k], borrow)
		out[k], carry, borrow = x, c, b
	}
}

// slack sets out to du(i) + du(j) − 2·w(i, j) in one pass over the words.
func (m *Matcher) slack(i, j int32, out Weight) Weight {
	edgeKey(m.du(i), m.du(j), m.twice(i, j), out)
	return out
}

func (m *Matcher) resetStage() {
	for i := range m.label {
		m.label[i] = unlabelled
		m.labelEdge[i] = noEdge
		m.bestEdge[i] = noEdge
	}
	for _, v := range m.stageVertices {
		m.inStage[v] = false
		m.vertexRecs[v] = m.vertexRecs[v][:0]
	}
	m.records = m.records[:0]
	m.recordKeys = m.recordKeys[:0]
	m.stageVertices = m.stageVertices[:0]
	m.bestEdgeVertices = m.bestEdgeVertices[:0]
	m.queue = m.queue[:0]
	m.totalDelta.Clear()
	m.twiceDelta.Clear()
}

// keyOf turns the current slack s of an edge into its key (see bestKey):
// s plus the total delta, once for S-to-free edges, twice for S-S edges.
func (m *Matcher) keyOf(s Weight, betweenS bool) Weight {
	s.Add(m.totalDelta)
	if betweenS {
		s.Add(m.totalDelta)
	}
	return s
}

// stage grows an alternating tree from r, the free base of a top-level
// blossom whose dual is positive, until r gets matched (augmentation) or a
// dual in its tree reaches zero, which frees that vertex instead of r.
func (m *Matcher) stage(r int32) {
	m.resetStage()
	m.assignLabel(r, labelS, none)
	for {
		for len(m.queue) > 0 {
			v := m.queue[len(m.queue)-1]
			m.queue = m.queue[:len(m.queue)-1]
			if m.scan(v) {
				m.endStage()
				return
			}
		}
		if m.dualStep() {
			m.endStage()
			return
		}
	}
}

// scan examines the edges of S-vertex v; it reports true when it augmented.
func (m *Matcher) scan(v int32) bool {
	// du(v) plus the key offsets, added once for all of v's edges.
	plus1, plus2 := m.scanBase1, m.scanBase2
	plus1.Set(m.du(v))
	plus1.Add(m.totalDelta)
	plus2.Set(plus1)
	plus2.Add(m.totalDelta)
	// v's row of the weight matrix, read in the order of the active list.
	n, words := m.n, m.words
	hasEdge := m.hasEdge[int(v)*n : (int(v)+1)*n]
	k := m.tmp
	for _, w := range m.active {
		if w == v || !hasEdge[w] {
			continue
		}
		bv, bw := m.inBlossom[v], m.inBlossom[w]
		lw := m.label[bw]
		if bw == bv || (lw == labelT && m.label[w] != unlabelled) {
			continue // inside one blossom, or a labelled T-vertex: nothing to learn
		}
		// The key of the edge; the slack is zero when the key equals the
		// offset added to it.
		offset, plus := m.totalDelta, plus1
		if lw == labelS {
			offset, plus = m.twiceDelta, plus2
		}
		dw := int(w) * words
		c := 0
		if w < v {
			c = at(v, w, words)
		} else {
			c = at(w, v, words)
		}
		edgeKey(plus, m.dual[dw:dw+words], m.weights[c:c+words], k)
		tight := k.Cmp(offset) == 0
		if tight {
			switch {
			case lw == unlabelled:
				if m.mate[m.base[bw]] == none {
					m.augment(v, w)
					return true
				}
				m.assignLabel(w, labelT, v)
			case lw == labelS:
				b := m.scanBlossom(v, w)
				m.addBlossom(b, v, w)
			default:
				m.label[w] = labelT
				m.labelEdge[w] = edge{v, w}
			}
			continue
		}
		switch lw {
		case labelS:
			r := int32(len(m.records))
			m.records = append(m.records, edge{v, w})
			m.recordKeys = append(m.recordKeys, k.approx())
			m.vertexRecs[v] = append(m.vertexRecs[v], r)
			m.vertexRecs[w] = append(m.vertexRecs[w], r)
			if be := m.bestEdge[bv]; be == noEdge || k.Cmp(m.key(bv)) < 0 {
				m.bestEdge[bv] = edge{v, w}
				m.key(bv).Set(k)
			}
		case unlabelled:
			if be := m.bestEdge[w]; be == noEdge || k.Cmp(m.key(w)) < 0 {
				if be == noEdge {
					m.bestEdgeVertices = append(m.bestEdgeVertices, w)
				}
				m.bestEdge[w] = edge{v, w}
				m.key(w).Set(k)
			}
		default:
			// w lies in a T-blossom: its slacks do not fall while the
			// blossom is T, so compare current slacks; the key is
			// recomputed if the blossom expands (expandBlossom).
			s := m.slack(v, w, m.tmp)
			if be := m.bestEdge[w]; be == noEdge || s.Cmp(m.slack(be[0], be[1], m.tmp2)) < 0 {
				if be == noEdge {
					m.bestEdgeVertices = append(m.bestEdgeVertices, w)
				}
				m.bestEdge[w] = edge{v, w}
			}
		}
	}
	return false
}

// assignLabel labels the top-level blossom of w, reached from vertex from.
func (m *Matcher) assignLabel(w int32, t int8, from int32) {
	b := m.inBlossom[w]
	m.label[w], m.label[b] = t, t
	e := edge{from, w}
	if from == none {
		e = noEdge
	}
	m.labelEdge[w], m.labelEdge[b] = e, e
	m.bestEdge[w], m.bestEdge[b] = noEdge, noEdge
	m.scratch = m.leaves(b, m.scratch[:0])
	for _, x := range m.scratch {
		if !m.inStage[x] {
			m.inStage[x] = true
			m.stageVertices = append(m.stageVertices, x)
		}
	}
	if t == labelS {
		m.queue = append(m.queue, m.scratch...)
		return
	}
	bb := m.base[b]
	m.assignLabel(m.mate[bb], labelS, bb)
}

// scanBlossom returns the base of the blossom closed by the S-S edge (v, w).
func (m *Matcher) scanBlossom(v, w int32) int32 {
	var path []int32
	base := int32(none)
	for v != none || w != none {
		b := m.inBlossom[v]
		if m.label[b] == scanMark {
			base = m.base[b]
			break
		}
		path = append(path, b)
		m.label[b] = scanMark
		if m.labelEdge[b] == noEdge {
			v = none
		} else {
			t := m.labelEdge[b][0]
			v = m.labelEdge[m.inBlossom[t]][0]
		}
		if w != none {
			v, w = w, v
		}
	}
	for _, b := range path {
		m.label[b] = labelS
	}
	return base
}

// addBlossom makes a new S-blossom from the cycle closed by edge (v, w).
func (m *Matcher) addBlossom(base, v, w int32) {
	bb, bv, bw := m.inBlossom[base], m.inBlossom[v], m.inBlossom[w]
	b := m.unused[len(m.unused)-1]
	m.unused = m.unused[:len(m.unused)-1]
	m.base[b] = base
	m.parent[b] = none
	m.parent[bb] = b
	path, edges := m.childs[b][:0], m.endEdges[b][:0]
	for bv != bb {
		m.parent[bv] = b
		path = append(path, bv)
		le := m.labelEdge[bv]
		edges = append(edges, le) // {in parent, in bv}
		bv = m.inBlossom[le[0]]
	}
	path = append(path, bb)
	for i, j := 0, len(path)-1; i < j; i, j = i+1, j-1 {
		path[i], path[j] = path[j], path[i]
	}
	for i, j := 0, len(edges)-1; i < j; i, j = i+1, j-1 {
		edges[i], edges[j] = edges[j], edges[i]
	}
	edges = append(edges, edge{v, w})
	for bw != bb {
		m.parent[bw] = b
		path = append(path, bw)
		le := m.labelEdge[bw]
		edges = append(edges, edge{le[1], le[0]})
		bw = m.inBlossom[le[0]]
	}
	m.childs[b], m.endEdges[b] = path, edges
	m.label[b] = labelS
	m.labelEdge[b] = m.labelEdge[bb]
	m.du(b).Clear()
	all := m.leafList[b][:0]
	for _, c := range path {
		all = m.leaves(c, all)
	}
	m.leafList[b] = all
	m.leafBuf = append(m.leafBuf[:0], all...)
	for _, x := range m.leafBuf {
		if m.label[m.inBlossom[x]] == labelT {
			m.queue = append(m.queue, x)
		}
		m.inBlossom[x] = b
	}
	// The least-slack recorded edge from the new blossom to another
	// S-blossom: every S-S edge was recorded by the scan of whichever
	// endpoint became S last.
	for _, c := range path {
		m.bestEdge[c] = noEdge
	}
	m.bestEdge[b] = noEdge
	// The rounded keys keep the order of the keys, except that close
	// keys may round alike: the exact keys (current slack plus twice the
	// total delta, as both ends stayed S since the record) are computed
	// for the records of the least rounded key only.
	// A record whose ends are both inside b now stays inside it for the
	// rest of the stage (an S-blossom is not expanded within a stage, only
	// taken into larger ones), so it is dropped here: otherwise every
	// blossom that grows around b would read it again.
	least, found := 0.0, false
	for _, x := range m.leafBuf {
		kept := m.vertexRecs[x][:0]
		for _, r := range m.vertexRecs[x] {
			e := m.records[r]
			if m.inBlossom[e[0]] == b && m.inBlossom[e[1]] == b {
				continue
			}
			kept = append(kept, r)
			if _, ok := m.outgoing(b, x, r); ok && (!found || m.recordKeys[r] < least) {
				least, found = m.recordKeys[r], true
			}
		}
		m.vertexRecs[x] = kept
	}
	if !found {
		return
	}
	for _, x := range m.leafBuf {
		for _, r := range m.vertexRecs[x] {
			e, ok := m.outgoing(b, x, r)
			if !ok || m.recordKeys[r] != least {
				continue
			}
			k := m.keyOf(m.slack(e[0], e[1], m.tmp), true)
			if m.bestEdge[b] == noEdge || k.Cmp(m.key(b)) < 0 {
				m.bestEdge[b] = e
				m.key(b).Set(k)
			}
		}
	}
}

// outgoing returns record r of vertex x, inside blossom b, when it joins b
// to another S-blossom.
func (m *Matcher) outgoing(b, x, r int32) (edge, bool) {
	e := m.records[r]
	y := e[0]
	if y == x {
		y = e[1]
	}
	by := m.inBlossom[y]
	return e, by != b && m.label[by] == labelS
}

// stepEdge returns the cycle edge leaving child j of b in direction step, as
// (vertex in child j, vertex in child j+step).
func (m *Matcher) stepEdge(b int32, j, step int) (int32, int32) {
	k := len(m.childs[b])
	if step > 0 {
		e := m.endEdges[b][((j%k)+k)%k]
		return e[0], e[1]
	}
	e := m.endEdges[b][(((j-1)%k)+k)%k]
	return e[1], e[0]
}

func (m *Matcher) child(b int32, j int) int32 {
	k := len(m.childs[b])
	return m.childs[b][((j%k)+k)%k]
}

// direction returns the walking direction from child j back to the base
// along the even side of the cycle, and the start index for that walk.
func direction(j, k int) (int, int) {
	if j&1 == 1 {
		return j - k, 1
	}
	return j, -1
}

// expandBlossom dissolves top-level blossom b into its children. Mid-stage
// (a T-blossom whose dual reached zero) the children on the tree path are
// relabelled.
func (m *Matcher) expandBlossom(b int32, endStage bool) {
	for _, s := range m.childs[b] {
		m.parent[s] = none
		switch {
		case s < int32(m.n):
			m.inBlossom[s] = s
		case endStage && m.du(s).IsZero():
			m.expandBlossom(s, endStage)
		default:
			for _, x := range m.leafList[s] {
				m.inBlossom[x] = s
			}
		}
	}
	if !endStage && m.label[b] == labelT {
		le := m.labelEdge[b]
		entry := m.inBlossom[le[1]]
		k := len(m.childs[b])
		j0 := indexOf(m.childs[b], entry)
		j, step := direction(j0, k)
		from, to := le[0], le[1]
		for j != 0 {
			// Relabel the T-sub-blossom and the S-sub-blossom after it.
			m.label[to] = unlabelled
			x, y := m.stepEdge(b, j, step) // x in child j, y in child j+step
			m.label[y] = unlabelled
			m.assignLabel(to, labelT, from)
			j += step
			x, y = m.stepEdge(b, j, step)
			from, to = x, y
			j += step
		}
		bv := m.child(b, j)
		m.label[to], m.label[bv] = labelT, labelT
		m.labelEdge[to], m.labelEdge[bv] = edge{from, to}, edge{from, to}
		m.bestEdge[bv] = noEdge
		j += step
		for m.child(b, j) != entry {
			bv := m.child(b, j)
			if m.label[bv] == labelS {
				j += step
				continue
			}
			var found int32 = none
			for _, x := range m.leafList[bv] {
				if m.label[x] != unlabelled {
					found = x
					break
				}
			}
			if found != none {
				m.label[found] = unlabelled
				m.label[m.mate[m.base[bv]]] = unlabelled
				m.assignLabel(found, labelT, m.labelEdge[found][0])
			}
			j += step
		}
	}
	if !endStage {
		// Vertices that are now unlabelled get keys for their current slack.
		for _, x := range m.leafList[b] {
			if be := m.bestEdge[x]; be != noEdge && m.label[m.inBlossom[x]] == unlabelled {
				m.key(x).Set(m.keyOf(m.slack(be[0], be[1], m.tmp), false))
			}
		}
	}
	m.label[b] = unlabelled
	m.labelEdge[b] = noEdge
	m.bestEdge[b] = noEdge
	m.recycle(b)
}

func indexOf(s []int32, x int32) int {
	for i, y := range s {
		if y == x {
			return i
		}
	}
	return -1
}

// augmentBlossom rotates blossom b so that vertex v becomes its base,
// swapping matched and unmatched edges on the even path from v to the base.
func (m *Matcher) augmentBlossom(b, v int32) {
	t := v
	for m.parent[t] != b {
		t = m.parent[t]
	}
	if t >= int32(m.n) {
		m.augmentBlossom(t, v)
	}
	k := len(m.childs[b])
	i := indexOf(m.childs[b], t)
	j, step := direction(i, k)
	for j != 0 {
		j += step
		x, y := m.stepEdge(b, j, step)
		if c := m.child(b, j); c >= int32(m.n) {
			m.augmentBlossom(c, x)
		}
		j += step
		if c := m.child(b, j); c >= int32(m.n) {
			m.augmentBlossom(c, y)
		}
		m.mate[x], m.mate[y] = y, x
	}
	rotate(m.childs[b], i)
	rotate(m.endEdges[b], i)
	m.base[b] = m.base[m.childs[b][0]]
}

// augment matches S-vertex v to w, the vertex of a free unlabelled blossom,
// flipping the tree path from v to the root.
func (m *Matcher) augment(v, w int32) {
	if bw := m.inBlossom[w]; bw >= int32(m.n) {
		m.augmentBlossom(bw, w)
	}
	m.mate[w] = none
	m.flipToRoot(v, w)
}

// flipToRoot matches s to remote (or leaves it free when remote is -1) and
// flips the alternating tree path from s to the root.
func (m *Matcher) flipToRoot(s, remote int32) {
	for {
		bs := m.inBlossom[s]
		if bs >= int32(m.n) {
			m.augmentBlossom(bs, s)
		}
		m.mate[s] = remote
		if remote != none {
			m.mate[remote] = s
		}
		if m.labelEdge[bs] == noEdge {
			return
		}
		t := m.labelEdge[bs][0]
		bt := m.inBlossom[t]
		le := m.labelEdge[bt]
		j := le[1]
		s = le[0]
		if bt >= int32(m.n) {
			m.augmentBlossom(bt, j)
		}
		m.mate[j] = s
		remote = j
	}
}

// dualStep changes the duals by the largest amount that keeps them feasible
// and acts on the constraint that became tight. It reports true when the
// stage ended.
func (m *Matcher) dualStep() bool {
	m.stampNow++
	kind := 0
	var kindEdge edge
	var kindVertex int32 = none
	d := m.delta
	set := func(k int, v Weight) bool {
		if kind == 0 || v.Cmp(d) < 0 {
			kind = k
			d.Set(v)
			return true
		}
		return false
	}
	// delta1: an S-vertex dual reaches zero.
	for _, v := range m.stageVertices {
		if m.label[m.inBlossom[v]] == labelS {
			if set(1, m.du(v)) {
				kindVertex = v
			}
		}
	}
	// delta2: an edge from an S-vertex to an unlabelled vertex becomes tight.
	for _, v := range m.bestEdgeVertices {
		if m.label[m.inBlossom[v]] == unlabelled && m.bestEdge[v] != noEdge {
			s := m.tmp
			s.Set(m.key(v))
			s.Sub(m.totalDelta)
			if set(2, s) {
				kindEdge = m.bestEdge[v]
			}
		}
	}
	// delta3: an edge between two S-blossoms becomes tight; delta4: a
	// T-blossom dual reaches zero.
	for _, v := range m.stageVertices {
		b := m.inBlossom[v]
		if m.stamp[b] == m.stampNow {
			continue
		}
		m.stamp[b] = m.stampNow
		if m.label[b] == labelS && m.bestEdge[b] != noEdge {
			s := m.tmp
			s.Set(m.key(b))
			s.Sub(m.totalDelta)
			s.Sub(m.totalDelta)
			s.Shr1()
			if set(3, s) {
				kindEdge = m.bestEdge[b]
			}
		} else if m.label[b] == labelT && b >= int32(m.n) {
			if set(4, m.du(b)) {
				kindVertex = b
			}
		}
	}
	m.stampNow++
	m.totalDelta.Add(d)
	m.twiceDelta.Add(d)
	m.twiceDelta.Add(d)
	for _, v := range m.stageVertices {
		b := m.inBlossom[v]
		switch m.label[b] {
		case labelS:
			m.du(v).Sub(d)
		case labelT:
			m.du(v).Add(d)
		}
		if b >= int32(m.n) && m.stamp[b] != m.stampNow {
			m.stamp[b] = m.stampNow
			switch m.label[b] {
			case labelS:
				m.du(b).Add(d)
			case labelT:
				m.du(b).Sub(d)
			}
		}
	}
	switch kind {
	case 1:
		m.flipToRoot(kindVertex, none)
		return true
	case 2, 3:
		i, j := kindEdge[0], kindEdge[1]
		if m.label[m.inBlossom[i]] != labelS {
			i = j
		}
		m.queue = append(m.queue, i)
	case 4:
		m.expandBlossom(kindVertex, false)
	}
	return false
}

// endStage expands the S-blossoms of the tree whose dual is zero, as
// complementary slackness allows and later stages need.
func (m *Matcher) endStage() {
	for b := int32(m.n); b < int32(2*m.n); b++ {
		if m.parent[b] == none && m.base[b] != none && m.label[b] == labelS && m.du(b).IsZero() {
			m.expandBlossom(b, true)
		}
	}
}

// rotate moves the first i elements of s to its end, in place.
func rotate[T any](s []T, i int) {
	slices.Reverse(s[:i])
	slices.Reverse(s[i:])
	slices.Reverse(s)
}
