package knockout_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"adiukh/tournament"
	"adiukh/tournament/engines"
	"adiukh/tournament/knockout"
	registration "adiukh/tournament/players"
	"adiukh/tournament/store/storetest"
)

func ptr[T any](v T) *T { return &v }

func forEachService(t *testing.T, test func(t *testing.T, ctx context.Context, events *tournament.Service, svc *knockout.Service)) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			test(t, storetest.Arbiter(t, st), tournament.NewService(st, engines.Options()), knockout.NewService(st.Knockout(), nil))
		})
	}
}

// tieBreaks are the stages of the product owner's example: two rapid
// games, two blitz, one deciding game.
var tieBreaks = []tournament.KnockoutStage{{Games: 2, Tempo: "rapid"}, {Games: 2, Tempo: "blitz"}, {Games: 1, Tempo: "deciding"}}

// knockoutEvent creates a knockout of two-game matches in the game with
// n players rated 2400, 2390, … (player i is seed i).
func knockoutEvent(t *testing.T, ctx context.Context, events *tournament.Service, game string, n int, third bool) *tournament.Event {
	t.Helper()
	e, err := events.CreateEvent(ctx, tournament.EventInput{Name: ptr("Кубок " + game), Game: ptr(game), Discipline: ptr("standard"),
		System: ptr("knockout"), TimeControl: ptr("90+30"),
		Knockout: &tournament.KnockoutSettings{MatchGames: 2, TieBreaks: tieBreaks, ThirdPlace: third}})
	if err != nil {
		t.Fatal(err)
	}
	// Registered in an order other than the seeds', so that the seeding
	// by rating is seen to work.
	for i := n; i >= 1; i-- {
		if _, err := registration.NewService(events).RegisterPlayer(ctx, e.ID, tournament.PlayerInput{Name: ptr(fmt.Sprintf("Игрок %02d", i)), Rating: ptr(2410 - 10*i)}); err != nil {
			t.Fatal(err)
		}
	}
	return e
}

// seedOf reads the seed from a player's name ("Игрок 05").
func seedOf(t *testing.T, p *knockout.PlayerRef) int {
	t.Helper()
	var seed int
	if _, err := fmt.Sscanf(p.Name, "Игрок %d", &seed); err != nil {
		t.Fatalf("player %q: %v", p.Name, err)
	}
	return seed
}

// script plays a match: the better seed wins both games, but where level
// it is 1:1 in the two games and goes to the tie-breaks (the rapid won
// by the better seed), and where lot it is drawn throughout and decided
// by lot for the worse seed.
type script int

const (
	straight script = iota
	level
	lot
)

func play(t *testing.T, ctx context.Context, svc *knockout.Service, eventID int64, m knockout.MatchView, how script) {
	t.Helper()
	better := m.White
	if seedOf(t, m.Black) < seedOf(t, m.White) {
		better = m.Black
	}
	// scoreFor is the score of game number of the match, White's first,
	// for a win of the better seed (or a draw).
	scoreFor := func(number int, outcome string) string {
		whiteIsBoardWhite := number%2 == 1
		betterWhite := (better.ID == m.White.ID) == whiteIsBoardWhite
		switch {
		case outcome == "draw":
			return "1:1"
		case (outcome == "better") == betterWhite:
			return "2:0"
		}
		return "0:2"
	}
	var games []string
	switch how {
	case straight:
		games = []string{"better", "draw"}
	case level:
		games = []string{"better", "worse", "better", "better"}
	case lot:
		games = []string{"draw", "draw", "draw", "draw", "draw", "draw", "draw"}
	}
	for i, g := range games {
		got, err := svc.RecordGame(ctx, knockout.GameInput{EventID: eventID, Round: m.Round, Board: m.Board, Number: i + 1, Score: scoreFor(i+1, g), EndReason: "final_position"})
		if g == "draw" && err == nil {
			continue
		}
		if err != nil {
			// A draw written as final_position is not how the form sends
			// it: agreement.
			got, err = svc.RecordGame(ctx, knockout.GameInput{EventID: eventID, Round: m.Round, Board: m.Board, Number: i + 1, Score: scoreFor(i+1, g), EndReason: "agreement"})
		}
		if err != nil {
			t.Fatalf("round %d board %d game %d: %v", m.Round, m.Board, i+1, err)
		}
		if last := i == len(games)-1; last != (got.WinnerID != 0 || got.AwaitsLot) {
			t.Fatalf("round %d board %d after game %d: winner %d, awaits lot %v", m.Round, m.Board, i+1, got.WinnerID, got.AwaitsLot)
		}
	}
	if how == lot {
		worse := m.White.ID + m.Black.ID - better.ID
		if _, err := svc.DecideByLot(ctx, knockout.LotInput{EventID: eventID, Round: m.Round, Board: m.Board, WinnerID: worse}); code(err) != tournament.EINVALID {
			t.Fatalf("a lot without a reason: %v", err)
		}
		got, err := svc.DecideByLot(ctx, knockout.LotInput{EventID: eventID, Round: m.Round, Board: m.Board, WinnerID: worse, Reason: "жребий по регламенту, п. 7.3"})
		if err != nil || got.WinnerID != worse {
			t.Fatalf("lot: %+v %v", got, err)
		}
	}
}

