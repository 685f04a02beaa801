package prizelist_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"adiukh/tournament"
	"adiukh/tournament/engines"
	"adiukh/tournament/people"
	registration "adiukh/tournament/players"
	"adiukh/tournament/prizelist"
	"adiukh/tournament/prizes"
	"adiukh/tournament/store"
	"adiukh/tournament/store/storetest"
)

// TestMain pools the tests' PostgreSQL schemas (storetest.Main).
func TestMain(m *testing.M) { os.Exit(storetest.Main(m)) }

func ptr[T any](v T) *T { return &v }

type fixture struct {
	ctx     context.Context
	st      *store.Store
	events  *tournament.Service
	prizes  *prizelist.Service
	event   *tournament.Event
	players []*tournament.Player
}

func forEachStore(t *testing.T, test func(t *testing.T, f *fixture)) {
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			ctx := storetest.Arbiter(t, st)
			events := tournament.NewService(st, engines.Options())
			e, players := storetest.Event(t, ctx, events, "round-robin", 0, "Андреев", "Борисова", "Васильева", "Григорьев")
			f := &fixture{ctx: ctx, st: st, events: events, prizes: prizelist.NewService(st.PrizeLists(), events, nil), event: e, players: players}
			// Борисова and Васильева are women, Григорьев born in 2010;
			// Андреев's sex and birth year are not recorded.
			f.details(players[1], tournament.Women, 1990)
			f.details(players[2], tournament.Women, 1985)
			f.details(players[3], tournament.Men, 2010)
			test(t, f)
		})
	}
}

// details records a player's sex and birth year, as a TRF import does.
func (f *fixture) details(p *tournament.Player, sex string, born int) {
	err := f.st.Update(f.ctx, func(tx tournament.Tx) error {
		stored, err := tx.Player(f.event.ID, p.ID)
		if err != nil {
			return err
		}
		stored.Sex, stored.BirthYear = sex, born
		return tx.UpdatePlayer(stored)
	})
	if err != nil {
		panic(err)
	}
}

// play plays the round robin: Андреев wins every game, the others draw
// among themselves, so that three tie for places 2–4.
func (f *fixture) play(t *testing.T) {
	t.Helper()
	first := f.players[0].ID
	for range 3 {
		r, err := f.events.PairNextRound(f.ctx, f.event.ID)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := f.events.PublishRound(f.ctx, f.event.ID, r.Number); err != nil {
			t.Fatal(err)
		}
		for _, g := range r.Games {
			in := tournament.ResultInput{EventID: f.event.ID, Round: r.Number, Board: g.Board, Version: g.Version, Score: "12:12", EndReason: "agreement"}
			switch first {
			case g.WhiteID:
				in.Score, in.EndReason = "17:7", "final_position"
			case g.BlackID:
				in.Score, in.EndReason = "7:17", "final_position"
			}
			if _, err := f.events.RecordResult(f.ctx, in); err != nil {
				t.Fatal(err)
			}
		}
	}
}

func (f *fixture) finish(t *testing.T) {
	t.Helper()
	if _, err := f.events.UpdateEvent(f.ctx, f.event.ID, tournament.EventInput{Status: ptr("finished")}, ""); err != nil {
		t.Fatal(err)
	}
}

var list = prizelist.Input{
	Ties: prizes.Shared, OnePerPlayer: true,
	Prizes: []prizelist.Prize{
		{Place: 1, Amount: 10000}, {Place: 2, Amount: 6000}, {Place: 3, Amount: 3000},
		{Category: prizelist.Category{Kind: prizelist.Women}, Place: 1, Amount: 5000},
		{Category: prizelist.Category{Kind: prizelist.Juniors, BornFrom: 2008}, Place: 1, Amount: 2000},
	},
}

func awards(v *prizelist.View) []string {
	var out []string
	for _, a := range v.Awards {
		out = append(out, fmt.Sprintf("%s: %s %d %d-%d/%d %s", a.Name, cmpOr(string(a.Prize.Kind), "place"), a.Prize.Place, a.From, a.To, a.Tied, prizelist.FormatAmount(a.Amount)))
	}
	return out
}

func cmpOr(a, b string) string {
	if a == "" {
		return b
	}
	return a
}

