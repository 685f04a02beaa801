package teams_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"adiukh/tournament"
	"adiukh/tournament/engines"
	"adiukh/tournament/teams"
)

// A team entered by mistake is removed with its players before round 1,
// for a reason; the others close the gap. Once round 1 is paired it can
// only be withdrawn.
func TestRemoveTeam(t *testing.T) {
	t.Parallel()
	forEachService(t, engines.Options(), func(t *testing.T, ctx context.Context, events *tournament.Service, svc *teams.Service) {
		e := createTeamEvent(t, ctx, events, "swiss", 3)
		if _, err := svc.UpdateTeamSettings(ctx, e.ID, teams.TeamSettingsInput{Boards: ptr(2)}, ""); err != nil {
			t.Fatal(err)
		}
		for n := 1; n <= 4; n++ {
			in := teams.TeamInput{Name: ptr(fmt.Sprintf("Команда %d", n)), Players: roster(fmt.Sprintf("А%d", n), fmt.Sprintf("Б%d", n))}
			for i := range in.Players {
				in.Players[i].Rating = ptr(2000 - 100*n)
			}
			if _, err := svc.RegisterTeam(ctx, e.ID, in); err != nil {
				t.Fatal(err)
			}
		}
		err := svc.RemoveTeam(ctx, e.ID, teams.TeamRef{No: 2}, " ")
		if tournament.ErrorCode(err) != tournament.EINVALID || !strings.HasPrefix(err.Error(), "reason:") || !strings.Contains(err.Error(), "Команда 2") {
			t.Errorf("removal without a reason: %v; want EINVALID on reason naming the team", err)
		}
		if err := svc.RemoveTeam(ctx, e.ID, teams.TeamRef{No: 9}, "ошибка"); tournament.ErrorCode(err) != tournament.ENOTFOUND {
			t.Errorf("removal of team 9 of 4: %v; want ENOTFOUND", err)
		}
		if err := svc.RemoveTeam(ctx, e.ID, teams.TeamRef{No: 2}, "заявлена по ошибке"); err != nil {
			t.Fatal(err)
		}
		entered, err := svc.Teams(ctx, e.ID)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, team := range entered {
			for _, p := range team.Roster {
				got = append(got, fmt.Sprintf("%d.%s:%d", team.StartNo, p.Name, p.StartNo))
			}
		}
		if want := "[1.А1:1 1.Б1:2 2.А3:3 2.Б3:4 3.А4:5 3.Б4:6]"; fmt.Sprint(got) != want {
			t.Errorf("after the removal: %v, want %s", got, want)
		}
		d, err := events.EventData(ctx, e.ID)
		if err != nil {
			t.Fatal(err)
		}
		if len(d.Players) != 6 {
			t.Errorf("the event has %d players after the removal, want 6: the team's players go with it", len(d.Players))
		}
		if a := lastAudit(t, ctx, events, e.ID); a.Action != teams.ActionTeamDelete || a.Reason != "заявлена по ошибке" || !strings.Contains(a.Before, "Команда 2") {
			t.Errorf("audit %+v, want the removal with its reason and the team", a)
		}
		// A team entered again with the removed players' names is welcome.
		if _, err := svc.RegisterTeam(ctx, e.ID, teams.TeamInput{Name: ptr("Команда 2"), Players: roster("А2", "Б2")}); err != nil {
			t.Fatalf("the removed team entered again: %v", err)
		}
		if _, err := svc.PairNextTeamRound(ctx, e.ID); err != nil {
			t.Fatal(err)
		}
		err = svc.RemoveTeam(ctx, e.ID, teams.TeamRef{No: 1}, "ушла")
		if tournament.ErrorCode(err) != tournament.ECONFLICT || !strings.Contains(err.Error(), "withdraw team") {
			t.Errorf("removal after round 1 is paired: %v; want ECONFLICT saying to withdraw", err)
		}
	})
}

// Two entered of an event cannot share a name (up to case, ё/е and spacing):
// standings and line-ups could not tell them apart.
func TestTeamNamesAreUnique(t *testing.T) {
	t.Parallel()
	forEachService(t, engines.Options(), func(t *testing.T, ctx context.Context, events *tournament.Service, svc *teams.Service) {
		e := createTeamEvent(t, ctx, events, "round-robin", 0)
		for _, name := range []string{"Адыгея", "Кубань"} {
			if _, err := svc.RegisterTeam(ctx, e.ID, teams.TeamInput{Name: ptr(name), Players: roster(name + " 1")}); err != nil {
				t.Fatal(err)
			}
		}
		_, err := svc.RegisterTeam(ctx, e.ID, teams.TeamInput{Name: ptr(" адыгея "), Players: roster("Другой")})
		if tournament.ErrorCode(err) != tournament.ECONFLICT || !strings.HasPrefix(err.Error(), "name:") || !strings.Contains(err.Error(), `"Адыгея"`) {
			t.Errorf("a second Адыгея: %v; want ECONFLICT on name naming the team", err)
		}
		if _, err := svc.UpdateTeam(ctx, e.ID, teams.TeamRef{No: 2}, teams.TeamInput{Name: ptr("Адыгея")}, ""); tournament.ErrorCode(err) != tournament.ECONFLICT {
			t.Errorf("Кубань renamed to Адыгея: %v; want ECONFLICT", err)
		}
		if _, err := svc.UpdateTeam(ctx, e.ID, teams.TeamRef{No: 2}, teams.TeamInput{Name: ptr("КУБАНЬ")}, ""); err != nil {
			t.Errorf("Кубань renamed to its own name in capitals: %v", err)
		}
	})
}
