package ratings_test

import (
	"context"
	"errors"
	"fmt"
	"math"
	"testing"
	"time"

	"adiukh/tournament"
	"adiukh/tournament/account"
	"adiukh/tournament/engines"
	"adiukh/tournament/people"
	registration "adiukh/tournament/players"
	"adiukh/tournament/rating"
	"adiukh/tournament/ratings"
	"adiukh/tournament/store"
	"adiukh/tournament/store/storetest"
	"adiukh/tournament/teams"
)

func ptr[T any](v T) *T { return &v }

func signedIn(t *testing.T, st *store.Store, email string, role tournament.Role) context.Context {
	t.Helper()
	u := &tournament.User{Email: email, Role: role, Locale: "ru"}
	if err := st.Accounts().Update(context.Background(), func(tx account.Tx) error { return tx.CreateUser(u) }); err != nil {
		t.Fatal(err)
	}
	return tournament.NewContextWithUser(context.Background(), u)
}

// playedEvent is a finished, rated rapid round robin of four persons of the
// register; scores are the boards' results round by round.
// ratingDesk is what a test of the rating lists works with: the event and
// rating services on st, an administrator and an arbiter signed in.
func ratingDesk(t *testing.T, st *store.Store) (events *tournament.Service, lists *ratings.Service, admin, arbiter context.Context) {
	t.Helper()
	// Today is after every event the tests play, whenever they run.
	today := func() time.Time { return time.Date(2026, 12, 31, 12, 0, 0, 0, time.UTC) }
	return tournament.NewService(st, engines.Options()), ratings.NewService(st.Ratings(), ratings.Options{Now: today}),
		signedIn(t, st, "admin@example.org", tournament.Admin), signedIn(t, st, "arbiter@example.org", tournament.ArbiterRole)
}

// registerOf is the register of people on st.
func registerOf(st *store.Store) *people.Service {
	return people.NewService(st.People(), people.Options{})
}

// teamsOf is the team competitions' service of events over st.
func teamsOf(st *store.Store, events *tournament.Service) *teams.Service {
	return teams.NewService(st.Teams(), events, engines.TeamOptions())
}

// addPeople adds Хуажев with each of the given names to the register,
// a name like another's (a typo to merge) confirmed.
func addPeople(t *testing.T, ctx context.Context, register *people.Service, given ...string) []*tournament.Person {
	t.Helper()
	var persons []*tournament.Person
	for _, n := range given {
		p, err := register.CreatePerson(ctx, people.PersonInput{Surname: ptr("Хуажев"), GivenNames: ptr(n), ConfirmSimilar: true})
		if err != nil {
			t.Fatal(err)
		}
		persons = append(persons, p)
	}
	return persons
}

func playedEvent(t *testing.T, ctx context.Context, svc *tournament.Service, persons []*tournament.Person, rated bool, end string, scores ...string) *tournament.Event {
	t.Helper()
	var players []tournament.PlayerInput
	for _, p := range persons {
		players = append(players, tournament.PlayerInput{PersonID: &p.ID})
	}
	return playedWith(t, ctx, svc, players, rated, end, scores...)
}

// playedWith is playedEvent with its four players as given.
func playedWith(t *testing.T, ctx context.Context, svc *tournament.Service, players []tournament.PlayerInput, rated bool, end string, scores ...string) *tournament.Event {
	t.Helper()
	e, err := svc.CreateEvent(ctx, tournament.EventInput{Name: ptr("Кубок"), Discipline: ptr("rapid"), System: ptr("round-robin"),
		TimeControl: ptr("15+10"), StartDate: ptr(end), EndDate: ptr(end), Rated: ptr(rated)})
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range players {
		if _, err := registration.NewService(svc).RegisterPlayer(ctx, e.ID, p); err != nil {
			t.Fatal(err)
		}
	}
	i := 0
	for n := 1; n <= 3; n++ {
		r, err := svc.PairNextRound(ctx, e.ID)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := svc.PublishRound(ctx, e.ID, n); err != nil {
			t.Fatal(err)
		}
		for _, g := range r.Games {
			reason := "final_position"
			if scores[i] == "24:0 forfeit" {
				scores[i], reason = "24:0", "forfeit"
			}
			if _, err := svc.RecordResult(ctx, tournament.ResultInput{EventID: e.ID, Round: n, Board: g.Board, Score: scores[i], EndReason: reason, Version: g.Version}); err != nil {
				t.Fatal(err)
			}
			i++
		}
	}
	if e, err = svc.UpdateEvent(ctx, e.ID, tournament.EventInput{Status: ptr("finished")}, ""); err != nil {
		t.Fatal(err)
	}
	return e
}

