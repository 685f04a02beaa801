package rules

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"
)

// Header is a "Key: value" line at the top of a game sheet.
type Header struct {
	Key, Value string
	Line       int
}

// Sheet is a game sheet as read, before any move is checked against the rules.
type Sheet struct {
	Headers []Header
	// ToMove is the side to move first: White unless a ToMove header or
	// a FEN says otherwise (compositions, adjourned games). The start
	// position is the game's to read from its headers.
	ToMove Color
	Moves  []SheetMove
	Result *SheetResult
	// PDNResult is the game termination marker of PDN move text (2-0,
	// 1-1, 0-2, 1-0, 0-1, 1/2-1/2, ½-½ or *), as written, in a PDN file
	// or after a sheet's moves; MarkerScore reads it on a game's scale.
	PDNResult string
	// PDNResultLine and PDNResultColumn are where the marker stands.
	PDNResultLine, PDNResultColumn int
	// firstNumber is the move number the sheet's first numbered move is
	// written under (0 before one is read): the numbers after it follow
	// on from it.
	firstNumber int
	// StartUnread is set when the dialect could not read the Position
	// header: the moves are not replayed from another position.
	StartUnread bool
	// resultUnknown is set when a result was written but could not be
	// read, or may stand in a comment left open (their problems say why),
	// so that the sheet is not also told it has none.
	resultUnknown bool
	// Problems are notation errors found while reading; Warnings are
	// spellings that were understood but are not as the rules write them.
	Problems []Problem
	Warnings []Problem
}

// SheetMove is one written move and where it stands on the sheet.
type SheetMove struct {
	Number       int // the move number it was written under
	Record       Record
	Unreadable   *Message // why the record could not be read as a move, if so
	Line, Column int
}

// SheetResult is the result written at the end of a sheet.
type SheetResult struct {
	Score  Score
	Reason EndReason // stated reason, or "" when none is written
	// Drawn is set when words say the game was drawn ("1:1 ничья", a bare
	// "Ничья", "draw"); Unscored when they stand without a score, which
	// the game's rules then give (ScoreDrawsAs).
	Drawn, Unscored bool
	Text            string
	Line, Column    int
}

// ScoreDrawsAs gives a draw written in words without a score the game's
// draw score (12:12 in Adiukh, 1:1 in Russian draughts): a game's rules
// call it before they judge the sheet's result.
func (sh *Sheet) ScoreDrawsAs(draw Score) {
	if res := sh.Result; res != nil && res.Unscored {
		res.Score = draw
	}
}

// ResultWritten reports whether the sheet writes a result, read or not:
// a score, words, a PDN marker or Result tag ("*" for a game going on
// among them).
func (sh *Sheet) ResultWritten() bool {
	return sh.Result != nil || sh.PDNResult != "" || sh.Header("Result") != "" || sh.resultUnknown
}

// EndReason says how a game ended (§5, §6).
type EndReason string

const (
	EndFinalPosition EndReason = "final_position"
	EndResignation   EndReason = "resignation"
	EndTime          EndReason = "time"
	EndAgreement     EndReason = "agreement"
	EndBothFlags     EndReason = "both_flags"
	EndArbiter       EndReason = "arbiter"
)

// String names the reason in words: "both flags".
func (r EndReason) String() string { return strings.ReplaceAll(string(r), "_", " ") }

// Problem is one thing wrong (or worth a warning) on a sheet, with its place.
type Problem struct {
	Line       int    `json:"line,omitempty"`
	Column     int    `json:"column,omitempty"`
	Ply        int    `json:"ply,omitempty"`
	MoveNumber int    `json:"move_number,omitempty"`
	Side       string `json:"side,omitempty"`
	Text       string `json:"text"`
	Message    string `json:"message"`
	// Detail is Message with its format and arguments, for translation.
	Detail Message `json:"-"`
	// Legal lists, in full notation, the moves that were legal at that point.
	Legal []string `json:"legal,omitempty"`
}

// headerKeys maps the header names people write, in English and Russian, to
// one canonical key.
var headerKeys = map[string]string{
	"event": "Event", "турнир": "Event", "соревнование": "Event",
	"site": "Site", "место": "Site", "город": "Site",
	"date": "Date", "дата": "Date",
	"round": "Round", "тур": "Round",
	"board": "Board", "доска": "Board",
	"white": "White", "белые": "White",
	"black": "Black", "черные": "Black", "чёрные": "Black",
	"position": "Position", "позиция": "Position",
	"tomove": "ToMove", "to move": "ToMove", "ход": "ToMove", "очередь хода": "ToMove",
	"termination": "Termination", "reason": "Termination", "окончание": "Termination",
	"fen": "FEN",
}

