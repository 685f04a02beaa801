package adiukh

import (
	"strconv"
	"strings"

	"adiukh/rules"
)

// Tower is the stack of checkers on one square. Captures take the top checker
// and put it under the capturing tower (§3.7, §3.9), so a tower is always a
// block of its owner's colour on top of at most one block of the other colour:
// (owner, own count, other count) describe it fully, as the notation `e5-2/1`
// does (§7.2). Own is zero on an empty square.
type Tower struct {
	Owner Color
	Own   int
	Other int
}

// Empty reports whether the square holds no checker.
func (t Tower) Empty() bool { return t.Own == 0 }

// Height is the number of checkers in the tower.
func (t Tower) Height() int { return t.Own + t.Other }

// Position is what stands on the board. The side to move is not part of it,
// as in the rules' position notation.
type Position struct {
	top   [2]uint32 // squares whose tower has a white / black top checker
	own   [32]uint8
	other [32]uint8
}

// Start returns the initial position (§7.2, figure 2).
func Start() Position { return startPosition }

var startPosition = initialPosition()

func initialPosition() Position {
	var p Position
	for _, name := range strings.Fields("a1 a3 b2 c1 c3 d2 e1 e3 f2 g1 g3 h2") {
		s, _ := rules.ParseSquare(name)
		p.Put(s, Tower{White, 1, 0})
	}
	for _, name := range strings.Fields("a7 b6 b8 c7 d6 d8 e7 f6 f8 g7 h6 h8") {
		s, _ := rules.ParseSquare(name)
		p.Put(s, Tower{Black, 1, 0})
	}
	return p
}

// At returns the tower on a square.
func (p *Position) At(s Square) Tower {
	owner := White
	if p.top[Black]&(1<<s) != 0 {
		owner = Black
	}
	return Tower{owner, int(p.own[s]), int(p.other[s])}
}

// Put places a tower on a square, replacing what stood there; an empty tower
// clears the square.
func (p *Position) Put(s Square, t Tower) {
	bit := uint32(1) << s
	p.top[White] &^= bit
	p.top[Black] &^= bit
	p.own[s], p.other[s] = 0, 0
	if t.Own == 0 {
		return
	}
	p.top[t.Owner] |= bit
	p.own[s], p.other[s] = uint8(t.Own), uint8(t.Other)
}

// occupied returns the squares that hold a tower.
func (p *Position) occupied() uint32 { return p.top[White] | p.top[Black] }

// Checkers counts the checkers of each colour on the board.
func (p *Position) Checkers() (white, black int) {
	var n [2]int
	for s := Square(0); s < 32; s++ {
		t := p.At(s)
		if t.Empty() {
			continue
		}
		n[t.Owner] += t.Own
		n[t.Owner.Opponent()] += t.Other
	}
	return n[White], n[Black]
}

// Turned is the position seen from the other side: the board turned round
// (a1 goes to h8, c3 to f6) and the colours exchanged. With the other side
// to move it is the same problem, White's points becoming Black's.
func (p Position) Turned() Position {
	var q Position
	for s := Square(0); s < 32; s++ {
		if t := p.At(s); !t.Empty() {
			q.Put(31-s, Tower{t.Owner.Opponent(), t.Own, t.Other})
		}
	}
	return q
}

// Score counts the points of a final position (§5.1): White gets one point for
// every checker of either colour on Black's half (ranks 5–8), Black one for
// every checker on White's half (ranks 1–4).
func (p *Position) Score() Score {
	var sc Score
	for s := Square(0); s < 32; s++ {
		h := int(p.own[s]) + int(p.other[s])
		if s.Rank() >= 4 {
			sc.White += h
		} else {
			sc.Black += h
		}
	}
	return sc
}

// String writes the position in canonical notation: English keywords, squares
// ordered by file then rank, a single-colour tower without "/0", an empty side
// with nothing after the colon: "white: a5-1/2, b4-3; black: ".
func (p Position) String() string { return p.Notation("white", "black") }

// Notation writes the position as String does with the sides named by the
// caller, for readers of another language: "белые: a5-1/2, b4-3; черные: ".
// ParsePosition reads both.
func (p Position) Notation(white, black string) string {
	var b strings.Builder
	for c := White; c <= Black; c++ {
		name := white
		if c == Black {
			b.WriteString("; ")
			name = black
		}
		b.WriteString(name)
		b.WriteString(": ")
		first := true
		for file := 0; file < 8; file++ {
			for rank := 0; rank < 8; rank++ {
				s, ok := rules.SquareAt(file, rank)
				if !ok {
					continue
				}
				t := p.At(s)
				if t.Empty() || t.Owner != c {
					continue
				}
				if !first {
					b.WriteString(", ")
				}
				first = false
				b.WriteString(s.String())
				b.WriteString("-")
				b.WriteString(strconv.Itoa(t.Own))
				if t.Other > 0 {
					b.WriteString("/")
					b.WriteString(strconv.Itoa(t.Other))
				}
			}
		}
	}
	return b.String()
}

