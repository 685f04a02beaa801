package tournament_test

import (
	"slices"
	"strings"
	"testing"

	"adiukh/tournament"
)

func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

func TestParseResult(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		score, reason string
		wantErr       string // "" when valid
	}{
		{"17:7", "final_position", ""},
		{"24:0", "final_position", ""},
		{"13:11", "final_position", ""},
		{"12:12", "final_position", ""},
		{"0:24", "final_position", ""},
		{"12:12", "agreement", ""},
		{"12:12", "both_flags", ""},
		{"24:0", "resignation", ""},
		{"0:24", "time", ""},
		{"24:0", "arbiter", ""},
		{"0:24", "forfeit", ""},
		{"0:0", "double_forfeit", ""},
		{"", "bye", ""},
		{" 17 : 7 ", "final_position", ""},
		{"13:11", "resignation", "score: a game lost by resignation scores 24:0 or 0:24"},
		{"12:12", "forfeit", "score: a game lost by forfeit scores 24:0 or 0:24"},
		{"24:0", "agreement", "score: a game drawn by agreement scores 12:12"},
		{"13:11", "both_flags", "score: a game drawn by both flags scores 12:12"},
		{"14:11", "final_position", "score: the two scores add up to 24"},
		{"0:0", "final_position", "score: the two scores add up to 24"},
		{"24:24", "final_position", "score: the two scores add up to 24"},
		{"25:-1", "final_position", "score: each side scores a whole number from 0 to 24"},
		{"17-7", "final_position", ""},
		{"1-0", "final_position", ""},
		{"½-½", "agreement", ""},
		{"1/2-1/2", "final_position", ""},
		{"0-1", "resignation", ""},
		{"+:-", "final_position", ""},
		{"-:+", "forfeit", ""},
		{"1-1", "final_position", "score: the two scores add up to 24"},
		{"+:-", "agreement", "end_reason: +:- is written for a forfeit"},
		{"1/2", "final_position", "score: write the score as white:black, like 17:7, or as the sheet writes it"},
		{"", "final_position", "score: write the score as white:black"},
		{"a:b", "final_position", "score: each side scores a whole number"},
		{"24:0", "double_forfeit", "score: a double forfeit scores 0:0"},
		{"24:0", "bye", "score: a bye has no score"},
		{"17:7", "checkmate", "end_reason: unknown end reason \"checkmate\""},
		{"17:7", "", "end_reason: the end reason is missing"},
	} {
		t.Run(tc.score+"/"+tc.reason, func(t *testing.T) {
			_, err := tournament.GameKind("adiukh").ParseResult(tc.score, tc.reason)
			if got := errText(err); !strings.Contains(got, tc.wantErr) || (tc.wantErr == "") != (err == nil) {
				t.Fatalf("ParseResult(%q, %q) error = %q, want %q", tc.score, tc.reason, got, tc.wantErr)
			}
			if err != nil && tournament.ErrorCode(err) != tournament.EINVALID {
				t.Fatalf("ParseResult(%q, %q) code = %q, want EINVALID", tc.score, tc.reason, tournament.ErrorCode(err))
			}
		})
	}
}

func TestResultOutcomeAndPoints(t *testing.T) {
	t.Parallel()
	scoring := tournament.DefaultScoring(tournament.Swiss)
	for _, tc := range []struct {
		score, reason string
		outcome       tournament.Outcome
		played        bool
		white, black  float64
	}{
		{"17:7", "final_position", tournament.WhiteWins, true, 2, 0},
		{"11:13", "final_position", tournament.BlackWins, true, 0, 2},
		{"12:12", "final_position", tournament.Draw, true, 1, 1},
		{"12:12", "agreement", tournament.Draw, true, 1, 1},
		{"0:24", "time", tournament.BlackWins, true, 0, 2},
		{"24:0", "forfeit", tournament.WhiteWins, false, 2, 0},
		{"0:0", "double_forfeit", tournament.NoWinner, false, 0, 0},
		{"", "bye", tournament.ByeGame, false, 2, 0},
	} {
		t.Run(tc.score+"/"+tc.reason, func(t *testing.T) {
			r, err := tournament.GameKind("adiukh").ParseResult(tc.score, tc.reason)
			if err != nil {
				t.Fatal(err)
			}
			if r.Outcome() != tc.outcome || r.Played() != tc.played {
				t.Errorf("outcome %s played %v, want %s %v", r.Outcome(), r.Played(), tc.outcome, tc.played)
			}
			if w, b := scoring.Points(r, true), scoring.Points(r, false); w != tc.white || b != tc.black {
				t.Errorf("points %g/%g, want %g/%g", w, b, tc.white, tc.black)
			}
		})
	}
}

