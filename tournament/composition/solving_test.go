package composition_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"adiukh/tournament"
	"adiukh/tournament/catalog"
	"adiukh/tournament/composition"
	"adiukh/tournament/engines"
	"adiukh/tournament/store"
	"adiukh/tournament/store/storetest"
)

func TestSolvingContest(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) { solvingContest(t, st) })
	}
}

func solvingContest(t *testing.T, st *store.Store) {
	c := newContest(t, st)
	opens, closes := start.Add(24*time.Hour), start.Add(26*time.Hour)
	problems := []composition.SolvingProblemInput{
		{Entry: composition.Entry{Position: g005, Side: "black", Stipulation: "exact 18:6", Solution: "1... d6:f8 2. b2-c3 f8:d6 3. e7:c5"}},
		{Entry: composition.Entry{Position: g019, Side: "black", Stipulation: "draw", Solution: "h4-g3 d6-e7 g3-h2 c7-d8"}, Points: ptr(3)},
	}
	setup := composition.SolvingInput{Starts: opens, Ends: closes, Problems: problems}

	_, err := c.svc.SetupSolving(c.as("alice"), c.eventID, setup, "")
	wantCode(t, "a participant sets up", err, tournament.EFORBIDDEN, "director")
	bad := setup
	bad.Ends = opens
	bad.Problems = []composition.SolvingProblemInput{problems[0],
		{Entry: composition.Entry{Position: g005, Side: "black", Stipulation: "black wins", Solution: "d6:f8"}}}
	// Whether she may is asked before the solver spends its work on them.
	_, err = c.svc.SetupSolving(c.as("alice"), c.eventID, bad, "")
	wantCode(t, "a participant sets up unsound problems", err, tournament.EFORBIDDEN, "director")
	_, err = c.svc.SetupSolving(c.as("director"), c.eventID, bad, "")
	var te *tournament.Error
	// The summary counts the errors, not the problems.
	if !asError(err, &te) || len(te.Details) != 2 || te.Details[1].Field != "problems[1]" || te.Error() != "the solving contest's set-up has 2 errors" {
		t.Fatalf("a bad window and an unsound problem: %v", err)
	}
	// The window is kept to the second, as it is shown.
	exact := setup
	exact.Starts = opens.Add(300 * time.Millisecond)
	sc, err := c.svc.SetupSolving(c.as("director"), c.eventID, exact, "")
	if err != nil {
		t.Fatal(err)
	}
	if !sc.Starts.Equal(opens) {
		t.Errorf("the window starts at %v, want %v", sc.Starts, opens)
	}
	if sc.Problems[0].Points != 5 || sc.Problems[0].KeyPoints != 1 || sc.Problems[1].Points != 3 || sc.Problems[1].Number != 2 {
		t.Fatalf("problems as set: %+v", sc.Problems)
	}

	// Before the window: the problems are the director's secret.
	v, err := c.svc.Solving(c.as("alice"), c.eventID)
	if err != nil || len(v.Problems) != 0 || v.Open {
		t.Fatalf("before the start a participant sees %+v, %v", v, err)
	}
	_, err = c.svc.Answer(c.as("alice"), c.eventID, 1, "d6:f8")
	wantCode(t, "an answer before the start", err, tournament.ECONFLICT, "starts at")

	c.clock.Set(opens)
	v, err = c.svc.Solving(c.as("alice"), c.eventID)
	if err != nil || len(v.Problems) != 2 || v.Problems[0].Solution != "" || !v.Open {
		t.Fatalf("in the window a participant sees %+v, %v", v, err)
	}
	_, err = c.svc.SetupSolving(c.as("director"), c.eventID, setup, "")
	wantCode(t, "changing the problems after the start", err, tournament.ECONFLICT, "problems are fixed")
	_, err = c.svc.Answer(c.as("director"), c.eventID, 1, "d6:f8")
	wantCode(t, "the director answers", err, tournament.EFORBIDDEN, "cannot take part")
	_, err = c.svc.Answer(context.Background(), c.eventID, 1, "d6:f8")
	wantCode(t, "an anonymous answer", err, tournament.EUNAUTHORIZED, "sign in")
	_, err = c.svc.Answer(c.as("alice"), c.eventID, 3, "d6:f8")
	wantCode(t, "no such problem", err, tournament.ENOTFOUND, "no problem 3")

	// Alice solves both; Bob finds the key of problem 1 only and answers
	// problem 2 with an illegal move, refused, then rightly; the reader
	// answers problem 1 later than Alice.
	answer := func(who string, number int, text string, at time.Duration) *composition.SolvingAnswer {
		t.Helper()
		c.clock.Set(opens.Add(at))
		a, err := c.svc.Answer(c.as(who), c.eventID, number, text)
		if err != nil {
			t.Fatalf("%s answers problem %d: %v", who, number, err)
		}
		return a
	}
	if a := answer("alice", 1, "1... d6:f8 2. b2-c3 f8:d6 3. e7:c5", time.Minute); !a.Right || a.Points != 5 {
		t.Errorf("alice's right answer: %+v", a)
	}
	answer("alice", 2, "h4-g3 d6-e7 g3-h2 c7-d8", 2*time.Minute)
	if a := answer("bob", 1, "d6:f8", 3*time.Minute); a.Right || !a.KeyRight || a.Points != 1 || a.Fault.IsZero() {
		t.Errorf("bob's key only: %+v", a)
	}
	c.clock.Set(opens.Add(4 * time.Minute))
	_, err = c.svc.Answer(c.as("bob"), c.eventID, 2, "h4-g5")
	wantCode(t, "bob's illegal key", err, tournament.EINVALID, "move 1: h4-g5")
	answer("bob", 2, "h4-g3 d6-e7 g3-h2 c7-d8", 5*time.Minute)
	answer("reader", 1, "d6:f8 b2-c3 f8:d6 e7:c5", 6*time.Minute)
	answer("reader", 2, "h4-g3 d6-e7 g3-h2 c7-d8", 7*time.Minute)

	v, err = c.svc.Solving(c.as("bob"), c.eventID)
	if err != nil || len(v.Mine) != 2 || v.Mine[0].Points != 0 || !v.Mine[0].Fault.IsZero() || v.Ranking != nil {
		t.Fatalf("during the window bob sees his answers without verdicts and no ranking: %+v, %v", v, err)
	}

	c.clock.Set(closes)
	_, err = c.svc.Answer(c.as("bob"), c.eventID, 1, "d6:f8")
	wantCode(t, "an answer after the end", err, tournament.ECONFLICT, "ended at")
	v, err = c.svc.Solving(context.Background(), c.eventID)
	if err != nil || !v.Over || v.Problems[0].Solution == "" {
		t.Fatalf("after the end a reader sees %+v, %v", v, err)
	}
	want := []struct {
		name   string
		place  int
		points int
	}{{"Alice", 1, 8}, {"Reader", 2, 8}, {"Bob", 3, 4}}
	if len(v.Ranking) != len(want) {
		t.Fatalf("ranking %+v", v.Ranking)
	}
	for i, w := range want {
		r := v.Ranking[i]
		if r.Name != w.name || r.Place != w.place || r.Points != w.points {
			t.Errorf("place %d: %s %d points at %d, want %s %d at %d", i+1, r.Name, r.Points, r.Place, w.name, w.points, w.place)
		}
	}
	// Where Bob's answer went wrong was kept as a message: it reads in
	// either language.
	bobs := v.Ranking[2].Answers[0].Fault.Message
	for lang, want := range map[catalog.Lang]string{catalog.Russian: "ответ обрывается после 1 хода", catalog.English: "the answer stops after 1 move;"} {
		if got := catalog.For(lang).Message(bobs); !strings.HasPrefix(got, want) {
			t.Errorf("bob's fault reads %q in %v, want it to start %q", got, lang, want)
		}
	}
	audit, err := tournament.NewService(st, tournament.Options{}).Audit(c.as("director"), c.eventID)
	if err != nil {
		t.Fatal(err)
	}
	answers := 0
	for _, a := range audit {
		if a.Action == composition.ActionSolvingAnswer {
			answers++
		}
	}
	if answers != 6 {
		t.Errorf("%d answers in the audit log, want 6", answers)
	}
}

