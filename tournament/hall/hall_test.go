package hall_test

import (
	"context"
	"testing"
	"time"

	"adiukh/tournament"
	"adiukh/tournament/engines"
	"adiukh/tournament/hall"
	registration "adiukh/tournament/players"
	"adiukh/tournament/relay"
	"adiukh/tournament/schedule"
	"adiukh/tournament/store/storetest"
)

// TestHallOfARound: the hall shows the last published round, never a
// draft, with every board's players, the bye, a forfeit, a result and a
// board still playing; the timer counts from the round's start under the
// event's control (8+4: two players' 8 minutes and 60 moves' 4 seconds),
// upcoming before it, running, past the games' time, and over when every
// result is in.
func TestHallOfARound(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			ctx := storetest.Arbiter(t, st)
			events := tournament.NewService(st, engines.Options())
			e, players := storetest.Event(t, ctx, events, "round-robin", 0, "Аба", "Буба", "Вега", "Гена", "Даша")
			now := time.Date(2026, 12, 7, 9, 0, 0, 0, time.UTC)
			halls := hall.NewService(st, func() time.Time { return now }, nil)
			anonymous := context.Background()

			h, err := halls.Read(anonymous, e.ID, 0)
			if err != nil || h.Round != 0 || len(h.Boards) != 0 || h.Timer.State != hall.NoStart {
				t.Fatalf("before a round: %+v, %v", h, err)
			}
			r, err := events.PairNextRound(ctx, e.ID)
			if err != nil {
				t.Fatal(err)
			}
			if h, err := halls.Read(ctx, e.ID, 0); err != nil || h.Round != 0 {
				t.Fatalf("a draft shown to its arbiter: %+v, %v", h, err)
			}
			if _, err := halls.Read(ctx, e.ID, 1); tournament.ErrorCode(err) != tournament.ENOTFOUND {
				t.Fatalf("a draft asked for: %v", err)
			}
			if _, err := events.PublishRound(ctx, e.ID, r.Number); err != nil {
				t.Fatal(err)
			}
			if _, err := schedule.NewService(st, nil).SetRoundStart(ctx, e.ID, 1, schedule.RoundStartInput{Date: "2026-12-07", Time: "13:00"}); err != nil {
				t.Fatal(err)
			}
			h, err = halls.Read(anonymous, e.ID, 0)
			if err != nil {
				t.Fatal(err)
			}
			start := time.Date(2026, 12, 7, 13, 0, 0, 0, e.Location())
			if h.Round != 1 || len(h.Boards) != 3 || h.Timer.State != hall.Upcoming || !h.Timer.Start.Equal(start) ||
				h.Timer.Left() != start.Sub(now) || h.Timer.Elapsed() != 0 || !h.Timer.End.Equal(start.Add(2*(8*time.Minute+60*4*time.Second))) {
				t.Fatalf("the published round before its start: %+v", h)
			}
			var bye, played []hall.Board
			for _, b := range h.Boards {
				if b.Bye {
					bye = append(bye, b)
				} else {
					played = append(played, b)
				}
				if b.White.Name == "" || b.Result != nil && !b.Bye {
					t.Errorf("board %d: %+v", b.Number, b)
				}
			}
			if len(bye) != 1 || bye[0].Black != (hall.Seat{}) || len(played) != 2 || played[0].Black.Name == "" {
				t.Fatalf("the boards: %+v", h.Boards)
			}
			named := map[string]bool{}
			for _, p := range players {
				named[p.Name] = true
			}
			if !named[played[0].White.Name] || !named[played[0].Black.Name] {
				t.Errorf("the players of board %d: %+v", played[0].Number, played[0])
			}

			now = start.Add(10 * time.Minute)
			if _, err := events.RecordResult(ctx, tournament.ResultInput{EventID: e.ID, Round: 1, Board: played[0].Number, Version: gameVersion(r, played[0].Number), Score: "+:-", EndReason: "forfeit"}); err != nil {
				t.Fatal(err)
			}
			h, err = halls.Read(anonymous, e.ID, 0)
			if err != nil {
				t.Fatal(err)
			}
			forfeit := boardOf(h, played[0].Number)
			if h.Timer.State != hall.Running || h.Timer.Elapsed() != 10*time.Minute || h.Timer.Left() != h.Timer.End.Sub(now) ||
				forfeit.Result == nil || !forfeit.Forfeit || forfeit.Score == "" || boardOf(h, played[1].Number).Result != nil {
				t.Fatalf("a forfeit, a board playing: %+v", h)
			}
			now = start.Add(time.Hour)
			if h, _ := halls.Read(anonymous, e.ID, 0); h.Timer.State != hall.Overtime || h.Timer.Left() != 0 {
				t.Fatalf("past the games' time: %+v", h.Timer)
			}
			if _, err := events.RecordResult(ctx, tournament.ResultInput{EventID: e.ID, Round: 1, Board: played[1].Number, Version: gameVersion(r, played[1].Number), Score: "17:7", EndReason: "final_position"}); err != nil {
				t.Fatal(err)
			}
			h, err = halls.Read(anonymous, e.ID, 1)
			if err != nil {
				t.Fatal(err)
			}
			if won := boardOf(h, played[1].Number); !h.Finished || h.Timer.State != hall.Over || won.Forfeit || won.Score != e.ScoreText(*won.Result) {
				t.Fatalf("every result in: %+v", h)
			}
		})
	}
}

