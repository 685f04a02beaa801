package international

import (
	"strings"
	"testing"

	"adiukh/rules"
)

func TestValidGamesAreReplayed(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		v          *Variant
		text       string
		plies      int
		score      rules.Score
		reason     rules.EndReason
		final, pdn string
	}{
		{International, "[GameType \"20\"]\n[Termination \"resignation\"]\n[Result \"2-0\"]\n\n1. 32-28 19-23 2. 28x19 14x23 3. 33-28 23x32 4. 37x28 2-0\n",
			7, WhiteWins, rules.EndResignation,
			"B:W28,31,34,35,36,38,39,40,41,42,43,44,45,46,47,48,49,50:B1,2,3,4,5,6,7,8,9,10,11,12,13,15,16,17,18,20", "4. 37x28 2-0"},
		{International, "[FEN \"W:W32,40:B19,28,34\"]\n1. 32x23x14 34x45 2. 14-9 45-50 *", 4, rules.Score{}, "", "W:W9:BK50", "1. 32x14 34x45 2. 14-9 45-50 *"},
		{International, "[FEN \"W:WK47,K48:BK3,K4\"]\n1. 47-42 3-9 2. 42-47 9-3 3. 47-42 3-9 4. 42-47 9-3 1-1", 8, Draw, EndRepetition, "W:WK47,K48:BK3,K4", "1-1"},
		{International, "[FEN \"B:W28:BK50\"]\n1... 50x17 0-2", 1, BlackWins, rules.EndFinalPosition, "W:W:BK17", "1... 50x17 0-2"},
		{International, "[GameType \"20,W,10,10,N2,0\"]\n[FEN \"W:W31-50:B1-20:H0:F1\"]\n[Result \"1-1\"]\n1. 32-28 19-23 1-1", 2, Draw, rules.EndAgreement,
			"W:W28,31,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,20,23", "1. 32-28 19-23 1-1"},
		// A Russian paper sheet writes captures with a colon; a score of
		// the game is never two different numbers without a zero.
		{International, "1. 32-28 19-23 2. 28:19 14:23 3. 33-28 23:32 4. 37:28 2:0 сдача", 7, WhiteWins, rules.EndResignation,
			"B:W28,31,34,35,36,38,39,40,41,42,43,44,45,46,47,48,49,50:B1,2,3,4,5,6,7,8,9,10,11,12,13,15,16,17,18,20", "4. 37x28 2-0"},
		{International, "1. 32-28 19-23 2. 28:19", 3, rules.Score{}, "",
			"B:W19,31,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,20", "2. 28x19"},
		{Brazilian, "1. c3-d4 f6-e5 2. d4:f6 g7:e5 *", 4, rules.Score{}, "",
			"W:Wa1,a3,b2,c1,d2,e1,e3,f2,g1,g3,h2:Ba7,b6,b8,c7,d6,d8,e5,e7,f8,h6,h8", "2. d4xf6 g7xe5 *"},
		{Brazilian, "[GameType \"26\"]\n1. 22-18 11-15 2. 18x11 8x15 *", 4, rules.Score{}, "",
			"W:Wa1,a3,b2,c1,d2,e1,e3,f2,g1,g3,h2:Ba7,b6,b8,c7,d6,d8,e5,e7,f8,h6,h8", "2. d4xf6 g7xe5 *"},
	} {
		reports := tc.v.ValidateGames(tc.text)
		if len(reports) != 1 {
			t.Fatalf("%q: %d games", tc.text, len(reports))
		}
		r := reports[0]
		if !r.Valid || len(r.Played) != tc.plies {
			t.Errorf("%q: valid %v, %d plies, errors %+v", tc.text, r.Valid, len(r.Played), r.Errors)
			continue
		}
		if tc.score != (rules.Score{}) && (r.Result == nil || *r.Result != tc.score || r.Reason != tc.reason) {
			t.Errorf("%q: result %v, %s", tc.text, r.Result, r.Reason)
		}
		if got := tc.v.FEN(r.Game.Position); got != tc.final {
			t.Errorf("%q ends in %s, want %s", tc.text, got, tc.final)
		}
		pdn := r.PDN()
		if !strings.Contains(pdn, tc.pdn) {
			t.Errorf("%q: its PDN does not say %q:\n%s", tc.text, tc.pdn, pdn)
		}
		back := tc.v.ValidateGames(pdn)
		if len(back) != 1 || !back[0].Valid || len(back[0].Played) != tc.plies || back[0].Game.Position != r.Game.Position {
			t.Errorf("%q: its PDN does not read back the same:\n%s\n%+v", tc.text, pdn, back[0].Errors)
		}
	}
}