// Answers are kept to the second, as the ranking shows their time: two
// participants equal on points whose last answers fall within one second
// share a place.
func TestSolvingTiesWithinASecond(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			c := newContest(t, st)
			opens := start.Add(time.Hour)
			c.setUpOneProblem(t, c.eventID, opens, opens.Add(time.Hour))
			for who, at := range map[string]time.Duration{"alice": time.Minute + 700*time.Millisecond, "bob": time.Minute + 100*time.Millisecond} {
				c.clock.Set(opens.Add(at))
				if _, err := c.svc.Answer(c.as(who), c.eventID, 1, "d6:f8 b2-c3 f8:d6 e7:c5"); err != nil {
					t.Fatal(err)
				}
			}
			c.clock.Set(opens.Add(time.Hour))
			v, err := c.svc.Solving(c.as("reader"), c.eventID)
			if err != nil {
				t.Fatal(err)
			}
			if len(v.Ranking) != 2 || v.Ranking[0].Place != 1 || v.Ranking[1].Place != 1 || !v.Ranking[0].Last.Equal(opens.Add(time.Minute)) {
				t.Errorf("equal points, answers in the same second: %+v", v.Ranking)
			}
		})
	}
}

// The window is kept to the second, and said so: an answer refused just
// before the start or after the end names the second it opens or closed.
func TestSolvingWindowToTheSecond(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			c := newContest(t, st)
			opens := start.Add(time.Hour + 30*time.Second)
			c.setUpOneProblem(t, c.eventID, opens, opens.Add(time.Hour+15*time.Second))
			c.clock.Set(opens.Add(-10 * time.Second))
			_, err := c.svc.Answer(c.as("alice"), c.eventID, 1, "d6:f8")
			wantCode(t, "an answer 10 seconds early", err, tournament.ECONFLICT, "starts at 2026-11-01 16:00:30 MSK")
			c.clock.Set(opens.Add(time.Hour + 20*time.Second))
			_, err = c.svc.Answer(c.as("alice"), c.eventID, 1, "d6:f8")
			wantCode(t, "an answer 5 seconds late", err, tournament.ECONFLICT, "ended at 2026-11-01 17:00:45 MSK")
			_, err = c.svc.SetupSolving(c.as("director"), c.eventID, composition.SolvingInput{}, "")
			wantCode(t, "a change after the start", err, tournament.ECONFLICT, "started at 2026-11-01 16:00:30 MSK")
		})
	}
}

