package adiukh

import (
	"strings"
	"testing"
	"unicode/utf8"

	"adiukh/rules"
)

const sampleMoves = `1. c3-b4 b6-c5 2. b4-a5 a7-b6 3. b2-c3 c5-b4 4. a3:a7 c7-b6 5. a5:e5 f6:b2
6. a1:c3 d8-c7 7. g3-f4 e5:g3 8. h2:f4 g3:e5 9. e3:g5 h6:f4 10. d2-e3 f4:b4
11. b2:h6 g7-f6 12. e5:g7 h8:f6 13. g7:e5 f8-e7 14. f6:d8 b8-c7 15. d8:a5.`

func TestSheetForms(t *testing.T) {
	for _, tc := range []struct {
		name, sheet string
		result      string // accepted result, "" for none
		reason      EndReason
		err         string // part of the first error, "" when valid
		warning     string // part of a warning
	}{
		{name: "Score", sheet: sampleMoves + "\nScore 17:7", result: "17:7", reason: rules.EndFinalPosition},
		{name: "Счёт", sheet: sampleMoves + " Счёт: 17:7", result: "17:7", reason: rules.EndFinalPosition},
		{name: "bare", sheet: sampleMoves + "\n17:7", result: "17:7", reason: rules.EndFinalPosition},
		{name: "no result written", sheet: sampleMoves, result: "17:7", reason: rules.EndFinalPosition},
		{name: "tabbed headers", sheet: "Белые: Иванов\tЧерные: Петров\n" + sampleMoves + "\nСчет 17:7.", result: "17:7", reason: rules.EndFinalPosition},
		{name: "marks and draw offer", sheet: "1. c3-b4! b6-c5?! 2. b4-a5= a7-b6 !? ", warning: "no result"},
		{name: "black continues", sheet: "1. c3-b4 1... b6-c5", warning: "no result"},
		{name: "misnumbered", sheet: "1. c3-b4 b6-c5 3. b4-a5", warning: "the next move is White's move 2"},
		{name: "dash in capture", sheet: "1. c3-d4 b6-c5 2. d4-b6", warning: "is a capture: the rules write it with ':'"},
		{name: "Cyrillic letters", sheet: "1. с3-b4", warning: "Cyrillic"},
		{name: "Cyrillic files in order", sheet: "1. в3-б4 б6-в5", warning: "б6-в5 is written with Cyrillic letters; read as b6-c5"},
		{name: "в settles the order for е", sheet: "1. в3-г4 е6-д5", warning: "е6-д5 is written with Cyrillic letters; read as f6-e5"},
		{name: "words do not set the order", sheet: "1. с3-b4 24:0 сдача после 1-го хода", result: "24:0", reason: rules.EndResignation, warning: "с3-b4 is written with Cyrillic letters; read as c3-b4"},
		{name: "е read two ways", sheet: "1. c3-b4 е6-g5", warning: "е6-g5 is written with Cyrillic letters, which read two ways: e6-g5 as the Latin letters they look like, f6-g5 with а–з as a–h; read as f6-g5"},
		{name: "wrong final score", sheet: sampleMoves + " Score 15:9", err: "the sheet gives 15:9, but the final position scores 17:7"},
		{name: "not 24", sheet: "1. c3-b4 14:11", err: "add up to 24"},
		{name: "resignation", sheet: "1. c3-b4 12:12 black resigned", err: "24:0 or 0:24"},
		{name: "resigned", sheet: "1. c3-b4 24:0 (resignation)", result: "24:0", reason: rules.EndResignation},
		{name: "сдался", sheet: "1. c3-b4 0:24 белые сдались", result: "0:24", reason: rules.EndResignation},
		{name: "the winner resigned", sheet: "1. c3-b4 24:0 белые сдались", err: `"белые сдались" says white lost, but the score 24:0 is their win`},
		{name: "the winner's flag fell", sheet: "1. c3-b4 0:24 black's flag fell", err: `says black lost, but the score 0:24 is their win`},
		{name: "won on time", sheet: "1. c3-b4 0:24 black wins on time", result: "0:24", reason: rules.EndTime},
		{name: "agreed draw", sheet: "1. c3-b4 b6-c5= 12:12 draw agreed", result: "12:12", reason: rules.EndAgreement},
		{name: "a bare Ничья", sheet: "1. c3-b4 b6-c5\nНичья", result: "12:12", reason: rules.EndAgreement},
		{name: "12:12 ничья", sheet: "1. c3-b4 b6-c5 12:12 ничья", result: "12:12", reason: rules.EndAgreement},
		{name: "ничья по согласию", sheet: "1. c3-b4 b6-c5\nничья по согласию", result: "12:12", reason: rules.EndAgreement},
		{name: "a win called a draw", sheet: "1. c3-b4 24:0 ничья", err: "says the game was drawn, but the score 24:0 is a win"},
		{name: "ничья. with its full stop", sheet: "1. c3-b4 b6-c5\nничья.", result: "12:12", reason: rules.EndAgreement},
		{name: "НИЧЬЯ ПО СОГЛАСИЮ in capitals", sheet: "1. c3-b4 b6-c5\nНИЧЬЯ ПО СОГЛАСИЮ", result: "12:12", reason: rules.EndAgreement},
		{name: "сыграли вничью", sheet: "1. c3-b4 b6-c5 12:12 сыграли вничью", result: "12:12", reason: rules.EndAgreement},
		{name: "a garbled bare Ничьяяя", sheet: "1. c3-b4 b6-c5\nНичьяяя", err: `"Ничьяяя" is not a word of a draw`},
		{name: "a garbled ничьяяя after the score", sheet: "1. c3-b4 b6-c5 12:12 ничьяяя", err: `"ничьяяя" is not a word of a draw`},
		{name: "Drawn. and DRAW", sheet: "1. c3-b4 b6-c5 12:12 Drawn.\nDRAW", result: "12:12", reason: rules.EndAgreement},
		{name: "Ничейка is no draw word", sheet: "1. c3-b4 b6-c5\nНичейка", err: `"Ничейка" is not a word of a draw`},
		{name: "½-½ after the moves", sheet: "1. c3-b4 b6-c5 ½-½", result: "12:12", reason: rules.EndAgreement},
		{name: "1/2-1/2 after the moves", sheet: "1. c3-b4 b6-c5 1/2-1/2", result: "12:12", reason: rules.EndAgreement},
		{name: "2-0 after the final position", sheet: sampleMoves + " 2-0", result: "17:7", reason: rules.EndFinalPosition},
		{name: "0-1 against the final position", sheet: sampleMoves + " 0-1", err: "the sheet gives 0-1, but the final position scores 17:7"},
		{name: "1-0 before the end", sheet: "1. c3-b4 1-0", result: "24:0", reason: rules.EndResignation, warning: "taken as a resignation"},
		{name: "a move after the marker", sheet: "1. c3-b4 1-0 b6-c5", err: "stands after the result"},
		{name: "an unclosed comment", sheet: "1. c3-b4 {a comment\nb6-c5 2. b4-a5", err: "is not closed"},
		{name: "termination header", sheet: "Termination: time\n1. c3-b4 24:0", result: "24:0", reason: rules.EndTime},
		{name: "a PDN forfeit without moves", sheet: "[GameType \"49,W,8,8,A0,0\"]\n[Score \"0:24\"]\n[Termination \"forfeit\"]\n[Result \"0-2\"]\n\n0-2", result: "0:24", reason: rules.EndArbiter},
		{name: "неявка after the moves", sheet: "1. c3-b4 24:0 неявка чёрных", result: "24:0", reason: rules.EndArbiter},
		{name: "24:0 without reason", sheet: "1. c3-b4 24:0", err: "state the reason"},
		{name: "17:7 before the end", sheet: "1. c3-b4 17:7", err: "can only come from a final position"},
		{name: "17:7 without moves", sheet: "17:7", err: "can only come from a final position"},
		{name: "a PDN game without moves", sheet: "[GameType \"49,W,8,8,A0,0\"]\n[Score \"17:7\"]\n[Result \"2-0\"]\n\n2-0", result: "17:7", reason: rules.EndFinalPosition, warning: "no moves of this game: its score 17:7 is taken as written"},
		{name: "reason after final position", sheet: sampleMoves + " 17:7 resignation", err: "did not end by resignation"},
		{name: "move after the end", sheet: sampleMoves + " h8-g7", err: "the game is over"},
		{name: "illegal", sheet: "1. c3-d5", err: `"d5" is not a dark square`},
		{name: "compulsory capture", sheet: "1. c3-b4 b6-a5 2. d4-e5", err: "no piece"},
		{name: "quiet instead of capture", sheet: "1. c3-d4 b6-c5 2. g3-h4", err: "capturing is compulsory"},
		{name: "wrong side", sheet: "1. b6-c5", err: "black's, and white is to move"},
		{name: "king quiet move", sheet: "Position: white: b8, c1; black: h8\n1. b8-a7", err: "a king cannot move without capturing"},
		{name: "bad position header", sheet: "Position: white: a2\n1. c3-b4", err: "not a dark square"},
		{name: "one-line form", sheet: "Иванов - Петров: 1. cb4 bc5 2. ba5 ab6", warning: "no result"},
		{name: "garbage", sheet: "1. c3-b4 hello", err: `"he" is not a dark square`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := ValidateSheet(tc.sheet)
			if tc.err != "" {
				if r.Valid || !strings.Contains(r.Errors[0].Message, tc.err) {
					t.Fatalf("errors %+v, want %q", r.Errors, tc.err)
				}
				if r.Errors[0].Line == 0 {
					t.Errorf("error without its line: %+v", r.Errors[0])
				}
				return
			}
			if !r.Valid {
				t.Fatalf("not valid: %+v", r.Errors)
			}
			got := ""
			if r.Result != nil {
				got = r.Result.String()
			}
			if got != tc.result || r.Reason != tc.reason {
				t.Fatalf("result %q (%s), want %q (%s)", got, r.Reason, tc.result, tc.reason)
			}
			if tc.warning != "" && !hasWarning(r, tc.warning) {
				t.Fatalf("warnings %+v, want %q", r.Warnings, tc.warning)
			}
		})
	}
}

