package submissions_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"adiukh/tournament"
	"adiukh/tournament/account"
	"adiukh/tournament/engines"
	"adiukh/tournament/store/storetest"
	"adiukh/tournament/submissions"
)

// photo begins as a PNG file does: what an arbiter uploads when the
// score-sheet field gets the camera's picture of the sheet.
const photo = "\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x04\x00"

// TestSheetThatIsNotTextRefusedAtEveryDoor: a sheet's bytes are text or
// refused, whatever reason is typed beside them, at each door — the
// arbiter's entry (form, file, JSON), a batch of sheets and a player's
// report — and nothing of them is stored (issue 60, item 5).
func TestSheetThatIsNotTextRefusedAtEveryDoor(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			arbiter := storetest.Arbiter(t, st)
			svc := tournament.NewService(st, engines.Options())
			subs := submissions.NewService(st.Submissions(), svc, nil)
			e, players := storetest.Event(t, arbiter, svc, "round-robin", 0, "Хуаде", "Тлехас")
			u := &tournament.User{Email: "a@example.org", Role: tournament.PlayerRole}
			if err := st.Accounts().Update(context.Background(), func(tx account.Tx) error { return tx.CreateUser(u) }); err != nil {
				t.Fatal(err)
			}
			if err := svc.LinkPlayer(arbiter, e.ID, players[0].ID, u.Email); err != nil {
				t.Fatal(err)
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
			player := tournament.NewContextWithUser(context.Background(), u)
			for _, sheet := range []struct{ what, text, line string }{
				{"a photo", photo, "1"},
				{"a NUL in the moves", "[Event \"Кубок\"]\n1. c3-d4 f6-g5\x00 2. b2-c3", "2"},
				{"a control character", "1. c3-d4 f6-g5\n2. b2-c3 \x1b[31m", "2"},
			} {
				doors := map[string]func() error{
					"the arbiter's entry with a reason": func() error {
						_, err := svc.RecordResult(arbiter, tournament.ResultInput{EventID: e.ID, Round: 1, Board: 1, Score: "17:7", EndReason: "final_position",
							Sheet: sheet.text, Version: r.Games[0].Version, Reason: "бланк сфотографирован"})
						return err
					},
					"a batch of sheets": func() error {
						out, err := subs.RecordSheets(arbiter, e.ID, 1, sheet.text)
						if err != nil || len(out) != 1 {
							return err
						}
						return out[0].Err
					},
					"a player's report": func() error {
						_, err := subs.SubmitResult(player, submissions.Input{EventID: e.ID, Round: 1, Board: 1, Score: "17:7", EndReason: "final_position", Sheet: sheet.text})
						return err
					},
				}
				for door, send := range doors {
					err := send()
					var refused *tournament.Error
					if !errors.As(err, &refused) || refused.Code != tournament.EINVALID || refused.Field != "sheet" || !strings.Contains(refused.Error(), "line "+sheet.line+" ") {
						t.Errorf("%s through %s: error %v, want EINVALID on the sheet naming line %s", sheet.what, door, err, sheet.line)
					}
				}
			}
			round, err := svc.Round(arbiter, e.ID, 1)
			if err != nil {
				t.Fatal(err)
			}
			if g := round.Games[0]; g.Result != nil || g.Sheet != "" || g.Version != r.Games[0].Version {
				t.Errorf("board 1 after the refused sheets: result %v, sheet %q, version %d", g.Result, g.Sheet, g.Version)
			}
			if _, err := subs.SubmitResult(player, submissions.Input{EventID: e.ID, Round: 1, Board: 1, Score: "17:7", EndReason: "final_position"}); err != nil {
				t.Errorf("the player's report without the photo, after the refused ones: %v", err)
			}
		})
	}
}
