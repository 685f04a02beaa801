package tournament

import (
	"strings"
	"testing"
)

// A Russian game's result is a win, a draw or a loss, 2:0, 1:1 or 0:2; a
// forfeit is 2:0 and a double forfeit 0:0; Adiukh's 24 checkers are not
// its points.
func TestRussianResults(t *testing.T) {
	for _, tc := range []struct {
		score, reason string
		want          string // the score kept, or a part of the error
		ok            bool
	}{
		{"2:0", "final_position", "2:0", true},
		{"1:1", "final_position", "1:1", true},
		{"0:2", "resignation", "0:2", true},
		{"1:1", "agreement", "1:1", true},
		{"2:0", "forfeit", "2:0", true},
		{"0:0", "double_forfeit", "0:0", true},
		{"", "bye", "", true},
		// As the game's sheets write them (issue 64): kept in its points.
		{"2-0", "final_position", "2:0", true},
		{"1-1", "agreement", "1:1", true},
		{"0-2", "resignation", "0:2", true},
		{"1-0", "final_position", "2:0", true},
		{"0-1", "time", "0:2", true},
		{"½-½", "agreement", "1:1", true},
		{"1/2-1/2", "final_position", "1:1", true},
		{"+:-", "forfeit", "2:0", true},
		{"-:+", "final_position", "0:2", true},
		{"+-", "", "2:0", true},
		{"-+", "forfeit", "0:2", true},
		{"+:-", "resignation", "end_reason: +:- is written for a forfeit", false},
		{"½", "final_position", "like 2:0, or as the sheet writes it: 1-0, ½-½", false},
		{"a:b", "final_position", "a game scores 2:0, 1:1 or 0:2", false},
		{"17:7", "final_position", "scores 2:0, 1:1 or 0:2", false},
		{"24:0", "resignation", "scores 2:0, 1:1 or 0:2", false},
		{"1:1", "resignation", "lost by resignation scores 2:0 or 0:2", false},
		{"2:0", "agreement", "drawn by agreement scores 1:1", false},
		{"2:0", "double_forfeit", "double forfeit scores 0:0", false},
	} {
		r, err := GameKind("russian").ParseResult(tc.score, tc.reason)
		if tc.ok && (tc.score == "+:-" || tc.score == "-:+" || tc.score == "+-" || tc.score == "-+") && r.EndReason != Forfeit {
			t.Errorf("%s %s: ended by %s, not by forfeit", tc.score, tc.reason, r.EndReason)
		}
		switch {
		case tc.ok && err != nil:
			t.Errorf("%s %s: %v", tc.score, tc.reason, err)
		case tc.ok && r.Score() != tc.want:
			t.Errorf("%s %s: kept as %q", tc.score, tc.reason, r.Score())
		case !tc.ok && (err == nil || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("%s %s: error %v, want one saying %q", tc.score, tc.reason, err, tc.want)
		}
	}
	if _, err := DefaultGame.ParseResult("2:0", "final_position"); err == nil {
		t.Error("2:0 is accepted as an Adiukh result")
	}
	if r, err := DefaultGame.ParseResult("17:7", "final_position"); err != nil || r.Score() != "17:7" {
		t.Errorf("an Adiukh result: %v, %v", r, err)
	}
}

// A Russian sheet is replayed by Russian draughts' rules: the end on the
// board (no move, or a draw of the axioms) is its final position, a result
// written before it the sheet's claim, and a wrong move is refused at its
// ply.
func TestRussianSheets(t *testing.T) {
	for _, tc := range []struct {
		name, sheet          string
		valid                bool
		final, claim, reason string
		ply                  int
	}{
		{"no move, lost", "FEN: B:Wb2,c1:Ba3\n2:0", true, "2:0", "", "", 0},
		{"a draw by repetition", "FEN: W:WKa1:BKh2\n1. a1-b2 h2-g1 2. b2-a1 g1-h2 3. a1-b2 h2-g1 4. b2-a1 g1-h2 1:1 repetition", true, "1:1", "", "", 0},
		{"a resignation", "1. c3-d4 f6-g5 2. g3-h4 g7-f6 2:0 resignation", true, "", "2:0", "resignation", 0},
		{"an agreed draw in PDN", "[GameType \"25\"]\n[Result \"1-1\"]\n[Termination \"Draw by agreement\"]\n1. c3-d4 f6-g5 1-1", true, "", "1:1", "agreement", 0},
		{"a capture left out", "1. c3-d4 f6-e5 2. d4-c5", false, "", "", "", 3},
	} {
		rep := checkSheet(GameKind("russian"), tc.sheet)
		if rep.Valid != tc.valid || rep.FinalScore != tc.final || rep.ClaimedScore != tc.claim || rep.ClaimedReason != tc.reason {
			t.Errorf("%s: %+v", tc.name, rep)
			continue
		}
		if !tc.valid && rep.Errors[0].Ply != tc.ply {
			t.Errorf("%s: first error at ply %d, want %d: %+v", tc.name, rep.Errors[0].Ply, tc.ply, rep.Errors)
		}
	}
	// The same sheet is no Adiukh game.
	if rep := checkSheet(DefaultGame, "1. c3-d4 f6-g5 2. g3-h4 g7-f6 2:0 resignation"); rep.Valid {
		t.Errorf("a Russian sheet is a valid Adiukh one: %+v", rep)
	}
}

// An event of Russian draughts has no composition contest or the
// checkers-won tie-break, and its game is set at creation; its blitz may
// be played live on the site (issue 51.6).
func TestRussianEventSettings(t *testing.T) {
	russian, composition, blitz, clock, online := "russian", "composition", "blitz", "3+2", true
	e := &Event{Game: DefaultGame, Discipline: Standard, TieBreaks: []string{"buchholz", adiukhPoints}}
	if err := (EventInput{Game: &russian}).apply(e, func(string) bool { return true }, nil); err != nil {
		t.Fatal(err)
	}
	if e.Game != GameKind("russian") || strings.Join(e.TieBreaks, ",") != "buchholz" {
		t.Errorf("game %q, tie-breaks %v", e.Game, e.TieBreaks)
	}
	for field, in := range map[string]EventInput{
		"game":         {Discipline: &composition},
		"tiebreaks[0]": {TieBreaks: &[]string{adiukhPoints}},
	} {
		next := *e
		err := in.apply(&next, func(string) bool { return true }, nil)
		if err == nil || !strings.Contains(err.Error(), field) {
			t.Errorf("%s: %v", field, err)
		}
	}
	live := *e
	if err := (EventInput{Discipline: &blitz, TimeControl: &clock, Online: &online}).apply(&live, func(string) bool { return true }, nil); err != nil || !live.Online {
		t.Errorf("a live Russian blitz event: %v (online %v)", err, live.Online)
	}
	unknown := "chess"
	if err := (EventInput{Game: &unknown}).apply(e, func(string) bool { return true }, nil); err == nil || !strings.Contains(err.Error(), "unknown game") {
		t.Errorf("an unknown game: %v", err)
	}
}