var resultWords = map[string]bool{"score": true, "счет": true, "счёт": true, "result": true, "результат": true}

// leadingNumber splits the decimal digits at the start of s from the rest.
func leadingNumber(s string) (digits, rest string) {
	i := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	return s[:i], s[i:]
}

// moveNumberPrefix reads "15." or "15..." at the start of a token: the
// number, whether it announces Black's move, and the length read.
func moveNumberPrefix(s string) (n int, black bool, size int, ok bool) {
	digits, rest := leadingNumber(s)
	if digits == "" || !strings.HasPrefix(rest, ".") {
		return 0, false, 0, false
	}
	n, err := strconv.Atoi(digits)
	if err != nil {
		n = -1
	}
	size = len(digits) + 1
	if strings.HasPrefix(rest, "...") {
		black, size = true, size+2
	}
	return n, black, size, true
}

// scoreOf reads a score token "17:7" (a closing "." allowed).
func scoreOf(s string) (Score, bool) {
	w, rest := leadingNumber(s)
	if w == "" || !strings.HasPrefix(rest, ":") {
		return Score{}, false
	}
	b, rest := leadingNumber(rest[1:])
	if b == "" || (rest != "" && rest != ".") || len(w) > 3 || len(b) > 3 {
		return Score{}, false
	}
	wn, _ := strconv.Atoi(w)
	bn, _ := strconv.Atoi(b)
	return Score{wn, bn}, true
}

// withoutMoveNumber is a token without the move number it may start with
// ("15.c3-b4").
func withoutMoveNumber(s string) string {
	if _, _, size, ok := moveNumberPrefix(s); ok {
		return strings.TrimLeft(s[size:], ".")
	}
	return s
}

// startsWithFile reports whether a token starts as a move does, with a
// file letter, Latin or Cyrillic: words such as "1-го" or "сдача" do
// not say how the sheet writes its moves.
func startsWithFile(s string) bool {
	for _, c := range s {
		_, ordered := inOrder[c]
		_, looks := lookalikes[c]
		return ordered || looks || c >= 'a' && c <= 'h' || c >= 'A' && c <= 'H'
	}
	return false
}

func startsWithMoveNumber(s string) bool {
	_, _, _, ok := moveNumberPrefix(s)
	return ok
}

// ParseSheet reads a game sheet as people write it (§7.2): optional header
// lines "Key: value", then numbered move pairs on one or many lines, then the
// result ("Score 17:7", "Счет 17:7", or a bare "17:7", with an optional
// reason). The one-line form "Иванов - Петров: 1. cb4 bc5 …" is read too.
// Whatever cannot be read is reported with its line and column; reading goes
// on so that one report lists every notation problem.
func ParseSheet(text string) *Sheet {
	return Dialect{}.ParseSheet(text)
}

// ParseSheet reads a game sheet of the dialect's game, as ParseSheet does.
func (d Dialect) ParseSheet(text string) *Sheet {
	sh := &Sheet{ToMove: White}
	lines := splitLines(text)
	body := make([]token, 0, len(text)/4)
	inHeaders := true
	for i, line := range lines {
		lineNo := i + 1
		if inHeaders {
			if strings.TrimSpace(line) == "" {
				continue
			}
			if rest, col, ok := sh.readHeaderLine(line, lineNo, d); ok {
				if rest != "" {
					body = appendTokens(body, rest, lineNo, col)
					inHeaders = false
				}
				continue
			}
			inHeaders = false
		}
		body = appendTokens(body, line, lineNo, 1)
	}
	sh.readBody(body)
	return sh
}

// splitLines splits at \n, \r\n or a lone \r.
func splitLines(text string) []string {
	if strings.Contains(text, "\r") {
		text = strings.ReplaceAll(strings.ReplaceAll(text, "\r\n", "\n"), "\r", "\n")
	}
	return strings.Split(text, "\n")
}

