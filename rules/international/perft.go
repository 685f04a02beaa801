package international

// Perft counts the positions reached after every sequence of depth plies
// from p, moves that lead to the same position counting once.
func (v *Variant) Perft(p Position, depth int) int64 {
	if depth <= 0 {
		return 1
	}
	s := perftSearch{v: v, moves: make([][]Move, depth), positions: make([]Position, depth+1)}
	s.positions[depth] = p
	return s.count(depth)
}

// perftSearch keeps one move list and one position per depth, so the
// search allocates nothing once the lists have grown.
type perftSearch struct {
	v         *Variant
	moves     [][]Move
	positions []Position
}

func (s *perftSearch) count(depth int) int64 {
	p := &s.positions[depth]
	if depth == 1 && !s.v.CanCapture(p) {
		return int64(s.v.quietMoves(p))
	}
	moves := s.v.AppendLegalMoves(s.moves[depth-1][:0], p)
	s.moves[depth-1] = moves
	if depth == 1 {
		return int64(len(moves))
	}
	var n int64
	for i := range moves {
		s.positions[depth-1] = p.Play(&moves[i])
		n += s.count(depth - 1)
	}
	return n
}