// The list is kept as set and given once the event is finished: Андреев
// first alone (100); Борисова, Васильева and Григорьев tied for places
// 2–4 would share 60 + 30 (30 each), and the two women, tied on points,
// the women's 50 (25 each). Борисова chooses first (the first in the
// standings of those whose best is 30) and keeps her 30 by place, leaving
// the women's prize to Васильева alone: 50, more than her 30, so she leaves
// the place list, where Борисова and Григорьев now share places 2–3 (45
// each); Григорьев keeps his 45 over the juniors' 20, which nobody else
// can have.
func TestPrizesGivenWhenFinished(t *testing.T) {
	t.Parallel()
	forEachStore(t, func(t *testing.T, f *fixture) {
		l, err := f.prizes.Set(f.ctx, f.event.ID, list)
		if err != nil {
			t.Fatal(err)
		}
		if len(l.Prizes) != 5 || l.Ties != prizes.Shared || !l.OnePerPlayer {
			t.Fatalf("list kept: %+v", l)
		}
		f.play(t)
		v, err := f.prizes.Read(f.ctx, f.event.ID)
		if err != nil {
			t.Fatal(err)
		}
		if v.Finished || len(v.Awards) != 0 || !v.CanSet || len(v.List.Prizes) != 5 {
			t.Fatalf("before the end: finished %v, awards %v, may set %v, list %+v", v.Finished, v.Awards, v.CanSet, v.List)
		}
		f.finish(t)
		v, err = f.prizes.Read(f.ctx, f.event.ID)
		if err != nil {
			t.Fatal(err)
		}
		want := []string{"Андреев: place 1 1-1/1 100", "Борисова: place 2 2-3/2 45", "Григорьев: place 3 2-3/2 45", "Васильева: women 1 1-1/1 50"}
		if got := awards(v); !slices.Equal(got, want) {
			t.Errorf("awards:\n\t%s\nwant\n\t%s", strings.Join(got, "\n\t"), strings.Join(want, "\n\t"))
		}
		var declined []string
		for _, d := range v.Declined {
			declined = append(declined, fmt.Sprintf("%s: %s %d %s", d.Name, cmpOr(string(d.Prize.Kind), "place"), d.Prize.Place, prizelist.FormatAmount(d.Amount)))
		}
		if want := []string{"Борисова: women 1 25", "Васильева: place 3 30", "Григорьев: juniors 1 20"}; !slices.Equal(declined, want) {
			t.Errorf("declined %q, want %q", declined, want)
		}
		if len(v.Unawarded) != 1 || v.Unawarded[0].Kind != prizelist.Juniors || v.Total != 24000 || v.CanSet {
			t.Errorf("unawarded %+v, total %d, may set %v", v.Unawarded, v.Total, v.CanSet)
		}

		// The finished event's list stands until it is reopened.
		if _, err := f.prizes.Set(f.ctx, f.event.ID, prizelist.Input{Prizes: list.Prizes[:1]}); tournament.ErrorCode(err) != tournament.ECONFLICT {
			t.Errorf("a change after the end: %v, want ECONFLICT", err)
		}
		if _, err := f.events.ReopenEvent(f.ctx, f.event.ID, "ошибка в результате"); err != nil {
			t.Fatal(err)
		}
		hort := list
		hort.Ties = prizes.Hort
		if _, err := f.prizes.Set(f.ctx, f.event.ID, hort); err != nil {
			t.Fatalf("a change after reopening: %v", err)
		}
		f.finish(t)
		if v, err = f.prizes.Read(f.ctx, f.event.ID); err != nil {
			t.Fatal(err)
		}
		if len(v.Awards) == 0 || v.List.Ties != prizes.Hort {
			t.Errorf("after reopening and finishing again with Hort: %+v", v.List)
		}
	})
}

// Every list that cannot work is refused with what is wrong, and the list
// kept before stays.
func TestPrizeListRefused(t *testing.T) {
	t.Parallel()
	forEachStore(t, func(t *testing.T, f *fixture) {
		if _, err := f.prizes.Set(f.ctx, f.event.ID, list); err != nil {
			t.Fatal(err)
		}
		place := func(n int, amount int64) prizelist.Prize { return prizelist.Prize{Place: n, Amount: amount} }
		of := func(c prizelist.Category, n int, amount int64) prizelist.Prize {
			return prizelist.Prize{Category: c, Place: n, Amount: amount}
		}
		for _, tc := range []struct {
			name   string
			prizes []prizelist.Prize
			ties   prizes.Rule
			want   string
		}{
			{"more prizes than players", []prizelist.Prize{place(1, 5), place(2, 4), place(3, 3), place(4, 2), place(5, 1)}, "", "5 prizes by place for 4 players"},
			{"a negative amount", []prizelist.Prize{place(1, -100)}, "", "prize 1: the amount -1 is below zero"},
			{"an unknown category", []prizelist.Prize{of(prizelist.Category{Kind: "students"}, 1, 100)}, "", `prize 1: unknown category "students"`},
			{"a category nobody fits", []prizelist.Prize{of(prizelist.Category{Kind: prizelist.Veterans, BornTo: 1950}, 1, 100)}, "",
				"nobody fits the prizes of veterans born in 1950 or earlier: 1 of the 4 players have no birth year recorded"},
			{"a club nobody plays for", []prizelist.Prize{of(prizelist.Category{Kind: prizelist.Club, Club: "Спартак"}, 1, 100)}, "",
				`nobody fits the prizes of the players of club "Спартак": 4 of the 4 players have no club recorded`},
			{"more category prizes than players in it", []prizelist.Prize{of(prizelist.Category{Kind: prizelist.Women}, 1, 100), of(prizelist.Category{Kind: prizelist.Women}, 2, 50), of(prizelist.Category{Kind: prizelist.Women}, 3, 10)}, "",
				"the women's prizes: 3 prizes, and only 2 of the players fit the category"},
			{"juniors without a year", []prizelist.Prize{of(prizelist.Category{Kind: prizelist.Juniors}, 1, 100)}, "", "born_from"},
			{"a gap", []prizelist.Prize{place(1, 100), place(3, 50)}, "", "place 2 has none"},
			{"a prize growing down the list", []prizelist.Prize{place(1, 100), place(2, 150)}, "", "for place 2 (1.50) is more than for place 1 (1)"},
			{"a place twice", []prizelist.Prize{place(1, 100), place(1, 100)}, "", "place 1 of the prizes by place is listed twice"},
			{"an unknown rule", []prizelist.Prize{place(1, 100)}, "lot", `not "lot"`},
		} {
			_, err := f.prizes.Set(f.ctx, f.event.ID, prizelist.Input{Prizes: tc.prizes, Ties: tc.ties})
			var e *tournament.Error
			if !errors.As(err, &e) || e.Code != tournament.EINVALID || !strings.Contains(e.Message, tc.want) {
				t.Errorf("%s: %v, want EINVALID with %q", tc.name, err, tc.want)
			}
		}
		v, err := f.prizes.Read(f.ctx, f.event.ID)
		if err != nil {
			t.Fatal(err)
		}
		if len(v.List.Prizes) != 5 {
			t.Errorf("the list kept before: %+v", v.List.Prizes)
		}
		// An empty list clears it.
		if _, err := f.prizes.Set(f.ctx, f.event.ID, prizelist.Input{}); err != nil {
			t.Fatal(err)
		}
		if v, err = f.prizes.Read(f.ctx, f.event.ID); err != nil || v.List != nil {
			t.Errorf("after clearing: %+v, %v", v, err)
		}
	})
}

