package tournament_test

import (
	"context"
	"testing"

	"adiukh/tournament"
	"adiukh/tournament/engines"
	registration "adiukh/tournament/players"
	"adiukh/tournament/store/storetest"
)

func ptr[T any](v T) *T { return &v }

// forEachService runs a test on a service over every test database.
func forEachService(t *testing.T, opt tournament.Options, test func(t *testing.T, ctx context.Context, svc *tournament.Service)) {
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			test(t, storetest.Arbiter(t, st), tournament.NewService(st, opt))
		})
	}
}

// pairInOrder is a stand-in Swiss engine: it pairs the players of the round
// in start-number order, the last one odd out getting the bye.
func pairInOrder(in tournament.PairingInput) ([]tournament.Pairing, error) {
	var ids []int64
	for _, p := range in.Players {
		if p.PlaysIn(in.Round) {
			ids = append(ids, p.ID)
		}
	}
	var pairings []tournament.Pairing
	for i := 0; i+1 < len(ids); i += 2 {
		pairings = append(pairings, tournament.Pairing{WhiteID: ids[i], BlackID: ids[i+1]})
	}
	if len(ids)%2 == 1 {
		pairings = append(pairings, tournament.Pairing{WhiteID: ids[len(ids)-1]})
	}
	return pairings, nil
}

func TestLateEntryInSwiss(t *testing.T) {
	t.Parallel()
	opt := engines.Options()
	opt.Pairing[tournament.Swiss] = pairInOrder
	forEachService(t, opt, func(t *testing.T, ctx context.Context, svc *tournament.Service) {
		e, players := storetest.Event(t, ctx, svc, "swiss", 3, "А", "Б", "В")
		r1, err := svc.PairNextRound(ctx, e.ID)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := svc.PublishRound(ctx, e.ID, 1); err != nil {
			t.Fatal(err)
		}
		late, err := registration.NewService(svc).RegisterPlayer(ctx, e.ID, tournament.PlayerInput{Name: ptr("Опоздавший"), Rating: ptr(2500)})
		if err != nil {
			t.Fatal(err)
		}
		if late.StartNo != 4 || late.FirstRound != 2 {
			t.Errorf("late entry got start number %d from round %d, want 4 from round 2", late.StartNo, late.FirstRound)
		}
		if _, err := svc.PairNextRound(ctx, e.ID); tournament.ErrorCode(err) != tournament.ECONFLICT {
			t.Errorf("Swiss round 2 before the results of round 1: error %v, want ECONFLICT", err)
		}
		if _, err := svc.RecordResult(ctx, tournament.ResultInput{EventID: e.ID, Round: 1, Board: 1, Score: "12:12", EndReason: "agreement", Version: r1.Games[0].Version}); err != nil {
			t.Fatal(err)
		}
		r2, err := svc.PairNextRound(ctx, e.ID)
		if err != nil {
			t.Fatal(err)
		}
		if len(r2.Games) != 2 || r2.Games[1].BlackID != late.ID {
			t.Errorf("round 2 = %+v; want two games, the late entry among them", r2.Games)
		}
		st, err := svc.Standings(ctx, e.ID, 0)
		if err != nil {
			t.Fatal(err)
		}
		score := map[int64]float64{}
		for _, row := range st.Rows {
			score[row.PlayerID] = row.Score
		}
		if st.AfterRound != 1 || score[players[0].ID] != 1 || score[players[2].ID] != 2 || score[late.ID] != 0 {
			t.Errorf("standings after round %d: %v; want 1, 1, 2 (bye), 0 (late)", st.AfterRound, score)
		}
	})
}