// TestClosingPeriods: a period rates the finished rated events of its list
// that ended by its date, the games over the board between persons (a
// forfeit is not rated; an unrated event is not), exactly as package
// rating computes them; it is frozen (closing it again is refused); a
// result corrected afterwards is carried into the next period.
func TestClosingPeriods(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			events, lists, admin, arbiter := ratingDesk(t, st)
			persons := addPeople(t, arbiter, registerOf(st), "Аслан", "Бислан", "Заур", "Мурат")
			rated := playedEvent(t, arbiter, events, persons, true, "2026-10-10", "17:7", "12:12", "24:0 forfeit", "13:11", "9:15", "14:10")
			playedEvent(t, arbiter, events, persons, false, "2026-10-11", "24:0", "24:0", "24:0", "24:0", "24:0", "24:0")
			playedEvent(t, arbiter, events, persons, true, "2026-11-20", "24:0", "24:0", "24:0", "24:0", "24:0", "24:0")

			_, err := lists.ClosePeriod(arbiter, ratings.Rapid, "2026-10-31")
			if tournament.ErrorCode(err) != tournament.EFORBIDDEN {
				t.Errorf("an arbiter closes a period: %v", err)
			}
			list, err := lists.ClosePeriod(admin, ratings.Rapid, "2026-10-31")
			if err != nil {
				t.Fatal(err)
			}
			if list.Period == nil || list.Period.Events != 1 || list.Period.Games != 5 || len(list.Rows) != 4 {
				t.Fatalf("the period %+v with %d rows, want one event, 5 games (the forfeit left out), 4 persons", list.Period, len(list.Rows))
			}
			// The same computation by hand through package rating.
			person := map[int64]int64{}
			players, _ := events.Players(arbiter, rated.ID)
			for _, p := range players {
				person[p.ID] = p.PersonID
			}
			rounds, _ := events.Rounds(arbiter, rated.ID)
			var games []rating.Game
			for _, r := range rounds {
				for _, g := range r.Games {
					if g.Result.Played() {
						games = append(games, rating.Game{A: person[g.WhiteID], B: person[g.BlackID], PointsA: g.Result.White, PointsB: g.Result.Black})
					}
				}
			}
			want, _ := rating.Close(nil, games, nil, rating.Options{})
			for _, row := range list.Rows {
				if w := want[row.Person.ID]; row.Rating != w.Rating || row.Games != w.Games || row.K != rating.K(w) || !row.Played {
					t.Errorf("%s: %+v, want %+v", row.Person.Name(), row.State, w)
				}
			}
			played := map[int64]bool{}
			for _, r := range rounds {
				for _, g := range r.Games {
					played[g.ID] = g.Result.Played()
				}
			}
			report, err := lists.PeriodReport(context.Background(), ratings.Rapid, list.Period.ID)
			if err != nil {
				t.Fatal(err)
			}
			for _, c := range report.Changes {
				for _, l := range c.Lines {
					if !played[l.GameID] {
						t.Errorf("a line of %d names game %d, not a rated game of the event", c.Person, l.GameID)
					}
				}
			}
			_, err = lists.ClosePeriod(admin, ratings.Rapid, "2026-10-31")
			if tournament.ErrorCode(err) != tournament.ECONFLICT {
				t.Errorf("closing the same period again: %v, want ECONFLICT", err)
			}

			// The first rated game is corrected from 17:7 to 7:17 after
			// its period: the next period carries it.
			g := rounds[0].Games[0]
			correctFinished(t, arbiter, events, tournament.ResultInput{EventID: rated.ID, Round: 1, Board: g.Board, Score: "7:17", EndReason: "final_position", Version: g.Version, Reason: "бланк записи"})
			before := map[int64]int{}
			for _, r := range list.Rows {
				before[r.Person.ID] = r.Rating
			}
			next, err := lists.ClosePeriod(admin, ratings.Rapid, "2026-11-30")
			if err != nil {
				t.Fatal(err)
			}
			if next.Period.Events != 1 || next.Period.Games != 6 {
				t.Errorf("the second period %+v, want the November event's 6 games", next.Period)
			}
			history, err := lists.PersonHistory(context.Background(), person[g.WhiteID])
			if err != nil || len(history[1].Changes) != 2 {
				t.Fatalf("the history of the corrected game's White: %+v (%v)", history, err)
			}
			last := history[1].Changes[1]
			var corrected bool
			for _, l := range last.Lines {
				corrected = corrected || (l.Correction && l.S == -1 && l.GameID == g.ID)
			}
			if !corrected || last.Games != 3 {
				t.Errorf("White's second period %+v, want a correction of −1 beside 3 games", last)
			}
			// The period's report says where the corrected game was played.
			report, err = lists.PeriodReport(context.Background(), ratings.Rapid, next.Period.ID)
			if err != nil {
				t.Fatal(err)
			}
			if place := report.Corrected[g.ID]; len(report.Corrected) != 1 || place == nil ||
				*place != (ratings.GamePlace{EventID: rated.ID, Event: rated.Name, Round: 1, Board: g.Board}) {
				t.Errorf("the corrected game's place in the report: %+v, want event %d, round 1, board %d", report.Corrected, rated.ID, g.Board)
			}
			if filtered, err := lists.Read(context.Background(), ratings.Rapid, ratings.Filter{Query: "бислан"}); err != nil || len(filtered.Rows) != 1 {
				t.Errorf("the list searched for Бислан: %+v (%v)", filtered, err)
			}

			// A new rapid event registers the persons with their rating.
			open, err := events.CreateEvent(arbiter, tournament.EventInput{Name: ptr("Открытый"), Discipline: ptr("rapid"), System: ptr("swiss"), Rounds: ptr(5)})
			if err != nil {
				t.Fatal(err)
			}
			p, err := registration.NewService(events).RegisterPlayer(arbiter, open.ID, tournament.PlayerInput{PersonID: &persons[0].ID})
			if err != nil {
				t.Fatal(err)
			}
			var published int
			for _, r := range next.Rows {
				if r.Person.ID == persons[0].ID {
					published = r.Rating
				}
			}
			if p.Rating != published || published == 0 {
				t.Errorf("a player from the register has rating %d, want the published %d", p.Rating, published)
			}
			typed, err := registration.NewService(events).RegisterPlayer(arbiter, open.ID, tournament.PlayerInput{PersonID: &persons[1].ID, Rating: ptr(1234)})
			if err != nil || typed.Rating != 1234 {
				t.Errorf("a rating typed by the arbiter: %+v (%v), want 1234", typed, err)
			}
		})
	}
}