// The points left out are 5 for the solution and 1 for the key alone; a
// key set to 0 earns nothing, whatever the solution earns.
func TestSolvingPoints(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			c := newContest(t, st)
			entry := composition.Entry{Position: g005, Side: "black", Stipulation: "exact 18:6", Solution: "d6:f8 b2-c3 f8:d6 e7:c5"}
			sc, err := c.svc.SetupSolving(c.as("director"), c.eventID, composition.SolvingInput{Starts: start.Add(time.Hour), Ends: start.Add(2 * time.Hour),
				Problems: []composition.SolvingProblemInput{{Entry: entry}, {Entry: entry, Points: ptr(3)}, {Entry: entry, Points: ptr(5), KeyPoints: ptr(0)}, {Entry: entry, Points: ptr(1)}}}, "")
			if err != nil {
				t.Fatal(err)
			}
			for i, want := range [][2]int{{5, 1}, {3, 1}, {5, 0}, {1, 0}} {
				if p := sc.Problems[i]; p.Points != want[0] || p.KeyPoints != want[1] {
					t.Errorf("problem %d: %d and %d points, want %d and %d", i+1, p.Points, p.KeyPoints, want[0], want[1])
				}
			}
			_, err = c.svc.SetupSolving(c.as("director"), c.eventID, composition.SolvingInput{Starts: start.Add(time.Hour), Ends: start.Add(2 * time.Hour),
				Problems: []composition.SolvingProblemInput{{Entry: entry, Points: ptr(0)}}}, "")
			wantCode(t, "no points for the solution", err, tournament.EINVALID, "got 0 and 0")
		})
	}
}

