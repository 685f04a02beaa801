package trf

import (
	"fmt"
	"strconv"
	"strings"
)

// MicroMatchComment keeps the setting of an event whose pairings play
// micro-matches of two games, which TRF has no line for: a comment line,
// "### micro-match: round games" (where the openings are drawn and what
// the standings count, as adiukh stores them), which other programs skip
// and adiukh reads back.
type MicroMatchComment struct {
	Draw, Count string
}

const microMatchCommentPrefix = "### micro-match: "

// String is the comment's line.
func (c MicroMatchComment) String() string {
	return microMatchCommentPrefix + c.Draw + " " + c.Count
}

// ParseMicroMatchComment reads a line kept in Tournament.Extra as a
// micro-match setting; ok is false for any other line.
func ParseMicroMatchComment(line string) (c MicroMatchComment, ok bool) {
	text, ok := strings.CutPrefix(line, microMatchCommentPrefix)
	f := strings.Fields(text)
	if !ok || len(f) != 2 {
		return c, false
	}
	return MicroMatchComment{Draw: f[0], Count: f[1]}, true
}

// GameScore is one game's score and end reason as adiukh writes them.
type GameScore struct {
	Score, EndReason string
}

// MicroComment keeps the two games of a micro-match, where the 001 lines
// show only who won the board: a comment line,
// "### micro 3 5 12 2:0 resignation 1:1 agreement" (the round, the board's
// White's and Black's start numbers, then each game's score and end reason
// from its own White's side: in the second game the board's Black has
// White), which other programs skip and adiukh reads back.
type MicroComment struct {
	Round, White, Black int
	Games               [2]GameScore
}

const microCommentPrefix = "### micro "

// String is the comment's line.
func (c MicroComment) String() string {
	return fmt.Sprintf("%s%d %d %d %s %s %s %s", microCommentPrefix, c.Round, c.White, c.Black,
		c.Games[0].Score, c.Games[0].EndReason, c.Games[1].Score, c.Games[1].EndReason)
}

// ParseMicroComment reads a line kept in Tournament.Extra as a
// micro-match's games; ok is false for any other line.
func ParseMicroComment(line string) (c MicroComment, ok bool) {
	text, ok := strings.CutPrefix(line, microCommentPrefix)
	f := strings.Fields(text)
	if !ok || len(f) != 7 {
		return c, false
	}
	for i, p := range [3]*int{&c.Round, &c.White, &c.Black} {
		n, err := strconv.Atoi(f[i])
		if err != nil || n < 1 {
			return c, false
		}
		*p = n
	}
	c.Games = [2]GameScore{{f[3], f[4]}, {f[5], f[6]}}
	return c, true
}

// KeepScores keeps the scores of a board of round whose players' start
// numbers are white and black, which the 001 lines cannot: one game's in a
// ScoreComment, a micro-match's two games in a MicroComment; nothing for
// none.
func (t *Tournament) KeepScores(round, white, black int, games []GameScore) {
	switch len(games) {
	case 1:
		t.Extra = append(t.Extra, ScoreComment{Round: round, White: white, Black: black, Score: games[0].Score, EndReason: games[0].EndReason}.String())
	case 2:
		t.Extra = append(t.Extra, MicroComment{Round: round, White: white, Black: black, Games: [2]GameScore{games[0], games[1]}}.String())
	}
}
