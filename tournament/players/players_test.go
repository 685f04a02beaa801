package players_test

import (
	"context"
	"os"
	"testing"

	"adiukh/tournament"
	"adiukh/tournament/engines"
	registration "adiukh/tournament/players"
	"adiukh/tournament/store/storetest"
)

// TestMain pools the tests' PostgreSQL schemas (storetest.Main).
func TestMain(m *testing.M) { os.Exit(storetest.Main(m)) }

func ptr[T any](v T) *T { return &v }

// forEachService runs a test on the events' service over every test
// database; the players' service runs on it.
func forEachService(t *testing.T, opt tournament.Options, test func(t *testing.T, ctx context.Context, svc *tournament.Service)) {
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			test(t, storetest.Arbiter(t, st), tournament.NewService(st, opt))
		})
	}
}

func startNumbers(t *testing.T, ctx context.Context, svc *tournament.Service, eventID int64) map[string]int {
	t.Helper()
	players, err := svc.Players(ctx, eventID)
	if err != nil {
		t.Fatal(err)
	}
	m := map[string]int{}
	for _, p := range players {
		m[p.Name] = p.StartNo
	}
	return m
}

func TestStartNumbers(t *testing.T) {
	t.Parallel()
	forEachService(t, engines.Options(), func(t *testing.T, ctx context.Context, svc *tournament.Service) {
		e, err := svc.CreateEvent(ctx, tournament.EventInput{Name: ptr("Кубок"), Discipline: ptr("standard"), System: ptr("round-robin")})
		if err != nil {
			t.Fatal(err)
		}
		ids := map[string]int64{}
		for _, p := range []struct {
			name   string
			rating int
		}{{"Жуков", 1500}, {"Ёлкин", 1500}, {"Хуаде", 1900}, {"Абрегов", 1500}} {
			got, err := registration.NewService(svc).RegisterPlayer(ctx, e.ID, tournament.PlayerInput{Name: &p.name, Rating: &p.rating})
			if err != nil {
				t.Fatal(err)
			}
			ids[p.name] = got.ID
		}
		check := func(step string, want map[string]int) {
			t.Helper()
			got := startNumbers(t, ctx, svc, e.ID)
			for name, no := range want {
				if got[name] != no {
					t.Errorf("%s: start numbers %v, want %v", step, got, want)
					return
				}
			}
		}
		check("by rating, then name", map[string]int{"Хуаде": 1, "Абрегов": 2, "Ёлкин": 3, "Жуков": 4})

		if _, err := registration.NewService(svc).UpdatePlayer(ctx, e.ID, ids["Жуков"], tournament.PlayerInput{StartNo: ptr(1)}, ""); err != nil {
			t.Fatal(err)
		}
		check("by hand: Жуков takes 1, Хуаде his 4", map[string]int{"Жуков": 1, "Абрегов": 2, "Ёлкин": 3, "Хуаде": 4})
		if _, err := registration.NewService(svc).RegisterPlayer(ctx, e.ID, tournament.PlayerInput{Name: ptr("Ашинов"), Rating: ptr(2500)}); err != nil {
			t.Fatal(err)
		}
		check("numbered by hand, a newcomer comes last", map[string]int{"Жуков": 1, "Хуаде": 4, "Ашинов": 5})
		if _, err := registration.NewService(svc).UpdatePlayer(ctx, e.ID, ids["Жуков"], tournament.PlayerInput{StartNo: ptr(9)}, ""); tournament.ErrorCode(err) != tournament.EINVALID {
			t.Errorf("start number 9 of 5: error %v, want EINVALID", err)
		}
		if err := registration.NewService(svc).RemovePlayer(ctx, e.ID, ids["Абрегов"], "не приехал"); err != nil {
			t.Fatal(err)
		}
		check("Абрегов (2) removed, the numbers after him close up", map[string]int{"Жуков": 1, "Ёлкин": 2, "Хуаде": 3, "Ашинов": 4})
		if _, err := registration.NewService(svc).RenumberPlayers(ctx, e.ID); err != nil {
			t.Fatal(err)
		}
		check("renumbered", map[string]int{"Ашинов": 1, "Хуаде": 2, "Ёлкин": 3, "Жуков": 4})
		if _, err := svc.PairNextRound(ctx, e.ID); err != nil {
			t.Fatal(err)
		}
		if err := registration.NewService(svc).RemovePlayer(ctx, e.ID, ids["Жуков"], ""); tournament.ErrorCode(err) != tournament.ECONFLICT {
			t.Errorf("removing a player after round 1 is paired: error %v, want ECONFLICT", err)
		}
	})
}

