package composition_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"adiukh/tournament"
	"adiukh/tournament/account"
	"adiukh/tournament/catalog"
	"adiukh/tournament/composition"
	"adiukh/tournament/engines"
	"adiukh/tournament/store"
	"adiukh/tournament/store/storetest"
)

func ptr[T any](v T) *T { return &v }

type clock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *clock) Now() time.Time  { c.mu.Lock(); defer c.mu.Unlock(); return c.now }
func (c *clock) Set(t time.Time) { c.mu.Lock(); defer c.mu.Unlock(); c.now = t }

// Positions four plies before the end of random games (see
// composition_test.go): all 24 checkers on the board.
const (
	g005 = "white: a5-1/6, b2-1, d4-4/1, d8-1/3, e7-3/1; black: d6-1/2"
	g019 = "white: b8-3, c7-1/4, d6-3/1; black: c1-4/2, e1-1/2, g1-1/1, h4-1"
	g013 = "white: c7-1/3, e7-1, f8-3, h8-5/3; black: d2-5, h2-1/2"
)

type contest struct {
	st      *store.Store
	svc     *composition.Service
	clock   *clock
	eventID int64
	users   map[string]context.Context
	told    *told
}

// told are the notices the service sent, in order.
type told struct {
	mu   sync.Mutex
	sent []tournament.Notice
}

// notices returns the notices sent since the last call.
func (c *contest) notices() []tournament.Notice {
	c.told.mu.Lock()
	defer c.told.mu.Unlock()
	out := c.told.sent
	c.told.sent = nil
	return out
}

func (c *contest) as(name string) context.Context { return c.users[name] }

// status is the status of the contest's event, as lists of events show it.
func (c *contest) status(t *testing.T) tournament.EventStatus {
	t.Helper()
	e, err := tournament.NewService(c.st, engines.Options()).Event(c.as("director"), c.eventID)
	if err != nil {
		t.Fatal(err)
	}
	return e.Status
}

var start = time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)

// setUpOneSection sets up a contest of one section, Задачи, open for an
// hour from start, marked out of 10 by the mean, with a week for claims.
func (c *contest) setUpOneSection(t *testing.T) {
	t.Helper()
	if _, err := c.svc.Setup(c.as("director"), c.eventID, composition.ContestInput{Sections: []composition.Section{{Name: "Задачи"}},
		Deadline: start.Add(time.Hour), Scale: 10, Aggregation: composition.Mean, ClaimDays: 7}, ""); err != nil {
		t.Fatal(err)
	}
}

func newContest(t *testing.T, st *store.Store) *contest {
	t.Helper()
	bg := context.Background()
	c := &contest{st: st, clock: &clock{now: start}, users: map[string]context.Context{}, told: &told{}}
	c.svc = composition.NewService(st.Composition(), composition.Options{Now: c.clock.Now, MaxNodes: 5_000_000, TableBytes: 4 << 20,
		Notify: func(_ context.Context, n tournament.Notice) {
			c.told.mu.Lock()
			defer c.told.mu.Unlock()
			c.told.sent = append(c.told.sent, n)
		}})
	for _, name := range []string{"director", "judge1", "judge2", "judge3", "alice", "bob", "reader"} {
		role := tournament.PlayerRole
		if name == "director" {
			role = tournament.ArbiterRole
		}
		u := &tournament.User{Email: name + "@example.org", Name: strings.ToUpper(name[:1]) + name[1:], Role: role}
		if err := st.Accounts().Update(bg, func(tx account.Tx) error { return tx.CreateUser(u) }); err != nil {
			t.Fatal(err)
		}
		c.users[name] = tournament.NewContextWithUser(bg, u)
	}
	events := tournament.NewService(st, engines.Options())
	e, err := events.CreateEvent(c.as("director"), tournament.EventInput{Name: ptr("Конкурс составления 2026"), Discipline: ptr("composition")})
	if err != nil {
		t.Fatal(err)
	}
	c.eventID = e.ID
	return c
}

func code(t *testing.T, err error) string {
	t.Helper()
	return tournament.ErrorCode(err)
}

func wantCode(t *testing.T, what string, err error, want string, message string) {
	t.Helper()
	if code(t, err) != want || !strings.Contains(err.Error(), message) {
		t.Errorf("%s: %v, want %s …%s…", what, err, want, message)
	}
}

func TestContestFromEntriesToFinalAward(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) { contestLifecycle(t, st) })
	}
}

