package composition_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"adiukh/tournament"
	"adiukh/tournament/catalog"
	"adiukh/tournament/composition"
	"adiukh/tournament/engines"
	"adiukh/tournament/store/storetest"
)

// Issue 41, item 3: whoever directs the contest — the event's arbiter, or
// an administrator — rules on its claims and sees every judge's marks, so
// they may neither enter it nor sit on its jury.
func TestDirectorNeitherEntersNorJudges(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			c := newContest(t, st)
			c.setUpOneSection(t)
			_, err := c.svc.Submit(c.as("director"), c.eventID, composition.EntryInput{Section: "Задачи",
				Entry: composition.Entry{Position: g005, Side: "black", Stipulation: "exact 18:6", Solution: "d6:f8"}})
			wantCode(t, "the director's entry", err, tournament.EFORBIDDEN, "cannot enter it")
			_, err = c.svc.SetJudges(c.as("director"), c.eventID, []string{"judge1@example.org", "director@example.org"}, "", false)
			wantCode(t, "the director as a judge", err, tournament.ECONFLICT, "director@example.org directs the contest")
			if e, ok := err.(*tournament.Error); !ok || e.Field != "judges[1]" {
				t.Errorf("the refusal names %v, want judges[1]", err)
			}
			if _, err := c.svc.SetJudges(c.as("director"), c.eventID, []string{"judge1@example.org", "judge2@example.org", "judge3@example.org"}, "", false); err != nil {
				t.Fatal(err)
			}
			if _, err := c.svc.Submit(c.as("alice"), c.eventID, composition.EntryInput{Section: "Задачи",
				Entry: composition.Entry{Position: g005, Side: "black", Stipulation: "exact 18:6", Solution: "d6:f8"}}); err != nil {
				t.Errorf("an author's entry: %v", err)
			}
		})
	}
}

// Issue 41, item 7: a contest never vanishes. Its event's discipline may
// change while no author has entered it, and not once one has (a withdrawn
// entry still counts: its author may look for it).
func TestContestWithEntriesKeepsItsDiscipline(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			c := newContest(t, st)
			c.setUpOneSection(t)
			events := tournament.NewService(st, engines.Options())
			w, err := c.svc.Submit(c.as("alice"), c.eventID, composition.EntryInput{Section: "Задачи",
				Entry: composition.Entry{Position: g005, Side: "black", Stipulation: "exact 18:6", Solution: "d6:f8"}})
			if err != nil {
				t.Fatal(err)
			}
			if _, err := c.svc.Withdraw(c.as("alice"), w.ID); err != nil {
				t.Fatal(err)
			}
			_, err = events.UpdateEvent(c.as("director"), c.eventID, tournament.EventInput{Discipline: ptr("rapid"), System: ptr("round-robin"), TimeControl: ptr("8+4")}, "")
			wantCode(t, "a contest with an entry turned into a rapid event", err, tournament.ECONFLICT, "1 entries")
			if _, err := c.svc.Contest(c.as("alice"), c.eventID); err != nil {
				t.Errorf("the contest after the refusal: %v", err)
			}

			empty, err := events.CreateEvent(c.as("director"), tournament.EventInput{Name: ptr("Ещё не объявлен"), Discipline: ptr("composition")})
			if err != nil {
				t.Fatal(err)
			}
			if _, err := events.UpdateEvent(c.as("director"), empty.ID, tournament.EventInput{Discipline: ptr("rapid"), System: ptr("round-robin"), TimeControl: ptr("8+4")}, ""); err != nil {
				t.Errorf("an event without entries changes its discipline: %v", err)
			}
		})
	}
}

// Issue 41, item 9: a deadline already passed is refused when it is set;
// one that passed while set stays, so the other settings can still change.
func TestDeadlineInThePastIsRefusedAtSetup(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			c := newContest(t, st)
			in := composition.ContestInput{Sections: []composition.Section{{Name: "Задачи"}}, Deadline: start.Add(-time.Minute), Scale: 10, Aggregation: composition.Mean, ClaimDays: 7}
			_, err := c.svc.Setup(c.as("director"), c.eventID, in, "")
			wantCode(t, "a deadline a minute ago", err, tournament.EINVALID, "already passed")
			c.setUpOneSection(t)
			c.clock.Set(start.Add(2 * time.Hour))
			in.Deadline, in.Scale = start.Add(time.Hour), 20
			if _, err := c.svc.Setup(c.as("director"), c.eventID, in, "a finer scale"); err != nil {
				t.Errorf("the scale changed after the deadline: %v", err)
			}
		})
	}
}