// An answer none of whose moves can be read is refused at once, with where
// it goes wrong, and not kept: nothing in it could count.
func TestSolvingUnreadableAnswer(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			c := newContest(t, st)
			c.setUpOneProblem(t, c.eventID, start.Add(time.Hour), start.Add(2*time.Hour))
			c.clock.Set(start.Add(90 * time.Minute))
			for text, want := range map[string]string{
				"hello world": `no move of the answer can be read: move 1: "hello": "he" is not a dark square`,
				"b2-c3 d6:f8": "no move of the answer can be read: move 1: b2-c3",
				"1...":        "write the solution",
			} {
				_, err := c.svc.Answer(c.as("alice"), c.eventID, 1, text)
				wantCode(t, text, err, tournament.EINVALID, want)
				var te *tournament.Error
				if asError(err, &te) && te.Field != "answer" {
					t.Errorf("%s: refused on %q", text, te.Field)
				}
			}
			var te *tournament.Error
			_, err := c.svc.Answer(c.as("alice"), c.eventID, 1, "hello")
			if asError(err, &te) && !strings.HasPrefix(catalog.For(catalog.Russian).Phrase(te), `в ответе не читается ни один ход: ход 1: «hello»: «he» — не тёмное поле`) {
				t.Errorf("in Russian: %s", catalog.For(catalog.Russian).Phrase(te))
			}
			// A readable key with an unreadable rest is taken: the key counts.
			if a, err := c.svc.Answer(c.as("alice"), c.eventID, 1, "d6:f8 b2-c3 ???"); err != nil || !a.KeyRight {
				t.Errorf("a key with an unreadable rest: %+v, %v", a, err)
			}
			v, err := c.svc.Solving(c.as("alice"), c.eventID)
			if err != nil || len(v.Mine) != 1 || v.Mine[0].Text != "d6:f8 b2-c3 ???" {
				t.Errorf("alice's answers: %+v, %v", v, err)
			}
		})
	}
}

// A window that is over already (a slip of the year) is refused: it would
// publish the solutions at once and could never be set again.
func TestSolvingWindowInThePast(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			c := newContest(t, st)
			in := composition.SolvingInput{Starts: start.AddDate(-1, 0, 0), Ends: start.AddDate(-1, 0, 0).Add(time.Hour),
				Problems: []composition.SolvingProblemInput{{Entry: composition.Entry{Position: g005, Side: "black", Stipulation: "exact 18:6", Solution: "d6:f8 b2-c3 f8:d6 e7:c5"}}}}
			_, err := c.svc.SetupSolving(c.as("director"), c.eventID, in, "")
			wantCode(t, "a window a year ago", err, tournament.EINVALID, "would be over already: it ends at 2025-11-01 16:00:00 MSK, and it is 2026-11-01 15:00:00 MSK now")
			if _, err := c.svc.Solving(c.as("reader"), c.eventID); code(t, err) != tournament.ENOTFOUND {
				t.Errorf("the refused contest is there: %v", err)
			}
			in.Starts, in.Ends = start.Add(-time.Minute), start.Add(time.Hour)
			if _, err := c.svc.SetupSolving(c.as("director"), c.eventID, in, ""); err != nil {
				t.Errorf("a contest that starts at once: %v", err)
			}
		})
	}
}