func contestLifecycle(t *testing.T, st *store.Store) {
	c := newContest(t, st)
	ctx := context.Background()
	deadline := start.Add(10 * 24 * time.Hour)
	setup := composition.ContestInput{Sections: []composition.Section{{Name: "Задачи", Rules: "Любая позиция"}, {Name: "Этюды"}},
		Deadline: deadline, Scale: 4, Aggregation: composition.TrimmedMean, ClaimDays: 14}

	_, err := c.svc.Setup(c.as("alice"), c.eventID, setup, "")
	wantCode(t, "an author sets up", err, tournament.EFORBIDDEN, "director")
	bad := setup
	bad.Sections, bad.Scale, bad.ClaimDays = []composition.Section{{Name: "A"}, {Name: "A"}}, 0, 0
	_, err = c.svc.Setup(c.as("director"), c.eventID, bad, "")
	var te *tournament.Error
	if !asError(err, &te) || len(te.Details) != 3 {
		t.Fatalf("bad setup: %v", err)
	}
	bad = setup
	bad.Scale = 1_000_000
	_, err = c.svc.Setup(c.as("director"), c.eventID, bad, "")
	wantCode(t, "a scale of a million", err, tournament.EINVALID, "got 1000000")
	if _, err := c.svc.Setup(c.as("director"), c.eventID, setup, ""); err != nil {
		t.Fatal(err)
	}
	if _, err := c.svc.SetJudges(c.as("director"), c.eventID, []string{"judge1@example.org", "judge2@example.org", "judge3@example.org"}, "", false); err != nil {
		t.Fatal(err)
	}
	_, err = c.svc.SetJudges(c.as("director"), c.eventID, []string{"nobody@example.org"}, "", false)
	wantCode(t, "unknown judge", err, tournament.EINVALID, "no account has the e-mail address")

	// Authors submit; each entry is checked at once.
	_, err = c.svc.Submit(ctx, c.eventID, composition.EntryInput{Section: "Задачи"})
	wantCode(t, "anonymous", err, tournament.EUNAUTHORIZED, "sign in")
	_, err = c.svc.Submit(c.as("judge1"), c.eventID, composition.EntryInput{Section: "Задачи", Entry: composition.Entry{Position: g005, Side: "black", Stipulation: "exact 18:6", Solution: "d6:f8"}})
	wantCode(t, "a judge enters", err, tournament.EFORBIDDEN, "judge")
	_, err = c.svc.Submit(c.as("alice"), c.eventID, composition.EntryInput{Section: "Задачи", Entry: composition.Entry{Position: "white: a1; black: b2", Side: "white", Stipulation: "draw"}})
	wantCode(t, "too few checkers", err, tournament.EINVALID, "all 12 white and 12 black")
	_, err = c.svc.Submit(c.as("alice"), c.eventID, composition.EntryInput{Section: "Миниатюры", Entry: composition.Entry{Position: g005, Side: "black", Stipulation: "exact 18:6", Solution: "d6:f8"}})
	wantCode(t, "unknown section", err, tournament.EINVALID, "no section \"Миниатюры\"")

	sound, err := c.svc.Submit(c.as("alice"), c.eventID, composition.EntryInput{Section: "Задачи", Comment: "Первая",
		Entry: composition.Entry{Position: g005, Side: "черные", Stipulation: "точно 18:6", Solution: "1... d6:f8 2. b2-c3 (2. d8:b6 f8:d6) f8:d6 3. e7:c5"}})
	if err != nil {
		t.Fatal(err)
	}
	if sound.Code != "001" || sound.Findings.Verdict != composition.Sound || sound.Side != "black" || sound.Stipulation != "exact 18:6" {
		t.Fatalf("sound entry %+v", sound)
	}
	cooked, err := c.svc.Submit(c.as("bob"), c.eventID, composition.EntryInput{Section: "Задачи", Entry: composition.Entry{Position: g013, Side: "white", Stipulation: "white 16", Solution: "c7-d8"}})
	if err != nil || cooked.Findings.Verdict != composition.Cooked || len(cooked.Findings.Keys) < 2 {
		t.Fatalf("cooked entry %+v, %v", cooked, err)
	}
	unsound, err := c.svc.Submit(c.as("bob"), c.eventID, composition.EntryInput{Section: "Этюды", Entry: composition.Entry{Position: g005, Side: "black", Stipulation: "black wins", Solution: "d6:f8"}})
	if err != nil || unsound.Findings.Verdict != composition.Unsound || unsound.Findings.Refutation == nil || len(unsound.Findings.Refutation.Line) == 0 {
		t.Fatalf("unsound entry %+v, %v", unsound, err)
	}
	kept, err := c.svc.MyWorks(c.as("bob"), c.eventID)
	i := slices.IndexFunc(kept, func(w composition.MyWork) bool { return w.ID == unsound.ID })
	if err != nil || i < 0 || kept[i].Findings.Refutation == nil {
		t.Fatalf("bob's works %+v, %v", kept, err)
	}
	reason := kept[i].Findings.Refutation.Reason.Message
	for lang, want := range map[catalog.Lang]string{catalog.Russian: "условие «чёрные выигрывают» не выполняется: ", catalog.English: "black wins does not hold: "} {
		if got := catalog.For(lang).Message(reason); !strings.HasPrefix(got, want) {
			t.Errorf("the refutation kept reads %q in %v, want it to start %q", got, lang, want)
		}
	}
	// Bob corrects his study and withdraws the cooked problem.
	_, err = c.svc.Edit(c.as("alice"), unsound.ID, composition.EntryInput{Section: "Этюды", Entry: composition.Entry{Position: g019, Side: "black", Stipulation: "draw", Solution: "h4-g3"}})
	wantCode(t, "someone else's entry", err, tournament.ENOTFOUND, "not found among your entries")
	study, err := c.svc.Edit(c.as("bob"), unsound.ID, composition.EntryInput{Section: "Этюды", Entry: composition.Entry{Position: g019, Side: "black", Stipulation: "draw", Solution: "h4-g3 d6-e7 g3-h2 c7-d8"}})
	if err != nil || study.Findings.Verdict != composition.Sound || study.Code != "003" {
		t.Fatalf("edited study %+v, %v", study, err)
	}
	if _, err := c.svc.Withdraw(c.as("bob"), cooked.ID); err != nil {
		t.Fatal(err)
	}
	mine, err := c.svc.MyWorks(c.as("bob"), c.eventID)
	if err != nil || len(mine) != 2 || !mine[0].Withdrawn {
		t.Fatalf("bob's entries %+v, %v", mine, err)
	}
	_, err = c.svc.ForJudging(c.as("judge1"), c.eventID)
	wantCode(t, "judging before the deadline", err, tournament.ECONFLICT, "judging starts after the deadline")

	// The deadline passes: no more entries; the judges mark anonymously.
	c.clock.Set(deadline)
	_, err = c.svc.Submit(c.as("alice"), c.eventID, composition.EntryInput{Section: "Задачи", Entry: composition.Entry{Position: g005, Side: "black", Stipulation: "exact 18:6", Solution: "d6:f8"}})
	wantCode(t, "late entry", err, tournament.ECONFLICT, "entries closed at 2026-11-11 15:00 MSK")
	// The deadline is said before anything is checked, even a wrong entry.
	_, err = c.svc.Submit(c.as("alice"), c.eventID, composition.EntryInput{Section: "Задачи", Entry: composition.Entry{Position: g005, Side: "black", Stipulation: "mate in 2", Solution: "d6:f8"}})
	wantCode(t, "a late wrong entry", err, tournament.ECONFLICT, "entries closed")
	_, err = c.svc.ForJudging(c.as("alice"), c.eventID)
	wantCode(t, "an author reads the jury's list", err, tournament.EFORBIDDEN, "only the judges and the director")
	list, err := c.svc.ForJudging(c.as("judge1"), c.eventID)
	if err != nil || len(list) != 2 || list[0].Code != "001" || list[1].Code != "003" || list[0].Findings.Verdict != composition.Sound {
		t.Fatalf("jury list %+v, %v", list, err)
	}
	_, err = c.svc.Mark(c.as("judge1"), c.eventID, composition.MarkInput{Code: "001", Mark: "5"})
	wantCode(t, "mark above the scale", err, tournament.EINVALID, "from 0 to 4")
	_, err = c.svc.Mark(c.as("director"), c.eventID, composition.MarkInput{Code: "001", Mark: "3"})
	wantCode(t, "the director marks", err, tournament.EFORBIDDEN, "only the judges")
	_, err = c.svc.Mark(c.as("judge1"), c.eventID, composition.MarkInput{Code: "002", Mark: "3"})
	wantCode(t, "a withdrawn entry", err, tournament.ENOTFOUND, "entry \"002\" not found")
	marks := map[string][]float64{"001": {3, 3.5, 1}, "003": {2, 4, 2.5}}
	for code, ms := range marks {
		for i, m := range ms {
			judge := []string{"judge1", "judge2", "judge3"}[i]
			if _, err := c.svc.Mark(c.as(judge), c.eventID, composition.MarkInput{Code: code, Mark: strconv.FormatFloat(m, 'f', -1, 64), Comment: "Отзыв " + judge}); err != nil {
				t.Fatal(err)
			}
		}
	}
	// The marks hold the settings that would undo or misread them.
	reopen := setup
	reopen.Deadline = deadline.Add(48 * time.Hour)
	_, err = c.svc.Setup(c.as("director"), c.eventID, reopen, "")
	wantCode(t, "entries opened again after marking", err, tournament.ECONFLICT, "cannot be opened again")
	smaller := setup
	smaller.Scale = 3
	_, err = c.svc.Setup(c.as("director"), c.eventID, smaller, "")
	wantCode(t, "a scale below a mark", err, tournament.EINVALID, "a mark of 4 has been given")
	_, err = c.svc.SetJudges(c.as("director"), c.eventID, []string{"judge1@example.org", "judge2@example.org"}, "", false)
	wantCode(t, "two judges for the trimmed mean", err, tournament.EINVALID, "needs 3 judges or more; the jury has 2")
	if _, err := c.svc.Setup(c.as("director"), c.eventID, setup, ""); err != nil {
		t.Errorf("the same settings again: %v", err)
	}
	// Judging runs the event, and keeps it a composition event.
	if got := c.status(t); got != tournament.Running {
		t.Errorf("the event is %s while the judges mark, want running", got)
	}
	_, err = tournament.NewService(c.st, engines.Options()).UpdateEvent(c.as("director"), c.eventID, tournament.EventInput{Discipline: ptr("standard"), System: ptr("round-robin")}, "")
	wantCode(t, "a contest being judged made a game event", err, tournament.ECONFLICT, "the discipline cannot change")
	// A judge sees only their own marks; the director ranks.
	list, _ = c.svc.ForJudging(c.as("judge2"), c.eventID)
	if len(list[0].Marks) != 1 || list[0].Marks[0].Mark != 3.5 || list[0].Score != nil {
		t.Fatalf("judge's view %+v", list[0])
	}
	list, _ = c.svc.ForJudging(c.as("director"), c.eventID)
	if *list[0].Score != 3 || list[0].Rank != 1 || *list[1].Score != 2.5 || list[1].Rank != 1 || len(list[1].Marks) != 3 {
		t.Fatalf("director's ranking %+v", list)
	}

	// The provisional award, from the ranking; until it the settings, the
	// jury and the marks may change, and the pages say so by Fixed.
	if v, err := c.svc.Contest(c.as("director"), c.eventID); err != nil || v.Fixed() {
		t.Fatalf("the contest before the award is fixed: %v", err)
	}
	_, err = c.svc.PublishProvisional(c.as("judge1"), c.eventID, composition.AwardInput{Prizes: 1}, "")
	wantCode(t, "a judge publishes", err, tournament.EFORBIDDEN, "director")
	prov, err := c.svc.PublishProvisional(c.as("director"), c.eventID, composition.AwardInput{Prizes: 1, Mentions: 1}, "")
	if err != nil || prov.Stage != composition.Provisional || len(prov.Award) != 2 || prov.Award[0] != (composition.Distinction{Code: "001", Honour: composition.Prize, Place: 1}) ||
		!prov.ClaimsUntil.Equal(deadline.Add(14*24*time.Hour)) {
		t.Fatalf("provisional award %+v, %v", prov, err)
	}
	_, err = c.svc.Mark(c.as("judge1"), c.eventID, composition.MarkInput{Code: "001", Mark: "4"})
	wantCode(t, "marking after the award", err, tournament.ECONFLICT, "marks are fixed")
	_, err = c.svc.Setup(c.as("director"), c.eventID, setup, "")
	wantCode(t, "settings after the award", err, tournament.ECONFLICT, "the contest's settings are fixed")
	_, err = c.svc.SetJudges(c.as("director"), c.eventID, []string{"judge1@example.org", "judge2@example.org", "judge3@example.org"}, "", false)
	wantCode(t, "the jury after the award", err, tournament.ECONFLICT, "the jury is fixed")
	if v, err := c.svc.Contest(ctx, c.eventID); err != nil || !v.Fixed() {
		t.Fatalf("the contest after the award is not fixed: %v", err)
	}
	award, err := c.svc.Award(ctx, c.eventID)
	if err != nil || len(award.Items) != 2 || award.Items[0].Author != "Alice" || award.Items[1].Author != "Bob" || award.Items[0].ExAequo ||
		len(award.Items[0].JudgeComments) != 3 || award.Items[0].Entry.Position != sound.Position {
		t.Fatalf("award %+v, %v", award, err)
	}

	// Claims: one rejected, one upheld that eliminates the study.
	_, err = c.svc.FileClaim(c.as("reader"), c.eventID, composition.ClaimInput{Code: "001", Kind: composition.ClaimAnticipated})
	wantCode(t, "claim without evidence", err, tournament.EINVALID, "needs its evidence")
	_, err = c.svc.FileClaim(c.as("reader"), c.eventID, composition.ClaimInput{Code: "999", Kind: composition.ClaimAnticipated, Evidence: "Иванов, 1985"})
	wantCode(t, "claim on a mistyped code", err, tournament.EINVALID, `entry "999" is not an entry of the contest`)
	_, err = c.svc.FileClaim(c.as("reader"), c.eventID, composition.ClaimInput{Code: "001", Kind: "plagiat", Evidence: "Иванов, 1985"})
	wantCode(t, "a claim of no known kind", err, tournament.EINVALID, `"plagiat" is not a claim`)
	c1, err := c.svc.FileClaim(c.as("reader"), c.eventID, composition.ClaimInput{Code: "001", Kind: composition.ClaimAnticipated, Evidence: "Иванов, 1985"})
	if err == nil && c1.Code != "001" {
		t.Errorf("the filed claim names entry %q, want 001", c1.Code)
	}
	if err != nil {
		t.Fatal(err)
	}
	c2, err := c.svc.FileClaim(c.as("alice"), c.eventID, composition.ClaimInput{Code: "003", Kind: composition.ClaimUnsound, Evidence: "3... g3-f2 also draws"})
	if err != nil {
		t.Fatal(err)
	}
	_, err = c.svc.DecideClaim(c.as("director"), c1.ID, false, "")
	wantCode(t, "decision without reason", err, tournament.EINVALID, "needs its reason")
	if d, err := c.svc.DecideClaim(c.as("director"), c1.ID, false, "другая идея"); err != nil || d.Code != "001" || d.Status != composition.ClaimRejected {
		t.Fatalf("the decided claim %+v, %v", d, err)
	}
	c.clock.Set(deadline.Add(15 * 24 * time.Hour))
	_, err = c.svc.PublishFinal(c.as("director"), c.eventID, "")
	wantCode(t, "final with an open claim", err, tournament.ECONFLICT, "is not decided yet")
	if _, err := c.svc.DecideClaim(c.as("director"), c2.ID, true, "дуаль в главном варианте"); err != nil {
		t.Fatal(err)
	}
	// The director's list says why 003 is no longer ranked, in either
	// language.
	afterClaim, err := c.svc.ForJudging(c.as("director"), c.eventID)
	i = slices.IndexFunc(afterClaim, func(a composition.Anonymous) bool { return a.Code == "003" })
	if err != nil || i < 0 || afterClaim[i].Rank != 0 {
		t.Fatalf("the jury's list after the upheld claim %+v, %v", afterClaim, err)
	}
	for lang, want := range map[catalog.Lang]string{catalog.Russian: "исключено — некорректно: дуаль в главном варианте", catalog.English: "eliminated, unsound: дуаль в главном варианте"} {
		if got := catalog.For(lang).Message(afterClaim[i].Failed); got != want {
			t.Errorf("003 is unranked as %q in %v, want %q", got, lang, want)
		}
	}
	_, err = c.svc.FileClaim(c.as("reader"), c.eventID, composition.ClaimInput{Code: "001", Kind: composition.ClaimUnsound, Evidence: "late"})
	wantCode(t, "claim after the period", err, tournament.ECONFLICT, "claims period")
	final, err := c.svc.PublishFinal(c.as("director"), c.eventID, "")
	if err != nil || final.Stage != composition.Final || len(final.Award) != 1 {
		t.Fatalf("final award %+v, %v", final, err)
	}
	if got := c.status(t); got != tournament.Finished {
		t.Errorf("the event is %s after the final award, want finished", got)
	}
	award, _ = c.svc.Award(ctx, c.eventID)
	if len(award.Items) != 1 || len(award.Claims) != 2 || award.Claims[1].Status != composition.ClaimUpheld {
		t.Fatalf("final award %+v", award)
	}

	// Every step is in the audit log.
	log, err := tournament.NewService(st, engines.Options()).Audit(c.as("director"), c.eventID)
	if err != nil {
		t.Fatal(err)
	}
	counts := map[string]int{}
	for _, a := range log {
		counts[a.Action]++
		// The director reads the log: it must not tie a code to its author.
		if (a.Action == composition.ActionSubmit || a.Action == composition.ActionEdit || a.Action == composition.ActionWithdraw) && a.UserEmail != "" {
			t.Errorf("audit %s of %s names its author %s", a.Action, a.Subject, a.UserEmail)
		}
	}
	for action, n := range map[string]int{composition.ActionSetup: 2, composition.ActionJudges: 1, composition.ActionSubmit: 3, composition.ActionEdit: 1,
		composition.ActionWithdraw: 1, composition.ActionMark: 6, composition.ActionProvisional: 1, composition.ActionClaim: 2,
		composition.ActionClaimDecision: 2, composition.ActionFinal: 1} {
		if counts[action] != n {
			t.Errorf("audit %s: %d entries, want %d", action, counts[action], n)
		}
	}
}