func TestParseAmount(t *testing.T) {
	for in, want := range map[string]int64{"100": 10000, "12.5": 1250, "12,50": 1250, "0.07": 7, " 3 ": 300, "-2": -200} {
		if got, err := prizelist.ParseAmount(1, in); err != nil || got != want {
			t.Errorf("ParseAmount(%q) = %d, %v; want %d", in, got, err, want)
		}
	}
	for _, in := range []string{"", "1.234", "abc", "1e3", "+5", "1.-5", "12 500"} {
		if _, err := prizelist.ParseAmount(1, in); tournament.ErrorCode(err) != tournament.EINVALID {
			t.Errorf("ParseAmount(%q): %v, want EINVALID", in, err)
		}
	}
}

// A player's sex and birth year are the register's where the player has
// none: a player linked to a woman of the register fits the women's
// prizes, and wins them once the event is finished.
func TestCategoryFromTheRegister(t *testing.T) {
	t.Parallel()
	forEachStore(t, func(t *testing.T, f *fixture) {
		register := people.NewService(f.st.People(), people.Options{})
		person, err := register.CreatePerson(f.ctx, people.PersonInput{Surname: ptr("Тлехас"), GivenNames: ptr("Анна"), Sex: ptr(tournament.Women), BirthYear: ptr(2009)})
		if err != nil {
			t.Fatal(err)
		}
		e, _ := storetest.Event(t, f.ctx, f.events, "round-robin", 0, "Хуажев Аслан")
		anna, err := registration.NewService(f.events).RegisterPlayer(f.ctx, e.ID, tournament.PlayerInput{PersonID: &person.ID})
		if err != nil {
			t.Fatal(err)
		}
		if anna.Sex != "" {
			t.Fatalf("the player took the person's sex (%q): the test reads nothing of the register", anna.Sex)
		}
		women := prizelist.Prize{Category: prizelist.Category{Kind: prizelist.Women}, Place: 1, Amount: 1000}
		if _, err := f.prizes.Set(f.ctx, e.ID, prizelist.Input{Prizes: []prizelist.Prize{women}}); err != nil {
			t.Fatalf("the women's prize with a woman of the register: %v", err)
		}
		v, err := f.prizes.Read(f.ctx, e.ID)
		if err != nil {
			t.Fatal(err)
		}
		// Хуажев Аслан's sex is recorded nowhere.
		if len(v.Unknown) != 1 || v.Unknown[0].Missing != prizelist.MissingSex || v.Unknown[0].Players != 1 {
			t.Errorf("unknown: %+v", v.Unknown)
		}
		r, err := f.events.PairNextRound(f.ctx, e.ID)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := f.events.PublishRound(f.ctx, e.ID, 1); err != nil {
			t.Fatal(err)
		}
		g := r.Games[0]
		if _, err := f.events.RecordResult(f.ctx, tournament.ResultInput{EventID: e.ID, Round: 1, Board: g.Board, Version: g.Version, Score: "17:7", EndReason: "final_position"}); err != nil {
			t.Fatal(err)
		}
		if _, err := f.events.UpdateEvent(f.ctx, e.ID, tournament.EventInput{Status: ptr("finished")}, ""); err != nil {
			t.Fatal(err)
		}
		if v, err = f.prizes.Read(f.ctx, e.ID); err != nil {
			t.Fatal(err)
		}
		if len(v.Awards) != 1 || v.Awards[0].PlayerID != anna.ID || v.Awards[0].Amount != 1000 {
			t.Errorf("awards: %+v", v.Awards)
		}
	})
}
