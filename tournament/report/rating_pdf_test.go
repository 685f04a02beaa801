package report

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"adiukh/tournament/catalog"
)

// The rating list as printed: its name and period in the header, every row
// with its columns, the filter it was narrowed by and the options, and page
// numbers.
func TestRatingListPDF(t *testing.T) {
	t.Parallel()
	plus, minus := 62, -9
	l := RatingList{List: "blitz", Until: time.Date(2026, 10, 31, 0, 0, 0, 0, time.UTC), Options: RatingOptions{Initial: 1200, PointShare: true},
		Filter: RatingFilter{Region: "Адыгея"},
		Rows: []RatingRow{
			{Rank: 1, FederationID: "100001", Name: "Хуажев Аслан", LatinName: "Khuazhev Aslan", BirthYear: 1990, Club: "Майкоп", Region: "Адыгея", Rating: 1562, Change: &plus, Games: 2, K: 40},
			{Rank: 2, FederationID: "100002", Name: "Хуажев Бислан", Region: "Адыгея", Rating: 1591, Change: &minus, Games: 12, K: 40},
			{Rank: 3, FederationID: "100003", Name: "Хуажев Заур", Region: "Адыгея", Rating: 2346, Games: 53, K: 20},
		}}
	// The English list names people in Latin letters too.
	first := map[catalog.Lang]string{catalog.Russian: "1 100001 Хуажев Аслан 1990 Майкоп Адыгея 1562 +62 2 40",
		catalog.English: "1 100001 Khuazhev Aslan (Хуажев Аслан) 1990 Майкоп Адыгея 1562 +62 2 40"}
	for _, loc := range []catalog.Lang{catalog.Russian, catalog.English} {
		got := spacedText(pdfText(t, "rating-list-"+string(loc), render(t, func(b *bytes.Buffer) error { return RatingListPDF(b, loc, l) })))
		for _, want := range []string{
			text(loc, msgRatingList, listName(loc, "blitz")),
			text(loc, msgRatingAfterPeriod, formatDate(loc, l.Until)),
			first[loc],
			"2 100002 Хуажев Бислан Адыгея 1591 −9 12 40",
			"3 100003 Хуажев Заур Адыгея 2346 53 20",
			text(loc, msgRatingFilter, text(loc, msgRatingInRegion)+": Адыгея"),
			text(loc, msgRatingOptions, 1200, text(loc, msgRatingScoreShare)),
			text(loc, msgPage, 1, "1"),
			// K is the factor of the next period's changes (issue 50.7).
			text(loc, msgRatingKNext),
		} {
			if !strings.Contains(got, want) {
				t.Errorf("%s: the rating list lacks %q:\n%s", loc, want, got)
			}
		}
	}
	empty := spacedText(pdfText(t, "rating-list-empty", render(t, func(b *bytes.Buffer) error { return RatingListPDF(b, catalog.Russian, RatingList{List: "rapid"}) })))
	if !strings.Contains(empty, text(catalog.Russian, msgRatingNotPublished)) || !strings.Contains(empty, text(catalog.Russian, msgRatingNoRows)) {
		t.Errorf("a list never published:\n%s", empty)
	}
}