func TestNotProvedWithinBudget(t *testing.T) {
	t.Parallel()
	st := storetest.SQLite(t)
	c := newContest(t, st)
	c.svc = composition.NewService(st.Composition(), composition.Options{Now: c.clock.Now, MaxNodes: 3})
	c.setUpOneSection(t)
	w, err := c.svc.Submit(c.as("alice"), c.eventID, composition.EntryInput{Section: "Задачи", Entry: composition.Entry{Position: g019, Side: "black", Stipulation: "draw", Solution: "h4-g3"}})
	if err != nil || w.Findings.Verdict != composition.NotProved || w.Findings.Budget != 3 {
		t.Fatalf("%+v, %v", w, err)
	}
}

func TestAwardNeedsEveryMark(t *testing.T) {
	t.Parallel()
	st := storetest.SQLite(t)
	c := newContest(t, st)
	c.setUpOneSection(t)
	// Past the deadline with no jury, then with a jury and no entries: no
	// award, and the jury can still be set.
	c.clock.Set(start.Add(2 * time.Hour))
	_, err := c.svc.PublishProvisional(c.as("director"), c.eventID, composition.AwardInput{Prizes: 1}, "")
	wantCode(t, "award without judges", err, tournament.ECONFLICT, "the contest has no judge")
	if _, err := c.svc.SetJudges(c.as("director"), c.eventID, []string{"judge1@example.org"}, "", false); err != nil {
		t.Fatal(err)
	}
	_, err = c.svc.PublishProvisional(c.as("director"), c.eventID, composition.AwardInput{Prizes: 1}, "")
	wantCode(t, "award without entries", err, tournament.ECONFLICT, "no entries to award")
	c.clock.Set(start)
	if _, err := c.svc.SetJudges(c.as("director"), c.eventID, []string{"judge1@example.org", "judge2@example.org"}, "", false); err != nil {
		t.Fatal(err)
	}
	if _, err := c.svc.Submit(c.as("alice"), c.eventID, composition.EntryInput{Section: "Задачи", Entry: composition.Entry{Position: g019, Side: "black", Stipulation: "draw", Solution: "h4-g3"}}); err != nil {
		t.Fatal(err)
	}
	c.clock.Set(start.Add(2 * time.Hour))
	if _, err := c.svc.Mark(c.as("judge1"), c.eventID, composition.MarkInput{Code: "001", Mark: "7"}); err != nil {
		t.Fatal(err)
	}
	_, err = c.svc.PublishProvisional(c.as("director"), c.eventID, composition.AwardInput{Prizes: 1}, "")
	wantCode(t, "award with a missing mark", err, tournament.ECONFLICT, "001 (marked by 1 of 2 judges)")
	var missing *tournament.Error
	if !asError(err, &missing) || !strings.HasSuffix(catalog.For(catalog.Russian).Phrase(missing), "001 (оценок: 1 из 2)") {
		t.Errorf("the missing mark in Russian: %v", err)
	}
	if _, err := c.svc.Mark(c.as("judge2"), c.eventID, composition.MarkInput{Code: "001", Mark: "9"}); err != nil {
		t.Fatal(err)
	}
	_, err = c.svc.PublishProvisional(c.as("director"), c.eventID, composition.AwardInput{Items: []composition.Distinction{{Code: "001", Honour: "gold", Place: 1}}}, "")
	wantCode(t, "unknown honour", err, tournament.EINVALID, "\"gold\" is not a distinction")
	prov, err := c.svc.PublishProvisional(c.as("director"), c.eventID, composition.AwardInput{Items: []composition.Distinction{{Code: "001", Honour: composition.Commendation, Place: 1}}}, "")
	if err != nil || prov.Award[0].Honour != composition.Commendation {
		t.Fatalf("%+v, %v", prov, err)
	}
	_, err = c.svc.EditAward(c.as("director"), c.eventID, []composition.Distinction{{Code: "001", Honour: composition.Prize, Place: 1}}, "")
	wantCode(t, "edit without reason", err, tournament.EINVALID, "needs its reason")
	edited, err := c.svc.EditAward(c.as("director"), c.eventID, []composition.Distinction{{Code: "001", Honour: composition.Prize, Place: 1}}, "по отзыву жюри")
	if err != nil || edited.Award[0].Honour != composition.Prize {
		t.Fatalf("%+v, %v", edited, err)
	}
}