// readHeaderLine takes a header line (several may share a line, separated by
// tabs, as in the rules' example "Белые: Иванов	Черные: Петров"). For the
// one-line form it records White and Black and returns the moves that follow
// with their column.
func (sh *Sheet) readHeaderLine(line string, lineNo int, d Dialect) (rest string, col int, ok bool) {
	parts := strings.Split(line, "\t")
	var headers []Header
	for _, part := range parts {
		if strings.TrimSpace(part) == "" {
			continue
		}
		key, value, isHeader := splitHeader(part)
		if !isHeader {
			return "", 0, false
		}
		lower := strings.ToLower(key)
		if resultWords[lower] {
			return "", 0, false
		}
		if startsWithMoveNumber(value) {
			white, black, found := splitPlayers(key)
			if !found || len(parts) > 1 {
				return "", 0, false
			}
			sh.Headers = append(sh.Headers, Header{"White", white, lineNo}, Header{"Black", black, lineNo})
			at := strings.Index(line, value)
			return value, len([]rune(line[:at])) + 1, true
		}
		if canonical, known := headerKeys[lower]; known {
			key = canonical
		}
		headers = append(headers, Header{key, value, lineNo})
	}
	if len(headers) == 0 {
		return "", 0, false
	}
	for _, h := range headers {
		sh.addHeader(h, d)
	}
	return "", 0, true
}

// splitHeader reads "Key: value": the key starts with a letter and holds
// letters, spaces and . _ ' - only, so move lines (which start with a digit)
// and positions are never taken for headers.
func splitHeader(s string) (key, value string, ok bool) {
	k, v, found := strings.Cut(s, ":")
	if !found {
		return "", "", false
	}
	k = strings.TrimSpace(k)
	for i, r := range k {
		if i == 0 && !unicode.IsLetter(r) {
			return "", "", false
		}
		if !unicode.IsLetter(r) && !strings.ContainsRune(" ._'’-", r) {
			return "", "", false
		}
	}
	if k == "" {
		return "", "", false
	}
	return k, strings.TrimSpace(v), true
}

// splitPlayers splits "Иванов - Петров" into the two names.
func splitPlayers(s string) (string, string, bool) {
	for _, sep := range []string{" - ", " – ", " — "} {
		if a, b, ok := strings.Cut(s, sep); ok {
			return strings.TrimSpace(a), strings.TrimSpace(b), true
		}
	}
	return "", "", false
}

func (sh *Sheet) addHeader(h Header, d Dialect) {
	sh.Headers = append(sh.Headers, h)
	switch h.Key {
	case "Position":
		if d.Position == nil {
			return
		}
		if err := d.Position(h.Value); err != nil {
			sh.Problems = append(sh.Problems, newProblem(h.Line, 1, h.Value, Detail(err)))
			sh.StartUnread = true
		}
	case "ToMove":
		switch strings.ToLower(h.Value) {
		case "white", "белые", "w":
			sh.ToMove = White
		case "black", "черные", "чёрные", "b":
			sh.ToMove = Black
		default:
			sh.Problems = append(sh.Problems, newProblem(h.Line, 1, h.Value, say("the side to move must be white or black")))
		}
	case "FEN":
		// PDN's FEN, of any game, starts with the side to move; the game's
		// rules read the rest (rules/russian).
		switch strings.ToUpper(strings.TrimSpace(h.Value) + " ")[0] {
		case 'W':
			sh.ToMove = White
		case 'B':
			sh.ToMove = Black
		}
	case "Termination":
		if r, ok := ReasonOf(h.Value); ok && sh.Result != nil {
			sh.Result.Reason = r
		}
	}
}

// Header returns the value of a header, or "" when the sheet has none.
func (sh *Sheet) Header(key string) string {
	for _, h := range sh.Headers {
		if h.Key == key {
			return h.Value
		}
	}
	return ""
}

type token struct {
	text         string
	line, column int
}

// appendTokens splits a line at white space, keeping each piece's place (the
// column counts characters, not bytes).
func appendTokens(out []token, line string, lineNo, firstColumn int) []token {
	col := firstColumn
	start, startCol := -1, 0
	for i, r := range line {
		if unicode.IsSpace(r) {
			if start >= 0 {
				out = append(out, token{line[start:i], lineNo, startCol})
				start = -1
			}
		} else if start < 0 {
			start, startCol = i, col
		}
		col++
	}
	if start >= 0 {
		out = append(out, token{line[start:], lineNo, startCol})
	}
	return out
}