// TestListOptions: an administrator sets a list's options (others may not;
// the initial rating is bounded), each change is in the list's audit log;
// a period is rated with the options stored when it closes and keeps them
// when they change afterwards.
func TestListOptions(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			events, lists, admin, arbiter := ratingDesk(t, st)
			bg := context.Background()

			if l, err := lists.Read(bg, ratings.Rapid, ratings.Filter{}); err != nil || l.Options != (rating.Options{Initial: rating.DefaultInitial}) || l.OptionsLog != nil {
				t.Fatalf("the options before any were set: %+v (%v), want the defaults", l, err)
			}
			share := rating.Options{Initial: 1200, PointShare: true}
			for _, c := range []struct {
				ctx  context.Context
				list string
				opt  rating.Options
				code string
			}{
				{bg, ratings.Rapid, share, tournament.EUNAUTHORIZED},
				{arbiter, ratings.Rapid, share, tournament.EFORBIDDEN},
				{admin, "bullet", share, tournament.ENOTFOUND},
				{admin, ratings.Rapid, rating.Options{Initial: 99}, tournament.EINVALID},
				{admin, ratings.Rapid, rating.Options{Initial: 3001}, tournament.EINVALID},
			} {
				_, err := lists.SetOptions(c.ctx, c.list, c.opt)
				var e *tournament.Error
				if tournament.ErrorCode(err) != c.code {
					t.Errorf("set %s options %+v: %v, want %s", c.list, c.opt, err, c.code)
				} else if c.code == tournament.EINVALID && (!errors.As(err, &e) || e.Field != "initial") {
					t.Errorf("an initial rating out of bounds: %v, want it at the field initial", err)
				}
			}
			if _, err := lists.SetOptions(admin, ratings.Rapid, share); err != nil {
				t.Fatal(err)
			}
			l, err := lists.Read(admin, ratings.Rapid, ratings.Filter{})
			if err != nil || l.Options != share || len(l.OptionsLog) != 1 || l.OptionsLog[0].UserEmail != "admin@example.org" ||
				l.OptionsLog[0].Before != (rating.Options{Initial: 1500}) || l.OptionsLog[0].After != share {
				t.Fatalf("the list after its options were set: %+v (%v)", l, err)
			}
			if anonymous, _ := lists.Read(bg, ratings.Rapid, ratings.Filter{}); anonymous.OptionsLog != nil {
				t.Error("an anonymous reader reads the options' audit log")
			}
			if other, _ := lists.Read(bg, ratings.Blitz, ratings.Filter{}); other.Options.Initial != rating.DefaultInitial {
				t.Errorf("the blitz list took the rapid list's options: %+v", other.Options)
			}

			persons := addPeople(t, arbiter, registerOf(st), "Аслан", "Бислан", "Заур", "Мурат")
			playedEvent(t, arbiter, events, persons, true, "2026-10-10", "17:7", "12:12", "14:10", "13:11", "9:15", "14:10")
			list, err := lists.ClosePeriod(admin, ratings.Rapid, "2026-10-31")
			if err != nil {
				t.Fatal(err)
			}
			if list.Period.Options != share {
				t.Errorf("the period was rated with %+v, want %+v", list.Period.Options, share)
			}
			report, err := lists.PeriodReport(bg, ratings.Rapid, list.Period.ID)
			if err != nil {
				t.Fatal(err)
			}
			for _, c := range report.Changes {
				if c.Old != 1200 {
					t.Errorf("a newcomer starts at %d, want 1200", c.Old)
				}
				for _, line := range c.Lines {
					if want := float64(line.Points) / 24; line.S != want {
						t.Errorf("s = %v for %d:%d, want the share %v", line.S, line.Points, line.OpponentPoints, want)
					}
				}
			}

			if _, err := lists.SetOptions(admin, ratings.Rapid, rating.Options{Initial: 1500}); err != nil {
				t.Fatal(err)
			}
			again, err := lists.PeriodReport(bg, ratings.Rapid, list.Period.ID)
			if err != nil || again.Period.Options != share || again.Changes[0].New != report.Changes[0].New {
				t.Errorf("the closed period after the options changed: %+v (%v), want it as it was", again.Period, err)
			}
			if l, _ := lists.Read(admin, ratings.Rapid, ratings.Filter{}); l.Period.Options != share || l.Options.PointShare || len(l.OptionsLog) != 2 {
				t.Errorf("the list after the second change: period %+v, options %+v, %d changes logged", l.Period.Options, l.Options, len(l.OptionsLog))
			}
		})
	}
}

