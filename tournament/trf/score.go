package trf

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// ScoreComment keeps a played game's score and how it ended, which TRF has
// no column for: a comment line, "### score 3 5 12 17:7 final_position"
// (the round, White's and Black's start numbers, the score and the end
// reason as adiukh writes them), which other programs skip and adiukh
// reads back, so that its own file imported again keeps the scores.
type ScoreComment struct {
	Round, White, Black int
	Score, EndReason    string
}

const scoreCommentPrefix = "### score "

// String is the comment's line.
func (c ScoreComment) String() string {
	return fmt.Sprintf("%s%d %d %d %s %s", scoreCommentPrefix, c.Round, c.White, c.Black, c.Score, c.EndReason)
}

// ParseScoreComment reads a line kept in Tournament.Extra as a score
// comment; ok is false for any other line.
func ParseScoreComment(line string) (c ScoreComment, ok bool) {
	text, ok := strings.CutPrefix(line, scoreCommentPrefix)
	if !ok {
		return c, false
	}
	f := strings.Fields(text)
	if len(f) != 5 {
		return c, false
	}
	numbers := [3]*int{&c.Round, &c.White, &c.Black}
	for i, p := range numbers {
		n, err := strconv.Atoi(f[i])
		if err != nil || n < 1 {
			return c, false
		}
		*p = n
	}
	c.Score, c.EndReason = f[3], f[4]
	return c, true
}

// TitleComment keeps a player's sports rank or title where the 001 line's
// three columns cannot: a national rank («КМС», «1ю»), or an FMJD title of
// four letters («GMIF»). A comment line, "### title 12 КМС" (the start
// number and the title as adiukh stores it), which other programs skip and
// adiukh reads back.
type TitleComment struct {
	StartNo int
	Title   string
}

const titleCommentPrefix = "### title "

// String is the comment's line.
func (c TitleComment) String() string {
	return fmt.Sprintf("%s%d %s", titleCommentPrefix, c.StartNo, c.Title)
}

// ParseTitleComment reads a line kept in Tournament.Extra as a title
// comment; ok is false for any other line.
func ParseTitleComment(line string) (c TitleComment, ok bool) {
	text, ok := strings.CutPrefix(line, titleCommentPrefix)
	if !ok {
		return c, false
	}
	no, title, ok := strings.Cut(strings.TrimSpace(text), " ")
	n, err := strconv.Atoi(no)
	if !ok || err != nil || n < 1 || strings.TrimSpace(title) == "" {
		return c, false
	}
	return TitleComment{StartNo: n, Title: strings.TrimSpace(title)}, true
}

// SetTitle gives player p (of t, or about to be) its title: in the 001
// line's three columns when the field is the title's (fmjd: the field
// carries the FMJD's titles) and it fits, else in a title comment.
func (t *Tournament) SetTitle(p *Player, title string, fmjd bool) {
	switch {
	case title == "":
	case fmjd && utf8.RuneCountInString(title) <= 3:
		p.Title = title
	default:
		t.Extra = append(t.Extra, TitleComment{StartNo: p.StartNo, Title: title}.String())
	}
}