// Issue 41, item 9: the stage reads "judging" once the deadline passes, not
// only after the first mark: the scheduler's sweep moves the event on.
func TestContestMovesToJudgingAtItsDeadline(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			c := newContest(t, st)
			c.setUpOneSection(t)
			ctx := context.Background()
			if n, err := c.svc.AdvanceContests(ctx, start.Add(59*time.Minute)); err != nil || n != 0 || c.status(t) != tournament.Registration {
				t.Fatalf("before the deadline: %d moved (%v), status %s", n, err, c.status(t))
			}
			if n, err := c.svc.AdvanceContests(ctx, start.Add(time.Hour)); err != nil || n != 1 || c.status(t) != tournament.Running {
				t.Fatalf("at the deadline: %d moved (%v), status %s", n, err, c.status(t))
			}
			if n, err := c.svc.AdvanceContests(ctx, start.Add(2*time.Hour)); err != nil || n != 0 {
				t.Errorf("a second sweep moved %d (%v)", n, err)
			}
		})
	}
}

// Issue 41, item 8: a mark is a plain decimal within the scale, whichever
// door it comes through; 1e0 and 3.14159 are numbers but no judge's marks.
func TestMarksArePlainDecimals(t *testing.T) {
	t.Parallel()
	st := storetest.SQLite(t)
	c := newContest(t, st)
	c.setUpOneSection(t)
	if _, err := c.svc.SetJudges(c.as("director"), c.eventID, []string{"judge1@example.org"}, "", false); err != nil {
		t.Fatal(err)
	}
	if _, err := c.svc.Submit(c.as("alice"), c.eventID, composition.EntryInput{Section: "Задачи",
		Entry: composition.Entry{Position: g005, Side: "black", Stipulation: "exact 18:6", Solution: "d6:f8"}}); err != nil {
		t.Fatal(err)
	}
	c.clock.Set(start.Add(2 * time.Hour))
	for _, bad := range []string{"1e0", "3.14159", "-1", "", "семь", "0x7", "Inf"} {
		_, err := c.svc.Mark(c.as("judge1"), c.eventID, composition.MarkInput{Code: "001", Mark: bad})
		wantCode(t, "mark "+bad, err, tournament.EINVALID, "is not a mark")
	}
	_, err := c.svc.Mark(c.as("judge1"), c.eventID, composition.MarkInput{Code: "001", Mark: "10,5"})
	wantCode(t, "a mark above the scale", err, tournament.EINVALID, "from 0 to 10")
	for text, want := range map[string]float64{"3,5": 3.5, "7.25": 7.25, " 8 ": 8} {
		m, err := c.svc.Mark(c.as("judge1"), c.eventID, composition.MarkInput{Code: "001", Mark: text})
		if err != nil || m.Mark != want {
			t.Errorf("mark %q: %v, %v; want %v", text, m, err, want)
		}
	}
}

