package adiukh

import (
	"slices"
	"strings"

	"adiukh/rules"
)

// matches reports whether the record names the move: the same start (or start
// file) and end, and the turning squares it writes are landing squares of the
// move, in order.
func matches(r Record, m Move) bool {
	if r.Short() {
		return m.From.File() == r.ShortFile && m.To == r.Squares[0]
	}
	n := len(r.Squares)
	if r.Squares[0] != m.From || r.Squares[n-1] != m.To {
		return false
	}
	if m.captures == 0 {
		return n == 2
	}
	landings := m.path[:m.captures-1]
	for _, s := range r.Squares[1 : n-1] {
		i := indexSquare(landings, s)
		if i < 0 {
			return false
		}
		landings = landings[i+1:]
	}
	return true
}

// startSquares returns the squares the record's move can start from: the
// square it names, or every square of the file a short record names.
func startSquares(r Record) uint32 {
	if r.Short() {
		return fileSquares[r.ShortFile]
	}
	return 1 << r.Squares[0]
}

// namesTurnsOf reports whether every square where the capture changes
// direction is written in the record.
func namesTurnsOf(r Record, m Move) bool {
	prev := m.From
	for i := 0; i+1 < int(m.captures); i++ {
		at, next := m.path[i], m.path[i+1]
		if direction(prev, at) != direction(at, next) && indexSquare(r.Squares, at) < 0 {
			return false
		}
		prev = at
	}
	return true
}

// direction returns the diagonal step from a towards b as a file and rank
// sign pair.
func direction(a, b Square) [2]int {
	return [2]int{sign(b.File() - a.File()), sign(b.Rank() - a.Rank())}
}

func sign(x int) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}

func indexSquare(list []Square, s Square) int {
	for i, x := range list {
		if x == s {
			return i
		}
	}
	return -1
}

// Find returns the legal move of side that the record names. A record that
// names no legal move, or several moves with different results, is an error
// that says why; an ambiguous one lists the candidates in full notation.
func (p *Position) Find(side Color, r Record) (Move, error) {
	return p.findAmong(p.appendMoves(nil, side, false), side, r)
}

// findAmong looks for the record among routes, every route of every legal
// move of side (not only one per result), since the writer may name the
// turning squares of any of them.
func (p *Position) findAmong(routes []Move, side Color, r Record) (Move, error) {
	var first Move
	var found []Move
	n := 0
	for i := range routes {
		if !matches(r, routes[i]) {
			continue
		}
		switch {
		case n == 0:
			first = routes[i]
		case n == 1 && sameResult(&first, &routes[i]):
			continue
		default:
			if found == nil {
				found = append(found, first)
			}
			found = append(found, routes[i])
		}
		n++
	}
	if n == 0 {
		return Move{}, &rules.MoveError{Detail: p.whyIllegal(side, r, p.LegalMoves(side))}
	}
	if found == nil {
		return first, nil
	}
	found = dedupe(found, 0)
	if len(found) > 1 && !r.Short() {
		// §7.2: where a capture can go several ways the record names the
		// turning squares; a move with a turn the record does not name is not
		// the one it means.
		var named []Move
		for _, m := range found {
			if namesTurnsOf(r, m) {
				named = append(named, m)
			}
		}
		if len(named) > 0 {
			found = named
		}
	}
	if len(found) == 1 {
		return found[0], nil
	}
	slices.SortFunc(found, func(a, b Move) int { return strings.Compare(a.String(), b.String()) })
	detail := say("%s is ambiguous: it fits %s; write the turning squares", r.Text, strings.Join(moveNames(found), ", "))
	if slices.ContainsFunc(found, func(m Move) bool { return m.From != found[0].From }) {
		// Short notation names the file only: two pieces of that file can
		// make the move, and the turning squares would not tell them apart.
		detail = say("%s is ambiguous: it fits %s; write the square the move starts from", r.Text, strings.Join(moveNames(found), ", "))
	}
	return Move{}, &rules.MoveError{Detail: detail, Candidates: moveNames(found)}
}

// whyIllegal explains the most likely reason a record fits no legal move.
func (p *Position) whyIllegal(side Color, r Record, legal []Move) Message {
	if len(legal) == 0 {
		return say("%s: %s has no legal move, the game is over", r.Text, side)
	}
	if !r.Short() {
		from := r.Squares[0]
		t := p.At(from)
		switch {
		case t.Empty():
			return say("%s: there is no piece on %s", r.Text, from)
		case t.Owner != side:
			return say("%s: the tower on %s is %s's, and %s is to move", r.Text, from, t.Owner, side)
		}
	}
	if legal[0].IsCapture() && !r.Capture {
		return say("%s is not legal: capturing is compulsory (§3.6)", r.Text)
	}
	if !r.Short() && kingRow[side]&(1<<r.Squares[0]) != 0 && !legal[0].IsCapture() {
		return say("%s is not legal: a king cannot move without capturing (§3.5)", r.Text)
	}
	return say("%s is not a legal move for %s", r.Text, side)
}
