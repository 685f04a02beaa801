package entries_test

import (
	"testing"

	"adiukh/tournament"
	"adiukh/tournament/engines"
	"adiukh/tournament/entries"
	registration "adiukh/tournament/players"
	"adiukh/tournament/store/storetest"
)

// TestMyPage: a player's own page has their game of the published round
// (board, colour, opponent) as soon as it is published, not a draft's; the
// events and players they follow with the followed player's latest
// result; their entries. Following needs an account and a readable event
// and player; following twice or stopping twice changes nothing.
func TestMyPage(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			svc, ent := services(st, engines.Options())
			arbiter := storetest.Arbiter(t, st)
			e, players := storetest.Event(t, arbiter, svc, "round-robin", 3, "Анна Тлехас", "Борис Нехай", "Светлана Ачмиз", "Даут Шеуджен")
			ann := playerAccount(t, st, "ann@example.org", "Анна Тлехас")
			if err := svc.LinkPlayer(arbiter, e.ID, players[0].ID, "ann@example.org"); err != nil {
				t.Fatal(err)
			}
			_, err := ent.MyPage(t.Context())
			wantCode(t, "an anonymous page", err, tournament.EUNAUTHORIZED)
			wantCode(t, "an anonymous follow", ent.SetFollowing(t.Context(), e.ID, 0, true), tournament.EUNAUTHORIZED)
			wantCode(t, "following a missing player", ent.SetFollowing(ann, e.ID, 999999, true), tournament.ENOTFOUND)

			r, err := svc.PairNextRound(arbiter, e.ID)
			if err != nil {
				t.Fatal(err)
			}
			page, err := ent.MyPage(ann)
			if err != nil || len(page.Games) != 0 {
				t.Fatalf("a draft round shows on the player's page: %+v (%v)", page, err)
			}
			if _, err := svc.PublishRound(arbiter, e.ID, 1); err != nil {
				t.Fatal(err)
			}
			for range 2 {
				if err := ent.SetFollowing(ann, e.ID, 0, true); err != nil {
					t.Fatal(err)
				}
				if err := ent.SetFollowing(ann, e.ID, players[3].ID, true); err != nil {
					t.Fatal(err)
				}
			}
			var annGame, danGame tournament.Game
			for _, g := range r.Games {
				switch players[0].ID {
				case g.WhiteID, g.BlackID:
					annGame = g
				}
				switch players[3].ID {
				case g.WhiteID, g.BlackID:
					danGame = g
				}
			}
			page, err = ent.MyPage(ann)
			if err != nil || len(page.Games) != 1 {
				t.Fatalf("the player's page: %+v (%v), want one game", page, err)
			}
			g := page.Games[0]
			if g.Round != 1 || g.Board != annGame.Board || g.White != (annGame.WhiteID == players[0].ID) || g.Opponent == "" || g.Bye || g.Score() != "" {
				t.Errorf("the game on the page %+v, want board %d of round 1 against an opponent, no result", g, annGame.Board)
			}
			if len(page.Following) != 2 || page.Following[0].Player == nil && page.Following[1].Player == nil {
				t.Fatalf("following %+v, want the event and Даут", page.Following)
			}
			if _, err := svc.RecordResult(arbiter, tournament.ResultInput{EventID: e.ID, Round: 1, Board: danGame.Board, Score: "17:7", EndReason: "final_position", Version: danGame.Version}); err != nil {
				t.Fatal(err)
			}
			page, err = ent.MyPage(ann)
			if err != nil {
				t.Fatal(err)
			}
			for _, f := range page.Following {
				switch {
				case f.Player == nil && (f.Event.ID != e.ID || f.Round != 1):
					t.Errorf("the followed event %+v, want event %d at round 1", f, e.ID)
				case f.Player != nil && (f.Player.ID != players[3].ID || f.Last == nil || f.Last.Round != 1):
					t.Errorf("the followed player %+v, want Даут's round 1", f)
				case f.Player != nil:
					want := "17:7"
					if danGame.BlackID == players[3].ID {
						want = "7:17"
					}
					if f.Last.Score() != want {
						t.Errorf("Даут's last result %q, want %q from his side", f.Last.Score(), want)
					}
				}
			}
			for range 2 {
				if err := ent.SetFollowing(ann, e.ID, players[3].ID, false); err != nil {
					t.Fatal(err)
				}
			}
			if page, _ := ent.MyPage(ann); len(page.Following) != 1 || page.Following[0].Player != nil {
				t.Errorf("after unfollowing Даут: %+v", page.Following)
			}
			if on, err := ent.Following(ann, e.ID, 0); !on || err != nil {
				t.Errorf("Following the event: %v (%v), want true", on, err)
			}
		})
	}
}

