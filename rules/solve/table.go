package solve

import (
	"unsafe"

	"adiukh/rules"
	"adiukh/rules/adiukh"
)

// node is a position with the side to move: what the solver's values belong to.
type node struct {
	pos  adiukh.Position
	side rules.Color
}

// positionWords is the size of a adiukh.Position in 32-bit words: hashOf reads
// the position as such words. The two declarations fail to compile when the
// size changes.
const positionWords = 18

var (
	_ [unsafe.Sizeof(adiukh.Position{}) - 4*positionWords]byte
	_ [4*positionWords - unsafe.Sizeof(adiukh.Position{})]byte
)

// hashOf returns n's hash, never 0 (the table's mark of a free place). It is
// the same in every process, so a search visits the same nodes every time.
func hashOf(n *node) uint64 {
	w := (*[positionWords]uint32)(unsafe.Pointer(&n.pos))
	h := uint64(n.side) + 0x9E3779B97F4A7C15
	for i := 0; i < positionWords; i += 2 {
		h = (h ^ (uint64(w[i]) | uint64(w[i+1])<<32)) * 0xBF58476D1CE4E5B9
		h ^= h >> 29
	}
	h *= 0x94D049BB133111EB
	h ^= h >> 32
	return h | 1
}

// entry is what the table knows of one node, for both provers at once.
// A proof for White of threshold t means White can force a final position
// with at least t points; for Black, a final position where White has at
// most t. Facts in the table never depend on the path that led to the node
// (see mid), so they hold wherever the node comes up again.
type entry struct {
	n node
	// White forces ≥ wProved (−1: nothing proved) within wDist plies, and
	// cannot force ≥ wDisproved (noDisproof: nothing disproved).
	wProved, wDisproved int8
	// Black forces White ≤ bProved (noProof: nothing proved) within bDist
	// plies, and cannot force White ≤ bDisproved (−1: nothing disproved).
	bProved, bDisproved int8
	wDist, bDist        uint16
	// cut is 1 + the index, in generation order, of the move that decided
	// the last search here (0: none): it is tried first next time.
	cut uint8
	// work is the number of nodes the last search of this entry took: the
	// table keeps costly entries rather than cheap ones.
	work uint32
}

const (
	noProof    = 127
	noDisproof = 127
)

func freshEntry(n *node) entry {
	return entry{n: *n, wProved: -1, wDisproved: noDisproof, bProved: noProof, bDisproved: -1}
}

// known returns what the entry proves about g, and the proof's length. A
// proof for one side disproves the other side's harder goals: when Black
// forces a final position with White on at most t points, White cannot force
// one with more, and the other way round.
func (e *entry) known(g goal) (status, int) {
	if g.prover == rules.White {
		switch {
		case g.t <= e.wProved:
			return proved, int(e.wDist)
		case g.t >= e.wDisproved, g.t > e.bProved:
			return disproved, 0
		}
		return unknown, 0
	}
	switch {
	case g.t >= e.bProved:
		return proved, int(e.bDist)
	case g.t <= e.bDisproved, g.t < e.wProved:
		return disproved, 0
	}
	return unknown, 0
}

// hint rates the entry's node for mover by the bounds the table holds for
// either prover: for White the higher the threshold White is proved to reach
// or Black is proved unable to hold it under, for Black the lower the
// threshold Black is proved to hold or White unable to reach. It orders
// moves only; it decides nothing.
func (e *entry) hint(mover rules.Color) int {
	if mover == rules.White {
		return 30 * int(max(e.wProved, e.bDisproved+1))
	}
	return -30 * int(min(e.bProved, e.wDisproved-1, 30))
}

// learn records a verdict on g.
func (e *entry) learn(g goal, st status, dist int) {
	if dist > 0xFFFF {
		dist = 0xFFFF
	}
	switch {
	case g.prover == rules.White && st == proved && (g.t > e.wProved || g.t == e.wProved && uint16(dist) < e.wDist):
		e.wProved, e.wDist = g.t, uint16(dist)
	case g.prover == rules.White && st == disproved && g.t < e.wDisproved:
		e.wDisproved = g.t
	case g.prover == rules.Black && st == proved && (g.t < e.bProved || g.t == e.bProved && uint16(dist) < e.bDist):
		e.bProved, e.bDist = g.t, uint16(dist)
	case g.prover == rules.Black && st == disproved && g.t > e.bDisproved:
		e.bDisproved = g.t
	}
}