func TestEventStatusAndAudit(t *testing.T) {
	t.Parallel()
	forEachService(t, engines.Options(), func(t *testing.T, ctx context.Context, svc *tournament.Service) {
		e, _ := storetest.Event(t, ctx, svc, "round-robin", 0, "А", "Б")
		for _, tc := range []struct {
			in   tournament.EventInput
			code string
		}{
			{tournament.EventInput{Status: ptr("finished")}, tournament.ECONFLICT},
			{tournament.EventInput{Status: ptr("paused")}, tournament.EINVALID},
			{tournament.EventInput{EndDate: ptr("2026-11-01"), StartDate: ptr("2026-11-05")}, tournament.EINVALID},
			{tournament.EventInput{Scoring: &tournament.Scoring{Win: 1, Draw: 1, Loss: 0}}, tournament.EINVALID},
			{tournament.EventInput{Scoring: &tournament.Scoring{Win: 1, Draw: 0.5, Loss: 0, Bye: 1, ForfeitWin: 1}, City: ptr("Майкоп")}, ""},
		} {
			_, err := svc.UpdateEvent(ctx, e.ID, tc.in, "по положению")
			if tournament.ErrorCode(err) != tc.code {
				t.Errorf("UpdateEvent(%+v): error %v, want code %q", tc.in, err, tc.code)
			}
		}
		r, err := svc.PairNextRound(ctx, e.ID)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := svc.PublishRound(ctx, e.ID, 1); err != nil {
			t.Fatal(err)
		}
		if _, err := svc.RecordResult(ctx, tournament.ResultInput{EventID: e.ID, Round: 1, Board: 1, Score: "13:11", EndReason: "final_position", Version: r.Games[0].Version}); err != nil {
			t.Fatal(err)
		}
		got, err := svc.UpdateEvent(ctx, e.ID, tournament.EventInput{Status: ptr("finished")}, "")
		if err != nil || got.Status != tournament.Finished || got.Rounds != 1 {
			t.Fatalf("finishing the event: %+v, %v", got, err)
		}
		if _, err := svc.UpdateEvent(ctx, e.ID, tournament.EventInput{Status: ptr("registration")}, "по ошибке"); tournament.ErrorCode(err) != tournament.ECONFLICT {
			t.Errorf("a finished event back to registration: error %v, want ECONFLICT", err)
		}
		entries, err := svc.Audit(ctx, e.ID)
		if err != nil {
			t.Fatal(err)
		}
		var actions []string
		for _, a := range entries {
			actions = append(actions, a.Action)
		}
		want := []string{"event.create", "player.create", "player.create", "event.update", "event.update", "round.pair", "round.publish", "result.record", "event.update"}
		if len(actions) != len(want) {
			t.Fatalf("audit actions %v, want %v", actions, want)
		}
		for i := range want {
			if actions[i] != want[i] {
				t.Fatalf("audit actions %v, want %v", actions, want)
			}
		}
		if entries[3].Reason != "по положению" {
			t.Errorf("settings change reason %q, want the one given", entries[3].Reason)
		}
		st, err := svc.Standings(ctx, e.ID, 0)
		if err != nil {
			t.Fatal(err)
		}
		if st.Rows[0].Score != 1 || st.Rows[1].Score != 0 {
			t.Errorf("scores with the 1/½/0 table: %+v", st.Rows)
		}
	})
}

// TestConcurrentResults enters results at the same time: two boards that
// complete a round together must finish it, and two entries for one board
// from the same version must leave one result and one ECONFLICT.
func TestConcurrentResults(t *testing.T) {
	t.Parallel()
	forEachService(t, engines.Options(), func(t *testing.T, ctx context.Context, svc *tournament.Service) {
		for attempt := range 5 {
			e, _ := storetest.Event(t, ctx, svc, "round-robin", 0, "А", "Б", "В", "Г")
			r, err := svc.PairNextRound(ctx, e.ID)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := svc.PublishRound(ctx, e.ID, 1); err != nil {
				t.Fatal(err)
			}
			errs := make(chan error, 3)
			enter := func(board int, score string) {
				_, err := svc.RecordResult(ctx, tournament.ResultInput{EventID: e.ID, Round: 1, Board: board, Score: score, EndReason: "final_position", Version: r.Games[board-1].Version})
				errs <- err
			}
			go enter(1, "17:7")
			go enter(2, "13:11")
			go enter(2, "11:13")
			conflicts := 0
			for range 3 {
				switch err := <-errs; tournament.ErrorCode(err) {
				case tournament.ECONFLICT:
					conflicts++
				case "":
					if err != nil {
						t.Fatal(err)
					}
				default:
					t.Fatal(err)
				}
			}
			got, err := svc.Round(ctx, e.ID, 1)
			if err != nil {
				t.Fatal(err)
			}
			if conflicts != 1 || got.Status != tournament.Done || got.Games[1].Version != 2 {
				t.Fatalf("attempt %d: %d conflicts, round %s, board 2 version %d; want 1 conflict, a finished round, version 2",
					attempt, conflicts, got.Status, got.Games[1].Version)
			}
		}
	})
}
