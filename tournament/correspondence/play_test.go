package correspondence_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"adiukh/rules"
	"adiukh/rules/adiukh"
	"adiukh/tournament"
	"adiukh/tournament/catalog"
	"adiukh/tournament/correspondence"
	"adiukh/tournament/engines"
	"adiukh/tournament/store"
	"adiukh/tournament/store/storetest"
)

// A refused move is explained in the reader's language, the rules' reason
// included, not only the words around it.
func TestRefusedMoveInReadersLanguage(t *testing.T) {
	t.Parallel()
	_, svc, sec, _, g := oneGame(t, "10d", correspondence.SettingsInput{})
	for move, want := range map[string]string{
		"c3-c5": "ход 1 (полуход 1): c3-c5 — невозможный ход (ходят белые); возможные ходы: ",
		"d4-e5": "ход 1 (полуход 1): d4-e5: на поле d4 нет фигуры; возможные ходы: ",
	} {
		_, err := svc.Move(sec.as(g.WhiteID), correspondence.MoveInput{GameID: g.ID, Move: move, Ply: 0})
		var e *tournament.Error
		if !errors.As(err, &e) || e.Code != tournament.EINVALID {
			t.Fatalf("%s: %v, want EINVALID", move, err)
		}
		if got := catalog.For(catalog.Russian).Phrase(e); !strings.HasPrefix(got, want) {
			t.Errorf("%s: %q, want it to start %q", move, got, want)
		}
	}
}

// The §5 cycle: a position comes back every six plies.
var cycle = []string{"c7:e5", "d6:f4:d2", "e3:c1", "d2-e3", "c1:f4:c7", "e5-d6"}

// A game whose position comes back a third time waits for the arbiter; the
// arbiter who lets it go on starts the count again, so the game is played
// on until a position comes back a third time after the reopening. The
// side to move keeps the time it had when the game stopped.
func TestRepetitionAfterReopen(t *testing.T) {
	t.Parallel()
	_, svc, sec, clk, g := oneGame(t, "50d/10", correspondence.SettingsInput{
		StartPosition: ptr("white: d6-3, f8-4/3; black: c7-1/3, e1-3/1, e3-2, h4-3/1"), StartSide: ptr("black")})
	play := func(from, to int) *correspondence.View {
		t.Helper()
		var v *correspondence.View
		var err error
		for ply := from; ply < to; ply++ {
			player := g.BlackID
			if ply%2 == 1 {
				player = g.WhiteID
			}
			if v, err = svc.Move(sec.as(player), correspondence.MoveInput{GameID: g.ID, Move: cycle[ply%6], Ply: ply}); err != nil {
				t.Fatalf("ply %d: %v", ply+1, err)
			}
			if v.Status != correspondence.Running && ply+1 < to {
				t.Fatalf("after ply %d the game is %s: %s", ply+1, v.Status, tournament.NoteMessage(v.Note))
			}
		}
		return v
	}
	if v := play(0, 12); v.Status != correspondence.Adjudication {
		t.Fatalf("the start position back a third time: %s, want adjudication", v.Status)
	}
	clk.Set(t0.Add(2 * correspondence.Day))
	rv, err := svc.Reopen(sec.ctx, correspondence.ReopenInput{GameID: g.ID, Days: 3, Reason: "play on"})
	if err != nil {
		t.Fatal(err)
	}
	if rv.Bank[rules.Black] != 50*correspondence.Day {
		t.Errorf("Black's bank after the reopening: %v, want the 50 days it had, not the 3 given", rv.Bank[rules.Black])
	}
	v := play(12, 24)
	if v.Status != correspondence.Adjudication || v.Result != nil {
		t.Fatalf("the position after ply 12 back a third time after the reopening: %s %+v, want adjudication without a result", v.Status, v.Result)
	}
	if note := catalog.For(catalog.English).Message(tournament.NoteMessage(v.Note)); !strings.Contains(note, "after ply 24 occurred for the third time") {
		t.Errorf("note %q", note)
	}
}

