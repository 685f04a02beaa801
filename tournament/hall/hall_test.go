package hall_test

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"adiukh/tournament"
	"adiukh/tournament/engines"
	"adiukh/tournament/hall"
	"adiukh/tournament/relay"
	"adiukh/tournament/schedule"
	"adiukh/tournament/store"
	"adiukh/tournament/store/storetest"
	"adiukh/tournament/teams"
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
			r := storetest.PublishNextRound(t, ctx, events, e.ID)
			halls := hall.NewService(st, nil, nil)
			one := halls.Subscribe(context.Background(), e.ID, 0)
			defer one.Stop()
			if _, err := one.Read(context.Background()); err != nil {
				t.Fatal(err)
			}
			two := halls.Subscribe(context.Background(), e.ID, 0)
			defer two.Stop()
			if _, err := two.Read(context.Background()); err != nil {
				t.Fatal(err)
			}
			if one.First.Round != 1 || one.First.Boards[0].Result != nil || one.Next(one.First.Version) != nil {
				t.Fatalf("the first hall: %+v", one.First)
			}
			if _, err := events.RecordResult(ctx, tournament.ResultInput{EventID: e.ID, Round: 1, Board: 1, Version: r.Games[0].Version, Score: "17:7", EndReason: "final_position"}); err != nil {
				t.Fatal(err)
			}
			for _, f := range []*hall.Following{one, two} {
				next := nextHall(t, f, func(*hall.Hall) bool { return true })
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

// relayedRound is a Swiss of Russian draughts (rapid, 15+10) with round 1
// published, relayed and shown in the hall: its arbiter's context, the
// event, the round, its players' names by ID and the services.
type relayedRound struct {
	ctx    context.Context
	event  *tournament.Event
	round  *tournament.Round
	names  map[int64]string
	relays *relay.Service
	halls  *hall.Service
}

// newRelayedRound makes the relayed round of the players named, rated
// 2000, 1900, … in that order.
func newRelayedRound(t *testing.T, st *store.Store, players ...string) *relayedRound {
	t.Helper()
	ctx := storetest.Arbiter(t, st)
	events := tournament.NewService(st, engines.Options())
	game, discipline, system, rounds, clock := "russian", "rapid", "swiss", 3, "15+10"
	eventName := "Чемпионат"
	e, err := events.CreateEvent(ctx, tournament.EventInput{Name: &eventName, Game: &game, Discipline: &discipline, System: &system, Rounds: &rounds, TimeControl: &clock})
	if err != nil {
		t.Fatal(err)
	}
	names := map[int64]string{}
	for i, n := range players {
		rating := 2000 - 100*i
		p := storetest.Register(t, ctx, events, e.ID, tournament.PlayerInput{Name: &n, Rating: &rating})
		names[p.ID] = n
	}
	r := storetest.PublishNextRound(t, ctx, events, e.ID)
	relays := relay.NewService(st.Relay(), events, relay.Options{})
	return &relayedRound{ctx: ctx, event: e, round: r, names: names, relays: relays, halls: hall.NewService(st, nil, relays)}
}

// push pushes game g's moves so far, a game going on, as the arbiter.
func (rr *relayedRound) push(t *testing.T, g tournament.Game, moves string) {
	t.Helper()
	pdn := "[White \"" + rr.names[g.WhiteID] + "\"]\n[Black \"" + rr.names[g.BlackID] + "\"]\n\n" + moves + " *\n"
	if _, err := rr.relays.Push(rr.ctx, relay.PushInput{EventID: rr.event.ID, Round: 1, Board: g.Board, PDN: pdn}); err != nil {
		t.Fatal(err)
	}
}

// nextHall waits up to 10 s for a follower to be handed a hall newer than
// its first that is as wanted. A signal may come of a follower's first
// read, which another offered: Next is then nil, and the follower waits
// on.
func nextHall(t *testing.T, f *hall.Following, wanted func(*hall.Hall) bool) *hall.Hall {
	t.Helper()
	deadline := time.After(10 * time.Second)
	for {
		select {
		case <-f.Changes:
		case <-deadline:
			t.Fatal("no change heard in 10 s")
		}
		if next := f.Next(f.First.Version); next != nil && wanted(next) {
			return next
		}
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
			rr := newRelayedRound(t, st, "Иванов Иван", "Петров Пётр", "Сидоров Сидор", "Кузнецов Кузьма")
			e, r, halls := rr.event, rr.round, rr.halls
			f := halls.Subscribe(context.Background(), e.ID, 0)
			defer f.Stop()
			if _, err := f.Read(context.Background()); err != nil {
				t.Fatal(err)
			}
			if b := boardOf(f.First, 1); b.Relay != nil || b.Position != nil {
				t.Fatalf("board 1 before the relay: %+v", b)
			}
			g := r.Games[0]
			rr.push(t, g, "1. c3-d4 {[%clock w0:14:50 B0:15:00]} f6-e5")
			next := nextHall(t, f, func(h *hall.Hall) bool { return boardOf(h, g.Board).Relay != nil })
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

// NewPlies: a reader lacks the plies after its own when the relay only
// added some, those from the first that differs when it went back, and
// every ply of a board it saw without a relay.
func TestNewPlies(t *testing.T) {
	board := func(moves ...string) hall.Board {
		r := &relay.BoardView{}
		for _, m := range moves {
			r.Plies = append(r.Plies, relay.Ply{Move: m})
		}
		return hall.Board{Relay: r}
	}
	for _, c := range []struct {
		name        string
		seen, now   hall.Board
		from        int
		isCorrected bool
	}{
		{"a ply added", board("a", "b"), board("a", "b", "c"), 2, false},
		{"nothing new", board("a", "b"), board("a", "b"), 2, false},
		{"a ply changed", board("a", "b", "c"), board("a", "x", "c", "d"), 1, true},
		{"a ply taken back", board("a", "b", "c"), board("a", "b"), 2, true},
		{"no relay seen", hall.Board{}, board("a", "b"), 0, false},
		{"the relay gone", board("a"), hall.Board{}, 0, true},
	} {
		if from, corrected := hall.NewPlies(c.seen, c.now); from != c.from || corrected != c.isCorrected {
			t.Errorf("%s: from %d, corrected %v; want %d, %v", c.name, from, corrected, c.from, c.isCorrected)
		}
	}
}

// TestHallOfATeamRound: a team event's hall groups its boards by match,
// table by table, each match's boards in board order with the match's
// score so far as the match card counts it: the board points of the
// boards in, and the match points once every board is. On both
// databases.
func TestHallOfATeamRound(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			ctx := storetest.Arbiter(t, st)
			events := tournament.NewService(st, engines.Options())
			squads := teams.NewService(st.Teams(), events, engines.TeamOptions())
			eventName, discipline, system, clock := "Командный", "blitz-team", "round-robin", "3+2"
			e, err := events.CreateEvent(ctx, tournament.EventInput{Name: &eventName, Discipline: &discipline, System: &system, TimeControl: &clock})
			if err != nil {
				t.Fatal(err)
			}
			boards := 2
			if _, err := squads.UpdateTeamSettings(ctx, e.ID, teams.TeamSettingsInput{Boards: &boards}, ""); err != nil {
				t.Fatal(err)
			}
			for n := 1; n <= 4; n++ {
				name := fmt.Sprintf("Команда %d", n)
				var roster []tournament.PlayerInput
				for b := 1; b <= 2; b++ {
					player, rating := fmt.Sprintf("Игрок %d.%d", n, b), 1600-10*n-b
					roster = append(roster, tournament.PlayerInput{Name: &player, Rating: &rating})
				}
				if _, err := squads.RegisterTeam(ctx, e.ID, teams.TeamInput{Name: &name, Players: roster}); err != nil {
					t.Fatal(err)
				}
			}
			tr, err := squads.PairNextTeamRound(ctx, e.ID)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := events.PublishRound(ctx, e.ID, 1); err != nil {
				t.Fatal(err)
			}
			halls := hall.NewService(st, nil, nil)
			h, err := halls.Read(context.Background(), e.ID, 0)
			if err != nil {
				t.Fatal(err)
			}
			if len(h.Matches) != 2 || len(h.Boards) != 4 {
				t.Fatalf("round 1 of four teams on two boards: %d matches, %d boards; want 2 and 4", len(h.Matches), len(h.Boards))
			}
			for i, m := range h.Matches {
				want := tr.Matches[i]
				if m.Table != want.Table || m.Home.StartNo != want.HomeNo || m.Away.StartNo != want.AwayNo || m.Home.Name == "" || m.Away.Name == "" || m.Bye ||
					!slices.Equal(m.Boards, []int{teams.GameNumber(m.Table, 1, 2), teams.GameNumber(m.Table, 2, 2)}) || m.Score.Done {
					t.Errorf("match %d: %+v, want the teams of %+v on its boards in order, no score yet", i, m, want)
				}
				for board := 1; board <= 2; board++ {
					b := boardOf(h, teams.GameNumber(m.Table, board, 2))
					if b.Table != m.Table || b.MatchBoard != board || b.ShownNumber() != board || h.MatchOf(b) != &h.Matches[i] {
						t.Errorf("board %d of the match at table %d: %+v, want it placed there", board, m.Table, b)
					}
				}
			}
			first := tr.Matches[0]
			record := func(b teams.MatchBoard, score string) {
				t.Helper()
				if _, err := squads.RecordMatchResult(ctx, teams.MatchResultInput{Table: first.Table, ResultInput: tournament.ResultInput{
					EventID: e.ID, Round: 1, Board: b.Board, Score: score, EndReason: "final_position", Version: b.Game.Version}}); err != nil {
					t.Fatal(err)
				}
			}
			record(first.Boards[0], "17:7") // the home team has White on board 1: it wins
			h, err = halls.Read(context.Background(), e.ID, 0)
			if err != nil {
				t.Fatal(err)
			}
			win, draw := e.Scoring.Win, e.Scoring.Draw // the event's game's table: 2/1/0 in Adiukh
			if s := h.Matches[0].Score; s.Done || s.HomeGamePoints != win || s.AwayGamePoints != 0 || s.HomeMatchPoints != 0 {
				t.Errorf("a board in: %+v, want %v:0 in board points, no match points yet", s, win)
			}
			record(first.Boards[1], "12:12")
			h, err = halls.Read(context.Background(), e.ID, 0)
			if err != nil {
				t.Fatal(err)
			}
			if s := h.Matches[0].Score; !s.Done || s.HomeGamePoints != win+draw || s.AwayGamePoints != draw || s.HomeMatchPoints != 2 || s.AwayMatchPoints != 0 {
				t.Errorf("the match over: %+v, want %v:%v and the match points 2:0", s, win+draw, draw)
			}
			if h.Matches[1].Score.Done || h.Matches[1].Score.HomeGamePoints != 0 {
				t.Errorf("the other match: %+v", h.Matches[1].Score)
			}
		})
	}
}