// Entries with equal scores share their place, and an award by numbers
// gives them the same honour and place (ex aequo); the next entry's place
// counts them both (1, 1, 3), and the honourable mention asked for is
// still given after the shared prize (issue 41, item 4: it was dropped).
func TestEqualScoresShareTheirPlace(t *testing.T) {
	t.Parallel()
	st := storetest.SQLite(t)
	c := newContest(t, st)
	c.setUpOneSection(t)
	if _, err := c.svc.SetJudges(c.as("director"), c.eventID, []string{"judge1@example.org"}, "", false); err != nil {
		t.Fatal(err)
	}
	for _, author := range []string{"alice", "bob", "reader"} {
		if _, err := c.svc.Submit(c.as(author), c.eventID, composition.EntryInput{Section: "Задачи", Entry: composition.Entry{Position: g019, Side: "black", Stipulation: "draw", Solution: "h4-g3"}}); err != nil {
			t.Fatal(err)
		}
	}
	c.clock.Set(start.Add(2 * time.Hour))
	for code, mark := range map[string]float64{"001": 6, "002": 8, "003": 8} {
		if _, err := c.svc.Mark(c.as("judge1"), c.eventID, composition.MarkInput{Code: code, Mark: strconv.FormatFloat(mark, 'f', -1, 64)}); err != nil {
			t.Fatal(err)
		}
	}
	prov, err := c.svc.PublishProvisional(c.as("director"), c.eventID, composition.AwardInput{Prizes: 1, Mentions: 1}, "")
	if err != nil {
		t.Fatal(err)
	}
	want := []composition.Distinction{{Code: "002", Honour: composition.Prize, Place: 1}, {Code: "003", Honour: composition.Prize, Place: 1},
		{Code: "001", Honour: composition.Mention, Place: 1}}
	if !slices.Equal(prov.Award, want) {
		t.Fatalf("award %+v, want %+v", prov.Award, want)
	}
	// The award says the two share the prize.
	award, err := c.svc.Award(c.as("director"), c.eventID)
	if err != nil || len(award.Items) != 3 || !award.Items[0].ExAequo || !award.Items[1].ExAequo || award.Items[2].ExAequo {
		t.Errorf("the shared prize is not ex aequo: %+v, %v", award, err)
	}
}