// Issue 41, item 4: by numbers, a tie group shares one honour ex aequo and
// every kind of honour asked for is still given after it, section by
// section; nothing asked for is dropped.
func TestAwardByNumbersKeepsEveryHonourThroughTies(t *testing.T) {
	t.Parallel()
	entry := func(code, section string, rank int) composition.Anonymous {
		return composition.Anonymous{Code: code, Section: section, Rank: rank}
	}
	one := composition.AwardInput{Prizes: 1, Mentions: 1, Commendations: 1}
	for _, tc := range []struct {
		name   string
		ranked []composition.Anonymous
		in     composition.AwardInput
		want   string
	}{
		{"no tie", []composition.Anonymous{entry("001", "A", 1), entry("002", "A", 2), entry("003", "A", 3), entry("004", "A", 4)}, one,
			"001 prize 1, 002 honourable_mention 1, 003 commendation 1"},
		{"two share the first place", []composition.Anonymous{entry("001", "A", 1), entry("002", "A", 1), entry("003", "A", 3), entry("004", "A", 4)}, one,
			"001 prize 1, 002 prize 1, 003 honourable_mention 1, 004 commendation 1"},
		{"three share the first place", []composition.Anonymous{entry("001", "A", 1), entry("002", "A", 1), entry("003", "A", 1), entry("004", "A", 4), entry("005", "A", 5)}, one,
			"001 prize 1, 002 prize 1, 003 prize 1, 004 honourable_mention 1, 005 commendation 1"},
		{"a tie for the second prize", []composition.Anonymous{entry("001", "A", 1), entry("002", "A", 2), entry("003", "A", 2), entry("004", "A", 4)}, composition.AwardInput{Prizes: 2, Mentions: 1},
			"001 prize 1, 002 prize 2, 003 prize 2, 004 honourable_mention 1"},
		{"sections apart", []composition.Anonymous{entry("001", "A", 1), entry("002", "A", 1), entry("003", "B", 1), entry("004", "B", 2), entry("005", "B", 0)}, composition.AwardInput{Prizes: 1, Mentions: 1},
			"001 prize 1, 002 prize 1, 003 prize 1, 004 honourable_mention 1"},
	} {
		items, err := composition.DeriveAward(tc.ranked, tc.in)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		var got []string
		for _, d := range items {
			got = append(got, fmt.Sprintf("%s %s %d", d.Code, d.Honour, d.Place))
		}
		if strings.Join(got, ", ") != tc.want {
			t.Errorf("%s: %s, want %s", tc.name, strings.Join(got, ", "), tc.want)
		}
	}
}

// Issue 41, item 5: the provisional award is edited only during the claims
// period; an edit that raises an entry opens the claims period again in
// full; after it, only the final award.
func TestAwardIsEditedOnlyWhileClaimsAreOpen(t *testing.T) {
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
	for code, mark := range map[string]string{"001": "8", "002": "7", "003": "6"} {
		if _, err := c.svc.Mark(c.as("judge1"), c.eventID, composition.MarkInput{Code: code, Mark: mark}); err != nil {
			t.Fatal(err)
		}
	}
	// The award bears its place, the event's city unless given, its date
	// and the judge's report (issue 41, item 4).
	if _, err := tournament.NewService(st, engines.Options()).UpdateEvent(c.as("director"), c.eventID, tournament.EventInput{City: ptr("Майкоп")}, ""); err != nil {
		t.Fatal(err)
	}
	_, err := c.svc.PublishProvisional(c.as("director"), c.eventID, composition.AwardInput{Prizes: 1, Report: strings.Repeat("ж", 50_001)}, "")
	wantCode(t, "a report of 50,001 letters", err, tournament.EINVALID, "longer than 50000 characters")
	prov, err := c.svc.PublishProvisional(c.as("director"), c.eventID, composition.AwardInput{Prizes: 1, Mentions: 1, Report: " Уровень конкурса высок. "}, "")
	if err != nil {
		t.Fatal(err)
	}
	if prov.AwardPlace != "Майкоп" || prov.AwardReport != "Уровень конкурса высок." || !prov.AwardDate().Equal(start.Add(2*time.Hour)) {
		t.Errorf("the award's place %q, report %q, date %v", prov.AwardPlace, prov.AwardReport, prov.AwardDate())
	}
	firstPeriod := prov.ClaimsUntil
	// Three days on, the director lowers nothing but adds 003: its claims
	// period runs a full week from now.
	c.clock.Set(start.Add(2*time.Hour + 72*time.Hour))
	edited, err := c.svc.EditAward(c.as("director"), c.eventID, append(prov.Award, composition.Distinction{Code: "003", Honour: composition.Commendation, Place: 1}), "по отзыву жюри")
	if err != nil {
		t.Fatal(err)
	}
	if want := c.clock.Now().UTC().Add(7 * 24 * time.Hour); !edited.ClaimsUntil.Equal(want) || !edited.ClaimsUntil.After(firstPeriod) {
		t.Errorf("claims until %v after adding an entry, want %v", edited.ClaimsUntil, want)
	}
	// Reordering without raising anyone keeps the period as it is.
	again, err := c.svc.EditAward(c.as("director"), c.eventID, edited.Award[:2], "без похвального отзыва")
	if err != nil || !again.ClaimsUntil.Equal(edited.ClaimsUntil) {
		t.Errorf("removing an entry moved the period to %v (%v)", again.ClaimsUntil, err)
	}
	c.clock.Set(edited.ClaimsUntil)
	_, err = c.svc.EditAward(c.as("director"), c.eventID, edited.Award, "поздно")
	wantCode(t, "an edit after the claims period", err, tournament.ECONFLICT, "claims period ended")
	// The place and the judge's report may still change, the honours not,
	// until the final award, which carries them.
	text, err := c.svc.EditAwardText(c.as("director"), c.eventID, "Адыгейск", "Отчёт после претензий.", "судья уточнил отчёт")
	if err != nil || text.AwardPlace != "Адыгейск" || text.AwardReport != "Отчёт после претензий." || len(text.Award) != 2 {
		t.Fatalf("the award's text edited: %+v, %v", text, err)
	}
	final, err := c.svc.PublishFinal(c.as("director"), c.eventID, "")
	if err != nil || final.AwardReport != "Отчёт после претензий." || !final.AwardDate().Equal(edited.ClaimsUntil) {
		t.Fatalf("the final award: %+v, %v", final, err)
	}
	_, err = c.svc.EditAwardText(c.as("director"), c.eventID, "", "ещё", "")
	wantCode(t, "the text after the final award", err, tournament.ECONFLICT, "only while the award is provisional")
}

