package correspondence_test

import (
	"testing"
	"time"

	"adiukh/rules"
	"adiukh/tournament"
	"adiukh/tournament/catalog"
	"adiukh/tournament/correspondence"
	"adiukh/tournament/engines"
	registration "adiukh/tournament/players"
	"adiukh/tournament/store/storetest"
	"adiukh/tournament/teams"
)

// withdrawSection is a started section of four players (six games, three
// rounds) in which player 1 has finished one game (its opponent resigned)
// and moved in one other, if player 1 moves first in one; it returns the
// games of player 1 as they stand.
func withdrawSection(t *testing.T) (*correspondence.Service, *clock, *section, []correspondence.View) {
	t.Helper()
	st := storetest.SQLite(t)
	svc, clk := serviceAt(st, t0)
	sec := newSection(t, st, svc, 4, "10d", correspondence.SettingsInput{})
	p1 := sec.players[0]
	clk.Set(t0.Add(24 * time.Hour))
	games := gamesOf(t, svc, sec, p1)
	if len(games) != 3 {
		t.Fatalf("player 1 has %d games, want 3", len(games))
	}
	// The first game: the opponent resigns, player 1 wins.
	side, _ := games[0].SideOf(p1)
	if _, err := svc.Resign(sec.as(games[0].PlayerID(side.Opponent())), games[0].ID); err != nil {
		t.Fatal(err)
	}
	// Player 1 moves in the first other game where it is their move.
	for _, g := range games[1:] {
		if g.PlayerID(g.ToMove) == p1 {
			if _, err := svc.Move(sec.as(p1), correspondence.MoveInput{GameID: g.ID, Move: "c3-d4", Ply: 0}); err != nil {
				t.Fatal(err)
			}
			break
		}
	}
	return svc, clk, sec, gamesOf(t, svc, sec, p1)
}

func gamesOf(t *testing.T, svc *correspondence.Service, sec *section, playerID int64) []correspondence.View {
	t.Helper()
	all, err := svc.Games(sec.ctx, sec.eventID)
	if err != nil {
		t.Fatal(err)
	}
	var out []correspondence.View
	for _, g := range all {
		if _, ok := g.SideOf(playerID); ok {
			out = append(out, g)
		}
	}
	return out
}

// Withdrawn with "the opponents win": every unfinished game ends 24:0 to the
// opponent at once — a forfeit where the player never moved, a loss by the
// arbiter's decision where they did — the finished game stands, the clocks
// stop, both players hear of each end, the audit log has the withdrawal and
// each game, and the standings and the crosstable count it.
func TestWithdrawOpponentsWin(t *testing.T) {
	t.Parallel()
	svc, _, sec, before := withdrawSection(t)
	p1 := sec.players[0]
	if _, err := svc.Withdraw(sec.ctx, correspondence.WithdrawInput{EventID: sec.eventID, PlayerID: p1, Games: "lose"}); tournament.ErrorCode(err) != tournament.EINVALID {
		t.Errorf("withdrawal without a reason: %v, want EINVALID", err)
	}
	if _, err := svc.Withdraw(sec.ctx, correspondence.WithdrawInput{EventID: sec.eventID, PlayerID: p1, Reason: "ill"}); tournament.ErrorCode(err) != tournament.EINVALID {
		t.Errorf("withdrawal without a choice: %v, want EINVALID", err)
	}
	if _, err := svc.Withdraw(sec.as(p1), correspondence.WithdrawInput{EventID: sec.eventID, PlayerID: p1, Games: "lose", Reason: "ill"}); tournament.ErrorCode(err) != tournament.EFORBIDDEN {
		t.Errorf("a player withdraws himself: %v, want EFORBIDDEN", err)
	}
	w, err := svc.Withdraw(sec.ctx, correspondence.WithdrawInput{EventID: sec.eventID, PlayerID: p1, Games: "lose", Reason: "stopped answering"})
	if err != nil {
		t.Fatal(err)
	}
	if len(w.Ended) != 2 || w.Stood != 1 || len(w.Adjudication) != 0 || w.Player.WithdrawnFrom != 1 {
		t.Errorf("withdrawal: %d ended, %d stood, %d to adjudication, withdrawn from %d; want 2, 1, 0, 1", len(w.Ended), w.Stood, len(w.Adjudication), w.Player.WithdrawnFrom)
	}
	after := gamesOf(t, svc, sec, p1)
	for i, g := range after {
		side, _ := g.SideOf(p1)
		if g.Status != correspondence.Finished || g.Result == nil {
			t.Fatalf("game %d: %s %v, want finished", g.ID, g.Status, g.Result)
		}
		if i == 0 {
			if *g.Result != *before[0].Result {
				t.Errorf("finished game %d: %+v, want it to stand as %+v", g.ID, g.Result, before[0].Result)
			}
			continue
		}
		want := tournament.Result{White: 24, Black: 0, EndReason: tournament.Forfeit}
		if side == rules.White {
			want = tournament.Result{White: 0, Black: 24, EndReason: tournament.Forfeit}
		}
		if before[i].Ply > 0 && (before[i].Ply > 1 || side == before[i].FirstSide()) {
			want.EndReason = tournament.ArbiterLoss
		}
		if *g.Result != want {
			t.Errorf("game %d (ply %d, player 1 %s): %+v, want %+v", g.ID, before[i].Ply, side, *g.Result, want)
		}
		if note := catalog.For(catalog.English).Message(tournament.NoteMessage(g.Note)); note != "Игрок 1 withdrew from the event" {
			t.Errorf("game %d: note %q", g.ID, note)
		}
		if !g.EndedAt.Equal(t0.Add(24 * time.Hour)) {
			t.Errorf("game %d ended at %v", g.ID, g.EndedAt)
		}
	}
	moved := 0
	for _, g := range after[1:] {
		if g.Result.EndReason == tournament.ArbiterLoss {
			moved++
		}
	}
	if moved != 1 {
		t.Errorf("%d games lost by the arbiter's decision, want the one player 1 moved in", moved)
	}
	// Each opponent heard of the end of the game, as of any other.
	for _, g := range after[1:] {
		side, _ := g.SideOf(p1)
		opp := g.PlayerID(side.Opponent())
		inbox, err := svc.Inbox(sec.as(opp), 50)
		if err != nil {
			t.Fatal(err)
		}
		heard := false
		for _, n := range inbox {
			heard = heard || (n.Kind == correspondence.GameOver && n.GameID == g.ID)
		}
		if !heard {
			t.Errorf("the opponent in game %d was not told it is over", g.ID)
		}
	}
	audit, err := sec.events.Audit(sec.ctx, sec.eventID)
	if err != nil {
		t.Fatal(err)
	}
	actions := map[string]int{}
	for _, a := range audit {
		actions[a.Action]++
		if a.Action == tournament.ActionPlayerWithdraw && a.Reason != "stopped answering" {
			t.Errorf("withdrawal logged with reason %q", a.Reason)
		}
	}
	if actions[tournament.ActionPlayerWithdraw] != 1 || actions[correspondence.ActionWithdrawal] != 2 {
		t.Errorf("audit log: %v, want one withdrawal and two games ended by it", actions)
	}
	ct, err := teams.NewService(sec.st.Teams(), sec.events, engines.TeamOptions()).CrosstableAfter(sec.ctx, sec.eventID, 0)
	if err != nil {
		t.Fatal(err)
	}
	side0, _ := before[0].SideOf(p1)
	win := ct.Event.Scoring.Points(*before[0].Result, side0 == rules.White)
	for _, row := range ct.Rows {
		if row.Player.ID == p1 && row.Score != win {
			t.Errorf("player 1 scores %v in the crosstable, want %v (the game won before the withdrawal)", row.Score, win)
		}
		for _, cell := range row.Games {
			if row.Player.ID == p1 && cell.Result == nil {
				t.Errorf("%s, round %d: no result in the crosstable", row.Player.Name, cell.Round)
			}
		}
	}
	if _, err := svc.Withdraw(sec.ctx, correspondence.WithdrawInput{EventID: sec.eventID, PlayerID: p1, Games: "lose", Reason: "again"}); tournament.ErrorCode(err) != tournament.ECONFLICT {
		t.Errorf("second withdrawal: %v, want ECONFLICT", err)
	}
}