// A work the solver refutes is not ranked, whatever its marks, and cannot
// be awarded: it needs no mark for the award, by numbers the prize goes to
// the best sound work, and an award that names the unsound one is refused.
func TestUnsoundWorksAreNotAwarded(t *testing.T) {
	t.Parallel()
	for _, unsoundMark := range []float64{0, 9} {
		c := newContest(t, storetest.SQLite(t))
		c.setUpOneSection(t)
		if _, err := c.svc.SetJudges(c.as("director"), c.eventID, []string{"judge1@example.org"}, "", false); err != nil {
			t.Fatal(err)
		}
		for author, entry := range map[string]composition.Entry{
			"alice": {Position: g005, Side: "black", Stipulation: "black wins", Solution: "d6:f8"},
			"bob":   {Position: g019, Side: "black", Stipulation: "draw", Solution: "h4-g3"},
		} {
			if _, err := c.svc.Submit(c.as(author), c.eventID, composition.EntryInput{Section: "Задачи", Entry: entry}); err != nil {
				t.Fatal(err)
			}
		}
		c.clock.Set(start.Add(2 * time.Hour))
		list, err := c.svc.ForJudging(c.as("director"), c.eventID)
		if err != nil || len(list) != 2 {
			t.Fatalf("the entries %+v, %v", list, err)
		}
		unsound, sound := list[0].Code, list[1].Code
		if list[0].Findings.Verdict != composition.Unsound {
			unsound, sound = sound, unsound
		}
		marks := map[string]float64{sound: 5}
		if unsoundMark > 0 {
			marks[unsound] = unsoundMark
		}
		for code, mark := range marks {
			if _, err := c.svc.Mark(c.as("judge1"), c.eventID, composition.MarkInput{Code: code, Mark: strconv.FormatFloat(mark, 'f', -1, 64)}); err != nil {
				t.Fatal(err)
			}
		}
		list, _ = c.svc.ForJudging(c.as("director"), c.eventID)
		if list[0].Code != sound || list[0].Rank != 1 || list[1].Code != unsound || list[1].Rank != 0 ||
			catalog.For(catalog.Russian).Message(list[1].Failed) != "опровергнуто программой проверки" {
			t.Fatalf("the ranking with the unsound work marked %v: %+v", unsoundMark, list)
		}
		_, err = c.svc.PublishProvisional(c.as("director"), c.eventID, composition.AwardInput{Items: []composition.Distinction{{Code: unsound, Honour: composition.Prize, Place: 1}}}, "")
		wantCode(t, "a prize for the unsound work", err, tournament.EINVALID, "refuted by the solver")
		prov, err := c.svc.PublishProvisional(c.as("director"), c.eventID, composition.AwardInput{Prizes: 1}, "")
		if err != nil || !slices.Equal(prov.Award, []composition.Distinction{{Code: sound, Honour: composition.Prize, Place: 1}}) {
			t.Fatalf("award with the unsound work marked %v: %+v, %v", unsoundMark, prov, err)
		}
		// Only the award's entries are published: a claim names one of them.
		_, err = c.svc.FileClaim(c.as("reader"), c.eventID, composition.ClaimInput{Code: unsound, Kind: composition.ClaimUnsound, Evidence: "Иванов, 1985"})
		wantCode(t, "a claim against an entry not in the award", err, tournament.EINVALID, "entry "+unsound+" is not in the award")
		if _, err := c.svc.FileClaim(c.as("reader"), c.eventID, composition.ClaimInput{Code: sound, Kind: composition.ClaimAnticipated, Evidence: "Иванов, 1985"}); err != nil {
			t.Errorf("a claim against the award's entry: %v", err)
		}
	}
}

