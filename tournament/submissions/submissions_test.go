package submissions_test

import (
	"context"
	"testing"

	"adiukh/tournament"
	"adiukh/tournament/account"
	"adiukh/tournament/engines"
	"adiukh/tournament/store/storetest"
	"adiukh/tournament/submissions"
)

// TestPlayerSubmissions follows a result reported by a player: refused while
// the event is closed to reports and for other players' boards, checked
// like the arbiter's entry, and counted only once the opponent confirms.
func TestPlayerSubmissions(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			arbiter := storetest.Arbiter(t, st)
			svc := tournament.NewService(st, engines.Options())
			subs := submissions.NewService(st.Submissions(), svc, nil)
			e, players := storetest.Event(t, arbiter, svc, "round-robin", 0, "Хуаде", "Тлехас", "Нехай", "Ачмиз")
			as := map[string]context.Context{}
			for i, p := range players {
				u := &tournament.User{Email: []string{"a", "b", "c", "d"}[i] + "@example.org", Role: tournament.PlayerRole}
				if err := st.Accounts().Update(context.Background(), func(tx account.Tx) error { return tx.CreateUser(u) }); err != nil {
					t.Fatal(err)
				}
				as[p.Name] = tournament.NewContextWithUser(context.Background(), u)
				if err := svc.LinkPlayer(arbiter, e.ID, p.ID, u.Email); err != nil {
					t.Fatal(err)
				}
			}
			if err := svc.LinkPlayer(arbiter, e.ID, players[0].ID, "b@example.org"); tournament.ErrorCode(err) != tournament.ECONFLICT {
				t.Errorf("one account for two players: error %v, want ECONFLICT", err)
			}
			if err := svc.LinkPlayer(as["Хуаде"], e.ID, players[0].ID, "a@example.org"); tournament.ErrorCode(err) != tournament.EFORBIDDEN {
				t.Errorf("a player linking accounts: error %v, want EFORBIDDEN", err)
			}
			r, err := svc.PairNextRound(arbiter, e.ID)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := svc.PublishRound(arbiter, e.ID, 1); err != nil {
				t.Fatal(err)
			}
			g := r.Games[0]
			var white, black, other string
			for _, p := range players {
				switch p.ID {
				case g.WhiteID:
					white = p.Name
				case g.BlackID:
					black = p.Name
				default:
					other = p.Name
				}
			}
			report := submissions.Input{EventID: e.ID, Round: 1, Board: 1, Score: "17:7", EndReason: "final_position"}

			if _, err := subs.SubmitResult(as[white], report); tournament.ErrorCode(err) != tournament.EFORBIDDEN {
				t.Errorf("a report while the event takes none: error %v, want EFORBIDDEN", err)
			}
			if err := subs.SetSubmissions(arbiter, e.ID, true); err != nil {
				t.Fatal(err)
			}
			if _, err := subs.SubmitResult(as[other], report); tournament.ErrorCode(err) != tournament.EFORBIDDEN {
				t.Errorf("a report for another board: error %v, want EFORBIDDEN", err)
			}
			bad := report
			bad.Score = "14:11"
			if _, err := subs.SubmitResult(as[white], bad); tournament.ErrorCode(err) != tournament.EINVALID {
				t.Errorf("a score not adding up to 24: error %v, want EINVALID", err)
			}
			sub, err := subs.SubmitResult(as[white], report)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := subs.DecideSubmission(as[white], e.ID, sub.ID, true, ""); tournament.ErrorCode(err) != tournament.EFORBIDDEN {
				t.Errorf("confirming one's own report: error %v, want EFORBIDDEN", err)
			}
			if _, err := subs.DecideSubmission(as[other], e.ID, sub.ID, true, ""); tournament.ErrorCode(err) != tournament.EFORBIDDEN {
				t.Errorf("a stranger confirming: error %v, want EFORBIDDEN", err)
			}
			round, err := svc.Round(arbiter, e.ID, 1)
			if err != nil {
				t.Fatal(err)
			}
			if round.Games[0].Result != nil {
				t.Fatalf("a pending report already counts: %+v", round.Games[0].Result)
			}
			view, err := subs.PlayerView(as[black], e.ID)
			if err != nil {
				t.Fatal(err)
			}
			if !view.SubmissionsOpen || len(view.Submissions) != 1 || view.Submissions[0].Status != tournament.Pending {
				t.Errorf("the opponent's view = %+v; want the pending report", view)
			}
			if _, err := subs.DecideSubmission(as[black], e.ID, sub.ID, true, ""); err != nil {
				t.Fatal(err)
			}
			round, err = svc.Round(arbiter, e.ID, 1)
			if err != nil {
				t.Fatal(err)
			}
			if res := round.Games[0].Result; res == nil || res.Score() != "17:7" {
				t.Fatalf("after the opponent confirmed: result %+v, want 17:7", res)
			}
			if _, err := subs.DecideSubmission(arbiter, e.ID, sub.ID, false, "поздно"); tournament.ErrorCode(err) != tournament.ECONFLICT {
				t.Errorf("deciding a report twice: error %v, want ECONFLICT", err)
			}
			// A stranger is refused before learning that it was decided.
			if _, err := subs.DecideSubmission(as[other], e.ID, sub.ID, false, "поздно"); tournament.ErrorCode(err) != tournament.EFORBIDDEN {
				t.Errorf("a stranger deciding a decided report: error %v, want EFORBIDDEN", err)
			}
			if _, err := subs.SubmitResult(as[white], report); tournament.ErrorCode(err) != tournament.ECONFLICT {
				t.Errorf("a report for a board with a result: error %v, want ECONFLICT", err)
			}

			// The arbiter rejects a report of board 2; the game stays open.
			g2 := r.Games[1]
			var reporter string
			for _, p := range players {
				if p.ID == g2.BlackID {
					reporter = p.Name
				}
			}
			sub2, err := subs.SubmitResult(as[reporter], submissions.Input{EventID: e.ID, Round: 1, Board: 2, Score: "12:12", EndReason: "agreement"})
			if err != nil {
				t.Fatal(err)
			}
			if _, err := subs.DecideSubmission(arbiter, e.ID, sub2.ID, false, "соперник не согласен"); err != nil {
				t.Fatal(err)
			}
			round, err = svc.Round(arbiter, e.ID, 1)
			if err != nil {
				t.Fatal(err)
			}
			if round.Games[1].Result != nil {
				t.Errorf("a rejected report counts: %+v", round.Games[1].Result)
			}
			arbiterView, err := subs.PlayerView(arbiter, e.ID)
			if err != nil {
				t.Fatal(err)
			}
			if len(arbiterView.Submissions) != 2 || arbiterView.Submissions[1].Status != tournament.Rejected || len(arbiterView.Accounts) != 4 {
				t.Errorf("the arbiter's view = %+v; want both reports, the second rejected, and 4 accounts", arbiterView)
			}

			// Board 2 reported again, and the arbiter enters the same
			// result before the report is decided: confirming it changes
			// nothing and is no error, as the same result sent again is
			// at every door (issue 64).
			sub3, err := subs.SubmitResult(as[reporter], submissions.Input{EventID: e.ID, Round: 1, Board: 2, Score: "12:12", EndReason: "agreement"})
			if err != nil {
				t.Fatal(err)
			}
			entered, err := svc.RecordResult(arbiter, tournament.ResultInput{EventID: e.ID, Round: 1, Board: 2, Score: "12:12", EndReason: "agreement", Version: round.Games[1].Version})
			if err != nil {
				t.Fatal(err)
			}
			if decided, err := subs.DecideSubmission(arbiter, e.ID, sub3.ID, true, ""); err != nil || decided.Status != tournament.Confirmed {
				t.Errorf("confirming the result the board has: %+v, %v; want it confirmed", decided, err)
			}
			if round, err = svc.Round(arbiter, e.ID, 1); err != nil || round.Games[1].Version != entered.Version {
				t.Errorf("confirming the result the board has stored it again: version %d, want %d (%v)", round.Games[1].Version, entered.Version, err)
			}
		})
	}
}