// TestEventReport: an event's rating report has, for each person, the
// lines of its games in the period that rated them, and the event's part
// K·Σ(s − E) of the change; two events of one period share the change;
// a correction rated later adds the period that carried it. An event not
// rated says so, one not rated yet too, and a private one is hidden from
// those who may not see it.
func TestEventReport(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			events, lists, admin, arbiter := ratingDesk(t, st)
			bg := context.Background()
			persons := addPeople(t, arbiter, registerOf(st), "Аслан", "Бислан", "Заур", "Мурат")
			first := playedEvent(t, arbiter, events, persons, true, "2026-10-10", "17:7", "12:12", "14:10", "13:11", "9:15", "14:10")
			second := playedEvent(t, arbiter, events, persons, true, "2026-10-20", "7:17", "12:12", "10:14", "11:13", "15:9", "10:14")
			unrated := playedEvent(t, arbiter, events, persons, false, "2026-10-21", "24:0", "24:0", "24:0", "24:0", "24:0", "24:0")
			if r, err := lists.EventReport(bg, first.ID); err != nil || r.State != ratings.EventPending || r.List != ratings.Rapid {
				t.Errorf("before the period: %+v (%v), want pending in the rapid list", r, err)
			}
			if r, err := lists.EventReport(bg, unrated.ID); err != nil || r.State != ratings.EventNotRated {
				t.Errorf("an unrated event: %+v (%v), want not rated", r, err)
			}
			list, err := lists.ClosePeriod(admin, ratings.Rapid, "2026-10-31")
			if err != nil {
				t.Fatal(err)
			}
			if rated, err := lists.EventRated(bg, first.ID); !rated || err != nil {
				t.Errorf("the first event is not rated after the period: %v", err)
			}
			reports := map[int64]*ratings.EventReport{}
			for _, e := range []*tournament.Event{first, second} {
				r, err := lists.EventReport(bg, e.ID)
				if err != nil {
					t.Fatal(err)
				}
				if r.State != ratings.EventRated || len(r.Periods) != 1 || r.Periods[0].Period.ID != list.Period.ID || len(r.Periods[0].Changes) != 4 {
					t.Fatalf("the report of event %d: %+v", e.ID, r)
				}
				rounds, _ := events.Rounds(arbiter, e.ID)
				ours := map[int64]bool{}
				for _, rd := range rounds {
					for _, g := range rd.Games {
						ours[g.ID] = true
					}
				}
				for _, c := range r.Periods[0].Changes {
					if len(c.Lines) != 3 || r.People[c.Change.Person].ID == 0 {
						t.Errorf("event %d, person %d: %d lines, want 3 named", e.ID, c.Change.Person, len(c.Lines))
					}
					for _, l := range c.Lines {
						if !ours[l.GameID] {
							t.Errorf("event %d's report has game %d of another event", e.ID, l.GameID)
						}
					}
				}
				reports[e.ID] = r
			}
			for i, c := range reports[first.ID].Periods[0].Changes {
				other := reports[second.ID].Periods[0].Changes[i]
				if other.Change.Person != c.Change.Person || math.Abs(c.Sum+other.Sum-c.Change.Sum) > 1e-9 ||
					math.Round(c.Contribution()+other.Contribution()) != float64(c.Change.Delta()) {
					t.Errorf("person %d: the events' parts %v and %v do not make the change %d", c.Change.Person, c.Contribution(), other.Contribution(), c.Change.Delta())
				}
			}

			rounds, _ := events.Rounds(arbiter, first.ID)
			g := rounds[0].Games[0]
			correctFinished(t, arbiter, events, tournament.ResultInput{EventID: first.ID, Round: 1, Board: g.Board, Score: "7:17", EndReason: "final_position", Version: g.Version, Reason: "бланк записи"})
			if _, err := lists.ClosePeriod(admin, ratings.Rapid, "2026-11-30"); err != nil {
				t.Fatal(err)
			}
			r, err := lists.EventReport(bg, first.ID)
			if err != nil || len(r.Periods) != 2 || len(r.Periods[1].Changes) != 2 {
				t.Fatalf("the report after a correction: %+v (%v), want the second period with the game's two persons", r, err)
			}
			for _, c := range r.Periods[1].Changes {
				if len(c.Lines) != 1 || !c.Lines[0].Correction || c.Lines[0].GameID != g.ID || math.Abs(c.Sum) != 1 {
					t.Errorf("the correction's line: %+v", c)
				}
			}

			hidden := playedEvent(t, arbiter, events, persons, true, "2026-12-10", "17:7", "12:12", "14:10", "13:11", "9:15", "14:10")
			if _, err := events.UpdateEvent(arbiter, hidden.ID, tournament.EventInput{Visibility: ptr("private")}, ""); err != nil {
				t.Fatal(err)
			}
			if _, err := lists.EventReport(bg, hidden.ID); tournament.ErrorCode(err) != tournament.ENOTFOUND {
				t.Errorf("a private event's report read by an anonymous reader: %v", err)
			}
			if _, err := lists.EventRated(bg, hidden.ID); tournament.ErrorCode(err) != tournament.ENOTFOUND {
				t.Errorf("whether a private event is rated, asked by an anonymous reader: %v", err)
			}
			if r, err := lists.EventReport(arbiter, hidden.ID); err != nil || r.State != ratings.EventPending {
				t.Errorf("the private event's report read by its arbiter: %+v (%v)", r, err)
			}
		})
	}
}