func asError(err error, te **tournament.Error) bool { return errors.As(err, te) }

// Accounts need no name (adiukh user add takes none by default): the
// contest and its award then name the judges and the authors by their
// account's number — never blank, never by e-mail address.
func TestAwardNamesAccountsWithoutAName(t *testing.T) {
	t.Parallel()
	st := storetest.SQLite(t)
	c := newContest(t, st)
	bg := context.Background()
	for _, email := range []string{"judge@example.org", "author@example.org"} {
		u := &tournament.User{Email: email, Role: tournament.PlayerRole}
		if err := st.Accounts().Update(bg, func(tx account.Tx) error { return tx.CreateUser(u) }); err != nil {
			t.Fatal(err)
		}
		c.users[email] = tournament.NewContextWithUser(bg, u)
	}
	c.setUpOneSection(t)
	judges, err := c.svc.SetJudges(c.as("director"), c.eventID, []string{"judge@example.org"}, "", false)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.svc.Submit(c.as("author@example.org"), c.eventID, composition.EntryInput{Section: "Задачи", Entry: composition.Entry{Position: g019, Side: "black", Stipulation: "draw", Solution: "h4-g3"}}); err != nil {
		t.Fatal(err)
	}
	c.clock.Set(start.Add(2 * time.Hour))
	if _, err := c.svc.Mark(c.as("judge@example.org"), c.eventID, composition.MarkInput{Code: "001", Mark: "7"}); err != nil {
		t.Fatal(err)
	}
	if _, err := c.svc.PublishProvisional(c.as("director"), c.eventID, composition.AwardInput{Prizes: 1}, ""); err != nil {
		t.Fatal(err)
	}
	judge := tournament.UserFromContext(c.as("judge@example.org"))
	author := tournament.UserFromContext(c.as("author@example.org"))
	if judges[0].Name != fmt.Sprintf("#%d", judge.ID) {
		t.Errorf("the judges as set: %+v", judges)
	}
	view, err := c.svc.Contest(c.as("reader"), c.eventID)
	if err != nil || len(view.Judges) != 1 || view.Judges[0].Name != fmt.Sprintf("#%d", judge.ID) {
		t.Errorf("the contest's judges: %+v, %v", view, err)
	}
	award, err := c.svc.Award(c.as("reader"), c.eventID)
	if err != nil || len(award.Items) != 1 {
		t.Fatalf("the award: %+v, %v", award, err)
	}
	if want := []string{fmt.Sprintf("#%d", judge.ID)}; !slices.Equal(award.Judges, want) {
		t.Errorf("the award's judges %q, want %q", award.Judges, want)
	}
	if want := fmt.Sprintf("#%d", author.ID); award.Items[0].Author != want {
		t.Errorf("the award names the author %q, want %q", award.Items[0].Author, want)
	}
}