// No one acts when a window opens or closes, so the scheduler's sweep moves
// the event on: running once the window opens, finished once it closes —
// unless the event also holds a contest of compositions, whose final award
// finishes it.
func TestSolvingWindowMovesTheEventOn(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			c := newContest(t, st)
			events := tournament.NewService(st, engines.Options())
			e, err := events.CreateEvent(c.as("director"), tournament.EventInput{Name: ptr("Конкурс составления и решения"), Discipline: ptr("composition")})
			if err != nil {
				t.Fatal(err)
			}
			solvingOnly, both := c.eventID, e.ID
			if _, err := c.svc.Setup(c.as("director"), both, composition.ContestInput{Sections: []composition.Section{{Name: "Задачи"}},
				Deadline: start.Add(time.Hour), Scale: 10, Aggregation: composition.Mean, ClaimDays: 7}, ""); err != nil {
				t.Fatal(err)
			}
			opens, closes := start.Add(2*time.Hour), start.Add(3*time.Hour)
			for _, id := range []int64{solvingOnly, both} {
				c.setUpOneProblem(t, id, opens, closes)
			}
			status := func(id int64) tournament.EventStatus {
				e, err := events.Event(c.as("director"), id)
				if err != nil {
					t.Fatal(err)
				}
				return e.Status
			}
			for _, step := range []struct {
				at          time.Time
				moved       int
				only, mixed tournament.EventStatus
			}{
				{opens.Add(-time.Second), 0, tournament.Registration, tournament.Registration},
				{opens, 2, tournament.Running, tournament.Running},
				{opens.Add(time.Minute), 0, tournament.Running, tournament.Running},
				{closes, 1, tournament.Finished, tournament.Running},
				{closes.Add(time.Minute), 0, tournament.Finished, tournament.Running},
			} {
				moved, err := c.svc.AdvanceSolving(context.Background(), step.at)
				if err != nil {
					t.Fatal(err)
				}
				if moved != step.moved || status(solvingOnly) != step.only || status(both) != step.mixed {
					t.Errorf("at %s: %d moved on, statuses %s and %s; want %d, %s and %s", step.at.Format(time.TimeOnly), moved,
						status(solvingOnly), status(both), step.moved, step.only, step.mixed)
				}
			}
		})
	}
}

// The same answer sent again (a form sent twice) keeps the time it was
// first sent, which breaks ties; a different answer takes the new time.
func TestSolvingSameAnswerAgain(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			c := newContest(t, st)
			opens := start.Add(time.Hour)
			c.setUpOneProblem(t, c.eventID, opens, opens.Add(time.Hour))
			last := func() time.Time {
				c.clock.Set(opens.Add(time.Hour))
				defer c.clock.Set(opens)
				v, err := c.svc.Solving(c.as("reader"), c.eventID)
				if err != nil || len(v.Ranking) != 1 {
					t.Fatalf("ranking %+v, %v", v, err)
				}
				return v.Ranking[0].Last
			}
			for _, step := range []struct {
				at     time.Duration
				answer string
				last   time.Duration
			}{
				{time.Minute, "d6:f8 b2-c3 f8:d6 e7:c5", time.Minute},
				{2 * time.Minute, " d6:f8 b2-c3 f8:d6 e7:c5 ", time.Minute},
				{3 * time.Minute, "d6:f8 b2-c3 f8:d6", 3 * time.Minute},
			} {
				c.clock.Set(opens.Add(step.at))
				a, err := c.svc.Answer(c.as("alice"), c.eventID, 1, step.answer)
				if err != nil {
					t.Fatal(err)
				}
				if !a.SentAt.Equal(opens.Add(step.last)) || !last().Equal(opens.Add(step.last)) {
					t.Errorf("%q at %v: sent at %v, ranked by %v; want %v", step.answer, step.at, a.SentAt, last(), opens.Add(step.last))
				}
			}
		})
	}
}

// setUpOneProblem sets up a solving contest of one problem, g005's exact
// 18:6, in the window from opens to closes.
func (c *contest) setUpOneProblem(t *testing.T, eventID int64, opens, closes time.Time) {
	t.Helper()
	_, err := c.svc.SetupSolving(c.as("director"), eventID, composition.SolvingInput{Starts: opens, Ends: closes,
		Problems: []composition.SolvingProblemInput{{Entry: composition.Entry{Position: g005, Side: "black", Stipulation: "exact 18:6", Solution: "d6:f8 b2-c3 f8:d6 e7:c5"}}}}, "")
	if err != nil {
		t.Fatal(err)
	}
}