// TestUnlinkedPlayers: a rated event may be finished with a player added
// by name only; that player's games are not rated, and the event's report
// names them, before the period and after it.
func TestUnlinkedPlayers(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			events, lists, admin, arbiter := ratingDesk(t, st)
			var players []tournament.PlayerInput
			for _, p := range addPeople(t, arbiter, registerOf(st), "Аслан", "Бислан", "Заур") {
				players = append(players, tournament.PlayerInput{PersonID: &p.ID})
			}
			players = append(players, tournament.PlayerInput{Name: ptr("Иванов Иван")})
			e := playedWith(t, arbiter, events, players, true, "2026-10-10", "17:7", "12:12", "14:10", "13:11", "9:15", "14:10")
			unlinked := func(when string) {
				t.Helper()
				r, err := lists.EventReport(context.Background(), e.ID)
				if err != nil {
					t.Fatal(err)
				}
				if len(r.Unlinked) != 1 || r.Unlinked[0].Name != "Иванов Иван" {
					t.Errorf("%s: the report's players not linked %+v, want Иванов Иван", when, r.Unlinked)
				}
			}
			unlinked("before the period")
			list, err := lists.ClosePeriod(admin, ratings.Rapid, "2026-10-31")
			if err != nil {
				t.Fatal(err)
			}
			if list.Period.Games != 3 || len(list.Rows) != 3 {
				t.Errorf("the period %+v with %d rows, want the 3 games between the persons", list.Period, len(list.Rows))
			}
			unlinked("after the period")
		})
	}
}

