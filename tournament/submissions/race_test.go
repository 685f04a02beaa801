package submissions_test

import (
	"context"
	"sync"
	"testing"

	"adiukh/tournament"
	"adiukh/tournament/account"
	"adiukh/tournament/engines"
	"adiukh/tournament/store/storetest"
	"adiukh/tournament/submissions"
)

// A confirmation, a rejection and the arbiter's own entry of the same
// board, sent at once, run one after another: exactly one decision wins,
// the others get ECONFLICT (never an internal error such as a deadlock),
// and the report's status always agrees with the game's result.
func TestDecisionsOnOneReportDoNotRace(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			arbiter := storetest.Arbiter(t, st)
			svc := tournament.NewService(st, engines.Options())
			subs := submissions.NewService(st.Submissions(), svc, nil)
			e, players := storetest.Event(t, arbiter, svc, "round-robin", 0, "Хуаде", "Тлехас", "Нехай", "Ачмиз", "Шеуджен", "Хатков", "Бжассо", "Тхагапсо")
			as := map[int64]context.Context{}
			for i, p := range players {
				u := &tournament.User{Email: string(rune('a'+i)) + "@example.org", Role: tournament.PlayerRole}
				if err := st.Accounts().Update(context.Background(), func(tx account.Tx) error { return tx.CreateUser(u) }); err != nil {
					t.Fatal(err)
				}
				as[p.ID] = tournament.NewContextWithUser(context.Background(), u)
				if err := svc.LinkPlayer(arbiter, e.ID, p.ID, u.Email); err != nil {
					t.Fatal(err)
				}
			}
			r, err := svc.PairNextRound(arbiter, e.ID)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := svc.PublishRound(arbiter, e.ID, 1); err != nil {
				t.Fatal(err)
			}
			if err := subs.SetSubmissions(arbiter, e.ID, true); err != nil {
				t.Fatal(err)
			}
			for _, g := range r.Games {
				sub, err := subs.SubmitResult(as[g.WhiteID], submissions.Input{EventID: e.ID, Round: 1, Board: g.Board, Score: "17:7", EndReason: "final_position"})
				if err != nil {
					t.Fatal(err)
				}
				errs := make([]error, 3)
				var wg sync.WaitGroup
				wg.Go(func() { _, errs[0] = subs.DecideSubmission(as[g.BlackID], e.ID, sub.ID, true, "") })
				wg.Go(func() {
					_, errs[1] = subs.DecideSubmission(arbiter, e.ID, sub.ID, false, "соперник не согласен")
				})
				wg.Go(func() {
					_, errs[2] = svc.RecordResult(arbiter, tournament.ResultInput{EventID: e.ID, Round: 1, Board: g.Board, Score: "12:12", EndReason: "agreement", Version: g.Version})
				})
				wg.Wait()
				for i, err := range errs {
					if err != nil && tournament.ErrorCode(err) != tournament.ECONFLICT {
						t.Fatalf("board %d, call %d: %v; want success or ECONFLICT", g.Board, i, err)
					}
				}
				if (errs[0] == nil) == (errs[1] == nil) {
					t.Errorf("board %d: confirm %v, reject %v; want exactly one decision to win", g.Board, errs[0], errs[1])
				}
				round, err := svc.Round(arbiter, e.ID, 1)
				if err != nil {
					t.Fatal(err)
				}
				view, err := subs.PlayerView(arbiter, e.ID)
				if err != nil {
					t.Fatal(err)
				}
				var status tournament.SubmissionStatus
				for _, s := range view.Submissions {
					if s.ID == sub.ID {
						status = s.Status
					}
				}
				res := round.Games[g.Board-1].Result
				switch {
				case status == tournament.Confirmed && (res == nil || res.Score() != "17:7"):
					t.Errorf("board %d: report confirmed, game result %+v; want 17:7", g.Board, res)
				case status == tournament.Rejected && res != nil && res.Score() == "17:7":
					t.Errorf("board %d: report rejected, yet the game has its score", g.Board)
				case status == tournament.Pending && (errs[0] == nil || errs[1] == nil):
					t.Errorf("board %d: a decision succeeded, the report is still pending", g.Board)
				case res == nil:
					t.Errorf("board %d: no result after a confirmation or the arbiter's entry", g.Board)
				}
			}
		})
	}
}