func TestBadSheetsSayWhereAndWhy(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		v          *Variant
		text       string
		ply, line  int
		want       string
		legalCount int
	}{
		{International, "1. 32-28 19-23\n2. 28-55", 3, 2, "there is no square 55: the board's squares are 1–50", 1},
		{International, "[FEN \"W:W32,40:B19,28,34\"]\n1. 40x29", 1, 2, "40x29 takes 1, but the longest capture takes 2 pieces", 1},
		{International, "[FEN \"W:W13:B9,10,45\"]\n1. 13x15 45-50 2. 15-4", 3, 2, "the piece on 15 is a man, which moves as a king only once crowned", 1},
		{International, "1. 32-28 хорошо", 2, 1, "international draughts writes a move with its start and end squares", 9},
		{International, "1. 32-28 19-2a", 2, 1, `"2a" is not a square of the board (1–50)`, 9},
		{International, "1. 32-28 19-23 2. 31-27", 3, 1, "capturing is compulsory", 1},
		{International, "[FEN \"W:WK37:B17,20,25,29,32,33,43\"]\n1. 37x48", 1, 2, "37x48 is ambiguous: it fits 37x23x34x48, 37x28x39x48", 2},
		{Brazilian, "1. c3-d4 f6-e5 2. d4-c5", 3, 1, "capturing is compulsory", 1},
		{Brazilian, "1. c3-d4 f6-e5 2. d4:f6:h8", 3, 1, "is not a legal move for white", 1},
	} {
		r := tc.v.ValidateGames(tc.text)[0]
		if r.Valid || len(r.Errors) != 1 {
			t.Errorf("%q: valid %v, errors %+v", tc.text, r.Valid, r.Errors)
			continue
		}
		e := r.Errors[0]
		if e.Ply != tc.ply || e.Line != tc.line || e.MoveNumber != (tc.ply+1)/2 || !strings.Contains(e.Message, tc.want) || len(e.Legal) != tc.legalCount {
			t.Errorf("%q: ply %d, move %d, line %d, %q, legal %v; want ply %d, line %d, %q, %d legal moves",
				tc.text, e.Ply, e.MoveNumber, e.Line, e.Message, e.Legal, tc.ply, tc.line, tc.want, tc.legalCount)
		}
	}
}

func TestWrittenResultsAreJudged(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		text, want string
	}{
		{"[GameType \"25\"]\n1. 32-28 *", `GameType "25" is not international draughts, whose GameType is 20`},
		{"1. 32-28 19-23 1:1", "the sheet claims a draw, but no draw rule applies"},
		{"[FEN \"B:W28:BK50\"]\n1... 50x17 2:0", "the sheet gives 2:0, but the game ended 0:2"},
		{"1. 32-28 19-23 13:11", "13:11 is not a score of international draughts: 2:0, 1:1 or 0:2"},
		{"[FEN \"W:WK47,K48:BK3,K4\"]\n1. 47-42 3-9 2. 42-47 9-3 3. 47-42 3-9 4. 42-47 9-3 5. 47-42 *", "the game was drawn after ply 8 (the same position for the third time), so 47-42 cannot be played"},
	} {
		r := International.ValidateGames(tc.text)[0]
		if r.Valid || len(r.Errors) == 0 || !strings.Contains(r.Errors[0].Message, tc.want) {
			t.Errorf("%q: valid %v, errors %+v; want %q", tc.text, r.Valid, r.Errors, tc.want)
		}
	}
}