// TestMergeMovesRatings: merging a rated person into their duplicate gives
// the person kept the rating, the games and the history; the list shows
// one row; undoing gives each their own back. A result corrected after
// the merge is rated for the person kept, and once their ratings changed
// the merge is no longer undone.
func TestMergeMovesRatings(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			events, lists, admin, arbiter := ratingDesk(t, st)
			bg := context.Background()
			persons := addPeople(t, arbiter, registerOf(st), "Аслан", "Бислан", "Заур", "Мурат", "Асланн")
			kept, typo := persons[0], persons[4]
			first := playedEvent(t, arbiter, events, persons[1:], true, "2026-10-10", "17:7", "12:12", "14:10", "13:11", "9:15", "14:10")
			before, err := lists.ClosePeriod(admin, ratings.Rapid, "2026-10-31")
			if err != nil {
				t.Fatal(err)
			}
			rowOf := func(l *ratings.List, id int64) *ratings.Row {
				for i := range l.Rows {
					if l.Rows[i].Person.ID == id {
						return &l.Rows[i]
					}
				}
				return nil
			}
			rated := *rowOf(before, typo.ID)
			m, err := registerOf(st).MergePeople(admin, typo.ID, kept.ID)
			if err != nil {
				t.Fatal(err)
			}
			list, err := lists.Read(bg, ratings.Rapid, ratings.Filter{})
			if err != nil {
				t.Fatal(err)
			}
			if r := rowOf(list, kept.ID); r == nil || r.Rating != rated.Rating || r.Games != 3 || !r.Played || r.Change != rated.Change || rowOf(list, typo.ID) != nil || len(list.Rows) != 4 {
				t.Errorf("after the merge the list %+v, want the person kept at %d with 3 games and not the duplicate", list.Rows, rated.Rating)
			}
			if h, err := lists.PersonHistory(bg, kept.ID); err != nil || h[1].Current == nil || h[1].Current.Rating != rated.Rating || len(h[1].Changes) != 1 {
				t.Errorf("the history of the person kept: %+v (%v), want the duplicate's period", h, err)
			}
			if err := registerOf(st).UndoMerge(admin, m.ID); err != nil {
				t.Fatal(err)
			}
			list, _ = lists.Read(bg, ratings.Rapid, ratings.Filter{})
			if r := rowOf(list, typo.ID); r == nil || r.Rating != rated.Rating || r.Games != 3 || rowOf(list, kept.ID) != nil {
				t.Errorf("after the undo the list %+v, want the duplicate's rating back with them", list.Rows)
			}

			m, err = registerOf(st).MergePeople(admin, typo.ID, kept.ID)
			if err != nil {
				t.Fatal(err)
			}
			var duplicate int64
			players, _ := events.Players(arbiter, first.ID)
			for _, p := range players {
				if p.PersonID == kept.ID {
					duplicate = p.ID
				}
			}
			rounds, _ := events.Rounds(arbiter, first.ID)
			var g tournament.Game
			for _, c := range rounds[0].Games {
				if c.WhiteID == duplicate || c.BlackID == duplicate {
					g = c
				}
			}
			correctFinished(t, arbiter, events, tournament.ResultInput{EventID: first.ID, Round: 1, Board: g.Board, Score: "7:17", EndReason: "final_position", Version: g.Version, Reason: "бланк записи"})
			after, err := lists.ClosePeriod(admin, ratings.Rapid, "2026-11-30")
			if err != nil {
				t.Fatal(err)
			}
			if rowOf(after, typo.ID) != nil || rowOf(after, kept.ID) == nil || !rowOf(after, kept.ID).Played {
				t.Errorf("the correction of the duplicate's game is rated for %+v, want the person kept", after.Rows)
			}
			r, err := lists.EventReport(bg, first.ID)
			if err != nil || len(r.Periods) != 2 || len(r.Periods[1].Changes) != 2 {
				t.Errorf("the event's report after the correction: %+v (%v), want its second period with two persons", r, err)
			}
			if err := registerOf(st).UndoMerge(admin, m.ID); tournament.ErrorCode(err) != tournament.ECONFLICT {
				t.Errorf("undoing a merge whose person's rating changed since: %v, want ECONFLICT", err)
			}
			if v, err := registerOf(st).PersonPage(admin, kept.ID); err != nil || len(v.Merges) != 1 || v.Merges[0].CanUndo || tournament.ErrorCode(v.Merges[0].Blocked) != tournament.ECONFLICT {
				t.Errorf("the kept person's page after their rating changed: merges %+v (%v), want the merge without its undo, saying why", v.Merges, err)
			}
		})
	}
}

// The age groups are FIDE's, counted in the year of the list's period: U10
// takes those who turn 10 in it, U20 those who turn 20, 65+ those who turn
// 65.
func TestAgeGroups(t *testing.T) {
	t.Parallel()
	st := storetest.Open(t)["sqlite"]
	events, lists, admin, arbiter := ratingDesk(t, st)
	born := map[int]*tournament.Person{}
	var persons []*tournament.Person
	for _, year := range []int{2017, 2016, 2006, 2005, 1962, 1961, 1990, 1991} {
		p, err := registerOf(st).CreatePerson(arbiter, people.PersonInput{Surname: ptr("Хуажев"), GivenNames: ptr(fmt.Sprint(year)), BirthYear: ptr(year)})
		if err != nil {
			t.Fatal(err)
		}
		born[year] = p
		persons = append(persons, p)
	}
	playedEvent(t, arbiter, events, persons[:4], true, "2026-10-10", "17:7", "12:12", "14:10", "13:11", "9:15", "14:10")
	playedEvent(t, arbiter, events, persons[4:], true, "2026-10-10", "17:7", "12:12", "14:10", "13:11", "9:15", "14:10")
	if _, err := lists.ClosePeriod(admin, ratings.Rapid, "2026-10-31"); err != nil {
		t.Fatal(err)
	}
	for age, want := range map[string][]int{"U10": {2017, 2016}, "U12": {2017, 2016}, "U20": {2017, 2016, 2006}, "65+": {1961}} {
		l, err := lists.Read(context.Background(), ratings.Rapid, ratings.Filter{Age: age})
		if err != nil {
			t.Fatal(err)
		}
		got := map[int64]bool{}
		for _, r := range l.Rows {
			got[r.Person.ID] = true
		}
		for _, year := range want {
			if !got[born[year].ID] {
				t.Errorf("%s leaves out the person born in %d", age, year)
			}
		}
		if len(got) != len(want) {
			t.Errorf("%s: %d persons, want those born in %v", age, len(got), want)
		}
	}
}