// The worked example of docs/ratings.md, person A, as a period's report:
// each game's line, the total row with the rating after, Σ(s − E) and
// K · Σ; and the same lines as one event's report, one per period.
func TestRatingReportPDFs(t *testing.T) {
	t.Parallel()
	a := RatingChange{Name: "A", FederationID: "100001", Old: 1500, New: 1562, K: 40, Sum: 1.549156, Lines: []RatingLine{
		{Opponent: "B", OpponentRating: 1600, D: -100, E: 0.359935, S: 1, Points: 13, OpponentPoints: 11},
		{Opponent: "C", OpponentRating: 2380, D: -400, E: 0.090909, S: 1, Points: 24, OpponentPoints: 0},
	}}
	until := time.Date(2026, 10, 31, 0, 0, 0, 0, time.UTC)
	r := RatingReport{List: "standard", Until: until, Options: RatingOptions{Initial: 1500}, Changes: []RatingChange{a}}
	ru := catalog.Russian
	got := spacedText(pdfText(t, "rating-period", render(t, func(b *bytes.Buffer) error { return PeriodReportPDF(b, ru, r, until) })))
	for _, want := range []string{
		text(ru, msgRatingPeriodReport, formatDate(ru, until)),
		"A 100001 1500 40 B 1600 −100 0,360 1 13:11 +0,640 +25,60",
		"C 2380 −400 0,091 1 24:0 +0,909 +36,36",
		"→ 1562 (+62) Σ +1,549 +61,97",
		text(ru, msgRatingOptions, 1500, text(ru, msgRatingScoreWinDraw)),
	} {
		if !strings.Contains(got, want) {
			t.Errorf("the period's report lacks %q:\n%s", want, got)
		}
	}
	correction := RatingReport{List: "standard", Until: until.AddDate(0, 1, 0), Options: RatingOptions{Initial: 1500}, Changes: []RatingChange{
		{Name: "A", Old: 1562, New: 1522, K: 40, Sum: -1, Lines: []RatingLine{{Opponent: "B", OpponentRating: 1591, S: -1, Points: 11, OpponentPoints: 13, Correction: true}}}}}
	e := EventRating{Event: Event{Name: "Кубок"}, Periods: []RatingReport{r, correction}, Unlinked: []string{"Иванов Иван"}}
	got = spacedText(pdfText(t, "rating-event", render(t, func(b *bytes.Buffer) error { return EventRatingPDF(b, ru, e) })))
	for _, want := range []string{
		"Кубок",
		text(ru, msgRatingEventPeriod, listName(ru, "standard"), formatDate(ru, until)),
		text(ru, msgRatingEventPeriod, listName(ru, "standard"), formatDate(ru, correction.Until)),
		"B (" + text(ru, msgRatingCorrection) + ") 1591 −1 11:13 −1,000 −40,00",
		spacedText(text(ru, msgRatingEventUnlinked, "Иванов Иван")),
		text(ru, msgPage, 2, "2"),
	} {
		if !strings.Contains(got, want) {
			t.Errorf("the event's report lacks %q:\n%s", want, got)
		}
	}
	for _, c := range []struct {
		e    EventRating
		want msg
	}{{EventRating{Event: Event{Name: "Кубок"}}, msgRatingEventNotRated}, {EventRating{Event: Event{Name: "Кубок"}, Pending: true}, msgRatingEventPending}} {
		got := spacedText(pdfText(t, "rating-event-none", render(t, func(b *bytes.Buffer) error { return EventRatingPDF(b, ru, c.e) })))
		if !strings.Contains(got, spacedText(text(ru, c.want))[:40]) {
			t.Errorf("an event without rated games lacks %q:\n%s", text(ru, c.want), got)
		}
	}
}

// The English standings and pairings name each player in Latin letters
// with the name as written after it (issue 50.1), the Russian ones as
// written.
func TestEnglishDocumentsNamePlayersInLatin(t *testing.T) {
	s := testStandings(4, 3)
	s.Rows[0].Player.Name, s.Rows[0].Player.Latin = "Хуажев Аслан", "Khuazhev Aslan"
	p := testPairings(2)
	p.Boards[0].White.Name, p.Boards[0].White.Latin = "Тлехас Мурат", "Tlekhas Murat"
	for _, tc := range []struct {
		name string
		pdf  []byte
		want string
	}{
		{"standings in English", render(t, func(b *bytes.Buffer) error { return StandingsPDF(b, catalog.English, s) }), "Khuazhev Aslan (Хуажев Аслан)"},
		{"pairings in English", render(t, func(b *bytes.Buffer) error { return PairingsPDF(b, catalog.English, p) }), "Tlekhas Murat (Тлехас Мурат)"},
		{"standings in Russian", render(t, func(b *bytes.Buffer) error { return StandingsPDF(b, catalog.Russian, s) }), "Хуажев Аслан"},
	} {
		text := strings.Join(strings.Fields(pdfTextAs(t, tc.name, tc.pdf, "-raw")), " ")
		if !strings.Contains(text, tc.want) {
			t.Errorf("%s lacks %q:\n%s", tc.name, tc.want, text)
		}
		if strings.HasSuffix(tc.name, "Russian") && strings.Contains(text, "Khuazhev") {
			t.Errorf("%s names the player in Latin letters", tc.name)
		}
	}
}