// TestNoHallOfGamesPlayedOnTheSite: a correspondence section's games have
// their own pages; it has no hall.
func TestNoHallOfGamesPlayedOnTheSite(t *testing.T) {
	t.Parallel()
	st := storetest.SQLite(t)
	ctx := storetest.Arbiter(t, st)
	events := tournament.NewService(st, engines.Options())
	name, discipline, system, control := "Заочный", "correspondence", "round-robin", "10d"
	e, err := events.CreateEvent(ctx, tournament.EventInput{Name: &name, Discipline: &discipline, System: &system, TimeControl: &control})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := hall.NewService(st, nil, nil).Read(ctx, e.ID, 0); tournament.ErrorCode(err) != tournament.ENOTFOUND {
		t.Fatalf("the hall of a correspondence section: %v", err)
	}
}

// TestFollowAHall: a follower is handed the hall as it began and, after a
// result entered, the hall with it, read once for every follower.
func TestFollowAHall(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			ctx := storetest.Arbiter(t, st)
			events := tournament.NewService(st, engines.Options())
			e, _ := storetest.Event(t, ctx, events, "round-robin", 0, "Аба", "Буба")
			r, err := events.PairNextRound(ctx, e.ID)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := events.PublishRound(ctx, e.ID, 1); err != nil {
				t.Fatal(err)
			}
			halls := hall.NewService(st, nil, nil)
			one, err := halls.Follow(context.Background(), e.ID, 0)
			if err != nil {
				t.Fatal(err)
			}
			defer one.Stop()
			two, err := halls.Follow(context.Background(), e.ID, 0)
			if err != nil {
				t.Fatal(err)
			}
			defer two.Stop()
			if one.First.Round != 1 || one.First.Boards[0].Result != nil || one.Next(one.First.Version) != nil {
				t.Fatalf("the first hall: %+v", one.First)
			}
			if _, err := events.RecordResult(ctx, tournament.ResultInput{EventID: e.ID, Round: 1, Board: 1, Version: r.Games[0].Version, Score: "17:7", EndReason: "final_position"}); err != nil {
				t.Fatal(err)
			}
			for _, f := range []*hall.Following{one, two} {
				// A signal may come of a follower's first read, which the
				// other offered: Next is then nil, and the follower waits on.
				deadline := time.After(10 * time.Second)
				var next *hall.Hall
				for next == nil {
					select {
					case <-f.Changes:
					case <-deadline:
						t.Fatal("no change heard in 10 s")
					}
					next = f.Next(one.First.Version)
				}
				if next.Boards[0].Result == nil || !next.Finished {
					t.Fatalf("the hall after the result: %+v", next)
				}
			}
			if one.Next(one.First.Version) != two.Next(two.First.Version) {
				t.Error("the followers were each read the hall")
			}
		})
	}
}

func gameVersion(r *tournament.Round, board int) int {
	for _, g := range r.Games {
		if g.Board == board {
			return g.Version
		}
	}
	return 0
}

func boardOf(h *hall.Hall, n int) hall.Board {
	for _, b := range h.Boards {
		if b.Number == n {
			return b
		}
	}
	return hall.Board{}
}

// TestFollowARelayedBoard: a move relayed reaches the hall's followers
// with the board's position, last move and clocks; the board not relayed
// shows its pairing. On both databases.
func TestFollowARelayedBoard(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			ctx := storetest.Arbiter(t, st)
			events := tournament.NewService(st, engines.Options())
			game, discipline, system, rounds, clock := "russian", "rapid", "swiss", 3, "15+10"
			eventName := "Чемпионат"
			e, err := events.CreateEvent(ctx, tournament.EventInput{Name: &eventName, Game: &game, Discipline: &discipline, System: &system, Rounds: &rounds, TimeControl: &clock})
			if err != nil {
				t.Fatal(err)
			}
			names := map[int64]string{}
			for i, n := range []string{"Иванов Иван", "Петров Пётр", "Сидоров Сидор", "Кузнецов Кузьма"} {
				rating := 2000 - 100*i
				p, err := registration.NewService(events).RegisterPlayer(ctx, e.ID, tournament.PlayerInput{Name: &n, Rating: &rating})
				if err != nil {
					t.Fatal(err)
				}
				names[p.ID] = n
			}
			r, err := events.PairNextRound(ctx, e.ID)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := events.PublishRound(ctx, e.ID, 1); err != nil {
				t.Fatal(err)
			}
			relays := relay.NewService(st.Relay(), events, relay.Options{})
			halls := hall.NewService(st, nil, relays)
			f, err := halls.Follow(context.Background(), e.ID, 0)
			if err != nil {
				t.Fatal(err)
			}
			defer f.Stop()
			if b := boardOf(f.First, 1); b.Relay != nil || b.Position != nil {
				t.Fatalf("board 1 before the relay: %+v", b)
			}
			g := r.Games[0]
			pdn := "[White \"" + names[g.WhiteID] + "\"]\n[Black \"" + names[g.BlackID] + "\"]\n\n1. c3-d4 {[%clock w0:14:50 B0:15:00]} f6-e5 *\n"
			if _, err := relays.Push(ctx, relay.PushInput{EventID: e.ID, Round: 1, Board: g.Board, PDN: pdn}); err != nil {
				t.Fatal(err)
			}
			deadline := time.After(10 * time.Second)
			var next *hall.Hall
			for next == nil {
				select {
				case <-f.Changes:
				case <-deadline:
					t.Fatal("the move relayed was not heard in 10 s")
				}
				if n := f.Next(f.First.Version); n != nil && boardOf(n, g.Board).Relay != nil {
					next = n
				}
			}
			b := boardOf(next, g.Board)
			if len(b.Relay.Plies) != 2 || b.Relay.LastMove.Move != "f6-e5" || b.Relay.Clock == nil || b.Position == nil || len(b.Position.Pieces()) != 24 {
				t.Fatalf("the relayed board: %+v", b)
			}
			if other := boardOf(next, r.Games[1].Board); other.Relay != nil {
				t.Errorf("the board not relayed: %+v", other)
			}
		})
	}
}