// Issue 41, item 6: one entry per submission. The same work sent twice by
// its author (a form posted twice, a script that retries) is refused, and
// the contest keeps one entry; another author's identical work is entered.
// The repeat is refused before the solver runs (issue 48.5): with one
// solver run per account allowed, it is told it is a repeat, not to wait.
func TestTheSameWorkIsEnteredOnce(t *testing.T) {
	t.Parallel()
	st := storetest.SQLite(t)
	c := newContest(t, st)
	c.svc = composition.NewService(st.Composition(), composition.Options{Now: c.clock.Now,
		Work: composition.NewWorkQueue(composition.WorkLimits{Rate: 1, Per: time.Hour, Now: c.clock.Now})})
	c.setUpOneSection(t)
	in := composition.EntryInput{Section: "Задачи", Entry: composition.Entry{Position: g019, Side: "black", Stipulation: "draw", Solution: "h4-g3"}}
	if _, err := c.svc.Submit(c.as("alice"), c.eventID, in); err != nil {
		t.Fatal(err)
	}
	_, err := c.svc.Submit(c.as("alice"), c.eventID, in)
	wantCode(t, "the same work again", err, tournament.ECONFLICT, "already entered this work as 001")
	if _, err := c.svc.Submit(c.as("bob"), c.eventID, in); err != nil {
		t.Errorf("another author's identical work: %v", err)
	}
	mine, err := c.svc.MyWorks(c.as("alice"), c.eventID)
	if err != nil || len(mine) != 1 {
		t.Errorf("alice has %d entries (%v), want 1", len(mine), err)
	}
}

// Issue 41, item 2: a cooked entry is incorrect, like a refuted one: it is
// not ranked (the reason names the keys), it cannot be honoured, and only
// the director's explicit acceptance, with a reason, makes it rankable.
func TestCookedEntriesGetNoHonourUnlessAccepted(t *testing.T) {
	t.Parallel()
	c := newContest(t, storetest.SQLite(t))
	c.setUpOneSection(t)
	if _, err := c.svc.SetJudges(c.as("director"), c.eventID, []string{"judge1@example.org"}, "", false); err != nil {
		t.Fatal(err)
	}
	cooked, err := c.svc.Submit(c.as("bob"), c.eventID, composition.EntryInput{Section: "Задачи", Entry: composition.Entry{Position: g013, Side: "white", Stipulation: "white 16", Solution: "c7-d8"}})
	if err != nil || cooked.Findings.Verdict != composition.Cooked {
		t.Fatalf("the cooked entry: %+v, %v", cooked, err)
	}
	if _, err := c.svc.Submit(c.as("alice"), c.eventID, composition.EntryInput{Section: "Задачи", Entry: composition.Entry{Position: g019, Side: "black", Stipulation: "draw", Solution: "h4-g3"}}); err != nil {
		t.Fatal(err)
	}
	c.clock.Set(start.Add(2 * time.Hour))
	for _, code := range []string{"001", "002"} {
		if _, err := c.svc.Mark(c.as("judge1"), c.eventID, composition.MarkInput{Code: code, Mark: "9"}); err != nil {
			t.Fatal(err)
		}
	}
	ranked, err := c.svc.ForJudging(c.as("director"), c.eventID)
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range ranked {
		if a.Code == "001" && (a.Rank != 0 || !strings.Contains(a.Failed.String(), "cooked")) {
			t.Errorf("the cooked entry is ranked %d (%s)", a.Rank, a.Failed)
		}
	}
	_, err = c.svc.PublishProvisional(c.as("director"), c.eventID, composition.AwardInput{Items: []composition.Distinction{{Code: "001", Honour: composition.Prize, Place: 1}}}, "")
	wantCode(t, "a prize for the cooked entry", err, tournament.EINVALID, "is cooked")
	_, err = c.svc.AcceptCook(c.as("judge1"), c.eventID, "001", "ради идеи")
	wantCode(t, "a judge accepts the cook", err, tournament.EFORBIDDEN, "director")
	_, err = c.svc.AcceptCook(c.as("director"), c.eventID, "001", " ")
	wantCode(t, "a cook accepted without a reason", err, tournament.EINVALID, "reason")
	_, err = c.svc.AcceptCook(c.as("director"), c.eventID, "002", "ради идеи")
	wantCode(t, "an entry that is not cooked", err, tournament.ECONFLICT, "not cooked")
	if _, err := c.svc.AcceptCook(c.as("director"), c.eventID, "001", "побочное решение не портит идею"); err != nil {
		t.Fatal(err)
	}
	prov, err := c.svc.PublishProvisional(c.as("director"), c.eventID, composition.AwardInput{Prizes: 2}, "")
	if err != nil || len(prov.Award) != 2 {
		t.Fatalf("the award after the cook was accepted: %+v, %v", prov, err)
	}
}