// readBody reads the moves, their numbers and the result.
func (sh *Sheet) readBody(tokens []token) {
	moves := 0
	for _, tk := range tokens {
		if tk.text[0] < '0' || tk.text[0] > '9' {
			moves++
		}
	}
	sh.Moves = make([]SheetMove, 0, moves)
	arena := make([]Square, 0, 3*moves)
	number := 0
	ended := false // a PDN marker after the moves closed them
	ordered, numbered := false, false
	for _, tk := range tokens {
		move := withoutMoveNumber(tk.text)
		if startsWithFile(move) && strings.ContainsAny(move, "12345678") && writtenInOrder(move) {
			// One move in а–з order says how the sheet writes them all.
			ordered = true
		}
		if numberedMove.MatchString(move) && !pdnResult.MatchString(move) {
			numbered = true
		}
	}
	for i := 0; i < len(tokens); i++ {
		tk := tokens[i]
		text := tk.text
		switch {
		case strings.HasPrefix(text, "{"):
			for i < len(tokens) && !strings.Contains(tokens[i].text, "}") {
				i++
			}
			if i == len(tokens) {
				// Unclosed, it would take every move after it for a
				// comment and leave a sheet that looks valid and empty.
				sh.problem(tk, say("the comment opened with { is not closed: no } follows it"))
				sh.resultUnknown = true
			}
			continue
		case isResultWord(text):
			if i+1 < len(tokens) {
				i++
				i = sh.readResult(tokens, i)
			} else {
				sh.resultUnknown = true
				sh.problem(tk, say("the score is missing after %s", text))
			}
			continue
		case isScore(text) && !(numbered && numberedCapture(tokens, i)), isDrawWord(text):
			i = sh.readResult(tokens, i)
			continue
		case garbledDrawWord(text):
			sh.resultUnknown = true
			// Read as a move, it would be told its letters are no square.
			sh.problem(tk, say(garbledDraw, text))
			continue
		case text == "*":
			continue
		case pdnResult.MatchString(text):
			// 2-0, 1-1, ½-½ after the moves: PDN's result, which each
			// game reads on its own scale (MarkerScore).
			sh.PDNResult, sh.PDNResultLine, sh.PDNResultColumn, ended = text, tk.line, tk.column, true
			continue
		}
		if sh.Result != nil || ended {
			sh.problem(tk, say("%q stands after the result", text))
			continue
		}
		if n, black, size, ok := moveNumberPrefix(text); ok {
			if n < 1 || n > 1000 {
				sh.problem(tk, say("%q is not a move number", text[:size]))
				continue
			}
			number = n
			sh.checkNumber(tk, n, black)
			text = strings.TrimLeft(text[size:], ".")
			if text == "" {
				continue
			}
			tk = token{text, tk.line, tk.column + size}
		}
		if isMarks(text) && len(sh.Moves) > 0 {
			last := &sh.Moves[len(sh.Moves)-1]
			merged, _, err := parseRecord(last.Record.Text+text, nil, ordered)
			if err == nil {
				last.Record = merged
				continue
			}
		}
		rec, rest, err := parseRecord(text, arena, ordered)
		arena = rest
		sm := SheetMove{Number: number, Record: rec, Line: tk.line, Column: tk.column}
		if err != nil {
			// It stands where a move stands: the replay reports it with its
			// ply and the legal moves there.
			m := Detail(err)
			sm.Unreadable = &m
		}
		sh.Moves = append(sh.Moves, sm)
	}
}

// isResultWord recognises "Score", "Счёт:" and the like; moves, which start
// with a file letter, are turned away before any lower-casing.
func isResultWord(s string) bool {
	if s == "" || (s[0] >= 'a' && s[0] <= 'h') || (s[0] >= '0' && s[0] <= '9') {
		return false
	}
	return resultWords[strings.ToLower(strings.TrimRight(s, ":."))]
}

// numberedMove is a move written by numbered squares, as international
// draughts writes them ("32-28", "28x19").
var numberedMove = regexp.MustCompile(`^[0-9]+[-xX][0-9]+`)

// numberedCapture reports whether tokens[i], "28:19" on a sheet that
// numbers its squares, is a capture written with a colon, as Russian
// sheets of international draughts write it: it follows a move number, or
// moves or a score follow it, and it is two different numbers without a
// zero, which no score of a game of numbered squares is (2:0, 1:1, 0:2).
// A last "13:11" after the moves stays a score, wrong for the game.
func numberedCapture(tokens []token, i int) bool {
	score, _ := scoreOf(tokens[i].text)
	if score.White == score.Black || score.White == 0 || score.Black == 0 {
		return false
	}
	if i > 0 {
		if _, _, size, ok := moveNumberPrefix(tokens[i-1].text); ok && size == len(tokens[i-1].text) {
			return true
		}
	}
	for _, tk := range tokens[i+1:] {
		if c := tk.text[0]; c >= '0' && c <= '9' {
			return true
		}
	}
	return false
}