// An answer the solver cannot check within its budget is kept, pending,
// not refused; the director rules on it with a reason, which the
// participant sees with the verdict and the audit log keeps, and a new
// answer from the participant is checked afresh.
func TestSolvingRuling(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			c := newContest(t, st)
			opens := start.Add(time.Hour)
			c.setUpOneProblem(t, c.eventID, opens, opens.Add(time.Hour))
			// g005's key takes the solver 11 nodes: with 10 the answer
			// cannot be checked.
			short := composition.NewService(st.Composition(), composition.Options{Now: c.clock.Now, MaxNodes: 10, TableBytes: 1 << 20})
			c.clock.Set(opens.Add(time.Minute))
			const answer = "d6:f8 b2-c3 f8:d6 e7:c5"
			a, err := short.Answer(c.as("alice"), c.eventID, 1, answer)
			if err != nil {
				t.Fatalf("an answer the solver cannot check is refused: %v", err)
			}
			if !a.Pending || a.Right || a.KeyRight || a.Points != 0 || a.Fault.String() != "move 1 (d6:f8) is not checked: not proved within 10 nodes; the director decides" {
				t.Errorf("the unchecked answer: %+v", a)
			}
			if got := catalog.For(catalog.Russian).Message(a.Fault.Message); got != "ход 1 (d6:f8) не проверен: не доказано за 10 узлов перебора; решает директор конкурса" {
				t.Errorf("in Russian: %q", got)
			}
			alice := tournament.UserFromContext(c.as("alice")).ID
			bob := tournament.UserFromContext(c.as("bob")).ID
			v, err := c.svc.Solving(c.as("director"), c.eventID)
			if err != nil || v.Pending != 1 || len(v.Ranking) != 1 || !v.Ranking[0].Answers[0].Pending {
				t.Fatalf("the director's view: %+v, %v", v, err)
			}

			_, err = c.svc.RuleAnswer(c.as("alice"), c.eventID, 1, alice, composition.AnswerRight, "я права")
			wantCode(t, "a participant rules", err, tournament.EFORBIDDEN, "director")
			_, err = c.svc.RuleAnswer(c.as("director"), c.eventID, 1, alice, "maybe", " ")
			var te *tournament.Error
			if !asError(err, &te) || len(te.Details) != 2 || te.Details[0].Field != "verdict" || te.Details[1].Field != "reason" {
				t.Errorf("no verdict and no reason: %v", err)
			}
			_, err = c.svc.RuleAnswer(c.as("director"), c.eventID, 1, bob, composition.AnswerWrong, "нет ответа")
			wantCode(t, "an answer never sent", err, tournament.ENOTFOUND, "no answer to problem 1")
			_, err = c.svc.RuleAnswer(c.as("director"), c.eventID, 2, alice, composition.AnswerWrong, "нет задачи")
			wantCode(t, "a problem the contest lacks", err, tournament.ENOTFOUND, "no problem 2")

			ruled, err := c.svc.RuleAnswer(c.as("director"), c.eventID, 1, alice, composition.AnswerRight, "  решение совпадает с авторским ")
			if err != nil {
				t.Fatal(err)
			}
			if ruled.Pending || !ruled.Right || !ruled.KeyRight || ruled.Points != 5 || ruled.Ruling != "решение совпадает с авторским" {
				t.Errorf("ruled right: %+v", ruled)
			}
			if ruled, err = c.svc.RuleAnswer(c.as("director"), c.eventID, 1, alice, composition.AnswerKey, "главный вариант не доведён"); err != nil || ruled.Right || !ruled.KeyRight || ruled.Points != 1 {
				t.Errorf("ruled the key alone: %+v, %v", ruled, err)
			}
			v, err = c.svc.Solving(c.as("director"), c.eventID)
			if err != nil || v.Pending != 0 || v.Ranking[0].Points != 1 {
				t.Errorf("after the ruling: %+v, %v", v, err)
			}
			// Before the end alice sees no verdict, after it the ruling.
			if v, err := c.svc.Solving(c.as("alice"), c.eventID); err != nil || v.Mine[0].Ruling != "" || v.Mine[0].Points != 0 {
				t.Errorf("alice's answer during the window: %+v, %v", v.Mine, err)
			}
			c.clock.Set(opens.Add(time.Hour))
			if v, err := c.svc.Solving(c.as("alice"), c.eventID); err != nil || v.Mine[0].Ruling != "главный вариант не доведён" || v.Mine[0].Points != 1 {
				t.Errorf("alice's answer after the end: %+v, %v", v.Mine, err)
			}
			log, err := tournament.NewService(st, tournament.Options{}).Audit(c.as("director"), c.eventID)
			if err != nil {
				t.Fatal(err)
			}
			var rulings []tournament.AuditEntry
			for _, e := range log {
				if e.Action == composition.ActionSolvingRuling {
					rulings = append(rulings, e)
				}
			}
			if len(rulings) != 2 || rulings[0].Subject != "problem 1, the answer of Alice" || rulings[0].Reason == "" || !strings.Contains(rulings[0].Before+rulings[1].Before, `"pending":true`) {
				t.Errorf("the rulings in the audit log: %+v", rulings)
			}

			// A new answer during the window replaces the ruled one and is
			// checked afresh.
			c.clock.Set(opens.Add(2 * time.Minute))
			if a, err := c.svc.Answer(c.as("alice"), c.eventID, 1, "d6:f8 b2-c3 f8:d6"); err != nil || a.Ruling != "" || a.Pending || !a.KeyRight {
				t.Errorf("a new answer after the ruling: %+v, %v", a, err)
			}
		})
	}
}