func TestWithdrawalInRoundRobin(t *testing.T) {
	t.Parallel()
	forEachService(t, engines.Options(), func(t *testing.T, ctx context.Context, svc *tournament.Service) {
		e, players := storetest.Event(t, ctx, svc, "round-robin", 0, "Первый", "Второй", "Третий", "Четвёртый")
		leaver := players[3]
		if _, err := registration.NewService(svc).UpdatePlayer(ctx, e.ID, leaver.ID, tournament.PlayerInput{WithdrawFromRound: ptr(2)}, "заболел"); err != nil {
			t.Fatal(err)
		}
		r1, err := svc.PairNextRound(ctx, e.ID)
		if err != nil {
			t.Fatal(err)
		}
		for _, g := range r1.Games {
			if g.Result != nil {
				t.Errorf("round 1 board %d already has a result %v; the player leaves only from round 2", g.Board, g.Result)
			}
		}
		if _, err := registration.NewService(svc).UpdatePlayer(ctx, e.ID, players[0].ID, tournament.PlayerInput{WithdrawFromRound: ptr(1)}, ""); tournament.ErrorCode(err) != tournament.ECONFLICT {
			t.Errorf("withdrawal from a paired round: error %v, want ECONFLICT", err)
		}
		if _, err := svc.PublishRound(ctx, e.ID, 1); err != nil {
			t.Fatal(err)
		}
		r2, err := svc.PairNextRound(ctx, e.ID)
		if err != nil {
			t.Fatal(err)
		}
		found := false
		for _, g := range r2.Games {
			switch {
			case g.WhiteID == leaver.ID:
				found = g.Result != nil && *g.Result == tournament.Result{White: 0, Black: 24, EndReason: tournament.Forfeit}
			case g.BlackID == leaver.ID:
				found = g.Result != nil && *g.Result == tournament.Result{White: 24, Black: 0, EndReason: tournament.Forfeit}
			case g.Result != nil:
				t.Errorf("round 2 board %d between present players has a result %v", g.Board, g.Result)
			}
		}
		if !found {
			t.Errorf("round 2 = %+v; want the withdrawn player's game entered as a forfeit loss", r2.Games)
		}
	})
}

// pairInOrder is a stand-in Swiss engine: it pairs the players of the round
// in start-number order, the last one odd out getting the bye.
func pairInOrder(in tournament.PairingInput) ([]tournament.Pairing, error) {
	var ids []int64
	for _, p := range in.Players {
		if p.PlaysIn(in.Round) {
			ids = append(ids, p.ID)
		}
	}
	var pairings []tournament.Pairing
	for i := 0; i+1 < len(ids); i += 2 {
		pairings = append(pairings, tournament.Pairing{WhiteID: ids[i], BlackID: ids[i+1]})
	}
	if len(ids)%2 == 1 {
		pairings = append(pairings, tournament.Pairing{WhiteID: ids[len(ids)-1]})
	}
	return pairings, nil
}

// lastAudit returns the newest audit entry of an event.
func lastAudit(t *testing.T, ctx context.Context, svc *tournament.Service, eventID int64) tournament.AuditEntry {
	t.Helper()
	entries, err := svc.Audit(ctx, eventID)
	if err != nil {
		t.Fatal(err)
	}
	return entries[len(entries)-1]
}

// TestStartNumbersOneByOne registers a field one player at a time, each
// placed in the order by rating as he comes, and checks the numbers are
// those of numbering the whole field at once: equal ratings (most players
// unrated), names differing in case and ё/е, namesakes, and a rating
// corrected on the way.
func TestStartNumbersOneByOne(t *testing.T) {
	t.Parallel()
	forEachService(t, engines.Options(), func(t *testing.T, ctx context.Context, svc *tournament.Service) {
		e, err := svc.CreateEvent(ctx, tournament.EventInput{Name: ptr("Открытый турнир"), Discipline: ptr("standard"), System: ptr("swiss"), Rounds: ptr(7)})
		if err != nil {
			t.Fatal(err)
		}
		names := []string{"Ёлкин", "елкин", "Ежов", "Жуков", "ЖУКОВ", "Абрегов", "Хуаде", "Берсиров", "Ёлкин", "Ашинов", "Zhukov", "Abregov"}
		ratings := []int{0, 0, 1500, 0, 1500, 0, 1900, 0, 1500, 0, 0, 1500}
		var last *tournament.Player
		for i := range 36 {
			p, err := registration.NewService(svc).RegisterPlayer(ctx, e.ID, tournament.PlayerInput{Name: ptr(names[i%len(names)]), Rating: ptr(ratings[(i*7)%len(ratings)]), ConfirmDuplicate: true})
			if err != nil {
				t.Fatal(err)
			}
			if i == 20 {
				if _, err := registration.NewService(svc).UpdatePlayer(ctx, e.ID, last.ID, tournament.PlayerInput{Rating: ptr(1700)}, ""); err != nil {
					t.Fatal(err)
				}
			}
			last = p
		}
		oneByOne := startNumbersByID(t, ctx, svc, e.ID)
		if _, err := registration.NewService(svc).RenumberPlayers(ctx, e.ID); err != nil {
			t.Fatal(err)
		}
		atOnce := startNumbersByID(t, ctx, svc, e.ID)
		for id, no := range atOnce {
			if oneByOne[id] != no {
				t.Fatalf("one by one the start numbers are %v; numbered at once %v", oneByOne, atOnce)
			}
		}
	})
}

func startNumbersByID(t *testing.T, ctx context.Context, svc *tournament.Service, eventID int64) map[int64]int {
	t.Helper()
	players, err := svc.Players(ctx, eventID)
	if err != nil {
		t.Fatal(err)
	}
	m := map[int64]int{}
	for _, p := range players {
		m[p.ID] = p.StartNo
	}
	return m
}
