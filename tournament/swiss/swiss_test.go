package swiss_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"adiukh/tournament"
	"adiukh/tournament/engines"
	"adiukh/tournament/store/storetest"
	"adiukh/tournament/swiss"
	"adiukh/tournament/teams"
)

func ptr[T any](v T) *T { return &v }

// TestByeRefusedOnAFinishedEvent: a finished event has no round left to
// pair, so a bye asked for is refused with the way to reopen the event,
// as every other change of its table is.
func TestByeRefusedOnAFinishedEvent(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			ctx := storetest.Arbiter(t, st)
			events := tournament.NewService(st, engines.Options())
			e, players := storetest.Event(t, ctx, events, "swiss", 1, "Аба", "Буба", "Вова", "Гога")
			r, err := events.PairNextRound(ctx, e.ID)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := events.PublishRound(ctx, e.ID, 1); err != nil {
				t.Fatal(err)
			}
			for _, g := range r.Games {
				if _, err := events.RecordResult(ctx, tournament.ResultInput{EventID: e.ID, Round: 1, Board: g.Board, Score: "13:11", EndReason: "final_position", Version: g.Version}); err != nil {
					t.Fatal(err)
				}
			}
			if _, err := events.UpdateEvent(ctx, e.ID, tournament.EventInput{Status: ptr("finished")}, ""); err != nil {
				t.Fatal(err)
			}
			_, err = swiss.NewService(st, events, nil).RequestBye(ctx, e.ID, players[0].ID, 2, tournament.HalfByeRequest, "")
			var refused *tournament.Error
			if !errors.As(err, &refused) || refused.Code != tournament.ECONFLICT || refused.Field != "round" ||
				!strings.Contains(refused.Message, "reopen the event first with the reason") || !strings.Contains(refused.Message, fmt.Sprintf("PATCH /api/v1/events/%d ", e.ID)) {
				t.Errorf("a bye on a finished event: error %v, want ECONFLICT at \"round\" saying how to reopen", err)
			}
		})
	}
}

// TestTeamPlayerByeRefused checks that a player of a team Swiss cannot ask
// for a half- or zero-point bye: the team pairing has no such byes, so the
// request would be kept and never honoured.
func TestTeamPlayerByeRefused(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			ctx := storetest.Arbiter(t, st)
			events := tournament.NewService(st, engines.Options())
			e, err := events.CreateEvent(ctx, tournament.EventInput{Name: ptr("Командный турнир"), Discipline: ptr("blitz-team"), System: ptr("swiss"), TimeControl: ptr("3+2"), Rounds: ptr(3)})
			if err != nil {
				t.Fatal(err)
			}
			var roster []tournament.PlayerInput
			for _, name := range []string{"А", "Б", "В", "Г"} {
				roster = append(roster, tournament.PlayerInput{Name: ptr(name), Rating: ptr(1500)})
			}
			team, err := teams.NewService(st.Teams(), events, engines.TeamOptions()).RegisterTeam(ctx, e.ID, teams.TeamInput{Name: ptr("Адыгея"), Players: roster})
			if err != nil {
				t.Fatal(err)
			}
			_, err = swiss.NewService(st, events, nil).RequestBye(ctx, e.ID, team.Roster[0].ID, 1, tournament.HalfByeRequest, "")
			if tournament.ErrorCode(err) != tournament.EINVALID || !strings.HasPrefix(err.Error(), "discipline:") {
				t.Errorf("a half-point bye for a player of a team event: error %v, want EINVALID on discipline", err)
			}
		})
	}
}