// TestTeamEventsRated: a rated team event's board games count in its
// discipline's list, its rosters linked to the register by federation ID
// (each player with their published rating); a correspondence event is
// not rated, whatever its flag.
func TestTeamEventsRated(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			events, lists, admin, arbiter := ratingDesk(t, st)
			competitions := teamsOf(st, events)
			persons := addPeople(t, arbiter, registerOf(st), "Аслан", "Бислан", "Заур", "Мурат")
			e, err := events.CreateEvent(arbiter, tournament.EventInput{Name: ptr("Командный кубок"), Discipline: ptr("rapid-team"), System: ptr("round-robin"),
				TimeControl: ptr("10+5"), StartDate: ptr("2026-10-10"), EndDate: ptr("2026-10-10"), Rated: ptr(true)})
			if err != nil {
				t.Fatal(err)
			}
			if _, err := competitions.UpdateTeamSettings(arbiter, e.ID, teams.TeamSettingsInput{Boards: ptr(2)}, ""); err != nil {
				t.Fatal(err)
			}
			for i, team := range []string{"Адыгея", "Кубань"} {
				var players []tournament.PlayerInput
				for _, p := range persons[2*i : 2*i+2] {
					players = append(players, tournament.PlayerInput{Name: ptr(p.Name()), FederationID: ptr(p.FederationID)})
				}
				if _, err := competitions.RegisterTeam(arbiter, e.ID, teams.TeamInput{Name: ptr(team), Players: players}); err != nil {
					t.Fatal(err)
				}
			}
			players, _ := events.Players(arbiter, e.ID)
			for _, p := range players {
				if p.PersonID == 0 {
					t.Errorf("the roster's %s is not linked to the register by federation ID %s", p.Name, p.FederationID)
				}
			}
			tr, err := competitions.PairNextTeamRound(arbiter, e.ID)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := events.PublishRound(arbiter, e.ID, 1); err != nil {
				t.Fatal(err)
			}
			for _, m := range tr.Matches {
				for _, b := range m.Boards {
					if _, err := competitions.RecordMatchResult(arbiter, teams.MatchResultInput{Table: m.Table, ResultInput: tournament.ResultInput{
						EventID: e.ID, Round: 1, Board: b.Board, Score: "17:7", EndReason: "final_position", Version: b.Game.Version}}); err != nil {
						t.Fatal(err)
					}
				}
			}
			if _, err := events.UpdateEvent(arbiter, e.ID, tournament.EventInput{Status: ptr("finished")}, ""); err != nil {
				t.Fatal(err)
			}
			list, err := lists.ClosePeriod(admin, ratings.Rapid, "2026-10-31")
			if err != nil {
				t.Fatal(err)
			}
			if list.Period.Events != 1 || list.Period.Games != 2 || len(list.Rows) != 4 {
				t.Errorf("the period %+v with %d rows, want the team event's 2 board games", list.Period, len(list.Rows))
			}

			// The next team event's rosters take the published ratings.
			next, err := events.CreateEvent(arbiter, tournament.EventInput{Name: ptr("Командный кубок 2"), Discipline: ptr("rapid-team"), System: ptr("round-robin"), TimeControl: ptr("10+5")})
			if err != nil {
				t.Fatal(err)
			}
			team, err := competitions.RegisterTeam(arbiter, next.ID, teams.TeamInput{Name: ptr("Адыгея"), Players: []tournament.PlayerInput{{Name: ptr(persons[0].Name()), FederationID: ptr(persons[0].FederationID)}}})
			if err != nil {
				t.Fatal(err)
			}
			if p := team.Roster[0]; p.Rating == 0 || p.Rating == rating.DefaultInitial {
				t.Errorf("a roster's player from the register: rating %d, want the published one", p.Rating)
			}
			teamRosterByPerson(t, arbiter, events, competitions, registerOf(st), next, team, persons, list)

			corr, err := events.CreateEvent(arbiter, tournament.EventInput{Name: ptr("Заочный"), Discipline: ptr("correspondence"), System: ptr("round-robin"), TimeControl: ptr("10d"), Rated: ptr(true)})
			if err != nil {
				t.Fatal(err)
			}
			if r, err := lists.EventReport(context.Background(), corr.ID); err != nil || r.State != ratings.EventNotRated {
				t.Errorf("a correspondence event marked rated: %+v (%v), want not rated", r, err)
			}
		})
	}
}

// A rated event finished without dates ends the day it is finished, and is
// rated in the period of that day.
func TestRatedEventWithoutDates(t *testing.T) {
	t.Parallel()
	st := storetest.Open(t)["sqlite"]
	events, lists, admin, arbiter := ratingDesk(t, st)
	persons := addPeople(t, arbiter, registerOf(st), "Аслан", "Бислан", "Заур", "Мурат")
	e := playedEvent(t, arbiter, events, persons, true, "", "17:7", "12:12", "14:10", "13:11", "9:15", "14:10")
	today := time.Now().In(e.Location()).Format(time.DateOnly)
	if e.EndDate != today {
		t.Errorf("a rated event finished without dates ends on %q, want today, %s", e.EndDate, today)
	}
	list, err := lists.ClosePeriod(admin, ratings.Rapid, today)
	if err != nil {
		t.Fatal(err)
	}
	if list.Period.Events != 1 || list.Period.Games != 6 {
		t.Errorf("the period %+v, want the event without dates", list.Period)
	}
}