// bucketSize entries share one slot of the table; a new node replaces the
// entry of the bucket whose search was cheapest.
const bucketSize = 4

// bucket holds bucketSize entries with their hashes side by side in front,
// so a probe reads one cache line of hashes and touches an entry only when
// its hash matches (0: the place is free; hashOf never returns 0).
type bucket struct {
	hashes  [bucketSize]uint64
	entries [bucketSize]entry
}

// table is the transposition table: a fixed number of buckets, allocated
// once, so its memory never grows past the bound it was made with.
type table struct {
	buckets []bucket
	mask    uint64
}

// entrySize is the memory one entry takes.
const entrySize = int(unsafe.Sizeof(entry{}))

const bucketBytes = int(unsafe.Sizeof(bucket{}))

func newTable(bytes int) *table {
	n := 1
	for n*2*bucketBytes <= bytes {
		n *= 2
	}
	return &table{buckets: make([]bucket, n), mask: uint64(n - 1)}
}

// find returns the entry of n, or nil.
func (t *table) find(h uint64, n *node) *entry {
	b := &t.buckets[h&t.mask]
	for i, bh := range b.hashes {
		if bh == h && b.entries[i].n == *n {
			return &b.entries[i]
		}
	}
	return nil
}

// slot returns the entry of n, making one (and dropping the cheapest entry
// of its bucket) when there is none.
func (t *table) slot(h uint64, n *node) *entry {
	b := &t.buckets[h&t.mask]
	victim := 0
	for i, bh := range b.hashes {
		if bh == 0 {
			b.hashes[i], b.entries[i] = h, freshEntry(n)
			return &b.entries[i]
		}
		if bh == h && b.entries[i].n == *n {
			return &b.entries[i]
		}
		if b.entries[i].work < b.entries[victim].work {
			victim = i
		}
	}
	b.hashes[victim], b.entries[victim] = h, freshEntry(n)
	return &b.entries[victim]
}

// path is the line from the root to the node being searched, with a set of
// its hashes for finding a repeated position quickly: every child of every
// node searched is looked up, so the set is a flat table with linear probing
// rather than a map (a fifth of the solver's time went to the map). Nodes
// leave the path in the reverse order they came, so clearing the last one's
// slot breaks no probe sequence still needed.
type path struct {
	nodes  []node
	hashes []uint64 // of nodes
	// slots hold the depth of a node plus one (0: free), at its hash; their
	// number is a power of two, at least twice the path's length.
	slots []int32
}

// depthOf returns the depth at which n stands on the path, or −1.
func (p *path) depthOf(h uint64, n *node) int32 {
	mask := uint64(len(p.slots) - 1)
	for i := h & mask; len(p.slots) > 0 && p.slots[i] != 0; i = (i + 1) & mask {
		if d := p.slots[i] - 1; p.hashes[d] == h && p.nodes[d] == *n {
			return d
		}
	}
	return -1
}

func (p *path) push(h uint64, n *node) {
	p.nodes = append(p.nodes, *n)
	p.hashes = append(p.hashes, h)
	if 2*len(p.nodes) <= len(p.slots) {
		p.insert(len(p.nodes) - 1)
		return
	}
	// Grown, the set takes the path again in order, deepest last.
	p.slots = make([]int32, max(1024, 2*len(p.slots)))
	for d := range p.nodes {
		p.insert(d)
	}
}

func (p *path) insert(depth int) {
	mask := uint64(len(p.slots) - 1)
	i := p.hashes[depth] & mask
	for p.slots[i] != 0 {
		i = (i + 1) & mask
	}
	p.slots[i] = int32(depth + 1)
}

func (p *path) pop() {
	last := len(p.nodes) - 1
	mask := uint64(len(p.slots) - 1)
	i := p.hashes[last] & mask
	for p.slots[i] != int32(last+1) {
		i = (i + 1) & mask
	}
	p.slots[i] = 0
	p.nodes, p.hashes = p.nodes[:last], p.hashes[:last]
}