// A problem the solver cannot judge within its budget is refused at set-up
// with what it proved by then, so the director sees how far it got.
func TestSolvingProblemNotProvedSaysWhatWasProved(t *testing.T) {
	t.Parallel()
	st := storetest.SQLite(t)
	c := newContest(t, st)
	short := composition.NewService(st.Composition(), composition.Options{Now: c.clock.Now, MaxNodes: 1500, TableBytes: 1 << 20})
	opens := start.Add(time.Hour)
	_, err := short.SetupSolving(c.as("director"), c.eventID, composition.SolvingInput{Starts: opens, Ends: opens.Add(time.Hour),
		Problems: []composition.SolvingProblemInput{{Entry: composition.Entry{Position: "white: a1-11, h8-1; black: c5-2, d2-3, e5-4, f2-3",
			Side: "white", Stipulation: "white wins", Solution: "h8:d4:b6"}}}}, "")
	var te *tournament.Error
	want := "problem 1 is not proved within 1,500 nodes; proved so far: White forces 13:11 or better for White; answers could not be checked against it"
	if !asError(err, &te) || te.Field != "problems[0]" || te.Message != want {
		t.Fatalf("a problem not proved: %v, want %q", err, want)
	}
}

// Issue 41, item 3: an author does not solve their own problems. A problem
// whose position is that of an author's entry in the event's contest — as
// it stands, or turned round with the colours exchanged — is refused to
// its author (403, naming the entry) and marked in the author's view; the
// other problems are theirs to solve.
func TestAuthorDoesNotSolveTheirOwnProblem(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			c := newContest(t, st)
			c.setUpOneSection(t)
			if _, err := c.svc.Submit(c.as("alice"), c.eventID, composition.EntryInput{Section: "Задачи",
				Entry: composition.Entry{Position: g005, Side: "black", Stipulation: "exact 18:6", Solution: "d6:f8"}}); err != nil {
				t.Fatal(err)
			}
			// Bob's entry is g019 seen from the other side.
			if _, err := c.svc.Submit(c.as("bob"), c.eventID, composition.EntryInput{Section: "Задачи",
				Entry: composition.Entry{Position: "white: a5-1, b8-1/1, d8-1/2, f8-4/2; black: e3-3/1, f2-1/4, g1-3", Side: "white", Stipulation: "draw", Solution: "a5-b6"}}); err != nil {
				t.Fatal(err)
			}
			opens := start.Add(2 * time.Hour)
			if _, err := c.svc.SetupSolving(c.as("director"), c.eventID, composition.SolvingInput{Starts: opens, Ends: opens.Add(time.Hour),
				Problems: []composition.SolvingProblemInput{
					{Entry: composition.Entry{Position: g005, Side: "black", Stipulation: "exact 18:6", Solution: "d6:f8 b2-c3 f8:d6 e7:c5"}},
					{Entry: composition.Entry{Position: g019, Side: "black", Stipulation: "draw", Solution: "h4-g3 d6-e7 g3-h2 c7-d8"}},
				}}, ""); err != nil {
				t.Fatal(err)
			}
			c.clock.Set(opens.Add(time.Minute))
			_, err := c.svc.Answer(c.as("alice"), c.eventID, 1, "d6:f8 b2-c3 f8:d6 e7:c5")
			wantCode(t, "alice answers her own problem", err, tournament.EFORBIDDEN, "problem 1 is your own composition (your entry 001): its author does not solve it")
			_, err = c.svc.Answer(c.as("bob"), c.eventID, 2, "h4-g3 d6-e7 g3-h2 c7-d8")
			wantCode(t, "bob answers his own problem turned round", err, tournament.EFORBIDDEN, "problem 2 is your own composition (your entry 002)")
			if _, err := c.svc.Answer(c.as("alice"), c.eventID, 2, "h4-g3 d6-e7 g3-h2 c7-d8"); err != nil {
				t.Errorf("alice answers bob's problem: %v", err)
			}
			if _, err := c.svc.Answer(c.as("bob"), c.eventID, 1, "d6:f8 b2-c3 f8:d6 e7:c5"); err != nil {
				t.Errorf("bob answers alice's problem: %v", err)
			}
			v, err := c.svc.Solving(c.as("alice"), c.eventID)
			if err != nil || fmt.Sprint(v.Composed) != "map[1:001]" {
				t.Errorf("alice's view marks %v as hers (%v), want problem 1", v.Composed, err)
			}
			if v, err := c.svc.Solving(c.as("reader"), c.eventID); err != nil || len(v.Composed) != 0 {
				t.Errorf("the reader's view marks %v (%v)", v.Composed, err)
			}
		})
	}
}