// A judge reads the entries in the order of their codes, not of the
// ranking: once the jury has marked, the ranking's order would tell a
// judge the others' marks. The director reads the ranking.
func TestJudgeListsEntriesByCodeNotByRank(t *testing.T) {
	t.Parallel()
	c := newContest(t, storetest.SQLite(t))
	if _, err := c.svc.Setup(c.as("director"), c.eventID, composition.ContestInput{Sections: []composition.Section{{Name: "Задачи"}},
		Deadline: start.Add(time.Hour), Scale: 10, Aggregation: composition.TrimmedMean, ClaimDays: 7}, ""); err != nil {
		t.Fatal(err)
	}
	if _, err := c.svc.SetJudges(c.as("director"), c.eventID, []string{"judge1@example.org", "judge2@example.org", "judge3@example.org"}, "", false); err != nil {
		t.Fatal(err)
	}
	for _, author := range []string{"alice", "bob"} {
		if _, err := c.svc.Submit(c.as(author), c.eventID, composition.EntryInput{Section: "Задачи", Entry: composition.Entry{Position: g019, Side: "black", Stipulation: "draw", Solution: "h4-g3"}}); err != nil {
			t.Fatal(err)
		}
	}
	c.clock.Set(start.Add(2 * time.Hour))
	// Judge 1 prefers 001; the other two, and so the jury, 002.
	for judge, marks := range map[string][2]float64{"judge1": {9, 5}, "judge2": {4, 8}, "judge3": {3, 7}} {
		for i, mark := range marks {
			if _, err := c.svc.Mark(c.as(judge), c.eventID, composition.MarkInput{Code: fmt.Sprintf("%03d", i+1), Mark: strconv.FormatFloat(mark, 'f', -1, 64)}); err != nil {
				t.Fatal(err)
			}
		}
	}
	codes := func(who string) []string {
		t.Helper()
		list, err := c.svc.ForJudging(c.as(who), c.eventID)
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, a := range list {
			out = append(out, a.Code)
		}
		return out
	}
	if got := codes("director"); !slices.Equal(got, []string{"002", "001"}) {
		t.Errorf("the director's ranking: %v, want 002 (7) before 001 (5)", got)
	}
	if got := codes("judge1"); !slices.Equal(got, []string{"001", "002"}) {
		t.Errorf("judge 1 reads %v, want the codes in order", got)
	}
}