func TestParseTimeControl(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		in, want, wantErr string
	}{
		{"30+30", "30+30", ""},
		{" 8 + 4 ", "8+4", ""},
		{"15", "15+0", ""},
		{"", "", ""},
		{"30+", "", "seconds per move"},
		{"+30", "", "minutes per player"},
		// A base of 0 is told as such (issue 60, item 6).
		{"0+5", "", "leaves no time for the first move: give each player at least 1 minute"},
		{"30+-1", "", "seconds per move"},
		{"90/40+30", "", "minutes per player"},
	} {
		t.Run(tc.in, func(t *testing.T) {
			got, err := tournament.ParseTimeControl(tc.in)
			if e := errText(err); !strings.Contains(e, tc.wantErr) || (tc.wantErr == "") != (err == nil) {
				t.Fatalf("ParseTimeControl(%q) error = %q, want %q", tc.in, e, tc.wantErr)
			}
			if err == nil && got.String() != tc.want {
				t.Errorf("ParseTimeControl(%q) = %q, want %q", tc.in, got, tc.want)
			}
		})
	}
}

func TestTimeControlWarnings(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		discipline tournament.Discipline
		control    string
		warn       string // "" for none
	}{
		{tournament.Standard, "30+30", ""},
		{tournament.Standard, "20+30", ""},
		{tournament.Standard, "15+10", "the rules (§9) set 20 minutes or more"},
		{tournament.StandardTeam, "10+5", "the rules (§9) set 20 minutes or more"},
		{tournament.Rapid, "8+4", ""},
		{tournament.Rapid, "7+5", ""},
		{tournament.Rapid, "15+0", ""},
		{tournament.Rapid, "20+0", "the rules (§9) set 7–15 minutes"},
		{tournament.RapidTeam, "5+3", "the rules (§9) set 7–15 minutes"},
		{tournament.Blitz, "3+2", ""},
		{tournament.Blitz, "1+1", "the rules (§9) set 3–5 minutes"},
		{tournament.BlitzTeam, "6+0", "the rules (§9) set 3–5 minutes"},
		{tournament.Standard, "", "no time control is set"},
		{tournament.Correspondence, "", ""},
		{tournament.Composition, "", ""},
	} {
		t.Run(string(tc.discipline)+"/"+tc.control, func(t *testing.T) {
			control, err := tournament.ParseTimeControl(tc.control)
			if err != nil {
				t.Fatal(err)
			}
			e := tournament.Event{Discipline: tc.discipline, TimeControl: control}
			warnings := e.Warnings()
			switch {
			case tc.warn == "" && len(warnings) > 0:
				t.Errorf("unexpected warning %q", warnings[0].Message)
			case tc.warn != "" && (len(warnings) != 1 || !strings.Contains(warnings[0].Message, tc.warn)):
				t.Errorf("warnings %v, want one containing %q", warnings, tc.warn)
			}
		})
	}
}

// The end reasons an arbiter enters: never the bye (the pairing's), the
// adjudication only by correspondence, both flags only over the board.
func TestArbiterReasons(t *testing.T) {
	has := func(rs []tournament.EndReason, r tournament.EndReason) bool { return slices.Contains(rs, r) }
	board, corr := tournament.ArbiterReasons(tournament.Rapid), tournament.ArbiterReasons(tournament.Correspondence)
	if has(board, tournament.Bye) || has(corr, tournament.Bye) {
		t.Error("an arbiter is offered the bye")
	}
	if has(board, tournament.Adjudication) || !has(corr, tournament.Adjudication) || !has(board, tournament.BothFlags) || has(corr, tournament.BothFlags) {
		t.Errorf("over the board %v, by correspondence %v", board, corr)
	}
}
