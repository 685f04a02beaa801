package ratings_test

import (
	"context"
	"errors"
	"regexp"
	"strings"
	"testing"
	"time"

	"adiukh/tournament"
	"adiukh/tournament/catalog"
	"adiukh/tournament/rating"
	"adiukh/tournament/ratings"
	"adiukh/tournament/store/storetest"
)

// foreign is what a Russian refusal must not show its reader: a word in
// Latin letters (a list's internal name, an English word) or an ISO date.
// What the reader typed, quoted in «», may be anything.
var (
	foreign = regexp.MustCompile(`[A-Za-z]{2,}|\d{4}-\d{2}-\d{2}`)
	typed   = regexp.MustCompile(`«[^»]*»`)
)

// inRussian is a refusal as a Russian reader reads it, failing the test
// when it shows them an internal name, an English word or an ISO date.
func inRussian(t *testing.T, what string, err error) string {
	t.Helper()
	e, ok := err.(*tournament.Error)
	if !ok {
		t.Fatalf("%s: %v, want a refusal", what, err)
	}
	text := catalog.For(catalog.Russian).Phrase(e)
	if m := foreign.FindString(typed.ReplaceAllString(text, "")); m != "" {
		t.Errorf("%s says %q in Russian: %s", what, m, text)
	}
	return text
}

// Issue 37: the rating lists' refusals name a list as the reader's
// language names its discipline and a period's end as the pages write
// dates, in both languages.
func TestRefusalsInTheReadersWords(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			lists := ratings.NewService(st.Ratings(), ratings.Options{})
			admin := signedIn(t, st, "admin@example.org", tournament.Admin)
			if _, err := lists.ClosePeriod(admin, ratings.Standard, "2026-06-30"); err != nil {
				t.Fatal(err)
			}
			ru, en := catalog.For(catalog.Russian), catalog.For(catalog.English)
			_, err := lists.ClosePeriod(admin, ratings.Standard, "2026-06-01")
			if text := inRussian(t, "closing a closed period", err); !strings.Contains(text, "«"+ru.T("rating_list.standard")+"» по 30 июня 2026 ") {
				t.Errorf("closing a closed period: %s", text)
			}
			if text := en.Phrase(err.(*tournament.Error)); !strings.Contains(text, "the standard list's period up to 30 June 2026 is closed") {
				t.Errorf("closing a closed period, in English: %s", text)
			}
			_, err = lists.Read(context.Background(), "bullet", ratings.Filter{})
			if text := inRussian(t, "an unknown list", err); !strings.Contains(text, "«"+ru.T("rating_list.blitz")+"»") {
				t.Errorf("an unknown list does not name the lists: %s", text)
			}
			_, err = lists.PeriodReport(context.Background(), ratings.Rapid, 999)
			if text := inRussian(t, "a missing period", err); !strings.Contains(text, "«"+ru.T("rating_list.rapid")+"»") {
				t.Errorf("a missing period: %s", text)
			}
			for what, err := range map[string]error{
				"an initial rating": func() error {
					_, err := lists.SetOptions(admin, ratings.Rapid, rating.Options{Initial: 99})
					return err
				}(),
				"an unknown age": func() error {
					_, err := lists.Read(context.Background(), ratings.Rapid, ratings.Filter{Age: "U7"})
					return err
				}(),
				"an anonymous closer": func() error {
					_, err := lists.ClosePeriod(context.Background(), ratings.Rapid, "2026-06-30")
					return err
				}(),
				"a missing event": func() error { _, err := lists.EventReport(context.Background(), 999); return err }(),
			} {
				inRussian(t, what, err)
			}
		})
	}
}

// Issue 48.6: a period cannot end after today, the site's day (2099 was
// taken, and a closed period is never undone); the refusal names the field
// and today, in both languages; today itself is taken.
func TestPeriodEndsTodayAtTheLatest(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			// 23:30 UTC is already the 26th in Moscow, the site's zone.
			now := time.Date(2026, 11, 25, 23, 30, 0, 0, time.UTC)
			lists := ratings.NewService(st.Ratings(), ratings.Options{Now: func() time.Time { return now }})
			admin := signedIn(t, st, "admin@example.org", tournament.Admin)
			for _, until := range []string{"2026-11-27", "2099-12-31"} {
				_, err := lists.ClosePeriod(admin, ratings.Standard, until)
				var e *tournament.Error
				if !errors.As(err, &e) || e.Code != tournament.EINVALID || e.Field != "until" {
					t.Fatalf("closing up to %s: %v, want EINVALID on until", until, err)
				}
				if text := inRussian(t, "a period after today", err); !strings.Contains(text, "26 ноября 2026") {
					t.Errorf("closing up to %s does not name today: %s", until, text)
				}
				if text := catalog.For(catalog.English).Phrase(e); !strings.Contains(text, "today (26 November 2026)") {
					t.Errorf("closing up to %s, in English: %s", until, text)
				}
			}
			list, err := lists.ClosePeriod(admin, ratings.Standard, "2026-11-26")
			if err != nil || list.Period == nil || list.Period.Until != "2026-11-26" {
				t.Fatalf("closing up to today: %+v, %v", list, err)
			}
		})
	}
}