// Issue 41, item 6: the same position among the entries, whoever their
// authors, and in the earlier awards kept on the site — as it stands, or
// with the colours exchanged and the board turned round — is flagged to
// the director as a possible anticipation; the judges are not told.
func TestIdenticalPositionsAreFlaggedAsAnticipations(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			c := newContest(t, st)
			c.setUpOneSection(t)
			if _, err := c.svc.SetJudges(c.as("director"), c.eventID, []string{"judge1@example.org"}, "", false); err != nil {
				t.Fatal(err)
			}
			draw := composition.EntryInput{Section: "Задачи", Entry: composition.Entry{Position: g019, Side: "black", Stipulation: "draw", Solution: "h4-g3"}}
			if _, err := c.svc.Submit(c.as("alice"), c.eventID, draw); err != nil {
				t.Fatal(err)
			}
			c.clock.Set(start.Add(2 * time.Hour))
			if _, err := c.svc.Mark(c.as("judge1"), c.eventID, composition.MarkInput{Code: "001", Mark: "8"}); err != nil {
				t.Fatal(err)
			}
			if _, err := c.svc.PublishProvisional(c.as("director"), c.eventID, composition.AwardInput{Prizes: 1}, ""); err != nil {
				t.Fatal(err)
			}

			// A later contest: g019 turned round with White to move, and
			// g013 from two authors.
			e, err := tournament.NewService(st, engines.Options()).CreateEvent(c.as("director"), tournament.EventInput{Name: ptr("Конкурс 2027"), Discipline: ptr("composition")})
			if err != nil {
				t.Fatal(err)
			}
			later := *c
			later.eventID = e.ID
			if _, err := later.svc.Setup(c.as("director"), e.ID, composition.ContestInput{Sections: []composition.Section{{Name: "Задачи"}},
				Deadline: start.Add(3 * time.Hour), Scale: 10, Aggregation: composition.Mean, ClaimDays: 7}, ""); err != nil {
				t.Fatal(err)
			}
			if _, err := later.svc.SetJudges(c.as("director"), e.ID, []string{"judge2@example.org"}, "", false); err != nil {
				t.Fatal(err)
			}
			turned := composition.EntryInput{Section: "Задачи", Entry: composition.Entry{Position: "white: a5-1, b8-1/1, d8-1/2, f8-4/2; black: e3-3/1, f2-1/4, g1-3",
				Side: "white", Stipulation: "draw", Solution: "a5-b6"}}
			cooked := composition.EntryInput{Section: "Задачи", Entry: composition.Entry{Position: g013, Side: "white", Stipulation: "white 16", Solution: "c7-d8"}}
			for author, in := range map[string]composition.EntryInput{"bob": turned, "alice": cooked, "reader": cooked} {
				if _, err := later.svc.Submit(c.as(author), e.ID, in); err != nil {
					t.Fatalf("%s: %v", author, err)
				}
			}
			c.clock.Set(start.Add(4 * time.Hour))
			list, err := later.svc.ForJudging(c.as("director"), e.ID)
			if err != nil {
				t.Fatal(err)
			}
			en := catalog.For(catalog.English)
			got := map[string]string{}
			for _, a := range list {
				var twins []string
				for _, tw := range a.Twins {
					twins = append(twins, en.Message(tw.Message()))
				}
				got[a.Entry.Position] = strings.Join(twins, "; ")
			}
			if want := "the same position as entry 001 of the award of “Конкурс составления 2026” with the colours exchanged and the board turned round"; got[turned.Position] != want {
				t.Errorf("the turned position: %q, want %q", got[turned.Position], want)
			}
			if got[g013] == "" || !strings.HasPrefix(got[g013], "the same position as entry 00") || strings.Contains(got[g013], ";") {
				t.Errorf("g013 twice: %q", got[g013])
			}
			if got := catalog.For(catalog.Russian).Message(list[0].Twins[0].Message()); !strings.HasPrefix(got, "та же позиция, что в произведении № ") {
				t.Errorf("in Russian: %q", got)
			}
			judged, err := later.svc.ForJudging(c.as("judge2"), e.ID)
			if err != nil {
				t.Fatal(err)
			}
			for _, a := range judged {
				if len(a.Twins) > 0 {
					t.Errorf("a judge is shown the twins of %s: %v", a.Code, a.Twins)
				}
			}
		})
	}
}

