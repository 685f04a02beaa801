package correspondence_test

import (
	"errors"
	"fmt"
	"testing"

	"adiukh/tournament"
	"adiukh/tournament/correspondence"
	"adiukh/tournament/review"
	"adiukh/tournament/submissions"
)

// A correspondence game's result comes from the game on the server: the
// doors of over-the-board events (the arbiter's result entry, a sheet, a
// player's report, taking the round back to a draft) are closed, so that
// no result counts in the standings while the game goes on.
func TestRoundDoorsClosedToCorrespondence(t *testing.T) {
	t.Parallel()
	st, svc, sec, _, g := oneGame(t, "10d", correspondence.SettingsInput{})
	reports := submissions.NewService(st.Submissions(), sec.events, nil)
	conflict := func(what string, err error) {
		t.Helper()
		var te *tournament.Error
		if !errors.As(err, &te) || te.Code != tournament.ECONFLICT {
			t.Errorf("%s on a running correspondence game: %v, want a conflict", what, err)
		}
	}
	_, err := sec.events.RecordResult(sec.ctx, tournament.ResultInput{EventID: sec.eventID, Round: g.Round, Board: g.Board, Score: "12:12", EndReason: "agreement", Version: 1})
	conflict("the arbiter's result", err)
	outcomes, err := reports.RecordSheets(sec.ctx, sec.eventID, g.Round, fmt.Sprintf("Board: %d\n1. c3-d4 b6-a5 12:12", g.Board))
	if err == nil && len(outcomes) == 1 {
		err = outcomes[0].Err
	}
	conflict("a sheet", err)
	_, err = review.NewService(st.Review(), sec.events, review.Options{}).UnpublishRound(sec.ctx, sec.eventID, g.Round, "ошибка")
	conflict("taking the round back", err)
	if err := reports.SetSubmissions(sec.ctx, sec.eventID, true); err != nil {
		t.Fatal(err)
	}
	_, err = reports.SubmitResult(sec.as(g.WhiteID), submissions.Input{EventID: sec.eventID, Round: g.Round, Board: g.Board, Score: "12:12", EndReason: "agreement"})
	conflict("a player's report", err)

	// The game still runs, and the round has no result.
	v, err := svc.Game(sec.ctx, g.ID)
	if err != nil || v.Status != correspondence.Running || v.Result != nil {
		t.Errorf("the game after the refused doors: %+v, %v", v, err)
	}
	r, err := sec.events.Round(sec.ctx, sec.eventID, g.Round)
	if err != nil || r.Status != tournament.Published || r.Games[0].Result != nil {
		t.Errorf("the round after the refused doors: %+v, %v", r, err)
	}
}