// A move whose Cyrillic letters read two ways is the move of the reading
// that is legal; when both are, it is ambiguous, and the error names both.
func TestFindReading(t *testing.T) {
	rec, err := rules.ParseRecord("еd4")
	if err != nil || rec.Other == nil || rec.Readings != [2]string{"ed4", "fd4"} {
		t.Fatalf("еd4 read as %+v, %v; want its two readings", rec, err)
	}
	legal := func(moves ...string) func(Record) (string, error) {
		return func(r Record) (string, error) {
			for _, m := range moves {
				if m == r.Latin {
					return m, nil
				}
			}
			return "", &rules.MoveError{Detail: say("%s is not legal", r.Text)}
		}
	}
	if m, _, err := rules.FindReading(rec, legal("fd4")); m != "fd4" || err != nil {
		t.Errorf("with fd4 legal: %q, %v", m, err)
	}
	if m, _, err := rules.FindReading(rec, legal("ed4")); m != "ed4" || err != nil {
		t.Errorf("with ed4 legal: %q, %v", m, err)
	}
	_, _, err = rules.FindReading(rec, legal("ed4", "fd4"))
	if err == nil || !strings.Contains(err.Error(), "read two ways, both legal: ed4 as the Latin letters they look like, fd4 with а–з as a–h") {
		t.Errorf("with both legal: %v", err)
	}
}