// Issue 41, item 10: removing a judge who has marked asks to confirm,
// since their marks would no longer count; confirmed, the jury changes and
// the audit log keeps the marks set aside. A judge without marks goes at
// once.
func TestRemovingAJudgeWithMarksAsksToConfirm(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			c := newContest(t, st)
			c.setUpOneSection(t)
			jury := []string{"judge1@example.org", "judge2@example.org", "judge3@example.org"}
			if _, err := c.svc.SetJudges(c.as("director"), c.eventID, jury, "", false); err != nil {
				t.Fatal(err)
			}
			if _, err := c.svc.Submit(c.as("alice"), c.eventID, composition.EntryInput{Section: "Задачи", Entry: composition.Entry{Position: g019, Side: "black", Stipulation: "draw", Solution: "h4-g3"}}); err != nil {
				t.Fatal(err)
			}
			c.clock.Set(start.Add(2 * time.Hour))
			if _, err := c.svc.Mark(c.as("judge1"), c.eventID, composition.MarkInput{Code: "001", Mark: "3,5", Comment: "Тонкая игра"}); err != nil {
				t.Fatal(err)
			}
			if _, err := c.svc.SetJudges(c.as("director"), c.eventID, jury[:2], "", false); err != nil {
				t.Fatalf("removing a judge without marks: %v", err)
			}
			_, err := c.svc.SetJudges(c.as("director"), c.eventID, jury[1:2], "", false)
			var te *tournament.Error
			if !errors.As(err, &te) || te.Code != tournament.ECONFLICT || te.Field != "confirm" || !strings.Contains(te.Message, "have given 1 marks") {
				t.Fatalf("removing a judge with marks: %v, want a conflict asking to confirm", err)
			}
			if _, err := c.svc.SetJudges(c.as("director"), c.eventID, jury[1:2], "судья выбыл", true); err != nil {
				t.Fatalf("confirmed: %v", err)
			}
			list, err := c.svc.ForJudging(c.as("director"), c.eventID)
			if err != nil || len(list) != 1 || len(list[0].Marks) != 0 {
				t.Fatalf("the entry after its judge left: %+v (%v)", list, err)
			}
			log, err := tournament.NewService(st, engines.Options()).Audit(c.as("director"), c.eventID)
			if err != nil {
				t.Fatal(err)
			}
			last := log[len(log)-1]
			for _, a := range log {
				if a.Action == composition.ActionJudges && a.Reason == "судья выбыл" {
					last = a
				}
			}
			if last.Action != composition.ActionJudges || !strings.Contains(last.Before, `"judge":"judge1@example.org"`) || !strings.Contains(last.Before, `"mark":3.5`) ||
				!strings.Contains(last.Before, `"comment":"Тонкая игра"`) || !strings.Contains(last.Before, `"code":"001"`) {
				t.Errorf("the audit entry of the removal: %+v", last)
			}
		})
	}
}