// A player the arbiter registered at the desk as the account's person of
// the register, the account linked to no player, is the account's: their
// game is on the account's page and in its calendar, the event too.
func TestMyGamesAsThePersonOfTheRegister(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			svc, ent := services(st, engines.Options())
			arbiter := storetest.Arbiter(t, st)
			ann, person := linkedAccount(t, st, arbiter, "ann@example.org", "Тлехас", 1500)
			e, _ := storetest.Event(t, arbiter, svc, "round-robin", 0, "Нехай Борис")
			name := "Тлехас Тест"
			if _, err := registration.NewService(svc).RegisterPlayer(arbiter, e.ID, tournament.PlayerInput{Name: &name, PersonID: &person}); err != nil {
				t.Fatal(err)
			}
			if _, err := svc.PairNextRound(arbiter, e.ID); err != nil {
				t.Fatal(err)
			}
			if _, err := svc.PublishRound(arbiter, e.ID, 1); err != nil {
				t.Fatal(err)
			}
			page, err := ent.MyPage(ann)
			if err != nil {
				t.Fatal(err)
			}
			if len(page.Games) != 1 || page.Games[0].Player.Name != name || page.Games[0].Opponent != "Нехай Борис" {
				t.Errorf("the page's games %+v, want %s's game against Нехай Борис", page.Games, name)
			}
			token, err := ent.NewFeedToken(ann)
			if err != nil {
				t.Fatal(err)
			}
			feed, err := ent.MyFeed(t.Context(), token)
			if err != nil {
				t.Fatal(err)
			}
			if len(feed.Events) != 1 || feed.Events[0].ID != e.ID || len(feed.Games) != 1 || feed.Games[0].Event.ID != e.ID {
				t.Errorf("the calendar: events %+v, games %+v; want event %d and its game", feed.Events, feed.Games, e.ID)
			}
			// Called off, the event is told to the account as to its player.
			if _, err := ent.CancelEvent(arbiter, e.ID, "нет зала"); err != nil {
				t.Fatal(err)
			}
			inbox, err := ent.Inbox(ann, 10)
			if err != nil {
				t.Fatal(err)
			}
			if len(inbox) != 1 || inbox[0].Kind != entries.NoticeCancelled || inbox[0].EventID != e.ID {
				t.Errorf("the inbox after the cancellation: %+v, want it told", inbox)
			}
		})
	}
}

// TestMyBoardInTheEventsScale: a player's own game is told from their
// side as its event shows it: 0:1 for a loss in a 1-½-0 event of Russian
// draughts, 7:17 in Adiukh.
func TestMyBoardInTheEventsScale(t *testing.T) {
	t.Parallel()
	russian := tournament.Event{Game: "russian", Scoring: tournament.Scoring{Win: 1, Draw: 0.5, ForfeitWin: 1}}
	won := &tournament.Result{White: 2, EndReason: tournament.Resignation}
	if got := (entries.Board{Event: russian, Result: won}).Score(); got != "0:1" {
		t.Errorf("Black's loss in a 1-½-0 event told as %q, want 0:1", got)
	}
	adiukh := tournament.Event{Scoring: russian.Scoring}
	if got := (entries.Board{Event: adiukh, Result: &tournament.Result{White: 17, Black: 7, EndReason: tournament.FinalPosition}}).Score(); got != "7:17" {
		t.Errorf("Black's Adiukh loss told as %q, want 7:17", got)
	}
}
