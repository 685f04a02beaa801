package teams_test

import (
	"context"
	"fmt"
	"testing"

	"adiukh/tournament"
	"adiukh/tournament/engines"
	"adiukh/tournament/store/storetest"
	"adiukh/tournament/teams"
)

// The reads of either kind of event answer a Swiss event with its games,
// their scores before the round and the pairing cards, and a team
// competition with its matches: the caller learns the kind from the answer.
func TestReadsOfEitherKind(t *testing.T) {
	t.Parallel()
	forEachService(t, engines.Options(), func(t *testing.T, ctx context.Context, events *tournament.Service, svc *teams.Service) {
		swiss, _ := storetest.Event(t, ctx, events, "swiss", 3, "Хуаде", "Тлехас", "Нехай", "Ачмиз")
		r1, err := svc.PairNextRound(ctx, swiss.ID)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := events.PublishRound(ctx, swiss.ID, 1); err != nil {
			t.Fatal(err)
		}
		for _, g := range r1.Games {
			if _, err := events.RecordResult(ctx, tournament.ResultInput{EventID: swiss.ID, Round: 1, Board: g.Board, Score: "17:7", EndReason: "final_position", Version: g.Version}); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := svc.PairNextRound(ctx, swiss.ID); err != nil {
			t.Fatal(err)
		}
		rr, err := svc.ReadRound(ctx, swiss.ID, 2)
		if err != nil {
			t.Fatal(err)
		}
		if rr.TeamRound != nil || rr.Round == nil || len(rr.Round.Games) != 2 || len(rr.Cards) != 2 || rr.CardsRefused != nil {
			t.Fatalf("round 2 of a Swiss event: %+v, want its two games and a pairing card for each", rr)
		}
		win := swiss.Scoring.Win
		for _, g := range r1.Games {
			if rr.ScoresBefore[g.WhiteID] != win || rr.ScoresBefore[g.BlackID] != 0 {
				t.Errorf("scores before round 2: %v, want %g for the winners of round 1 and 0 for the losers", rr.ScoresBefore, win)
			}
		}
		tables, err := svc.Tables(ctx, swiss.ID, 1)
		if err != nil || tables.Teams != nil || tables.Players == nil || tables.Players.Standings.AfterRound != 1 {
			t.Fatalf("tables of a Swiss event after round 1: %+v, %v", tables, err)
		}

		team := createTeamEvent(t, ctx, events, "round-robin", 0)
		if _, err := svc.UpdateTeamSettings(ctx, team.ID, teams.TeamSettingsInput{Boards: ptr(2)}, ""); err != nil {
			t.Fatal(err)
		}
		for n := 1; n <= 4; n++ {
			if _, err := svc.RegisterTeam(ctx, team.ID, teams.TeamInput{Name: ptr(fmt.Sprintf("Команда %d", n)), Players: roster(fmt.Sprintf("А%d", n), fmt.Sprintf("Б%d", n))}); err != nil {
				t.Fatal(err)
			}
		}
		for n := 1; n <= 2; n++ {
			paired, err := svc.PairNextRound(ctx, team.ID)
			if err != nil {
				t.Fatal(err)
			}
			rr, err := svc.ReadRound(ctx, team.ID, paired.Number)
			if err != nil || rr.TeamRound == nil || rr.Round != nil || len(rr.TeamRound.Matches) != 2 {
				t.Fatalf("round %d of a team competition: %+v, %v; want its two matches", n, rr, err)
			}
			playTeamRound(t, ctx, events, svc, team.ID, rr.TeamRound)
		}
		rounds, err := svc.RoundsOf(ctx, team.ID)
		if err != nil || rounds.Team == nil || rounds.Rounds != nil || len(rounds.Team.Rounds) != 2 {
			t.Fatalf("rounds of a team competition: %+v, %v", rounds, err)
		}
		tables, err = svc.Tables(ctx, team.ID, 1)
		if err != nil || tables.Players != nil || tables.Teams == nil {
			t.Fatalf("tables of a team competition: %+v, %v", tables, err)
		}
		// The crosstable after round 1 shows round 1 alone, as an
		// individual event's does.
		if st := tables.Teams.Standings; st.AfterRound != 1 || len(tables.Teams.Rows[0].Matches) != 1 {
			t.Errorf("team crosstable after round 1: after %d with %d rounds, want round 1 alone", st.AfterRound, len(tables.Teams.Rows[0].Matches))
		}
	})
}
