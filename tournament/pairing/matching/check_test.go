package matching

import "fmt"

// check verifies the structural invariants and the optimality conditions of
// the matcher; it returns a description of the first violation.
func (m *Matcher) check() error {
	n := int32(m.n)
	for v := int32(0); v < n; v++ {
		if u := m.mate[v]; u != none && m.mate[u] != v {
			return fmt.Errorf("mate not symmetric at %d", v)
		}
		top := v
		for m.parent[top] != none {
			top = m.parent[top]
		}
		if m.inBlossom[v] != top {
			return fmt.Errorf("inBlossom[%d]=%d, top=%d", v, m.inBlossom[v], top)
		}
		if m.du(v)[len(m.du(v))-1]>>63 != 0 {
			return fmt.Errorf("negative dual at %d", v)
		}
	}
	for b := n; b < 2*n; b++ {
		if m.base[b] == none {
			continue
		}
		k := len(m.childs[b])
		if k%2 == 0 || k < 3 {
			return fmt.Errorf("blossom %d has %d children", b, k)
		}
		for i, c := range m.childs[b] {
			if m.parent[c] != b {
				return fmt.Errorf("child %d of %d has parent %d", c, b, m.parent[c])
			}
			e := m.endEdges[b][i]
			if !m.contains(c, e[0]) || !m.contains(m.childs[b][(i+1)%k], e[1]) {
				return fmt.Errorf("blossom %d edge %d = %v does not join children", b, i, e)
			}
			matched := m.mate[e[0]] == e[1]
			if matched != (i%2 == 1) {
				return fmt.Errorf("blossom %d edge %d matched=%v", b, i, matched)
			}
		}
		if m.base[b] != m.base[m.childs[b][0]] {
			return fmt.Errorf("blossom %d base mismatch", b)
		}
	}
	// Dual feasibility and complementary slackness.
	s := NewWeight(m.words)
	for i := int32(0); i < n; i++ {
		if m.mate[i] == none && !m.du(i).IsZero() {
			return fmt.Errorf("free vertex %d has positive dual", i)
		}
		for j := int32(0); j < i; j++ {
			if m.twice(i, j).IsZero() {
				if m.mate[i] == j {
					return fmt.Errorf("matched absent edge %d-%d", i, j)
				}
				continue
			}
			m.slack(i, j, s)
			for b := m.parent[i]; b != none; b = m.parent[b] {
				if m.contains(b, j) {
					s.Add(m.du(b))
					s.Add(m.du(b))
				}
			}
			if s[len(s)-1]>>63 != 0 {
				return fmt.Errorf("negative slack on %d-%d", i, j)
			}
			if m.mate[i] == j && !s.IsZero() {
				return fmt.Errorf("matched edge %d-%d not tight", i, j)
			}
		}
	}
	return nil
}