var sideNames = map[string]Color{
	"white": White, "белые": White, "белых": White,
	"black": Black, "черные": Black, "чёрные": Black, "черных": Black, "чёрных": Black,
}

// ParsePosition reads the rules' position notation (§7.2, figure 4) in English
// or Russian: "white: a5-1, e5-2/1; black: b6-2/3" or "белые: …; черные: …".
// A square without a count holds one checker ("белые - a1, a3, …"); an empty
// side may be left out or written with nothing, "-" or "—" after the colon.
func ParsePosition(text string) (Position, error) {
	var p Position
	seen := [2]bool{}
	offset := 0
	for _, part := range strings.Split(text, ";") {
		partOffset := offset
		offset += len(part) + 1
		if strings.TrimSpace(part) == "" {
			continue
		}
		lead := len(part) - len(strings.TrimLeft(part, " \t\r\n"))
		body := strings.TrimSpace(part)
		sep := strings.IndexAny(body, ":-—–")
		if sep < 0 {
			return Position{}, &rules.PositionError{Offset: partOffset + lead + 1, Detail: say("%q: expected \"white:\" or \"black:\" before the squares", body)}
		}
		name := strings.ToLower(strings.TrimSpace(body[:sep]))
		side, ok := sideNames[name]
		if !ok {
			return Position{}, &rules.PositionError{Offset: partOffset + lead + 1, Detail: say("%q is not a side: write white/black or белые/черные", body[:sep])}
		}
		if seen[side] {
			return Position{}, &rules.PositionError{Offset: partOffset + lead + 1, Detail: say("%s is given twice", side)}
		}
		seen[side] = true
		_, sepSize := firstRune(body[sep:])
		list := body[sep+sepSize:]
		listOffset := partOffset + lead + sep + sepSize
		if t := strings.TrimSpace(list); t == "" || t == "-" || t == "—" || t == "–" {
			continue
		}
		itemOffset := listOffset
		for _, item := range strings.Split(list, ",") {
			at := itemOffset + len(item) - len(strings.TrimLeft(item, " \t\r\n")) + 1
			itemOffset += len(item) + 1
			s, t, err := parseTowerItem(strings.TrimSpace(item), side)
			if err != nil {
				return Position{}, &rules.PositionError{Offset: at, Detail: *err}
			}
			if !p.At(s).Empty() {
				return Position{}, &rules.PositionError{Offset: at, Detail: say("square %s is given twice", s)}
			}
			p.Put(s, t)
		}
	}
	if !seen[White] && !seen[Black] {
		return Position{}, &rules.PositionError{Offset: 1, Detail: say("no side given: write \"white: …; black: …\"")}
	}
	w, b := p.Checkers()
	if w > 12 || b > 12 {
		return Position{}, &rules.PositionError{Offset: 1, Detail: say("%d white and %d black checkers: each side has at most 12", w, b)}
	}
	return p, nil
}

func firstRune(s string) (rune, int) {
	for _, r := range s {
		return r, len(string(r))
	}
	return 0, 0
}

// parseTowerItem reads one "e5-2/1" (or "e5") of a side's list.
func parseTowerItem(item string, side Color) (Square, Tower, *Message) {
	if item == "" {
		m := say("empty entry between commas")
		return NoSquare, Tower{}, &m
	}
	name, counts, hasCounts := strings.Cut(item, "-")
	s, ok := rules.ParseSquare(strings.ToLower(strings.TrimSpace(name)))
	if !ok {
		m := say("%q is not a dark square (a1, c1 … h8)", name)
		return NoSquare, Tower{}, &m
	}
	t := Tower{Owner: side, Own: 1}
	if !hasCounts {
		return s, t, nil
	}
	ownText, otherText, hasOther := strings.Cut(counts, "/")
	own, err := strconv.Atoi(strings.TrimSpace(ownText))
	if err != nil || own < 1 || own > 12 {
		m := say("%q: the count of the owner's checkers must be 1–12", item)
		return NoSquare, Tower{}, &m
	}
	t.Own = own
	if hasOther {
		other, err := strconv.Atoi(strings.TrimSpace(otherText))
		if err != nil || other < 0 || other > 12 {
			m := say("%q: the count after / must be 0–12", item)
			return NoSquare, Tower{}, &m
		}
		t.Other = other
	}
	return s, t, nil
}
