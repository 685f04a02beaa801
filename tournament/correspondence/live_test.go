package correspondence_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"adiukh/rules"
	"adiukh/tournament"
	"adiukh/tournament/account"
	"adiukh/tournament/catalog"
	"adiukh/tournament/correspondence"
	"adiukh/tournament/engines"
	registration "adiukh/tournament/players"
	"adiukh/tournament/review"
	"adiukh/tournament/store"
	"adiukh/tournament/store/storetest"
	"adiukh/tournament/teams"
)

// liveEvent is an online blitz event of n players on store st, each
// player's account linked, with round 1 paired and published to start at
// startsAt (zero: at once).
func liveEvent(t testing.TB, st *store.Store, svc *correspondence.Service, clk *clock, n int, control string, startsAt time.Time) (*section, []correspondence.View) {
	t.Helper()
	return liveEventOf(t, st, svc, clk, n, tournament.EventInput{Name: ptr("Блиц онлайн"), Discipline: ptr("blitz"), System: ptr("round-robin"),
		TimeControl: &control, Online: ptr(true)}, startsAt)
}

// liveEventOf is liveEvent of the online event in.
func liveEventOf(t testing.TB, st *store.Store, svc *correspondence.Service, clk *clock, n int, in tournament.EventInput, startsAt time.Time) (*section, []correspondence.View) {
	t.Helper()
	bg := context.Background()
	arbiter := &tournament.User{Email: "arbiter@example.org", Role: tournament.ArbiterRole}
	if err := st.Accounts().Update(bg, func(tx account.Tx) error { return tx.CreateUser(arbiter) }); err != nil {
		t.Fatal(err)
	}
	opt := engines.Options()
	opt.Now, opt.LiveRound = clk.Now, svc.StartLiveRound
	s := &section{ctx: tournament.NewContextWithUser(bg, arbiter), events: tournament.NewService(st, opt), users: map[int64]*tournament.User{}}
	e, err := s.events.CreateEvent(s.ctx, in)
	if err != nil {
		t.Fatal(err)
	}
	s.eventID = e.ID
	// The players' accounts in one transaction: one each was a large
	// part of the sections' making, which most tests of the package do.
	users := make([]*tournament.User, n)
	if err := st.Accounts().Update(bg, func(tx account.Tx) error {
		for i := range users {
			users[i] = &tournament.User{Email: fmt.Sprintf("p%d@example.org", i), Role: tournament.PlayerRole}
			if err := tx.CreateUser(users[i]); err != nil {
				return err
			}
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	for i, u := range users {
		p, err := registration.NewService(s.events).RegisterPlayer(s.ctx, e.ID, tournament.PlayerInput{Name: ptr(fmt.Sprintf("Игрок %d", i+1))})
		if err != nil {
			t.Fatal(err)
		}
		if err := s.events.LinkPlayer(s.ctx, e.ID, p.ID, u.Email); err != nil {
			t.Fatal(err)
		}
		s.players = append(s.players, p.ID)
		s.users[p.ID] = u
	}
	if _, err := s.events.PairNextRound(s.ctx, e.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := s.events.PublishRoundAt(s.ctx, e.ID, 1, startsAt); err != nil {
		t.Fatal(err)
	}
	games, err := svc.Games(s.ctx, e.ID)
	if err != nil {
		t.Fatal(err)
	}
	return s, games
}

// A whole blitz game on the server's clocks, with a fake clock: the round's
// publish starts its game at the start time given; a move before it is
// refused; each move costs the time from the start of the turn to its
// receipt and earns the increment; a move sent twice counts once; a
// player who reloads finds the position and both clocks as they stand;
// the flag falls on the server with nobody connected, and the result goes
// into the round.
func TestLiveBlitzGame(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			svc, clk := serviceAt(st, t0)
			start := t0.Add(time.Minute)
			sec, games := liveEvent(t, st, svc, clk, 2, "3+2", start)
			if len(games) != 1 || !games[0].Live || !games[0].StartedAt.Equal(start) {
				t.Fatalf("the published round's live games: %+v", games)
			}
			g := games[0]
			white, black := sec.as(g.WhiteID), sec.as(g.BlackID)

			_, err := svc.Move(white, correspondence.MoveInput{GameID: g.ID, Move: "c3-d4", Ply: 0})
			if tournament.ErrorCode(err) != tournament.ECONFLICT || !strings.Contains(err.Error(), "starts at") {
				t.Fatalf("a move before the start: %v, want refused until the start", err)
			}
			if err := svc.Present(white, g.ID); err != nil {
				t.Fatal(err)
			}

			clk.Set(start.Add(2500 * time.Millisecond))
			v, err := svc.Move(white, correspondence.MoveInput{GameID: g.ID, Move: "c3-d4", Ply: 0})
			if err != nil {
				t.Fatal(err)
			}
			if want := 3*time.Minute - 2500*time.Millisecond + 2*time.Second; v.Bank[rules.White] != want || v.Moves[0].Left != want || v.Moves[0].Used != 2500*time.Millisecond {
				t.Errorf("White's clock after a move in 2.5 s: %v (move left %v, used %v), want %v", v.Bank[rules.White], v.Moves[0].Left, v.Moves[0].Used, want)
			}
			// The retry of a move the server already has changes nothing.
			if _, err = svc.Move(white, correspondence.MoveInput{GameID: g.ID, Move: "c3-d4", Ply: 0}); tournament.ErrorCode(err) != tournament.ECONFLICT {
				t.Errorf("the same move sent again: %v, want ECONFLICT on the ply", err)
			}

			clk.Set(start.Add(12500 * time.Millisecond))
			if _, err := svc.Move(black, correspondence.MoveInput{GameID: g.ID, Move: "f6-e5", Ply: 1}); err != nil {
				t.Fatal(err)
			}
			// White reloads 20 s into the turn: the position and both clocks.
			clk.Set(start.Add(32500 * time.Millisecond))
			v, err = svc.Game(white, g.ID)
			if err != nil {
				t.Fatal(err)
			}
			if v.Ply != 2 || v.ToMove != rules.White || v.Left[rules.White] != 3*time.Minute-500*time.Millisecond-20*time.Second || v.Left[rules.Black] != 3*time.Minute-8*time.Second {
				t.Errorf("after a reload: ply %d, %s to move, clocks %v; want ply 2, White with 2:39.5 and Black 2:52", v.Ply, v.ToMove, v.Left)
			}

			// Nobody is connected when White's flag falls: the sweep ends
			// the game, 0:24, into the round.
			flag := start.Add(12500*time.Millisecond + 3*time.Minute - 500*time.Millisecond)
			if n, err := svc.ExpireLive(context.Background(), flag.Add(-time.Millisecond)); err != nil || n != 0 {
				t.Fatalf("a millisecond before the flag the sweep ended %d games (%v)", n, err)
			}
			clk.Set(flag.Add(300 * time.Millisecond))
			if n, err := svc.ExpireLive(context.Background(), clk.Now()); err != nil || n != 1 {
				t.Fatalf("the sweep after the flag ended %d games (%v), want 1", n, err)
			}
			v, _ = svc.Game(white, g.ID)
			if v.Status != correspondence.Finished || v.Result == nil || v.Result.Score() != "0:24" || v.Result.EndReason != tournament.LossOnTime {
				t.Fatalf("after the flag: %s %+v, want White lost on time", v.Status, v.Result)
			}
			// Issue 64: the note says the flag fell, in live play's words.
			if note := tournament.NoteMessage(v.Note); note.Format != "note.game.flag.white" {
				t.Errorf("the note of White's flag: %+v, want note.game.flag.white", note)
			}
			_, err = svc.Move(white, correspondence.MoveInput{GameID: g.ID, Move: "d4:f6", Ply: 2})
			var refused *tournament.Error
			if !errors.As(err, &refused) || refused.Code != tournament.ECONFLICT || !strings.Contains(catalog.For(catalog.English).Phrase(refused), "0:24") {
				t.Errorf("a move after the flag: %v, want refused with the result", err)
			}
			r, err := sec.events.Round(sec.ctx, sec.eventID, 1)
			if err != nil || r.Status != tournament.Done || r.Games[0].Result.Score() != "0:24" || !strings.Contains(r.Games[0].Sheet, "1. c3-d4 f6-e5") {
				t.Errorf("the round after the flag: %+v (%v), want the result and the game's moves", r, err)
			}
		})
	}
}

// A player who does not show up by the no-show time (the base time) loses
// by forfeit, 24:0, not over the board; when neither shows, both do.
func TestLiveNoShow(t *testing.T) {
	t.Parallel()
	st := storetest.SQLite(t)
	svc, clk := serviceAt(st, t0)
	sec, games := liveEvent(t, st, svc, clk, 4, "5+3", time.Time{})
	if len(games) != 2 {
		t.Fatalf("games %+v", games)
	}
	// In the first game only White shows up, and moves; in the second
	// nobody does.
	shown := games[0]
	clk.Set(t0.Add(10 * time.Second))
	if _, err := svc.Move(sec.as(shown.WhiteID), correspondence.MoveInput{GameID: shown.ID, Move: "c3-d4", Ply: 0}); err != nil {
		t.Fatal(err)
	}
	clk.Set(t0.Add(5*time.Minute + time.Second))
	if n, err := svc.ExpireLive(context.Background(), clk.Now()); err != nil || n != 2 {
		t.Fatalf("the sweep at the no-show time ended %d games (%v), want both", n, err)
	}
	for i, want := range []string{"24:0 forfeit", "0:0 double_forfeit"} {
		v, err := svc.Game(sec.ctx, games[i].ID)
		if err != nil {
			t.Fatal(err)
		}
		if got := v.Result.Score() + " " + string(v.Result.EndReason); got != want {
			t.Errorf("game %d: %s, want %s", i+1, got, want)
		}
	}
	// White, who saw Black's no-show clock run out, claims after the
	// sweep has granted the forfeit: the answer is the game as it ended.
	if v, err := svc.ClaimFlag(sec.as(shown.WhiteID), shown.ID); err != nil || v.Result.Score() != "24:0" {
		t.Errorf("the claim of a forfeit already granted: %+v %v, want the game as it ended", v, err)
	}
}

// The arbiter of a live game gives a side time, adjourns the game (the
// clocks stop) and resumes it with the time each side had; a player may do
// none of it, and a correspondence game takes no seconds.
func TestLiveArbiter(t *testing.T) {
	t.Parallel()
	st := storetest.SQLite(t)
	svc, clk := serviceAt(st, t0)
	sec, games := liveEvent(t, st, svc, clk, 2, "3+2", time.Time{})
	g := games[0]
	for _, id := range []int64{g.WhiteID, g.BlackID} {
		if err := svc.Present(sec.as(id), g.ID); err != nil {
			t.Fatal(err)
		}
	}
	_, err := svc.GiveTime(sec.as(g.WhiteID), correspondence.GiveTimeInput{GameID: g.ID, Side: rules.White, Seconds: 60, Reason: "сам себе"})
	if tournament.ErrorCode(err) != tournament.EFORBIDDEN {
		t.Errorf("a player gives himself time: %v", err)
	}
	if _, err := svc.GiveTime(sec.ctx, correspondence.GiveTimeInput{GameID: g.ID, Side: rules.White, Seconds: 60}); tournament.ErrorCode(err) != tournament.EINVALID {
		t.Errorf("time given without a reason: %v", err)
	}
	clk.Set(t0.Add(10 * time.Second))
	v, err := svc.GiveTime(sec.ctx, correspondence.GiveTimeInput{GameID: g.ID, Side: rules.White, Seconds: 60, Reason: "сбой связи"})
	if err != nil {
		t.Fatal(err)
	}
	if v.Left[rules.White] != 4*time.Minute-10*time.Second {
		t.Errorf("White after a minute given 10 s into the turn: %v, want 3:50", v.Left[rules.White])
	}
	clk.Set(t0.Add(30 * time.Second))
	v, err = svc.Adjourn(sec.ctx, correspondence.AdjournInput{GameID: g.ID, Reason: "спор о ходе"})
	if err != nil || v.Status != correspondence.Adjudication {
		t.Fatalf("adjourned: %+v %v", v, err)
	}
	clk.Set(t0.Add(time.Hour))
	if _, err := svc.Move(sec.as(g.WhiteID), correspondence.MoveInput{GameID: g.ID, Move: "c3-d4", Ply: 0}); tournament.ErrorCode(err) != tournament.ECONFLICT {
		t.Errorf("a move in the adjourned game: %v", err)
	}
	v, err = svc.Reopen(sec.ctx, correspondence.ReopenInput{GameID: g.ID, Seconds: 0, Reason: "продолжить"})
	if err != nil {
		t.Fatal(err)
	}
	if v.Status != correspondence.Running || v.Left[rules.White] != 3*time.Minute+30*time.Second {
		t.Errorf("resumed an hour later: %s with %v, want White's 3:30 left when adjourned", v.Status, v.Left[rules.White])
	}
	clk.Set(t0.Add(time.Hour + 5*time.Second))
	if _, err := svc.Move(sec.as(g.WhiteID), correspondence.MoveInput{GameID: g.ID, Move: "c3-d4", Ply: 0}); err != nil {
		t.Errorf("a move after the resumption: %v", err)
	}
}

// The rounds of a live event with a pause flow by themselves: once every
// game of round 1 is over and the pause has passed, round 2 is due; the
// server pairs and publishes it, its games start, and a second instance
// doing the same at once pairs nothing more.
func TestLiveRoundsFlowByThemselves(t *testing.T) {
	t.Parallel()
	st := storetest.SQLite(t)
	svc, clk := serviceAt(st, t0)
	sec, games := liveEvent(t, st, svc, clk, 4, "3+2", time.Time{})
	if _, err := sec.events.UpdateEvent(sec.ctx, sec.eventID, tournament.EventInput{NextRoundAfter: ptr(30)}, ""); err != nil {
		t.Fatal(err)
	}
	for i, g := range games {
		clk.Set(t0.Add(time.Duration(i+1) * 10 * time.Second))
		if _, err := svc.Resign(sec.as(g.WhiteID), g.ID); err != nil {
			t.Fatal(err)
		}
	}
	// The last game ended 20 s after the start.
	if due, err := svc.DueRounds(context.Background(), t0.Add(49*time.Second)); err != nil || len(due) != 0 {
		t.Fatalf("29 s after the last game: %+v %v, want nothing due", due, err)
	}
	at := t0.Add(50 * time.Second)
	clk.Set(at)
	due, err := svc.DueRounds(context.Background(), at)
	if err != nil || len(due) != 1 || due[0].Done != 1 {
		t.Fatalf("30 s after the last game: %+v %v, want round 2 due", due, err)
	}
	server := tournament.ServerContext(context.Background())
	r, err := sec.events.PairAndPublishAfter(server, due[0].EventID, due[0].Done)
	if err != nil || r.Number != 2 || r.Status != tournament.Published {
		t.Fatalf("round 2 by the server: %+v %v", r, err)
	}
	if _, err := sec.events.PairAndPublishAfter(server, due[0].EventID, due[0].Done); tournament.ErrorCode(err) != tournament.ECONFLICT {
		t.Errorf("a second instance pairing round 2 again: %v, want a conflict", err)
	}
	all, err := svc.Games(sec.ctx, sec.eventID)
	if err != nil {
		t.Fatal(err)
	}
	started := 0
	for _, g := range all {
		if g.Round == 2 && g.Live && g.Status == correspondence.Running && g.StartedAt.Equal(at) {
			started++
		}
	}
	if started != 2 {
		t.Errorf("round 2 has %d live games started at once, want 2", started)
	}
	if due, _ := svc.DueRounds(context.Background(), at.Add(time.Hour)); len(due) != 0 {
		t.Errorf("with round 2 being played: %+v due", due)
	}
	audit, _ := sec.events.Audit(sec.ctx, sec.eventID)
	if last := audit[len(audit)-1]; last.UserEmail != "server" {
		t.Errorf("the last audit entry is by %q, want the server", last.UserEmail)
	}
}

// A live game's result comes from the game or the arbiter's decision on
// it: the desk's result entry is refused, and so is taking the round back
// to a draft.
func TestLiveRoundsKeepTheirGames(t *testing.T) {
	t.Parallel()
	st := storetest.SQLite(t)
	svc, clk := serviceAt(st, t0)
	sec, _ := liveEvent(t, st, svc, clk, 2, "3+2", time.Time{})
	_, err := sec.events.RecordResult(sec.ctx, tournament.ResultInput{EventID: sec.eventID, Round: 1, Board: 1, Score: "24:0", EndReason: "resignation"})
	if tournament.ErrorCode(err) != tournament.ECONFLICT {
		t.Errorf("a result entered at the desk: %v, want a conflict", err)
	}
	if _, err := review.NewService(st.Review(), sec.events, review.Options{}).UnpublishRound(sec.ctx, sec.eventID, 1, "ошибка"); tournament.ErrorCode(err) != tournament.ECONFLICT {
		t.Errorf("round 1 taken back to a draft: %v, want a conflict", err)
	}
}

// A player who sees the opponent's clock at zero claims the win and the
// game ends there and then, by the server's clock, before any sweep, the
// audit naming the claim and its claimant; a
// claim the server's clock does not bear out is refused with the time
// left, and the side to move has nothing to claim.
func TestLiveClaimFlag(t *testing.T) {
	t.Parallel()
	st := storetest.SQLite(t)
	svc, clk := serviceAt(st, t0)
	sec, games := liveEvent(t, st, svc, clk, 2, "3+2", time.Time{})
	g := games[0]
	white, black := sec.as(g.WhiteID), sec.as(g.BlackID)
	for _, ctx := range []context.Context{white, black} {
		if err := svc.Present(ctx, g.ID); err != nil {
			t.Fatal(err)
		}
	}
	english := catalog.For(catalog.English)
	if _, err := svc.ClaimFlag(white, g.ID); tournament.ErrorCode(err) != tournament.ECONFLICT || !strings.Contains(err.Error(), "your move") {
		t.Errorf("the side to move claims: %v, want refused", err)
	}
	clk.Set(t0.Add(179800 * time.Millisecond))
	_, err := svc.ClaimFlag(black, g.ID)
	var refused *tournament.Error
	if !errors.As(err, &refused) || refused.Code != tournament.ECONFLICT || !strings.Contains(english.Phrase(refused), "0.2 s left") {
		t.Errorf("a claim 0.2 s early: %v, want refused with the time left", err)
	}
	clk.Set(t0.Add(180 * time.Second))
	v, err := svc.ClaimFlag(black, g.ID)
	if err != nil || v.Status != correspondence.Finished || v.Result.Score() != "0:24" || v.Result.EndReason != tournament.LossOnTime {
		t.Fatalf("the claim at the flag: %+v %v, want White lost on time", v, err)
	}
	if v.Left[rules.White] != 0 || v.Left[rules.Black] != 3*time.Minute {
		t.Errorf("the clocks of the game lost on time: %v, want White's at zero and Black's full", v.Left)
	}
	if r, err := sec.events.Round(sec.ctx, sec.eventID, 1); err != nil || r.Games[0].Result == nil || r.Games[0].Result.Score() != "0:24" {
		t.Errorf("the round after the claim: %+v %v", r, err)
	}
	// The audit names the claim and its claimant, not the server's sweep.
	audit, _ := sec.events.Audit(sec.ctx, sec.eventID)
	if last := audit[len(audit)-1]; last.Action != correspondence.ActionClaim || last.UserEmail != sec.users[g.BlackID].Email || !strings.Contains(last.After, "0:24") {
		t.Errorf("the audit's last entry after the claim: %+v, want Black's claim of 0:24", last)
	}
	if v, err := svc.ClaimFlag(black, g.ID); err != nil || v.Result.Score() != "0:24" {
		t.Errorf("the claim sent again: %+v %v, want the game as it ended", v, err)
	}
	if _, err := svc.ClaimFlag(white, g.ID); tournament.ErrorCode(err) != tournament.ECONFLICT {
		t.Errorf("the loser claims: %v, want refused, the game is over", err)
	}
	if n, err := svc.ExpireLive(context.Background(), clk.Now()); err != nil || n != 0 {
		t.Errorf("the sweep after the claim ended %d games (%v), want none", n, err)
	}
}

// One account plays one live game at a time: linked to players of two
// live events whose games overlap, it plays the game it took up first;
// the other refuses its moves, naming the game being played, and opening
// it does not count as showing up. Once the first game is over, the other
// is played. The other players are not held up.
func TestLiveOneGameAtATime(t *testing.T) {
	t.Parallel()
	st := storetest.SQLite(t)
	svc, clk := serviceAt(st, t0)
	sec, games := liveEvent(t, st, svc, clk, 2, "3+2", time.Time{})
	first := games[0]
	both := sec.users[first.WhiteID] // plays White in the first event's game

	// A second live event at the same time: one of its players is linked
	// to the same account.
	e, err := sec.events.CreateEvent(sec.ctx, tournament.EventInput{Name: ptr("Второй блиц"), Discipline: ptr("blitz"), System: ptr("round-robin"),
		TimeControl: ptr("3+2"), Online: ptr(true)})
	if err != nil {
		t.Fatal(err)
	}
	other := &tournament.User{Email: "other@example.org", Role: tournament.PlayerRole}
	if err := st.Accounts().Update(context.Background(), func(tx account.Tx) error { return tx.CreateUser(other) }); err != nil {
		t.Fatal(err)
	}
	for i, u := range []*tournament.User{both, other} {
		p, err := registration.NewService(sec.events).RegisterPlayer(sec.ctx, e.ID, tournament.PlayerInput{Name: ptr(fmt.Sprintf("Участник %d", i+1)), Rating: ptr(2000 - i)})
		if err != nil {
			t.Fatal(err)
		}
		if err := sec.events.LinkPlayer(sec.ctx, e.ID, p.ID, u.Email); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := sec.events.PairNextRound(sec.ctx, e.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := sec.events.PublishRound(sec.ctx, e.ID, 1); err != nil {
		t.Fatal(err)
	}
	seconds, err := svc.Games(sec.ctx, e.ID)
	if err != nil || len(seconds) != 1 {
		t.Fatalf("the second event's games: %+v %v", seconds, err)
	}
	second := seconds[0]
	asBoth := tournament.NewContextWithUser(context.Background(), both)
	asOther := tournament.NewContextWithUser(context.Background(), other)
	// The account's side in the second game, read without opening it
	// (opening it is showing up).
	side, found := rules.White, false
	mine, err := svc.MyGames(asBoth)
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range mine {
		if g.ID == second.ID {
			side, found = g.Side, true
		}
	}
	if !found {
		t.Fatalf("the account's games %+v lack the second game", mine)
	}

	// The account opens the first game, then the second.
	clk.Set(t0.Add(2 * time.Second))
	if err := svc.Present(asBoth, first.ID); err != nil {
		t.Fatal(err)
	}
	clk.Set(t0.Add(5 * time.Second))
	if err := svc.Present(asBoth, second.ID); err != nil {
		t.Fatal(err)
	}
	if err := svc.Present(asOther, second.ID); err != nil {
		t.Fatal(err)
	}
	if v, _ := svc.Game(sec.ctx, second.ID); !v.Shown[side].IsZero() || v.Shown[side.Opponent()].IsZero() {
		t.Errorf("the second game's players shown %v: the account playing the first game is not at its board, the other is", v.Shown)
	}
	page, err := svc.GamePage(asBoth, second.ID)
	if err != nil || page.Elsewhere == nil || page.Elsewhere.Game.ID != first.ID || page.Elsewhere.Event.ID != sec.eventID {
		t.Errorf("the second game's page: elsewhere %+v (%v), want the first game", page.Elsewhere, err)
	}
	if side == rules.Black {
		if _, err := svc.Move(asOther, correspondence.MoveInput{GameID: second.ID, Move: "c3-d4", Ply: 0}); err != nil {
			t.Fatalf("the other player's move is not held up: %v", err)
		}
	}
	move := map[rules.Color]string{rules.White: "c3-d4", rules.Black: "f6-e5"}[side]
	_, err = svc.Move(asBoth, correspondence.MoveInput{GameID: second.ID, Move: move, Ply: int(side)})
	var refused *tournament.Error
	if !errors.As(err, &refused) || refused.Code != tournament.ECONFLICT || !strings.Contains(catalog.For(catalog.English).Phrase(refused), fmt.Sprintf("you are playing game %d (Блиц онлайн, round 1, board 1)", first.ID)) {
		t.Errorf("a move in the second game while the first is played: %v, want refused naming the first", err)
	}
	if _, err := svc.OfferDraw(asBoth, second.ID); tournament.ErrorCode(err) != tournament.ECONFLICT {
		t.Errorf("a draw offered in the second game: %v, want refused", err)
	}
	if _, err := svc.Move(asBoth, correspondence.MoveInput{GameID: first.ID, Move: "c3-d4", Ply: 0}); err != nil {
		t.Errorf("a move in the game the account plays: %v", err)
	}

	// The first game over, the second is played.
	if _, err := svc.Resign(asBoth, first.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := svc.Move(asBoth, correspondence.MoveInput{GameID: second.ID, Move: move, Ply: int(side)}); err != nil {
		t.Errorf("a move in the second game once the first is over: %v", err)
	}
	if page, _ := svc.GamePage(asBoth, second.ID); page.Elsewhere != nil {
		t.Errorf("the second game's page once the first is over: elsewhere %+v", page.Elsewhere)
	}
}

// A team blitz event played live, on both databases: the board games of a
// round start when the round is published with its line-ups (a reserve
// fielded included), at the start time given; a line-up is fixed from
// then on and the desk takes no result; the games end as individual live
// games do (a resignation, a no-show) and their results make the match.
// The rounds wait for the arbiter, after the captains' line-ups.
func TestLiveTeamRound(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			bg := context.Background()
			svc, clk := serviceAt(st, t0)
			arbiter := &tournament.User{Email: "arbiter@example.org", Role: tournament.ArbiterRole}
			if err := st.Accounts().Update(bg, func(tx account.Tx) error { return tx.CreateUser(arbiter) }); err != nil {
				t.Fatal(err)
			}
			opt := engines.Options()
			opt.Now, opt.LiveRound = clk.Now, svc.StartLiveRound
			sec := &section{ctx: tournament.NewContextWithUser(bg, arbiter), events: tournament.NewService(st, opt), users: map[int64]*tournament.User{}}
			topt := engines.TeamOptions()
			topt.Now = clk.Now
			competitions := teams.NewService(st.Teams(), sec.events, topt)
			e, err := sec.events.CreateEvent(sec.ctx, tournament.EventInput{Name: ptr("Командный блиц"), Discipline: ptr("blitz-team"), System: ptr("round-robin"),
				TimeControl: ptr("3+2"), Online: ptr(true)})
			if err != nil {
				t.Fatalf("a team blitz event online: %v", err)
			}
			sec.eventID = e.ID
			if _, err := sec.events.UpdateEvent(sec.ctx, e.ID, tournament.EventInput{NextRoundAfter: ptr(30)}, ""); tournament.ErrorCode(err) != tournament.EINVALID || !strings.Contains(err.Error(), "next_round_after") {
				t.Errorf("a team event's rounds pairing themselves: %v, want refused", err)
			}
			if _, err := competitions.UpdateTeamSettings(sec.ctx, e.ID, teams.TeamSettingsInput{Boards: ptr(2)}, ""); err != nil {
				t.Fatal(err)
			}
			for i, names := range [][]string{{"Алов", "Бедов", "Запасов"}, {"Вагин", "Гусев"}} {
				var players []tournament.PlayerInput
				for _, n := range names {
					players = append(players, tournament.PlayerInput{Name: ptr(n), Rating: ptr(2000 - 100*i)})
				}
				if _, err := competitions.RegisterTeam(sec.ctx, e.ID, teams.TeamInput{Name: ptr(fmt.Sprintf("Команда %d", i+1)), Players: players}); err != nil {
					t.Fatal(err)
				}
			}
			entered, err := competitions.Teams(sec.ctx, e.ID)
			if err != nil {
				t.Fatal(err)
			}
			for _, team := range entered {
				for _, p := range team.Roster {
					sec.linkPlayer(t, st, p.ID)
				}
			}
			if _, err := competitions.PairNextTeamRound(sec.ctx, e.ID); err != nil {
				t.Fatal(err)
			}
			// Team 1 fields its reserve on board 2.
			reserve := entered[0].Roster[2].ID
			lineup := teams.LineupInput{EventID: e.ID, Round: 1, TeamNo: entered[0].StartNo, Players: []int64{entered[0].Roster[0].ID, reserve}}
			if _, err := competitions.SetLineup(sec.ctx, lineup); err != nil {
				t.Fatal(err)
			}
			start := t0.Add(time.Minute)
			if _, err := sec.events.PublishRoundAt(sec.ctx, e.ID, 1, start); err != nil {
				t.Fatal(err)
			}
			games, err := svc.Games(sec.ctx, e.ID)
			if err != nil || len(games) != 2 {
				t.Fatalf("the live games of the published team round: %+v %v", games, err)
			}
			board2 := games[1]
			if _, ok := board2.SideOf(reserve); !ok || !games[0].Live || !games[0].StartedAt.Equal(start) {
				t.Errorf("the board games: %+v, want live from the start time, the reserve on board 2", games)
			}
			if _, err := competitions.SetLineup(sec.ctx, lineup); tournament.ErrorCode(err) != tournament.ECONFLICT {
				t.Errorf("a line-up changed once the games started: %v, want a conflict", err)
			}
			_, err = competitions.RecordMatchResult(sec.ctx, teams.MatchResultInput{Table: 1, ResultInput: tournament.ResultInput{EventID: e.ID, Round: 1, Board: 1, Score: "24:0", EndReason: "resignation"}})
			if tournament.ErrorCode(err) != tournament.ECONFLICT {
				t.Errorf("a board's result entered at the desk: %v, want a conflict", err)
			}

			// Board 1: both show up, White moves, team 2's player resigns.
			// Board 2: only the reserve shows up.
			clk.Set(start.Add(time.Second))
			board1 := games[0]
			for _, id := range []int64{board1.WhiteID, board1.BlackID, reserve} {
				g := board1.ID
				if id == reserve {
					g = board2.ID
				}
				if err := svc.Present(sec.as(id), g); err != nil {
					t.Fatal(err)
				}
			}
			if _, err := svc.Move(sec.as(board1.WhiteID), correspondence.MoveInput{GameID: board1.ID, Move: "c3-d4", Ply: 0}); err != nil {
				t.Fatal(err)
			}
			loser := board1.WhiteID
			if entered[1].Roster[0].ID != loser && entered[1].Roster[1].ID != loser {
				loser = board1.BlackID
			}
			if _, err := svc.Resign(sec.as(loser), board1.ID); err != nil {
				t.Fatal(err)
			}
			clk.Set(start.Add(3*time.Minute + time.Second))
			if n, err := svc.ExpireLive(bg, clk.Now()); err != nil || n != 1 {
				t.Fatalf("the sweep at the no-show time ended %d games (%v), want board 2", n, err)
			}
			d, err := competitions.TeamEventData(sec.ctx, e.ID)
			if err != nil {
				t.Fatal(err)
			}
			r := d.Rounds[0]
			if r.Status != tournament.Done {
				t.Errorf("the round after both boards: %s, want done", r.Status)
			}
			m := r.Matches[0]
			var home, away int
			for _, b := range m.Boards {
				res := b.Result(e)
				if !res.Done {
					t.Fatalf("board %d has no result: %+v", b.Board, b)
				}
				home += res.HomePoints
				away += res.AwayPoints
			}
			// Team 1 won board 1 by resignation and board 2 by the
			// opponent's no-show: 48 points to 0.
			if team1Home := m.HomeID == entered[0].ID; team1Home && (home != 48 || away != 0) || !team1Home && (home != 0 || away != 48) {
				t.Errorf("the match: %v:%v with team 1 at home %v, want team 1 winning 48:0", home, away, team1Home)
			}
		})
	}
}
