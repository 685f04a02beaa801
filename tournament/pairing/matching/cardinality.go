package matching

// MaxCardinality returns the size of a maximum matching of the graph on n
// vertices with the given adjacency lists (an edge may be listed from one
// end or both): a maximum-weight matching when every edge weighs one.
func MaxCardinality(n int, adj [][]int) int {
	m := New(n, 1)
	one := Weight{1}
	for v, to := range adj {
		for _, u := range to {
			if u != v {
				m.SetWeight(v, u, one)
			}
		}
	}
	m.Solve()
	size := 0
	for v := range n {
		if m.Mate(v) > v {
			size++
		}
	}
	return size
}