// teamRosterByPerson: a roster's entry, on a new team or as a reserve, may
// name a person of the register (PersonID) as an individual event's
// player does: the person's name, details and published rating of the
// event's list fill what the entry leaves out; a person plays once in the
// event. team already has persons[0]; persons[:4] are in the published list.
func teamRosterByPerson(t *testing.T, arbiter context.Context, events *tournament.Service, competitions *teams.Service, register *people.Service, e *tournament.Event, team *teams.Team, persons []*tournament.Person, list *ratings.List) {
	t.Helper()
	published := map[int64]int{}
	for _, r := range list.Rows {
		published[r.Person.ID] = r.Rating
	}
	if published[persons[1].ID] == 0 || published[persons[3].ID] == 0 {
		t.Fatalf("the list %+v does not rate the persons", list.Rows)
	}
	madina, err := register.CreatePerson(arbiter, people.PersonInput{Surname: ptr("Тхагапсова"), GivenNames: ptr("Мадина"), BirthYear: ptr(1995),
		Club: ptr("Нарт"), Region: ptr("Адыгея")})
	if err != nil {
		t.Fatal(err)
	}
	kuban, err := competitions.RegisterTeam(arbiter, e.ID, teams.TeamInput{Name: ptr("Кубань"), Club: ptr("Краснодар"), Players: []tournament.PlayerInput{
		{PersonID: &persons[1].ID}, {PersonID: &madina.ID}, {PersonID: &persons[2].ID, Rating: ptr(1234), Name: ptr("Хуажев З.")}}})
	if err != nil {
		t.Fatal(err)
	}
	want := []tournament.Player{
		{Name: persons[1].Name(), FederationID: persons[1].FederationID, PersonID: persons[1].ID, Rating: published[persons[1].ID], Club: "Краснодар"},
		{Name: madina.Name(), FederationID: madina.FederationID, PersonID: madina.ID, BirthYear: 1995, Club: "Нарт", City: "Адыгея"},
		{Name: "Хуажев З.", FederationID: persons[2].FederationID, PersonID: persons[2].ID, Rating: 1234, Club: "Краснодар"},
	}
	for i, w := range want {
		p := kuban.Roster[i]
		if p.Name != w.Name || p.FederationID != w.FederationID || p.PersonID != w.PersonID || p.Rating != w.Rating || p.BirthYear != w.BirthYear ||
			p.Club != w.Club || p.City != w.City {
			t.Errorf("roster entry %d from the register: %+v, want %+v", i, p, w)
		}
	}
	for what, c := range map[string]struct {
		err   error
		field string
	}{
		"a person of another team": {func() error {
			_, err := competitions.RegisterTeam(arbiter, e.ID, teams.TeamInput{Name: ptr("Дон"), Players: []tournament.PlayerInput{{Name: ptr("Иванов Иван")}, {PersonID: &persons[0].ID}}})
			return err
		}(), "players[1].person_id"},
		"a person twice in a roster": {func() error {
			_, err := competitions.RegisterTeam(arbiter, e.ID, teams.TeamInput{Name: ptr("Дон"), Players: []tournament.PlayerInput{{PersonID: &persons[3].ID}, {PersonID: &persons[3].ID, FederationID: ptr("X1")}}})
			return err
		}(), "players[1].name"},
		"a reserve who plays already": {func() error {
			_, err := competitions.AddTeamPlayer(arbiter, e.ID, teams.TeamRef{ID: team.ID}, tournament.PlayerInput{PersonID: &madina.ID})
			return err
		}(), "person_id"},
	} {
		var refused *tournament.Error
		if !errors.As(c.err, &refused) || refused.Code != tournament.ECONFLICT || refused.Field != c.field {
			t.Errorf("%s: %v, want ECONFLICT at %s", what, c.err, c.field)
		}
	}
	reserved, err := competitions.AddTeamPlayer(arbiter, e.ID, teams.TeamRef{ID: team.ID}, tournament.PlayerInput{PersonID: &persons[3].ID})
	if err != nil {
		t.Fatal(err)
	}
	if p := reserved.Roster[len(reserved.Roster)-1]; p.Name != persons[3].Name() || p.PersonID != persons[3].ID || p.Rating != published[persons[3].ID] {
		t.Errorf("a reserve from the register: %+v, want %s with the published rating %d", p, persons[3].Name(), published[persons[3].ID])
	}
}

// correctFinished corrects a result of a finished event the only way
// there is: reopened with the reason, corrected, finished again.
func correctFinished(t *testing.T, ctx context.Context, events *tournament.Service, in tournament.ResultInput) {
	t.Helper()
	if _, err := events.ReopenEvent(ctx, in.EventID, in.Reason); err != nil {
		t.Fatal(err)
	}
	if _, err := events.RecordResult(ctx, in); err != nil {
		t.Fatal(err)
	}
	if _, err := events.UpdateEvent(ctx, in.EventID, tournament.EventInput{Status: ptr("finished")}, ""); err != nil {
		t.Fatal(err)
	}
}