// Messages quote what was written by whole letters: a Cyrillic letter
// is never cut in its bytes.
func TestQuotedTextIsCutByLetters(t *testing.T) {
	for sheet, quoted := range map[string]string{"1. c3-b4 Нфы": `"hф"`, "1. c3-b4 hф-g5": `"hф"`, "1. c3-b4 b6-фы": `"фы"`} {
		r := ValidateSheet(sheet)
		if r.Valid {
			t.Fatalf("%q is valid", sheet)
		}
		// %q writes a letter cut in its bytes as \xd0.
		if e := r.Errors[0].Message; !utf8.ValidString(e) || strings.Contains(e, `\x`) || !strings.Contains(e, quoted) {
			t.Errorf("%q: %s, want %s quoted", sheet, e, quoted)
		}
	}
}

// A Position header that cannot be read stops the check with its error:
// replayed from the initial position, the moves would be errors of a game
// never played.
func TestBadPositionStopsTheCheck(t *testing.T) {
	r := ValidateSheet("Position: white: a2\n1. h8-g7 a1-b2 2. c3-b4")
	if r.Valid || len(r.Errors) != 1 || !strings.Contains(r.Errors[0].Message, `"a2" is not a dark square`) || len(r.Played) > 0 || r.Replayed() {
		t.Fatalf("errors %+v, %d plies replayed", r.Errors, len(r.Played))
	}
}

