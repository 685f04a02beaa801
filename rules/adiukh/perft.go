package adiukh

// Perft counts the positions reached after every sequence of depth plies from
// p with side to move, moves that lead to the same position counting once
// (the spec's move-generator check, §8).
func Perft(p Position, side Color, depth int) int64 {
	if depth <= 0 {
		return 1
	}
	s := perftSearch{moves: make([][]Move, depth), positions: make([]Position, depth+1)}
	s.positions[depth] = p
	return s.count(side, depth)
}

// perftSearch keeps one move list and one position per depth, so the search
// allocates nothing once the lists have grown.
type perftSearch struct {
	moves     [][]Move
	positions []Position
}

func (s *perftSearch) count(side Color, depth int) int64 {
	p := &s.positions[depth]
	moves := p.AppendLegalMoves(s.moves[depth-1][:0], side)
	s.moves[depth-1] = moves
	if depth == 1 {
		return int64(len(moves))
	}
	var n int64
	for i := range moves {
		s.positions[depth-1] = p.Play(moves[i])
		n += s.count(side.Opponent(), depth-1)
	}
	return n
}