// Sheets of these games read as Russian draughts' do, by the same code
// (rules/flat): a FEN that cannot be read stops the check instead of a
// replay from the initial position; a draw written in words, or PDN's
// ½-½, before the game's end is agreed, and its PDN, as lidraughts writes
// one, has no Termination.
func TestSheetsReadAsRussianDraughtsSheets(t *testing.T) {
	t.Parallel()
	for _, sheet := range []string{"FEN: W:W51\n1. 32-28 19-23", "[GameType \"20\"]\n[FEN \"X:W31\"]\n\n1. 32-28 *"} {
		r := International.ValidateGames(sheet)[0]
		if r.Valid || len(r.Errors) != 1 || !strings.Contains(r.Errors[0].Message, "cannot be read, so the moves were not checked") || len(r.Played) > 0 || r.Replayed() {
			t.Errorf("%q: errors %+v, %d plies replayed; want the FEN's error alone", sheet, r.Errors, len(r.Played))
		}
	}
	for _, sheet := range []string{"1. 32-28 19-23\nНичья", "1. 32-28 19-23 1:1 ничья по согласию", "[GameType \"20\"]\n1. 32-28 19-23 ½-½"} {
		r := International.ValidateGames(sheet)[0]
		if !r.Valid || r.Result == nil || *r.Result != Draw || r.Reason != rules.EndAgreement {
			t.Errorf("%q: valid %v, result %v, %s, errors %+v; want an agreed draw", sheet, r.Valid, r.Result, r.Reason, r.Errors)
			continue
		}
		if pdn := r.PDN(); strings.Contains(pdn, "Termination") || !strings.Contains(pdn, "1. 32-28 19-23 1-1") {
			t.Errorf("%q: PDN\n%s", sheet, pdn)
		}
	}
	// A Brazilian sheet's files in Cyrillic letters, а–з as a–h, or the
	// look-alikes a Russian keyboard types, are read as a Russian draughts
	// sheet's are, each move with its warning.
	for sheet, cyrillic := range map[string]int{"1. в3-г4 е6-д5 2. г4:е6 ж7:д5 Ничья": 4, "1. с3-d4 f6-е5 2. d4:f6 g7:е5 Ничья": 3} {
		r := Brazilian.ValidateGames(sheet)[0]
		if !r.Valid || len(r.Played) != 4 || r.Result == nil || *r.Result != Draw || len(r.Warnings) != cyrillic {
			t.Errorf("%q: valid %v, %d plies, result %v, errors %+v, warnings %+v", sheet, r.Valid, len(r.Played), r.Result, r.Errors, r.Warnings)
			continue
		}
		if pdn := r.PDN(); !strings.Contains(pdn, "1. c3-d4 f6-e5 2. d4xf6 g7xe5 1-1") {
			t.Errorf("%q: PDN\n%s", sheet, pdn)
		}
	}
	// So is the short notation of Russian books: the file of the start,
	// then the end square, a capture too.
	for _, sheet := range []string{"1. cd4 fe5 2. df6 ge5 Ничья", "1. вг4 ед5 2. ге6 жд5 Ничья"} {
		r := Brazilian.ValidateGames(sheet)[0]
		if !r.Valid || len(r.Played) != 4 || !strings.Contains(r.PDN(), "1. c3-d4 f6-e5 2. d4xf6 g7xe5 1-1") {
			t.Errorf("%q: valid %v, %d plies, errors %+v\n%s", sheet, r.Valid, len(r.Played), r.Errors, r.PDN())
		}
	}
	for sheet, want := range map[string]string{
		"1. cd4 fe5 2. cb4":           "cb4 is not legal: capturing is compulsory",
		"FEN: W:WKc1,Kc5:Bh8\n1. ce3": "ce3 is ambiguous: it fits c1-e3, c5-e3; write the square the move starts from",
	} {
		if r := Brazilian.ValidateGames(sheet)[0]; r.Valid || len(r.Errors) == 0 || r.Errors[0].Message != want {
			t.Errorf("%q: errors %+v, want %q", sheet, r.Errors, want)
		}
	}
}
