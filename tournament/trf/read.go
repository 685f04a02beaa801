package trf

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"unicode/utf8"
)

// ReadFile reads the file at path; a syntax error names the file.
func ReadFile(path string) (*Tournament, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	t, err := Read(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return t, nil
}

// Read parses a TRF file. Lines may end with CR, LF or CRLF.
func Read(r io.Reader) (*Tournament, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	t := &Tournament{}
	lineNo := 0
	for len(data) > 0 {
		end := bytes.IndexAny(data, "\r\n")
		var line []byte
		if end < 0 {
			line, data = data, nil
		} else {
			line = data[:end]
			if data[end] == '\r' && end+1 < len(data) && data[end+1] == '\n' {
				end++
			}
			data = data[end+1:]
		}
		lineNo++
		if !utf8.Valid(line) {
			return nil, &Error{Line: lineNo, Message: "not valid UTF-8", Format: "not valid UTF-8"}
		}
		if err := t.readLine(string(line), lineNo); err != nil {
			return nil, err
		}
	}
	return t, nil
}

// lineReader reads the fixed columns of one line. Columns count characters,
// as Write pads them, so that a name in Cyrillic keeps the fields after it in
// place.
type lineReader struct {
	s    []rune
	line int
}

func (l lineReader) fail(col int, format string, args ...any) error {
	return &Error{Line: l.line, Column: col, Message: fmt.Sprintf(format, args...), Format: format, Args: args}
}

// field returns the text in columns [from, to) (0-based), shorter when the
// line is short.
func (l lineReader) field(from, to int) string {
	if from >= len(l.s) {
		return ""
	}
	return string(l.s[from:min(to, len(l.s))])
}

// number reads a right-aligned integer field; blank gives 0. A field that
// is not a number is reported with format, which takes args and then the
// field's text.
func (l lineReader) number(from, to int, format string, args ...any) (int, error) {
	f := strings.TrimSpace(l.field(from, to))
	if f == "" {
		return 0, nil
	}
	n, err := strconv.Atoi(f)
	if err != nil || n < 0 {
		return 0, l.fail(from+1, format, append(args, f)...)
	}
	return n, nil
}

// points reads a score with at most one decimal into tenths; blank gives 0.
// A field that is not a score is reported as number reports it.
func (l lineReader) points(from, to int, format string, args ...any) (int, error) {
	f := strings.TrimSpace(l.field(from, to))
	if f == "" {
		return 0, nil
	}
	whole, frac, hasFrac := strings.Cut(f, ".")
	if whole == "" {
		whole = "0"
	}
	w, err := strconv.Atoi(whole)
	bad := err != nil || w < 0 || w > 99999 || (hasFrac && (len(frac) != 1 || frac[0] < '0' || frac[0] > '9'))
	if bad {
		return 0, l.fail(from+1, format, append(args, f)...)
	}
	tenths := w * 10
	if hasFrac {
		tenths += int(frac[0] - '0')
	}
	return tenths, nil
}

func (t *Tournament) readLine(s string, lineNo int) error {
	// Control characters carry no data: Write turns them into blanks and
	// does not keep trailing blanks, so a line is read as it would be written
	// back (a two-byte U+0085 must not make a line long enough for a record
	// code that its written copy is not).
	s = strings.TrimRight(oneLine(s), " ")
	if strings.TrimSpace(s) == "" {
		return nil
	}
	l := lineReader{s: []rune(s), line: lineNo}
	if len(s) < 3 {
		return l.fail(1, "line too short for a record code")
	}
	code := s[:3]
	switch code {
	case "001":
		return t.readPlayer(l)
	case "092", "192":
		t.System = strings.TrimSpace(l.field(4, len(s)))
	case "142", "XXR":
		n, err := l.number(3, len(s), "number of rounds %q is not a number")
		if err != nil {
			return err
		}
		if n < 1 {
			return l.fail(4, "number of rounds must be at least 1")
		}
		t.TotalRounds = n
	case "152":
		c := strings.TrimSpace(l.field(3, len(s)))
		if c != "W" && c != "B" {
			return l.fail(5, "initial colour %q: want W or B", c)
		}
		t.InitialColor = c[0]
	case "XXC":
		for _, tok := range strings.Fields(s[3:]) {
			switch tok {
			case "white1":
				t.InitialColor = 'W'
			case "black1":
				t.InitialColor = 'B'
			case "rank":
				t.RankOrder = true
			default:
				return l.fail(strings.Index(s, tok)+1, "unknown XXC option %q (want white1, black1 or rank)", tok)
			}
		}
	case "162":
		return t.readScoring(l)
	case "BBW", "BBD", "BBL", "BBZ", "BBF", "BBU":
		p, err := l.points(4, 12, "%s points %q is not a score like 3.5", code)
		if err != nil {
			return err
		}
		t.PointLines = append(t.PointLines, Score{Code: code[2], Points: p})
	case "240":
		return t.readBye(l)
	case "260":
		return t.readForbidden(l)
	case "XXP":
		var group []int
		for _, tok := range strings.Fields(s[3:]) {
			n, err := strconv.Atoi(tok)
			if err != nil || n < 1 {
				return l.fail(strings.Index(s, tok)+1, "forbidden pair player %q is not a pairing number", tok)
			}
			group = append(group, n)
		}
		t.Forbidden = append(t.Forbidden, Forbidden{Players: group})
	case "XXA":
		return t.readAcceleration(l)
	default:
		if code[0] >= '0' && code[0] <= '9' && code[2] == '2' && code != "162" {
			t.Info = append(t.Info, InfoLine{Code: code, Text: l.field(4, len(s))})
			return nil
		}
		t.Extra = append(t.Extra, s)
	}
	return nil
}

// Column layout of a 001 line (0-based), TRF-16.
const (
	colStartNo   = 4
	colSex       = 9
	colTitle     = 10
	colName      = 14
	colRating    = 48
	colFed       = 53
	colFideID    = 57
	colBirth     = 69
	colPoints    = 80
	colRank      = 85
	colFirstGame = 91
	gameWidth    = 10
)

func (t *Tournament) readPlayer(l lineReader) error {
	p := Player{
		Sex:        strings.TrimSpace(l.field(colSex, colSex+1)),
		Title:      strings.TrimSpace(l.field(colTitle, colTitle+3)),
		Name:       strings.TrimSpace(l.field(colName, colName+33)),
		Federation: strings.TrimSpace(l.field(colFed, colFed+3)),
		FideID:     strings.TrimSpace(l.field(colFideID, colFideID+11)),
		BirthDate:  strings.TrimSpace(l.field(colBirth, colBirth+10)),
	}
	var err error
	if p.StartNo, err = l.number(colStartNo, colStartNo+4, "start number %q is not a number"); err != nil {
		return err
	}
	if p.StartNo < 1 {
		return l.fail(colStartNo+1, "start number missing")
	}
	if p.Rating, err = l.number(colRating, colRating+4, "rating %q is not a number"); err != nil {
		return err
	}
	if p.Points, err = l.points(colPoints, colPoints+4, "points %q is not a score like 3.5"); err != nil {
		return err
	}
	if p.Rank, err = l.number(colRank, colRank+4, "rank %q is not a number"); err != nil {
		return err
	}
	for start := colFirstGame; start < len(l.s); start += gameWidth {
		if sep := l.field(start-2, start); len(l.s) > start && strings.TrimSpace(sep) != "" {
			return l.fail(start-1, "unexpected text between rounds")
		}
		r, err := readResult(l, start, p.StartNo)
		if err != nil {
			return err
		}
		p.Results = append(p.Results, r)
	}
	// Trailing blank rounds are not rounds.
	for len(p.Results) > 0 && p.Results[len(p.Results)-1] == (Result{Color: ' ', Code: ' '}) {
		p.Results = p.Results[:len(p.Results)-1]
	}
	t.Players = append(t.Players, p)
	return nil
}

func readResult(l lineReader, start, self int) (Result, error) {
	field := l.field(start, start+8)
	if !isASCII(field) {
		return Result{}, l.fail(start+1, "round %d: write the opponent's start number in four columns, a space, the colour (w, b or -), a space and the result (1, =, 0, + or -), as \"   7 w 1\"", (start-colFirstGame)/gameWidth+1)
	}
	field += strings.Repeat(" ", 8-len(field))
	r := Result{Color: field[5], Code: field[7]}
	if field[4] != ' ' || field[6] != ' ' {
		return r, l.fail(start+1, "round %d: write the opponent's start number in four columns, a space, the colour (w, b or -), a space and the result (1, =, 0, + or -), as \"   7 w 1\"", (start-colFirstGame)/gameWidth+1)
	}
	round := (start-colFirstGame)/gameWidth + 1
	opp := strings.TrimSpace(field[:4])
	if opp != "" {
		n, err := strconv.Atoi(opp)
		if err != nil || n < 0 {
			return r, l.fail(start+1, "round %d: opponent %q is not a start number", round, opp)
		}
		if n == self {
			return r, l.fail(start+1, "round %d: player paired against himself", round)
		}
		r.Opponent = n
	}
	switch r.Color {
	case 'w', 'b', '-', ' ':
	case 'W', 'B':
		r.Color += 'a' - 'A'
	default:
		return r, l.fail(start+6, "round %d: colour %q: want w, b or -", round, r.Color)
	}
	if r.Code >= 'a' && r.Code <= 'z' {
		r.Code -= 'a' - 'A'
	}
	switch r.Code {
	case '1', '0', '=', 'W', 'D', 'L':
		if r.Opponent == 0 || (r.Color != 'w' && r.Color != 'b') {
			return r, l.fail(start+8, "round %d: a played game needs an opponent and a colour", round)
		}
	case '+', '-':
		if r.Opponent != 0 && r.Color != 'w' && r.Color != 'b' && r.Color != '-' {
			return r, l.fail(start+6, "round %d: forfeit colour %q", round, r.Color)
		}
	case ' ':
		// Paired and not yet played (a correspondence section's game
		// still running), or an empty entry.
		if r.Opponent != 0 && r.Color != 'w' && r.Color != 'b' {
			return r, l.fail(start+6, "round %d: a game paired and not yet played needs its colour, w or b", round)
		}
	case 'H', 'F', 'U', 'Z':
		if r.Opponent != 0 {
			return r, l.fail(start+8, "round %d: result %q takes no opponent", round, r.Code)
		}
	default:
		return r, l.fail(start+8, "round %d: unknown result %q", round, r.Code)
	}
	return r, nil
}

func (t *Tournament) readScoring(l lineReader) error {
	for start := 5; start < len(l.s); start += 9 {
		if strings.TrimSpace(l.field(start-4, start)) != "" && start > 5 {
			return l.fail(start-3, "unexpected text in scoring")
		}
		letter := l.s[start]
		if !strings.ContainsRune("WDLZP", letter) {
			return l.fail(start+1, "scoring letter %q: want W, D, L, Z or P", letter)
		}
		c := byte(letter)
		p, err := l.points(start+1, start+5, "points %q is not a score like 3.5")
		if err != nil {
			return err
		}
		t.Scoring = append(t.Scoring, Score{Code: c, Points: p})
	}
	return nil
}

func (t *Tournament) readBye(l lineReader) error {
	b := Bye{Kind: ' '}
	if k := l.field(4, 5); k != "" {
		b.Kind = k[0]
	}
	if !strings.ContainsRune("FHZ", rune(b.Kind)) {
		return l.fail(5, "bye kind %q: want F, H or Z", b.Kind)
	}
	var err error
	if b.Round, err = l.number(6, 9, "round %q is not a number"); err != nil {
		return err
	}
	if b.Round < 1 {
		return l.fail(7, "round missing")
	}
	if b.Players, err = l.playerList(10); err != nil {
		return err
	}
	t.Byes = append(t.Byes, b)
	return nil
}

func (t *Tournament) readForbidden(l lineReader) error {
	var f Forbidden
	var err error
	if f.FirstRound, err = l.number(4, 7, "first round %q is not a number"); err != nil {
		return err
	}
	if f.LastRound, err = l.number(8, 11, "last round %q is not a number"); err != nil {
		return err
	}
	if f.FirstRound < 1 || f.LastRound < f.FirstRound {
		return l.fail(5, "round range %d–%d is empty", f.FirstRound, f.LastRound)
	}
	if f.Players, err = l.playerList(12); err != nil {
		return err
	}
	t.Forbidden = append(t.Forbidden, f)
	return nil
}

// playerList reads 4-column start numbers separated by one space.
func (l lineReader) playerList(from int) ([]int, error) {
	var out []int
	for start := from; start < len(l.s); start += 5 {
		n, err := l.number(start, start+4, "start number %q is not a number")
		if err != nil {
			return nil, err
		}
		if n < 1 {
			return nil, l.fail(start+1, "start number missing")
		}
		out = append(out, n)
	}
	return out, nil
}

func (t *Tournament) readAcceleration(l lineReader) error {
	var a Acceleration
	var err error
	if a.Player, err = l.number(4, 8, "start number %q is not a number"); err != nil {
		return err
	}
	if a.Player < 1 {
		return l.fail(5, "start number missing")
	}
	for start := 9; start < len(l.s); start += 5 {
		p, err := l.points(start, start+4, "acceleration %q is not a score like 3.5")
		if err != nil {
			return err
		}
		a.Points = append(a.Points, p)
	}
	t.Accelerations = append(t.Accelerations, a)
	return nil
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}
