package solve

import (
	"adiukh/rules"
	"adiukh/rules/adiukh"
)

// bruteForce is the deliberately simple model the solver is checked
// against: it builds the whole graph of positions reachable from the root
// and iterates the minimax step over it until nothing changes. Started from
// "no final position" (−∞ for White), the iteration settles on the least
// fixpoint, where endless play counts as no final position against White:
// WhiteMin. Started from +∞ it settles on the greatest: WhiteMax. It returns
// ok false when the graph has more than limit positions.
func bruteForce(p adiukh.Position, side rules.Color, limit int) (whiteMin, whiteMax map[node]int, ok bool) {
	const none = 1000
	index := map[node]int{}
	var nodes []node
	var edges [][]int
	add := func(n node) int {
		if i, ok := index[n]; ok {
			return i
		}
		index[n] = len(nodes)
		nodes = append(nodes, n)
		edges = append(edges, nil)
		return len(nodes) - 1
	}
	add(node{p, side})
	for i := 0; i < len(nodes); i++ {
		if len(nodes) > limit {
			return nil, nil, false
		}
		n := nodes[i]
		for _, m := range n.pos.LegalMoves(n.side) {
			j := add(node{n.pos.Play(m), n.side.Opponent()})
			edges[i] = append(edges[i], j)
		}
	}
	solveFrom := func(start int) map[node]int {
		v := make([]int, len(nodes))
		for i := range v {
			v[i] = start
			if len(edges[i]) == 0 {
				v[i] = nodes[i].pos.Score().White
			}
		}
		for changed := true; changed; {
			changed = false
			for i, out := range edges {
				if len(out) == 0 {
					continue
				}
				best := v[out[0]]
				for _, j := range out[1:] {
					if nodes[i].side == rules.White {
						best = max(best, v[j])
					} else {
						best = min(best, v[j])
					}
				}
				if best != v[i] {
					v[i], changed = best, true
				}
			}
		}
		out := map[node]int{}
		for i, n := range nodes {
			if v[i] != start {
				out[n] = v[i]
			}
		}
		return out
	}
	return solveFrom(-none), solveFrom(none), true
}