func isScore(s string) bool {
	_, ok := scoreOf(s)
	return ok
}

func isMarks(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] != '!' && s[i] != '?' && s[i] != '=' {
			return false
		}
	}
	return true
}

// checkNumber warns when a move number does not follow from the moves before
// it; the moves themselves decide who is to move. The sheet's first number
// may be any: a game played from a drawn opening is written on from the
// opening's moves (4. after a three-move opening), on paper and in PDN
// from the opening's FEN alike, as PDN lets a game from a FEN number on.
func (sh *Sheet) checkNumber(tk token, n int, black bool) {
	ply := len(sh.Moves)
	if sh.ToMove == Black {
		ply++
	}
	if sh.firstNumber == 0 {
		sh.firstNumber = max(n-ply/2, 1)
	}
	want := sh.firstNumber + ply/2
	if n != want || black != (ply%2 == 1) {
		format := "move number %s: the next move is White's move %d"
		if ply%2 == 1 {
			format = "move number %s: the next move is Black's move %d"
		}
		sh.Warnings = append(sh.Warnings, newProblem(tk.line, tk.column, tk.text, say(format, tk.text, want)))
	}
}

// readResult reads the score at tokens[i], or the words of a draw
// ("Ничья", "draw"), and an optional reason after it, up to the end of
// that line. It returns the index of the last token used.
func (sh *Sheet) readResult(tokens []token, i int) int {
	tk := tokens[i]
	res := &SheetResult{Text: tk.text, Line: tk.line, Column: tk.column}
	if pdnResult.MatchString(tk.text) && tk.text != "*" {
		// "Результат: 1-1", "Score 2-0": PDN's result, as after the moves.
		sh.PDNResult, sh.PDNResultLine, sh.PDNResultColumn = tk.text, tk.line, tk.column
		return i
	}
	if sc, ok := scoreOf(tk.text); ok {
		res.Score = sc
	} else if isDrawWord(tk.text) {
		res.Drawn, res.Unscored = true, true
	} else {
		sh.resultUnknown = true
		sh.problem(tk, say("%q is not a score like 17:7", tk.text))
		return i
	}
	sc := res.Score
	var words []string
	for i+1 < len(tokens) && tokens[i+1].line == tk.line {
		i++
		words = append(words, tokens[i].text)
	}
	if len(words) > 0 {
		stated := strings.Join(words, " ")
		reason, ok := ReasonOf(stated)
		drawn := statesDraw(stated)
		first := i - len(words) + 1
		switch garbled := slices.IndexFunc(words, garbledDrawWord); {
		case !ok && !drawn && garbled >= 0:
			// Named as what it is: an unknown word after 1:1 would be
			// taken for a claim of a draw by the game's rules.
			sh.problem(tokens[first+garbled], say(garbledDraw, words[garbled]))
		case !ok && !drawn:
			sh.problem(tokens[first], say(UnknownReason, stated))
		}
		if loser, named := loserOf(stated); named && (reason == EndResignation || reason == EndTime) && sc.White != sc.Black && (sc.White > sc.Black) == (loser == White) {
			sh.problem(tokens[first], say("%q says %s lost, but the score %s is their win", stated, loser, sc))
		}
		if drawn && !res.Unscored && sc.White != sc.Black {
			sh.problem(tokens[first], say("%q says the game was drawn, but the score %s is a win", stated, sc))
		}
		res.Reason, res.Drawn = reason, res.Drawn || drawn
	}
	if h := sh.Header("Termination"); h != "" && res.Reason == "" {
		res.Reason, _ = ReasonOf(h)
	}
	if prev := sh.Result; prev != nil && res.Unscored && !prev.Unscored && prev.Score.White == prev.Score.Black {
		// "1:1", then "ничья по согласию" on the next line: one result.
		prev.Drawn = true
		if prev.Reason == "" {
			prev.Reason = res.Reason
		}
		return i
	}
	if sh.Result != nil {
		sh.problem(tk, say("a second result: the sheet already gives %s", sh.Result.Text))
		return i
	}
	sh.Result = res
	return i
}