// A comment ends at the first }, even with a comma or a move after it.
func TestCommentEndsAtItsBrace(t *testing.T) {
	r := ValidateSheet("1. c3-b4 {a comment}, b6-c5 2. b4-a5")
	if !r.Valid || len(r.Played) != 3 {
		t.Fatalf("valid %v, %d plies, errors %+v", r.Valid, len(r.Played), r.Errors)
	}
}

// A sheet whose result cannot be read has that error, and is not also
// told it has no result; nor is one whose comment left open may hide it.
func TestUnreadResultIsNotNoResult(t *testing.T) {
	for _, sheet := range []string{"1. c3-b4 b6-c5\nСчёт: abc", "1. c3-b4 b6-c5 Score", "1. c3-b4 b6-c5 {a comment left open 12:12"} {
		r := ValidateSheet(sheet)
		if r.Valid || len(r.Errors) != 1 {
			t.Errorf("%q: errors %+v, want the result's", sheet, r.Errors)
		}
		if hasWarning(r, "no result") {
			t.Errorf("%q: told it has no result: %+v", sheet, r.Warnings)
		}
	}
}

func hasWarning(r *Report, part string) bool {
	for _, w := range r.Warnings {
		if strings.Contains(w.Message, part) {
			return true
		}
	}
	return false
}

func TestSheetHeaders(t *testing.T) {
	r := ValidateSheet("Event: Кубок Черкесска\nRound: 3\nИванов - Петров: 1. cb4 bc5")
	sh := r.Sheet
	if sh.Header("Event") != "Кубок Черкесска" || sh.Header("Round") != "3" || sh.Header("White") != "Иванов" || sh.Header("Black") != "Петров" {
		t.Fatalf("headers %+v", sh.Headers)
	}
	if len(r.Played) != 2 || r.Played[1].Move.String() != "b6-c5" {
		t.Fatalf("played %+v", r.Played)
	}
}