// TestAStoppedBoardIsPausedForItsReaders: a relay stopped by an illegal
// move pauses the board for the hall's readers at that move, and the
// pause clears when the feed is put right; the arbiter's stop pauses it
// at the next move until the arbiter resumes it. The readers are told
// where, never the arbiter's message. On both databases.
func TestAStoppedBoardIsPausedForItsReaders(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			rr := newRelayedRound(t, st, "Иванов Иван", "Петров Пётр")
			ctx, e, relays, g := rr.ctx, rr.event, rr.relays, rr.round.Games[0]
			push := func(moves string) { t.Helper(); rr.push(t, g, moves) }
			paused := func() *relay.Pause {
				t.Helper()
				h, err := rr.halls.Read(context.Background(), e.ID, 0)
				if err != nil {
					t.Fatal(err)
				}
				return boardOf(h, g.Board).Paused
			}
			push("1. c3-d4 f6-e5")
			if p := paused(); p != nil {
				t.Fatalf("a board relayed: paused %+v", p)
			}
			push("1. c3-d4 f6-e5 2. d4-c5") // d4xf6 is compulsory
			if p := paused(); p == nil || p.Ply != 3 || p.Move != 2 {
				t.Fatalf("an illegal third ply: paused %+v, want at ply 3, move 2", p)
			}
			push("1. c3-d4 f6-e5 2. d4xf6")
			if p := paused(); p != nil {
				t.Fatalf("the feed put right: paused %+v", p)
			}
			if _, err := relays.SetStopped(ctx, e.ID, 1, g.Board, true); err != nil {
				t.Fatal(err)
			}
			if p := paused(); p == nil || p.Ply != 4 || p.Move != 2 {
				t.Fatalf("stopped by the arbiter after 3 plies: paused %+v, want at ply 4, move 2", p)
			}
			if _, err := relays.SetStopped(ctx, e.ID, 1, g.Board, false); err != nil {
				t.Fatal(err)
			}
			if p := paused(); p != nil {
				t.Fatalf("resumed by the arbiter: paused %+v", p)
			}
		})
	}
}