// An entry an upheld claim eliminates leaves the award's honours, and the
// award names it, its author and why, so that readers of the final award
// learn what became of an honour the provisional award gave.
func TestAwardNamesTheEliminatedEntries(t *testing.T) {
	t.Parallel()
	c := newContest(t, storetest.SQLite(t))
	c.setUpOneSection(t)
	if _, err := c.svc.SetJudges(c.as("director"), c.eventID, []string{"judge1@example.org"}, "", false); err != nil {
		t.Fatal(err)
	}
	for _, author := range []string{"alice", "bob"} {
		if _, err := c.svc.Submit(c.as(author), c.eventID, composition.EntryInput{Section: "Задачи", Entry: composition.Entry{Position: g019, Side: "black", Stipulation: "draw", Solution: "h4-g3"}}); err != nil {
			t.Fatal(err)
		}
	}
	c.clock.Set(start.Add(2 * time.Hour))
	for code, mark := range map[string]float64{"001": 9, "002": 7} {
		if _, err := c.svc.Mark(c.as("judge1"), c.eventID, composition.MarkInput{Code: code, Mark: strconv.FormatFloat(mark, 'f', -1, 64)}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := c.svc.PublishProvisional(c.as("director"), c.eventID, composition.AwardInput{Prizes: 1, Mentions: 1}, ""); err != nil {
		t.Fatal(err)
	}
	var claims []int64
	for _, code := range []string{"001", "002"} {
		cl, err := c.svc.FileClaim(c.as("reader"), c.eventID, composition.ClaimInput{Code: code, Kind: composition.ClaimAnticipated, Evidence: "Иванов, 1990"})
		if err != nil {
			t.Fatal(err)
		}
		claims = append(claims, cl.ID)
	}
	if _, err := c.svc.DecideClaim(c.as("director"), claims[0], true, "та же позиция"); err != nil {
		t.Fatal(err)
	}
	if _, err := c.svc.DecideClaim(c.as("director"), claims[1], false, "другая идея"); err != nil {
		t.Fatal(err)
	}
	award, err := c.svc.Award(c.as("reader"), c.eventID)
	if err != nil {
		t.Fatal(err)
	}
	if len(award.Items) != 1 || award.Items[0].Code != "002" {
		t.Errorf("the award's honours: %+v", award.Items)
	}
	if len(award.Eliminated) != 1 {
		t.Fatalf("the eliminated entries: %+v", award.Eliminated)
	}
	el := award.Eliminated[0]
	if got := catalog.For(catalog.Russian).Message(el.Reason); el.Code != "001" || el.Author != "Alice" || el.Section != "Задачи" || got != "предвосхищено: та же позиция" {
		t.Errorf("the eliminated entry: %+v, %q", el, got)
	}
}