func code(err error) string {
	var e *tournament.Error
	if errors.As(err, &e) {
		return e.Code
	}
	return ""
}

// runKnockout pairs and plays every round of the event: in each round
// the first match goes to the tie-breaks, and the last match of round 1
// is decided by lot. It returns the bracket at the end.
func runKnockout(t *testing.T, ctx context.Context, events *tournament.Service, svc *knockout.Service, e *tournament.Event) *knockout.BracketView {
	t.Helper()
	for {
		r := storetest.PublishNextRound(t, ctx, events, e.ID)
		b, err := svc.Bracket(ctx, e.ID)
		if err != nil {
			t.Fatal(err)
		}
		if b.PlayedOnSite {
			t.Fatal("a knockout over the board: the bracket says its games are played on the site")
		}
		matches := b.Rounds[r.Number-1].Matches
		if len(matches) != len(r.Games) {
			t.Fatalf("round %d: %d matches, %d boards", r.Number, len(matches), len(r.Games))
		}
		for i, m := range matches {
			if m.Bye() {
				continue
			}
			how := straight
			switch {
			case i == 0:
				how = level
			case r.Number == 1 && i == len(matches)-1:
				how = lot
			}
			play(t, ctx, svc, e.ID, m, how)
		}
		if r.Number == len(b.Rounds) {
			break
		}
	}
	b, err := svc.Bracket(ctx, e.ID)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestEightPlayerKnockoutOfRussianDraughts(t *testing.T) {
	forEachService(t, func(t *testing.T, ctx context.Context, events *tournament.Service, svc *knockout.Service) {
		e := knockoutEvent(t, ctx, events, "russian", 8, true)
		b := runKnockout(t, ctx, events, svc, e)
		if len(b.Rounds) != 3 || b.Rounds[0].Stage != "quarter_finals" || b.Rounds[2].Stage != "final" {
			t.Fatalf("rounds %+v", b.Rounds)
		}
		// Round 1: 1–8, 4–5, 2–7, 3–6; the lot put 6 through over 3.
		var pairs []string
		for _, m := range b.Rounds[0].Matches {
			pairs = append(pairs, fmt.Sprintf("%d-%d", seedOf(t, m.White), seedOf(t, m.Black)))
		}
		if got := strings.Join(pairs, " "); got != "1-8 5-4 2-7 6-3" {
			t.Errorf("round 1 %s, want 1-8 5-4 2-7 6-3 (White alternating)", got)
		}
		first := b.Rounds[0].Matches[0]
		if len(first.Games) != 4 || first.Games[2].Stage != 1 || first.Games[2].Tempo != "rapid" || first.Score != [2]float64{1, 1} || len(first.Stages) != 1 {
			t.Errorf("the match that went to the rapid games: %+v", first)
		}
		lotted := b.Rounds[0].Matches[3]
		if lotted.Lot == nil || lotted.Lot.Reason == "" || seedOf(t, &knockout.PlayerRef{Name: nameOf(b, lotted.WinnerID)}) != 6 || len(lotted.Games) != 7 {
			t.Errorf("the match decided by lot: %+v", lotted)
		}
		final := b.Rounds[2].Matches
		if len(final) != 2 || !final[1].ThirdPlace || final[0].ThirdPlace {
			t.Fatalf("final round %+v", final)
		}
		if seedOf(t, b.Winner) != 1 || seedOf(t, b.RunnerUp) != 2 || seedOf(t, b.Third) != 4 {
			t.Errorf("winner %v, runner-up %v, third %v; want seeds 1, 2, 4", b.Winner, b.RunnerUp, b.Third)
		}
		// The round's boards carry the matches' results: the standings
		// count matches won.
		st, err := events.Standings(ctx, e.ID, 0)
		if err != nil {
			t.Fatal(err)
		}
		if top := st.Rows[0]; top.Name != "Игрок 01" || top.Score != 3*e.Scoring.Win {
			t.Errorf("standings lead by %s with %g", top.Name, top.Score)
		}
		// Finished, the bracket is final: a game's correction is refused.
		if _, err := events.UpdateEvent(ctx, e.ID, tournament.EventInput{Status: ptr("finished")}, ""); err != nil {
			t.Fatal(err)
		}
		if _, err := svc.RecordGame(ctx, knockout.GameInput{EventID: e.ID, Round: 3, Board: 1, Number: 1, Score: "0:2", EndReason: "final_position", Reason: "ошибка"}); code(err) != tournament.ECONFLICT {
			t.Errorf("a correction after the event is final: %v", err)
		}
	})
}

func nameOf(b *knockout.BracketView, id int64) string {
	for _, r := range b.Rounds {
		for _, m := range r.Matches {
			for _, p := range []*knockout.PlayerRef{m.White, m.Black} {
				if p != nil && p.ID == id {
					return p.Name
				}
			}
		}
	}
	return ""
}

func TestThirteenPlayerKnockoutOfInternationalDraughts(t *testing.T) {
	forEachService(t, func(t *testing.T, ctx context.Context, events *tournament.Service, svc *knockout.Service) {
		e := knockoutEvent(t, ctx, events, "international", 13, false)
		b := runKnockout(t, ctx, events, svc, e)
		if len(b.Rounds) != 4 || b.Rounds[0].Stage != "round_of" || b.Rounds[0].Of != 16 {
			t.Fatalf("rounds %+v", b.Rounds)
		}
		var byes []int
		for _, m := range b.Rounds[0].Matches {
			if m.Bye() {
				byes = append(byes, seedOf(t, m.White))
			}
		}
		if fmt.Sprint(byes) != "[1 2 3]" {
			t.Errorf("byes to seeds %v, want 1 2 3", byes)
		}
		for _, r := range b.Rounds[1:] {
			for _, m := range r.Matches {
				if m.Bye() {
					t.Errorf("round %d has a bye: %+v", r.Number, m)
				}
			}
		}
		if len(b.Rounds[3].Matches) != 1 || b.Third != nil {
			t.Errorf("a final without a third-place match: %+v", b.Rounds[3].Matches)
		}
		if seedOf(t, b.Winner) != 1 || seedOf(t, b.RunnerUp) != 2 {
			t.Errorf("winner %v, runner-up %v", b.Winner, b.RunnerUp)
		}
	})
}

// A bracket that cannot work is refused with what is wrong, at its field.
func TestBadKnockoutRefused(t *testing.T) {
	forEachService(t, func(t *testing.T, ctx context.Context, events *tournament.Service, svc *knockout.Service) {
		create := func(k *tournament.KnockoutSettings) error {
			_, err := events.CreateEvent(ctx, tournament.EventInput{Name: ptr("Кубок"), Game: ptr("russian"), Discipline: ptr("standard"), System: ptr("knockout"), Knockout: k})
			return err
		}
		for _, c := range []struct {
			k     *tournament.KnockoutSettings
			field string
		}{
			{nil, "match_games"},
			{&tournament.KnockoutSettings{MatchGames: 0}, "match_games"},
			{&tournament.KnockoutSettings{MatchGames: 2, TieBreaks: []tournament.KnockoutStage{{Games: 0, Tempo: "rapid"}}}, "tie_break_games"},
			{&tournament.KnockoutSettings{MatchGames: 2, TieBreaks: []tournament.KnockoutStage{{Games: 2, Tempo: "bullet"}}}, "tie_break_games"},
			{&tournament.KnockoutSettings{MatchGames: 2, Seeding: "alphabet"}, "seeding"},
		} {
			err := create(c.k)
			var te *tournament.Error
			if !errors.As(err, &te) || te.Code != tournament.EINVALID || !strings.Contains(fieldsOf(te), c.field) {
				t.Errorf("%+v: %v, want invalid %s", c.k, err, c.field)
			}
		}
		// Fewer than two players: nothing to pair.
		e := knockoutEvent(t, ctx, events, "russian", 1, false)
		if _, err := events.PairNextRound(ctx, e.ID); code(err) != tournament.ECONFLICT {
			t.Errorf("a knockout of one player paired: %v", err)
		}
		// Once paired, the format stays.
		e = knockoutEvent(t, ctx, events, "russian", 4, false)
		// Before round 1 the bracket shows the rounds the field will play.
		if b, err := svc.Bracket(ctx, e.ID); err != nil || len(b.Rounds) != 2 || b.Rounds[0].Paired || b.Rounds[1].Stage != "final" {
			t.Errorf("the bracket before round 1: %+v %v", b, err)
		}
		r := storetest.PublishNextRound(t, ctx, events, e.ID)
		if _, err := events.UpdateEvent(ctx, e.ID, tournament.EventInput{Knockout: &tournament.KnockoutSettings{MatchGames: 4}}, ""); code(err) != tournament.ECONFLICT {
			t.Errorf("the format changed after round 1: %v", err)
		}
		// A lot decides only a level match; a game is the next one.
		if _, err := svc.DecideByLot(ctx, knockout.LotInput{EventID: e.ID, Round: 1, Board: 1, WinnerID: r.Games[0].WhiteID, Reason: "жребий"}); code(err) != tournament.ECONFLICT {
			t.Errorf("a lot before any game: %v", err)
		}
		if _, err := svc.RecordGame(ctx, knockout.GameInput{EventID: e.ID, Round: 1, Board: 1, Number: 2, Score: "2:0"}); code(err) != tournament.EINVALID {
			t.Errorf("game 2 before game 1: %v", err)
		}
		if _, err := svc.RecordGame(ctx, knockout.GameInput{EventID: e.ID, Round: 1, Board: 1, Number: 1, Score: "2:0", EndReason: "final_position"}); err != nil {
			t.Fatal(err)
		}
		if _, err := svc.RecordGame(ctx, knockout.GameInput{EventID: e.ID, Round: 1, Board: 1, Number: 1, Score: "0:2", EndReason: "final_position"}); code(err) != tournament.EINVALID {
			t.Errorf("a correction without a reason: %v", err)
		}
		// A board's result is its match's, never written over it.
		if _, err := events.RecordResult(ctx, tournament.ResultInput{EventID: e.ID, Round: 1, Board: 1, Score: "2:0", EndReason: "final_position"}); code(err) != tournament.EINVALID {
			t.Errorf("a knockout board's result entered as a single game's: %v", err)
		}
		// The next round waits for every winner.
		if _, err := events.PairNextRound(ctx, e.ID); code(err) != tournament.ECONFLICT {
			t.Errorf("round 2 paired before round 1's winners: %v", err)
		}
	})
}

// fieldsOf lists the fields an error names, its own and its details'.
func fieldsOf(e *tournament.Error) string {
	fields := []string{e.Field}
	for _, d := range e.Details {
		fields = append(fields, d.Field)
	}
	return strings.Join(fields, " ")
}

// A lot drawn for the wrong player is corrected with a reason, the audit
// log keeping the winner before and after, while the next round is not
// paired; once it is paired on who went through, the correction is
// refused as a game's is.
func TestLotCorrectedBeforeTheNextRound(t *testing.T) {
	forEachService(t, func(t *testing.T, ctx context.Context, events *tournament.Service, svc *knockout.Service) {
		e := knockoutEvent(t, ctx, events, "russian", 4, false)
		r := storetest.PublishNextRound(t, ctx, events, e.ID)
		lot := func(board int, winner int64, reason string) (*knockout.MatchView, error) {
			return svc.DecideByLot(ctx, knockout.LotInput{EventID: e.ID, Round: 1, Board: board, WinnerID: winner, Reason: reason})
		}
		for _, g := range r.Games {
			for number := 1; number <= 2; number++ {
				if _, err := svc.RecordGame(ctx, knockout.GameInput{EventID: e.ID, Round: 1, Board: g.Board, Number: number, Score: "1:1", EndReason: "agreement"}); err != nil {
					t.Fatal(err)
				}
			}
			if m, err := lot(g.Board, g.WhiteID, "жребий по регламенту"); err != nil || m.WinnerID != g.WhiteID {
				t.Fatalf("the lot of board %d: %+v %v", g.Board, m, err)
			}
		}
		first := r.Games[0]
		if _, err := lot(first.Board, first.BlackID, " "); code(err) != tournament.EINVALID {
			t.Errorf("a lot corrected without a reason: %v, want EINVALID", err)
		}
		m, err := lot(first.Board, first.BlackID, "жребий внесён не за того игрока")
		if err != nil || m.WinnerID != first.BlackID || m.Lot == nil || m.Lot.Reason != "жребий внесён не за того игрока" {
			t.Fatalf("the lot corrected: %+v %v", m, err)
		}
		round, err := events.Round(ctx, e.ID, 1)
		if err != nil {
			t.Fatal(err)
		}
		if res := tournament.FindGame(round, first.Board).Result; res == nil || res.Outcome() != tournament.BlackWins {
			t.Errorf("the board after the lot's correction: %+v, want a win for Black", res)
		}
		log, err := events.Audit(ctx, e.ID)
		if err != nil {
			t.Fatal(err)
		}
		corrected := 0
		for _, a := range log {
			if a.Action == tournament.ActionResultCorrect && a.Subject == fmt.Sprintf("round 1 board %d", first.Board) {
				corrected++
				if a.Before == "" || a.Before == a.After || !strings.Contains(a.Reason, "не за того игрока") {
					t.Errorf("the lot's correction logged as %+v", a)
				}
			}
		}
		if corrected != 1 {
			t.Errorf("%d corrections of the lot in the audit log, want 1", corrected)
		}
		if b, err := svc.Bracket(ctx, e.ID); err != nil || !b.Rounds[0].Matches[0].MayCorrectLot {
			t.Errorf("the bracket before round 2 does not offer the lot's correction: %v", err)
		}
		// The same lot again changes nothing.
		if _, err := lot(first.Board, first.BlackID, "жребий внесён не за того игрока"); err != nil {
			t.Errorf("the same lot again: %v", err)
		}
		// Round 2 is paired on the winners: the lot stands.
		storetest.PublishNextRound(t, ctx, events, e.ID)
		if _, err := lot(first.Board, first.WhiteID, "ещё одна ошибка"); code(err) != tournament.ECONFLICT || !strings.Contains(err.Error(), "take the later rounds back") {
			t.Errorf("a lot corrected after the next round was paired: %v, want ECONFLICT", err)
		}
		b, err := svc.Bracket(ctx, e.ID)
		if err != nil {
			t.Fatal(err)
		}
		if m := b.Rounds[0].Matches[0]; m.WinnerID != first.BlackID || m.MayCorrectLot {
			t.Errorf("after the refused correction: winner %d (want %d), correction offered %v", m.WinnerID, first.BlackID, m.MayCorrectLot)
		}
	})
}
