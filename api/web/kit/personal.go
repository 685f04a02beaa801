package kit

import (
	"fmt"
	"strconv"
	"strings"
)

// A part of a page that shows the signed-in reader is marked as
// PersonalMark, the name of the template that makes it, "-->", the part,
// PersonalEnd. The marks are comments, and no text of the data can make
// one: the templates escape every "<" they are given. A page kept for every
// reader has its marked parts made again for each (ExecutePart).
const (
	PersonalMark = "<!--personal:"
	PersonalEnd  = "<!--/personal-->"
)

// BoardMark is what a row of the pairings tells its reader's parts (the
// row marked as theirs, their button to report its result): its round,
// board, game and players, written in the part's mark.
type BoardMark struct {
	Round, Board       int
	Game, White, Black int64
}

func (m BoardMark) String() string {
	return fmt.Sprintf("%d %d %d %d %d", m.Round, m.Board, m.Game, m.White, m.Black)
}

// ParseBoardMark reads a BoardMark as String writes it, without fmt's
// scanning: a big event's pairings have thousands of rows, read for every
// reader.
func ParseBoardMark(s string) (m BoardMark, err error) {
	var fields [5]int64
	for i := range fields {
		field, rest, _ := strings.Cut(s, " ")
		if fields[i], err = strconv.ParseInt(field, 10, 64); err != nil {
			return m, fmt.Errorf("a row's mark %q: %w", s, err)
		}
		s = rest
	}
	if s != "" {
		return m, fmt.Errorf("a row's mark has more than five numbers: %q", s)
	}
	return BoardMark{Round: int(fields[0]), Board: int(fields[1]), Game: fields[2], White: fields[3], Black: fields[4]}, nil
}

// BoardPart is the data of a part of one row of the pairings: the page
// and the row's mark.
type BoardPart struct {
	Page
	Row BoardMark
}