func TestPDNRead(t *testing.T) {
	pdn := `[Event "Test"]
[White "Иванов"]
[Black "Петров"]
[GameType "25,W,8,8,A0,0"]
[Variant "Adiukh"]
[Score "17:7"]
[Result "2-0"]

1. c3-b4 b6-c5 {a comment} 2. b4-a5 (2. g3-h4) a7-b6 3. b2-c3 c5-b4 4. a3xa7 c7-b6 5. a5xe5 f6xb2
6. a1xc3 d8-c7 7. g3-f4 e5xg3 8. h2xf4 g3xe5 9. e3xg5 h6xf4 10. d2-e3 f4xb4
11. b2xh6 g7-f6 12. e5xg7 h8xf6 13. g7xe5 f8-e7 14. f6xd8 b8-c7 15. d8xa5 2-0

[Event "Second"]
[GameType "21"]
1. c3-b4 *
`
	games := ParsePDN(pdn)
	if len(games) != 2 {
		t.Fatalf("%d games, want 2", len(games))
	}
	r := Validate(games[0])
	if !r.Valid || r.Result == nil || *r.Result != (Score{White: 17, Black: 7}) || r.Sheet.Header("White") != "Иванов" {
		t.Fatalf("first game: valid %v result %v errors %+v", r.Valid, r.Result, r.Errors)
	}
	second := Validate(games[1])
	if second.Valid || !strings.Contains(second.Errors[0].Message, "not Adiukh") || second.Errors[0].Line != 14 {
		t.Fatalf("second game errors %+v", second.Errors)
	}
	out := r.PDN()
	for _, want := range []string{`[GameType "49,W,8,8,A0,0"]`, `[Variant "Adiukh"]`, `[Score "17:7"]`, `[Result "2-0"]`, "15. d8xa5 2-0"} {
		if !strings.Contains(out, want) {
			t.Errorf("PDN lacks %s:\n%s", want, out)
		}
	}
}

// A game from a composed position keeps its start position through PDN.
func TestPDNFromPosition(t *testing.T) {
	r := ValidateSheet("Position: white: f8; black: b2, c3, c5, e3, g3\nToMove: white\n1. f8:b4:e1:h4")
	if !r.Valid {
		t.Fatal(r.Errors)
	}
	again := ValidateSheet(r.PDN())
	if !again.Valid || again.Start != r.Start || again.Position != r.Position {
		t.Fatalf("round trip: %+v\n%s", again.Errors, r.PDN())
	}
}

// TestValidateGames checks that every game of a PDN file is replayed, not
// only the first, and that a plain sheet is one game.
func TestValidateGames(t *testing.T) {
	game := ValidateSheet(sampleMoves).PDN()
	bad := strings.Replace(game, "1. c3-b4", "1. c3-d6", 1)
	reports := ValidateGames(game + "\n" + bad)
	if len(reports) != 2 || !reports[0].Valid || reports[1].Valid || len(reports[1].Errors) == 0 || reports[1].Errors[0].Ply != 1 {
		t.Fatalf("two games, the second corrupted: %d reports", len(reports))
	}
	if reports := ValidateGames(sampleMoves); len(reports) != 1 || !reports[0].Valid {
		t.Errorf("a sheet: %d reports", len(reports))
	}
}

// TestPDNGameType checks which GameType is Adiukh: its own, and the type 25
// adiukh wrote before when the Variant tag names Adiukh; Russian draughts
// (25 without it) and any other type are refused.
func TestPDNGameType(t *testing.T) {
	for _, tc := range []struct {
		tags string
		ok   bool
	}{
		{`[GameType "49,W,8,8,A0,0"]` + "\n" + `[Variant "Adiukh"]`, true},
		{`[GameType "49"]`, true},
		{`[GameType "25,W,8,8,A0,0"]` + "\n" + `[Variant "Adiukh"]`, true},
		{`[Variant "adiukh"]` + "\n" + `[GameType "25"]`, true},
		{`[GameType "25,W,8,8,A0,0"]`, false},
		{`[GameType "20,W,10,10,N2,0"]` + "\n" + `[Variant "Adiukh"]`, false},
	} {
		games := ParsePDN(tc.tags + "\n\n1. c3-b4 *\n")
		if len(games) != 1 {
			t.Fatalf("%q: %d games", tc.tags, len(games))
		}
		if r := Validate(games[0]); r.Valid != tc.ok {
			t.Errorf("%q: valid %v, want %v (%+v)", tc.tags, r.Valid, tc.ok, r.Errors)
		}
	}
}