// Withdrawn with "adjudicate": the running games stop and wait for the
// arbiter, who then decides each.
func TestWithdrawToAdjudication(t *testing.T) {
	t.Parallel()
	svc, _, sec, _ := withdrawSection(t)
	p1 := sec.players[0]
	w, err := svc.Withdraw(sec.ctx, correspondence.WithdrawInput{EventID: sec.eventID, PlayerID: p1, Games: "adjudicate", Reason: "accepted withdrawal"})
	if err != nil {
		t.Fatal(err)
	}
	if len(w.Adjudication) != 2 || len(w.Ended) != 0 {
		t.Fatalf("withdrawal: %d to adjudication, %d ended; want 2, 0", len(w.Adjudication), len(w.Ended))
	}
	after := gamesOf(t, svc, sec, p1)
	for _, g := range after[1:] {
		if g.Status != correspondence.Adjudication || g.Result != nil {
			t.Errorf("game %d: %s %v, want waiting for adjudication", g.ID, g.Status, g.Result)
		}
	}
	if _, err := svc.Decide(sec.ctx, correspondence.DecisionInput{GameID: after[1].ID, Score: "12:12", EndReason: "adjudication", Reason: "equal position"}); err != nil {
		t.Errorf("deciding a game of the withdrawn player: %v", err)
	}
}

// A clock that ran out before the withdrawal decided its game: the side
// that overstepped loses on time, whoever withdraws.
func TestWithdrawAfterTimeRanOut(t *testing.T) {
	t.Parallel()
	svc, clk, sec, _ := withdrawSection(t)
	clk.Set(t0.Add(12 * 24 * time.Hour))
	p2 := sec.players[1]
	w, err := svc.Withdraw(sec.ctx, correspondence.WithdrawInput{EventID: sec.eventID, PlayerID: p2, Games: "lose", Reason: "ill"})
	if err != nil {
		t.Fatal(err)
	}
	if len(w.Ended)+w.Stood != 3 || len(w.Ended) < 2 {
		t.Errorf("%d games ended, %d stood; want every unfinished game of player 2 ended", len(w.Ended), w.Stood)
	}
	for _, g := range w.Ended {
		if g.Result.EndReason != tournament.LossOnTime {
			t.Errorf("game %d: %+v, want a loss on time (the clock ran out before the withdrawal)", g.ID, g.Result)
		}
	}
}

// A correspondence player is not withdrawn "from a round" through the
// general player update: every round runs at once.
func TestWithdrawFromRoundRefusedInSection(t *testing.T) {
	t.Parallel()
	_, _, sec, _ := withdrawSection(t)
	_, err := registration.NewService(sec.events).UpdatePlayer(sec.ctx, sec.eventID, sec.players[0], tournament.PlayerInput{WithdrawFromRound: ptr(3)}, "ill")
	if tournament.ErrorCode(err) != tournament.ECONFLICT {
		t.Errorf("withdrawal from round 3 of a running section: %v, want ECONFLICT", err)
	}
}