// Issue 41, item 8: limits are stated and counted in characters, as people
// count them: a comment of 10,000 Cyrillic letters (20,000 bytes) is
// taken, one letter more is refused saying the limit in characters.
func TestLimitsAreInCharacters(t *testing.T) {
	t.Parallel()
	c := newContest(t, storetest.SQLite(t))
	c.setUpOneSection(t)
	in := composition.EntryInput{Section: "Задачи", Comment: strings.Repeat("ж", 10_001), Entry: composition.Entry{Position: g019, Side: "black", Stipulation: "draw", Solution: "h4-g3"}}
	_, err := c.svc.Submit(c.as("alice"), c.eventID, in)
	wantCode(t, "a comment of 10,001 letters", err, tournament.EINVALID, "longer than 10000 characters")
	in.Comment = strings.Repeat("ж", 10_000)
	if _, err := c.svc.Submit(c.as("alice"), c.eventID, in); err != nil {
		t.Errorf("a comment of 10,000 letters: %v", err)
	}
}

// Issue 41, item 8: places run from 1 without gaps within each honour of
// a section; entries ex aequo share one. A 2nd prize without a 1st is a
// slip and is refused at its row.
func TestAwardPlacesHaveNoGaps(t *testing.T) {
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
	for code, mark := range map[string]string{"001": "8", "002": "7", "003": "6"} {
		if _, err := c.svc.Mark(c.as("judge1"), c.eventID, composition.MarkInput{Code: code, Mark: mark}); err != nil {
			t.Fatal(err)
		}
	}
	_, err := c.svc.PublishProvisional(c.as("director"), c.eventID, composition.AwardInput{Items: []composition.Distinction{
		{Code: "001", Honour: composition.Prize, Place: 2}, {Code: "002", Honour: composition.Mention, Place: 1}}}, "")
	wantCode(t, "a 2nd prize without a 1st", err, tournament.EINVALID, "entry 001 is given place 2 of prize in section \"Задачи\", but place 1 is empty")
	if te := (*tournament.Error)(nil); !asError(err, &te) || te.Field != "items[0]" {
		t.Errorf("the refusal names %v, want items[0]", err)
	}
	_, err = c.svc.PublishProvisional(c.as("director"), c.eventID, composition.AwardInput{Items: []composition.Distinction{
		{Code: "001", Honour: composition.Prize, Place: 1}, {Code: "002", Honour: composition.Prize, Place: 1}, {Code: "003", Honour: composition.Prize, Place: 4}}}, "")
	wantCode(t, "a 4th prize after two 1st", err, tournament.EINVALID, "place 4 of prize")
	if _, err := c.svc.PublishProvisional(c.as("director"), c.eventID, composition.AwardInput{Items: []composition.Distinction{
		{Code: "001", Honour: composition.Prize, Place: 1}, {Code: "002", Honour: composition.Prize, Place: 1}, {Code: "003", Honour: composition.Prize, Place: 3}}}, ""); err != nil {
		t.Fatalf("two 1st prizes ex aequo and a 3rd: %v", err)
	}
	exAequo := func() string {
		a, err := c.svc.Award(c.as("reader"), c.eventID)
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, it := range a.Items {
			out = append(out, fmt.Sprintf("%s %s %d %v", it.Code, it.Honour, it.Place, it.ExAequo))
		}
		return strings.Join(out, "; ")
	}
	if got, want := exAequo(), "001 prize 1 true; 002 prize 1 true; 003 prize 3 false"; got != want {
		t.Errorf("the award reads %s, want %s", got, want)
	}
	// Commendations and special prizes are not numbered: never ex aequo.
	if _, err := c.svc.EditAward(c.as("director"), c.eventID, []composition.Distinction{{Code: "001", Honour: composition.SpecialPrize, Place: 1},
		{Code: "002", Honour: composition.Commendation, Place: 1}, {Code: "003", Honour: composition.Commendation, Place: 1}}, "по отзыву жюри"); err != nil {
		t.Fatal(err)
	}
	if got, want := exAequo(), "001 special_prize 1 false; 002 commendation 1 false; 003 commendation 1 false"; got != want {
		t.Errorf("the edited award reads %s, want %s", got, want)
	}
}
