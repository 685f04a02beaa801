package brackets_test

import (
	"context"
	"os"
	"testing"

	"adiukh/tournament"
	"adiukh/tournament/brackets"
	"adiukh/tournament/engines"
	"adiukh/tournament/knockout"
	"adiukh/tournament/store/storetest"
	"adiukh/tournament/teams"
)

// TestMain pools the tests' PostgreSQL schemas (storetest.Main).
func TestMain(m *testing.M) { os.Exit(storetest.Main(m)) }

func ptr[T any](v T) *T { return &v }

// TestBracketOfEitherKind: a knockout of players answers its matches, one
// of teams its ties, each with its event and boards, and an event that is
// not a knockout has no bracket; a reader signed out may not manage it.
func TestBracketOfEitherKind(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			ctx := storetest.Arbiter(t, st)
			events := tournament.NewService(st, engines.Options())
			competitions := teams.NewService(st.Teams(), events, engines.TeamOptions())
			svc := brackets.NewService(events, knockout.NewService(st.Knockout(), nil), competitions)
			create := func(discipline, system string, k *tournament.KnockoutSettings) *tournament.Event {
				e, err := events.CreateEvent(ctx, tournament.EventInput{Name: ptr("Кубок"), Discipline: ptr(discipline), System: ptr(system), TimeControl: ptr("90+30"), Knockout: k})
				if err != nil {
					t.Fatal(err)
				}
				return e
			}
			players := create("standard", "knockout", &tournament.KnockoutSettings{MatchGames: 2})
			clubs := create("standard-team", "knockout", &tournament.KnockoutSettings{MatchGames: 2})
			if _, err := competitions.UpdateTeamSettings(ctx, clubs.ID, teams.TeamSettingsInput{Boards: ptr(2)}, ""); err != nil {
				t.Fatal(err)
			}
			roundRobin := create("standard", "round-robin", nil)
			check := func(e *tournament.Event, wantTies bool, boards int) {
				t.Helper()
				b, err := svc.Bracket(ctx, e.ID)
				if err != nil {
					t.Fatalf("the bracket of %s %s: %v", e.Discipline, e.System, err)
				}
				if (b.Ties != nil) != wantTies || (b.Matches != nil) == wantTies || b.Event().ID != e.ID || b.Boards() != boards || !b.CanManage() {
					t.Errorf("the bracket of %s %s: ties %v, matches %v, event %d, boards %d, may manage %v", e.Discipline, e.System, b.Ties != nil, b.Matches != nil, b.Event().ID, b.Boards(), b.CanManage())
				}
			}
			check(players, false, 0)
			check(clubs, true, 2)
			if _, err := svc.Bracket(ctx, roundRobin.ID); tournament.ErrorCode(err) != tournament.ENOTFOUND {
				t.Errorf("the bracket of a round robin: %v, want not found", err)
			}
			for _, e := range []*tournament.Event{players, clubs} {
				if b, err := svc.Bracket(context.Background(), e.ID); err != nil || b.CanManage() {
					t.Errorf("the bracket of %s read signed out: %v; want it, not to manage", e.Discipline, err)
				}
			}
		})
	}
}
