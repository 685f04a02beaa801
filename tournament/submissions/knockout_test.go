package submissions_test

import (
	"context"
	"strings"
	"testing"

	"adiukh/tournament"
	"adiukh/tournament/account"
	"adiukh/tournament/engines"
	"adiukh/tournament/store/storetest"
	"adiukh/tournament/submissions"
)

// A knockout's board is a match won in its games: a player's report of
// the board's result would write the match's over its games, so a knockout
// open to reports refuses it (and the form is not offered), saying where
// the match's games are entered, and a report kept from before is not
// confirmed.
func TestReportRefusedOnAKnockoutBoard(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			arbiter := storetest.Arbiter(t, st)
			svc := tournament.NewService(st, engines.Options())
			subs := submissions.NewService(st.Submissions(), svc, nil)
			name, discipline, system, control := "Кубок", "rapid", "knockout", "15+10"
			e, err := svc.CreateEvent(arbiter, tournament.EventInput{Name: &name, Discipline: &discipline, System: &system, TimeControl: &control,
				Knockout: &tournament.KnockoutSettings{MatchGames: 2}})
			if err != nil {
				t.Fatal(err)
			}
			var players []*tournament.Player
			for _, name := range []string{"Хуаде", "Тлехас", "Нехай", "Ачмиз"} {
				players = append(players, storetest.Register(t, arbiter, svc, e.ID, tournament.PlayerInput{Name: &name}))
			}
			as := map[int64]context.Context{}
			for i, p := range players {
				u := &tournament.User{Email: []string{"a", "b", "c", "d"}[i] + "@example.org", Role: tournament.PlayerRole}
				if err := st.Accounts().Update(context.Background(), func(tx account.Tx) error { return tx.CreateUser(u) }); err != nil {
					t.Fatal(err)
				}
				as[p.ID] = tournament.NewContextWithUser(context.Background(), u)
				if err := svc.LinkPlayer(arbiter, e.ID, p.ID, u.Email); err != nil {
					t.Fatal(err)
				}
			}
			if err := subs.SetSubmissions(arbiter, e.ID, true); err != nil {
				t.Fatal(err)
			}
			r := storetest.PublishNextRound(t, arbiter, svc, e.ID)
			g := r.Games[0]
			white := as[g.WhiteID]
			if err := subs.MayReport(white, e.ID, 1, g.Board); tournament.ErrorCode(err) != tournament.ECONFLICT {
				t.Errorf("the report form on a knockout board: %v, want ECONFLICT", err)
			}
			_, err = subs.SubmitResult(white, submissions.Input{EventID: e.ID, Round: 1, Board: g.Board, Score: "24:0", EndReason: "resignation"})
			if tournament.ErrorCode(err) != tournament.ECONFLICT {
				t.Fatalf("a report of a knockout board's result: %v, want ECONFLICT", err)
			}
			// A report kept from before the refusal is not confirmed either.
			old := &tournament.Submission{EventID: e.ID, GameID: g.ID, Round: 1, Board: g.Board, PlayerID: g.WhiteID, UserEmail: "a@example.org",
				Score: "24:0", EndReason: "resignation", Status: tournament.Pending}
			if err := st.Submissions().Update(context.Background(), func(tx submissions.Tx) error { return tx.CreateSubmission(old) }); err != nil {
				t.Fatal(err)
			}
			if _, err := subs.DecideSubmission(arbiter, e.ID, old.ID, true, ""); tournament.ErrorCode(err) != tournament.ECONFLICT || !strings.Contains(err.Error(), "knockout match") {
				t.Errorf("a kept report of a knockout board confirmed: %v, want ECONFLICT", err)
			}
			round, err := svc.Round(arbiter, e.ID, 1)
			if err != nil {
				t.Fatal(err)
			}
			if b := tournament.FindGame(round, g.Board); b.Result != nil {
				t.Errorf("the knockout board has the result %+v, written over its match", b.Result)
			}
		})
	}
}
