package teamswiss

// maxMatching returns the size of a maximum matching of the graph on n
// vertices with the given adjacency lists, by Edmonds' blossom algorithm
// (O(n³)). It answers exactly whether a group of teams can all be paired.
func maxMatching(n int, adj [][]int) int {
	match := make([]int, n)
	for i := range match {
		match[i] = -1
	}
	size := 0
	// A greedy start leaves few augmenting paths to find.
	for v := range n {
		if match[v] != -1 {
			continue
		}
		for _, to := range adj[v] {
			if match[to] == -1 {
				match[v], match[to] = to, v
				size++
				break
			}
		}
	}
	parent := make([]int, n)
	base := make([]int, n)
	inTree := make([]bool, n)
	inBlossom := make([]bool, n)
	queue := make([]int, 0, n)

	// commonBase is the base of the blossom closing on a and b: their
	// lowest common ancestor in the alternating tree.
	commonBase := func(a, b int) int {
		seen := make([]bool, n)
		for {
			a = base[a]
			seen[a] = true
			if match[a] == -1 {
				break
			}
			a = parent[match[a]]
		}
		for {
			b = base[b]
			if seen[b] {
				return b
			}
			b = parent[match[b]]
		}
	}
	markPath := func(v, b, child int) {
		for base[v] != b {
			inBlossom[base[v]], inBlossom[base[match[v]]] = true, true
			parent[v] = child
			child = match[v]
			v = parent[match[v]]
		}
	}
	// augmentingPath searches from a free root; it returns the free vertex
	// that ends an augmenting path, or -1.
	augmentingPath := func(root int) int {
		for i := range n {
			inTree[i], parent[i], base[i] = false, -1, i
		}
		inTree[root] = true
		queue = append(queue[:0], root)
		for head := 0; head < len(queue); head++ {
			v := queue[head]
			for _, to := range adj[v] {
				if base[v] == base[to] || match[v] == to {
					continue
				}
				if to == root || (match[to] != -1 && parent[match[to]] != -1) {
					b := commonBase(v, to)
					clear(inBlossom)
					markPath(v, b, to)
					markPath(to, b, v)
					for i := range n {
						if inBlossom[base[i]] {
							base[i] = b
							if !inTree[i] {
								inTree[i] = true
								queue = append(queue, i)
							}
						}
					}
				} else if parent[to] == -1 {
					parent[to] = v
					if match[to] == -1 {
						return to
					}
					inTree[match[to]] = true
					queue = append(queue, match[to])
				}
			}
		}
		return -1
	}
	for v := range n {
		if match[v] != -1 {
			continue
		}
		u := augmentingPath(v)
		if u == -1 {
			continue
		}
		size++
		for u != -1 {
			pv := parent[u]
			next := match[pv]
			match[u], match[pv] = pv, u
			u = next
		}
	}
	return size
}