// The round follows its games: the resignation that ends its one game
// makes it done, and the reopening that takes the result back makes it
// published again, with no result on the board.
func TestReopenTakesTheRoundBack(t *testing.T) {
	t.Parallel()
	_, svc, sec, _, g := oneGame(t, "10d", correspondence.SettingsInput{})
	round := func() *tournament.Round {
		t.Helper()
		r, err := sec.events.Round(sec.ctx, sec.eventID, g.Round)
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	if _, err := svc.Resign(sec.as(g.WhiteID), g.ID); err != nil {
		t.Fatal(err)
	}
	if r := round(); r.Status != tournament.Done || r.Games[0].Result == nil || r.Games[0].Result.Score() != "0:24" {
		t.Fatalf("after White resigned the round is %s with result %v; want done with 0:24", r.Status, r.Games[0].Result)
	}
	if _, err := svc.Reopen(sec.ctx, correspondence.ReopenInput{GameID: g.ID, Days: 3, Reason: "сдача по ошибке"}); err != nil {
		t.Fatal(err)
	}
	if r := round(); r.Status != tournament.Published || r.Games[0].Result != nil {
		t.Errorf("after the reopening the round is %s with result %v; want published without one", r.Status, r.Games[0].Result)
	}
}

// A game that ended in a final position cannot be reopened: the side to
// move has no move, so it could only lose on time; its result stays.
func TestReopenFinalPosition(t *testing.T) {
	t.Parallel()
	_, svc, sec, g := thematicGame(t, "white: c7-1, e7-11/1; black: a1-11", "white")
	v, err := svc.Move(sec.as(g.WhiteID), correspondence.MoveInput{GameID: g.ID, Move: "c7-d8", Ply: 0})
	if err != nil || v.Result == nil || v.Result.Score() != "13:11" || v.Result.EndReason != tournament.FinalPosition {
		t.Fatalf("c7-d8 leaves Black without a move: %+v, %v; want 13:11 by the final position", v, err)
	}
	_, err = svc.Reopen(sec.ctx, correspondence.ReopenInput{GameID: g.ID, Days: 3, Reason: "check"})
	var e *tournament.Error
	if !errors.As(err, &e) || e.Code != tournament.ECONFLICT {
		t.Fatalf("reopening a final position: %v, want ECONFLICT", err)
	}
	if got := catalog.For(catalog.Russian).Phrase(e); !strings.Contains(got, "конечной позиции (у стороны «чёрные» нет хода)") {
		t.Errorf("the refusal in Russian: %q", got)
	}
	games, err := svc.Games(sec.ctx, sec.eventID)
	if err != nil || games[0].Status != correspondence.Finished || games[0].Result == nil || games[0].Result.Score() != "13:11" {
		t.Errorf("after the refused reopening: %+v, %v", games, err)
	}
}

// A sweep that runs after the event's end (the server was down) records a
// loss on time that fell before the end, and sends to adjudication only
// the games whose clocks had not run out by then.
func TestDeadlineBeforeTheEndFoundAfterIt(t *testing.T) {
	t.Parallel()
	st := storetest.SQLite(t)
	svc, clk := serviceAt(st, t0)
	sec := newSection(t, st, svc, 4, "10d", correspondence.SettingsInput{})
	// The event ends on 15 December; White's first deadlines are on 11
	// December 12:00 UTC.
	if _, err := sec.events.UpdateEvent(sec.ctx, sec.eventID, tournament.EventInput{EndDate: ptr("2026-12-15")}, "the end of the section"); err != nil {
		t.Fatal(err)
	}
	games, err := svc.Games(sec.ctx, sec.eventID)
	if err != nil || len(games) != 6 {
		t.Fatalf("games %v, %v", games, err)
	}
	// White moves in the first game on 10 December: Black's deadline is
	// after the end.
	clk.Set(t0.Add(9 * correspondence.Day))
	if _, err := svc.Move(sec.as(games[0].WhiteID), correspondence.MoveInput{GameID: games[0].ID, Move: "c3-d4", Ply: 0}); err != nil {
		t.Fatal(err)
	}
	at := time.Date(2026, 12, 17, 9, 0, 0, 0, time.UTC)
	rep, err := svc.Expire(context.Background(), at)
	if err != nil {
		t.Fatal(err)
	}
	if rep.TimedOut != 5 || rep.Adjudicated != 1 {
		t.Errorf("the sweep after the end: %+v, want 5 losses on time and 1 adjudication", rep)
	}
	games, err = svc.Games(sec.ctx, sec.eventID)
	if err != nil {
		t.Fatal(err)
	}
	for i, g := range games {
		switch {
		case i == 0 && g.Status != correspondence.Adjudication:
			t.Errorf("game %d, Black's clock running at the end: %s, want adjudication", g.ID, g.Status)
		case i > 0 && (g.Result == nil || g.Result.EndReason != tournament.LossOnTime):
			t.Errorf("game %d, White's time out on 11 December: %s %+v, want lost on time", g.ID, g.Status, g.Result)
		}
	}
}

// A move that ends the game while the opponent's draw offer stands tells
// the opponent that the game is over, not also that the offer was declined:
// there is no game left to go on with.
func TestGameOverIsNotADeclinedDraw(t *testing.T) {
	t.Parallel()
	_, svc, sec, g := thematicGame(t, blockedAfterTwoMoves, "black")
	if _, err := svc.Move(sec.as(g.BlackID), correspondence.MoveInput{GameID: g.ID, Move: "b4-a3", Ply: 0, OfferDraw: true}); err != nil {
		t.Fatal(err)
	}
	v, err := svc.Move(sec.as(g.WhiteID), correspondence.MoveInput{GameID: g.ID, Move: "c7-d8", Ply: 1})
	if err != nil || v.Result == nil || v.Result.EndReason != tournament.FinalPosition {
		t.Fatalf("c7-d8 leaves Black without a move: %+v, %v", v, err)
	}
	inbox, err := svc.Inbox(sec.as(g.BlackID), 10)
	if err != nil {
		t.Fatal(err)
	}
	var kinds []string
	for _, n := range inbox {
		kinds = append(kinds, string(n.Kind))
	}
	if strings.Join(kinds, " ") != "game_over your_move" {
		t.Errorf("Black hears %v, want the end of the game (and the earlier move)", kinds)
	}
}

// A move sent with a draw offer is marked = in the game's sheet and in the
// PDN, as a player writes it (rules §7.2), and both still replay.
func TestDrawOfferMarkedInTheRecords(t *testing.T) {
	t.Parallel()
	st, svc, sec, g := thematicGame(t, blockedAfterTwoMoves, "black")
	if _, err := svc.Move(sec.as(g.BlackID), correspondence.MoveInput{GameID: g.ID, Move: "b4-a3", Ply: 0, OfferDraw: true}); err != nil {
		t.Fatal(err)
	}
	var pdn strings.Builder
	if err := svc.PDN(sec.ctx, &pdn, sec.eventID, 0); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(pdn.String(), "1... b4-a3= {") {
		t.Errorf("the PDN does not mark the offer:\n%s", pdn.String())
	}
	if r := adiukh.Validate(adiukh.ParsePDN(pdn.String())[0]); len(r.Errors) > 0 || len(r.Played) != 1 {
		t.Errorf("the PDN does not replay: %v", r.Errors)
	}
	rounds, err := tournament.NewService(st, engines.Options()).Rounds(sec.ctx, sec.eventID)
	if err != nil || len(rounds) == 0 || len(rounds[0].Games) == 0 {
		t.Fatalf("rounds %v, %v", rounds, err)
	}
	sheet := rounds[0].Games[0].Sheet
	if r := adiukh.ValidateSheet(sheet); !strings.Contains(sheet, "1... b4-a3=") || len(r.Errors) > 0 {
		t.Errorf("the game's sheet %q: %v", sheet, r.Errors)
	}
}

// blockedAfterTwoMoves is a start position where 1... b4-a3 2. c7-d8 leaves
// Black without a move: a final position.
const blockedAfterTwoMoves = "white: b2-1, c1-1, c7-1, e7-9/1; black: b4-11"

// thematicGame starts a section of two players from a position, with the
// given side to move, and returns its one game.
func thematicGame(t *testing.T, position, side string) (*store.Store, *correspondence.Service, *section, correspondence.View) {
	t.Helper()
	st, svc, sec, _, g := oneGame(t, "10d", correspondence.SettingsInput{StartPosition: ptr(position), StartSide: ptr(side)})
	return st, svc, sec, g
}

// oneGame starts a section of two players with the given clock and
// settings, and returns its one game and the clock the service keeps time
// by.
func oneGame(t *testing.T, control string, settings correspondence.SettingsInput) (*store.Store, *correspondence.Service, *section, *clock, correspondence.View) {
	t.Helper()
	st := storetest.SQLite(t)
	svc, clk := serviceAt(st, t0)
	sec := newSection(t, st, svc, 2, control, settings)
	games, err := svc.Games(sec.ctx, sec.eventID)
	if err != nil || len(games) != 1 {
		t.Fatalf("games %v, %v", games, err)
	}
	return st, svc, sec, clk, games[0]
}

// A correspondence game takes no claim of the flag: the server ends it
// when a player's time runs out; the refusal says so.
func TestNoClaimInACorrespondenceGame(t *testing.T) {
	t.Parallel()
	_, svc, sec, g := thematicGame(t, blockedAfterTwoMoves, "black")
	_, err := svc.ClaimFlag(sec.as(g.WhiteID), g.ID)
	var refused *tournament.Error
	if !errors.As(err, &refused) || refused.Code != tournament.ECONFLICT || !strings.Contains(catalog.For(catalog.English).Phrase(refused), "played by correspondence") {
		t.Errorf("a claim in a correspondence game: %v, want refused as no live game", err)
	}
}
