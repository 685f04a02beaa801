package export

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"adiukh/tournament"
	"adiukh/tournament/engines"
	"adiukh/tournament/knockout"
	"adiukh/tournament/playoff"
	"adiukh/tournament/schedule"
	"adiukh/tournament/store/storetest"
)

// TestPDNDatesEachGameByItsRound: games.pdn dates a game of a three-day
// event by the day its round was played (its set start, else published,
// in the event's zone, within the event's dates), not «2026.11.??» (issue
// 60, item 6).
func TestPDNDatesEachGameByItsRound(t *testing.T) {
	t.Parallel()
	sheet, err := os.ReadFile(filepath.Join("testdata", "sample-game.txt"))
	if err != nil {
		t.Fatal(err)
	}
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			var now time.Time
			opt := engines.Options()
			opt.Now = func() time.Time { return now }
			svc := tournament.NewService(st, opt)
			ctx := storetest.Arbiter(t, st)
			e, _ := storetest.Event(t, ctx, svc, "round-robin", 0, "Хуаде", "Тлехас", "Нехай", "Ачмиз")
			if _, err := svc.UpdateEvent(ctx, e.ID, tournament.EventInput{StartDate: ptr("2026-11-20"), EndDate: ptr("2026-11-22"), TimeZone: ptr("Europe/Moscow")}, ""); err != nil {
				t.Fatal(err)
			}
			for n, published := range []time.Time{
				time.Date(2026, 11, 20, 7, 0, 0, 0, time.UTC),   // 10:00 in Moscow
				time.Date(2026, 11, 20, 22, 30, 0, 0, time.UTC), // 01:30 the next day in Moscow
				time.Date(2026, 11, 25, 9, 0, 0, 0, time.UTC),   // after the event: its last day
			} {
				now = published
				r, err := svc.PairNextRound(ctx, e.ID)
				if err != nil {
					t.Fatal(err)
				}
				if _, err := svc.PublishRound(ctx, e.ID, n+1); err != nil {
					t.Fatal(err)
				}
				in := tournament.ResultInput{EventID: e.ID, Round: n + 1, Board: 1, Version: r.Games[0].Version, Score: "17:7", EndReason: "final_position", Sheet: string(sheet)}
				if _, err := svc.RecordResult(ctx, in); err != nil {
					t.Fatal(err)
				}
			}
			// Round 3 was played on the second day at the hour its arbiter
			// set, though published after the event.
			if _, err := schedule.NewService(st, nil).SetRoundStart(ctx, e.ID, 3, schedule.RoundStartInput{Date: "2026-11-21", Time: "18:00"}); err != nil {
				t.Fatal(err)
			}
			var pdn strings.Builder
			if _, err := New(svc, nil, schedule.NewService(st, nil), knockout.NewService(st.Knockout(), nil), playoff.NewService(st.Playoffs(), svc, nil, nil)).PDN(ctx, &pdn, e.ID); err != nil {
				t.Fatal(err)
			}
			var dates []string
			for _, m := range regexp.MustCompile(`\[Date "([^"]*)"\]`).FindAllStringSubmatch(pdn.String(), -1) {
				dates = append(dates, m[1])
			}
			if want := []string{"2026.11.20", "2026.11.21", "2026.11.21"}; !slices.Equal(dates, want) {
				t.Errorf("games.pdn dates its games %v, want %v", dates, want)
			}
		})
	}
}
