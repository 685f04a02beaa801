package tournament_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	"adiukh/tournament"
	"adiukh/tournament/engines"
)

func TestParseDayTimeControl(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		in, want, wantErr string
	}{
		{"10d", "10d", ""},
		{" 50d / 10 ", "50d/10", ""},
		{"0d", "", "whole days per move"},
		{"400d", "", "1 to 365 days"},
		{"50d/0", "", "number of moves"},
		{"50d10", "", "number of moves"},
		{"xd", "", "whole days per move"},
	} {
		t.Run(tc.in, func(t *testing.T) {
			got, err := tournament.ParseTimeControl(tc.in)
			if e := errText(err); !strings.Contains(e, tc.wantErr) || (tc.wantErr == "") != (err == nil) {
				t.Fatalf("ParseTimeControl(%q) error = %q, want %q", tc.in, e, tc.wantErr)
			}
			if err == nil && (got.String() != tc.want || !got.InDays()) {
				t.Errorf("ParseTimeControl(%q) = %q, want %q in days", tc.in, got, tc.want)
			}
		})
	}
}

// A correspondence event counts days; an over-the-board one minutes. The
// wrong kind is refused when the event is created or changed.
func TestClockKindPerDiscipline(t *testing.T) {
	t.Parallel()
	forEachService(t, engines.Options(), func(t *testing.T, ctx context.Context, svc *tournament.Service) {
		for _, tc := range []struct {
			discipline, control, wantErr string
		}{
			{"correspondence", "10d", ""},
			{"correspondence", "50d/10", ""},
			{"correspondence", "5+1", `"5+1" is an over-the-board clock; a correspondence event counts days`},
			{"standard", "10d", "only a correspondence event does"},
		} {
			_, err := svc.CreateEvent(ctx, tournament.EventInput{Name: ptr("Заочный"), Discipline: &tc.discipline, System: ptr("round-robin"), TimeControl: &tc.control})
			if e := errText(err); !strings.Contains(e, tc.wantErr) || (tc.wantErr == "") != (err == nil) {
				t.Errorf("%s %s: error = %q, want %q", tc.discipline, tc.control, e, tc.wantErr)
			}
		}
		e, err := svc.CreateEvent(ctx, tournament.EventInput{Name: ptr("Заочный"), Discipline: ptr("correspondence"), System: ptr("round-robin"), TimeControl: ptr("10d")})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := svc.UpdateEvent(ctx, e.ID, tournament.EventInput{TimeControl: ptr("5+1")}, ""); tournament.ErrorCode(err) != tournament.EINVALID {
			t.Errorf("changing a correspondence event to 5+1: %v, want EINVALID", err)
		}
		got, err := svc.Event(ctx, e.ID)
		if err != nil || got.TimeControl.String() != "10d" {
			t.Errorf("stored time control %v (%v), want 10d", got.TimeControl, err)
		}
	})
}

func TestEndReasonsFor(t *testing.T) {
	t.Parallel()
	corr := tournament.EndReasonsFor(tournament.Correspondence)
	if slices.Contains(corr, tournament.BothFlags) || !slices.Contains(corr, tournament.Adjudication) {
		t.Errorf("correspondence end reasons %v: want adjudication and no both_flags", corr)
	}
	board := tournament.EndReasonsFor(tournament.Standard)
	if !slices.Contains(board, tournament.BothFlags) || slices.Contains(board, tournament.Adjudication) {
		t.Errorf("standard end reasons %v: want both_flags and no adjudication", board)
	}
}