// Issue 65: a contest's deadline or solving window past 9999 (a slip of
// the year, or a zone that moves 9999-12-31 into the next year) is refused
// at its field, as a round's start is; before, its audit entry could not
// be written and the request failed as an internal error.
func TestContestMomentsPastYear9999AreRefused(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			c := newContest(t, st)
			late := time.Date(9999, 12, 31, 23, 0, 0, 0, time.FixedZone("UTC-5", -5*3600))
			refusedAt := func(what string, err error, field string) {
				t.Helper()
				var te *tournament.Error
				if !asError(err, &te) || te.Code != tournament.EINVALID {
					t.Errorf("%s: %v, want EINVALID", what, err)
					return
				}
				for _, e := range append([]*tournament.Error{te}, te.Details...) {
					if e.Field == field && strings.Contains(e.Message, "years 1900 to 2100") {
						return
					}
				}
				t.Errorf("%s: %v, want %s refused for its year", what, err, field)
			}
			setup := composition.ContestInput{Sections: []composition.Section{{Name: "Задачи"}}, Deadline: late, Scale: 4, Aggregation: composition.TrimmedMean, ClaimDays: 14}
			_, err := c.svc.Setup(c.as("director"), c.eventID, setup, "")
			refusedAt("a deadline in 10000 UTC", err, "deadline")
			setup.Deadline = start.Add(24 * time.Hour)
			if _, err := c.svc.Setup(c.as("director"), c.eventID, setup, ""); err != nil {
				t.Errorf("a deadline tomorrow: %v", err)
			}
			entry := composition.Entry{Position: g005, Side: "black", Stipulation: "exact 18:6", Solution: "d6:f8 b2-c3 f8:d6 e7:c5"}
			for field, in := range map[string]composition.SolvingInput{
				"starts": {Starts: late, Ends: late.Add(time.Hour)},
				"ends":   {Starts: start.Add(time.Hour), Ends: late},
			} {
				in.Problems = []composition.SolvingProblemInput{{Entry: entry}}
				_, err := c.svc.SetupSolving(c.as("director"), c.eventID, in, "")
				refusedAt("a solving contest's "+field+" in 10000 UTC", err, field)
			}
		})
	}
}
