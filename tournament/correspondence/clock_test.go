package correspondence_test

import (
	"testing"
	"time"

	"adiukh/tournament"
	"adiukh/tournament/correspondence"
)

var t0 = time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC)

func days(n float64) time.Duration { return time.Duration(n * float64(correspondence.Day)) }

func TestDeadlineSkipsLeave(t *testing.T) {
	t.Parallel()
	leave := []correspondence.Period{
		{From: t0.Add(days(2)), To: t0.Add(days(5))},
		{From: t0.Add(days(4)), To: t0.Add(days(6))}, // overlaps the first
		{From: t0.Add(days(20)), To: t0.Add(days(21))},
	}
	for _, tc := range []struct {
		name   string
		budget time.Duration
		leave  []correspondence.Period
		want   time.Time
	}{
		{"no leave", days(10), nil, t0.Add(days(10))},
		{"ends before the leave", days(1), leave, t0.Add(days(1))},
		{"ends where the leave starts", days(2), leave, t0.Add(days(2))},
		{"leave of 4 merged days adds them", days(10), leave, t0.Add(days(14))},
		{"the later leave counts too", days(18), leave, t0.Add(days(23))},
		{"leave already over", days(3), []correspondence.Period{{From: t0.Add(-days(5)), To: t0.Add(-days(1))}}, t0.Add(days(3))},
		{"started on leave", days(3), []correspondence.Period{{From: t0.Add(-days(1)), To: t0.Add(days(1))}}, t0.Add(days(4))},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := correspondence.Deadline(t0, tc.budget, tc.leave)
			if !got.Equal(tc.want) {
				t.Errorf("Deadline = %v, want %v", got, tc.want)
			}
			// Charged is Deadline's inverse: at the deadline the budget is used up.
			if used := correspondence.Charged(t0, got, tc.leave); used != tc.budget {
				t.Errorf("Charged(start, deadline) = %v, want the budget %v", used, tc.budget)
			}
		})
	}
}

func TestChargedLeavesOutLeave(t *testing.T) {
	t.Parallel()
	leave := []correspondence.Period{{From: t0.Add(days(1)), To: t0.Add(days(3))}}
	for _, tc := range []struct {
		now  time.Time
		want time.Duration
	}{
		{t0.Add(-time.Hour), 0},
		{t0.Add(days(1)), days(1)},
		{t0.Add(days(2)), days(1)},
		{t0.Add(days(4)), days(2)},
	} {
		if got := correspondence.Charged(t0, tc.now, leave); got != tc.want {
			t.Errorf("Charged(t0, %v) = %v, want %v", tc.now, got, tc.want)
		}
	}
}

func TestBankAfterMove(t *testing.T) {
	t.Parallel()
	perMove := tournament.TimeControl{Days: 10}
	if got := correspondence.BankAfterMove(perMove, days(10), days(7), 1); got != days(10) {
		t.Errorf("10d: bank after a move = %v, want a fresh 10 days", got)
	}
	// 50d/10: unused time is carried forward; every 10th move adds 50 days.
	block := tournament.TimeControl{Days: 50, Moves: 10}
	bank := correspondence.InitialBank(block)
	for move := 1; move <= 10; move++ {
		bank = correspondence.BankAfterMove(block, bank, days(3), move)
	}
	if want := days(50 - 30 + 50); bank != want {
		t.Errorf("50d/10 after 10 moves of 3 days: bank %v, want %v", bank, want)
	}
	if got := correspondence.BankAfterMove(block, bank, days(1), 11); got != days(69) {
		t.Errorf("50d/10 after move 11: bank %v, want 69 days", got)
	}
}

func TestTurnBudgetCapsReflection(t *testing.T) {
	t.Parallel()
	if got := correspondence.TurnBudget(days(70), days(20)); got != days(20) {
		t.Errorf("TurnBudget(70d, cap 20d) = %v", got)
	}
	if got := correspondence.TurnBudget(days(5), days(20)); got != days(5) {
		t.Errorf("TurnBudget(5d, cap 20d) = %v", got)
	}
	if got := correspondence.TurnBudget(days(70), 0); got != days(70) {
		t.Errorf("TurnBudget(70d, no cap) = %v", got)
	}
}