// drawWords are the words of a draw written without a score or beside
// one, in English or Russian, as sheets write them: "Ничья", "ничья по
// согласию", "1:1 ничья", "сыграли вничью", "draw", "drawn". Each is a
// whole word (isDrawWord), so that a garbled one («Ничьяяя») is named as
// what it is, never read as a draw.
var drawWords = map[string]bool{
	"ничья": true, "ничьи": true, "ничьей": true, "ничью": true, "вничью": true, "ничейный": true, "ничейная": true,
	"draw": true, "drawn": true, "drew": true,
}

// isDrawWord reports whether a word is a draw's, in any case, with ё as е
// and the punctuation around it left out: "Ничья", "ничья.", "Draw"; a
// token that is one stands where a score would.
func isDrawWord(word string) bool {
	folded := strings.ReplaceAll(strings.ToLower(strings.Trim(word, ".,;:!?()")), "ё", "е")
	return drawWords[folded]
}

// garbledDraw is the problem of a word that begins as a draw's and is
// none.
const garbledDraw = "%q is not a word of a draw: write “ничья”, “draw” or the score"

// garbledDrawWord reports whether a token begins as a word of a draw
// («нич», «draw») but is none of them («Ничьяяя»).
func garbledDrawWord(word string) bool {
	folded := strings.ToLower(strings.Trim(word, ".,;:!?()"))
	return !isDrawWord(word) && (strings.HasPrefix(folded, "нич") || strings.HasPrefix(folded, "draw"))
}

// statesDraw reports whether the words say the game was drawn.
func statesDraw(text string) bool {
	return slices.ContainsFunc(strings.Fields(text), isDrawWord)
}

// UnknownReason is the problem of words after a score that name no end
// reason of Adiukh; another game's rules may know them (rules/russian reads
// them as a claim of a draw by its axioms).
const UnknownReason = "%q after the score is not a reason the rules know (resignation, time, agreement, both flags, arbiter)"

// reasonStems recognise a stated reason in English or Russian, in any case
// and with any ending.
var reasonStems = []struct {
	stem   string
	reason EndReason
}{
	{"final", EndFinalPosition}, {"конечн", EndFinalPosition},
	{"resign", EndResignation}, {"сдал", EndResignation}, {"сдач", EndResignation},
	{"both flag", EndBothFlags}, {"оба флаж", EndBothFlags}, {"у обоих", EndBothFlags},
	{"time", EndTime}, {"flag", EndTime}, {"врем", EndTime}, {"просроч", EndTime}, {"флаж", EndTime},
	{"agree", EndAgreement}, {"соглаш", EndAgreement}, {"согласи", EndAgreement},
	{"arbiter", EndArbiter}, {"судь", EndArbiter}, {"суде", EndArbiter},
	// A forfeit (a player who did not come, or withdrew) is a loss the
	// arbiter declares: the program's own PDN files name it so.
	{"forfeit", EndArbiter}, {"неявк", EndArbiter},
}

// loserOf finds the side a stated reason names as the one that lost
// ("белые сдались", "black's flag fell"; "white wins on time" names the
// winner), when it names exactly one side.
func loserOf(text string) (Color, bool) {
	lower := strings.ToLower(text)
	white := strings.Contains(lower, "white") || strings.Contains(lower, "бел")
	black := strings.Contains(lower, "black") || strings.Contains(lower, "черн") || strings.Contains(lower, "чёрн")
	if white == black {
		return White, false
	}
	named := White
	if black {
		named = Black
	}
	for _, stem := range []string{"win", "won", "выигр", "побед"} {
		if strings.Contains(lower, stem) {
			return named.Opponent(), true
		}
	}
	return named, true
}

// ReasonOf reads the reason a sheet or a Termination tag states for a
// game's end ("сдача", "time forfeit"); ok is false for no reason the
// rules know.
func ReasonOf(text string) (EndReason, bool) {
	lower := strings.ToLower(strings.Trim(text, " ().,"))
	for _, rs := range reasonStems {
		if strings.Contains(lower, rs.stem) {
			return rs.reason, true
		}
	}
	return "", false
}

func (sh *Sheet) problem(tk token, m Message) {
	sh.Problems = append(sh.Problems, newProblem(tk.line, tk.column, tk.text, m))
}

// newProblem is a problem with the text at a line and column.
func newProblem(line, column int, text string, m Message) Problem {
	return Problem{Line: line, Column: column, Text: text, Message: m.String(), Detail: m}
}

// MaxReportedErrors is the most problems a report lists; one more entry
// says how many were left out. A sheet of garbage would otherwise yield an
// error per word.
const MaxReportedErrors = 100
