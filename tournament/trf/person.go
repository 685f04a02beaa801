package trf

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// A 001 line's personal fields as adiukh keeps them: the sex as "m" or
// "f" (the file writes m or w), the birth date as YYYY-MM-DD (the file
// writes YYYY/MM/DD, or the year alone).

// SetPersonal fills the sex and the birth date of the line: the full date
// when known, else the year; an unknown sex or year is left blank.
func (p *Player) SetPersonal(sex, birthDate string, birthYear int) {
	switch sex {
	case "m":
		p.Sex = "m"
	case "f":
		p.Sex = "w"
	}
	switch {
	case birthDate != "":
		p.BirthDate = strings.ReplaceAll(birthDate, "-", "/")
	case birthYear > 0:
		p.BirthDate = strconv.Itoa(birthYear)
	}
}

// Personal reads the sex ("m", "f" or "" when the field is blank or says
// something else), the full birth date ("" when the line gives the year
// only, or no real date) and the birth year (0 when none) of the line.
func (p Player) Personal() (sex, birthDate string, birthYear int) {
	switch strings.ToLower(p.Sex) {
	case "m":
		sex = "m"
	case "w", "f":
		sex = "f"
	}
	if d, err := time.Parse("2006/01/02", p.BirthDate); err == nil {
		birthDate = d.Format(time.DateOnly)
	}
	if y, err := strconv.Atoi(strings.SplitN(p.BirthDate, "/", 2)[0]); err == nil && y >= 1900 && y <= 2100 {
		birthYear = y
	}
	return sex, birthDate, birthYear
}

// WithdrawalComment keeps the round a player withdrew from where the 001
// line cannot tell it: a withdrawn player's later games in a round robin
// are forfeits, not absences. A comment line, "### withdrawn 12 4" (the
// start number and the first round the player no longer plays), which
// other programs skip and adiukh reads back.
type WithdrawalComment struct {
	StartNo, Round int
}

const withdrawalCommentPrefix = "### withdrawn "

// String is the comment's line.
func (c WithdrawalComment) String() string {
	return fmt.Sprintf("%s%d %d", withdrawalCommentPrefix, c.StartNo, c.Round)
}

// ParseWithdrawalComment reads a line kept in Tournament.Extra as a
// withdrawal comment; ok is false for any other line.
func ParseWithdrawalComment(line string) (c WithdrawalComment, ok bool) {
	text, ok := strings.CutPrefix(line, withdrawalCommentPrefix)
	if !ok {
		return c, false
	}
	if _, err := fmt.Sscanf(strings.TrimSpace(text), "%d %d", &c.StartNo, &c.Round); err != nil || c.StartNo < 1 || c.Round < 1 {
		return WithdrawalComment{}, false
	}
	return c, true
}
