package correspondence

import (
	"strings"
	"testing"
	"time"
)

// The time left on a move, like the deadline, is kept as data and said in
// each reader's language; one kept as English text before stays as it is.
func TestTimeShortSaysTheTimeLeftInTheLanguage(t *testing.T) {
	t.Parallel()
	moscow, err := time.LoadLocation("Europe/Moscow")
	if err != nil {
		t.Fatal(err)
	}
	deadline := deadlineArg(time.Date(2026, 12, 3, 18, 31, 0, 0, time.UTC), moscow)
	for _, c := range []struct {
		left   string
		ru, en string
	}{
		{leftArg(29*time.Hour + 5*time.Minute + 20*time.Second), "осталось 1 дн. 5 ч на ход", "1 d 5 h left"},
		{leftArg(3*time.Hour + 20*time.Minute), "осталось 3 ч 20 мин на ход", "3 h 20 min left"},
		{"1d 5h", "осталось 1d 5h на ход", "1d 5h left"},
	} {
		n := &Notification{Kind: TimeShort, Args: []string{"Кубок", "Иванов", "Петров", "2", deadline, c.left}}
		if got := n.Text("ru"); !strings.Contains(got, c.ru) || !strings.Contains(got, "21:31 MSK") {
			t.Errorf("%s in Russian: %q, want …%s…", c.left, got, c.ru)
		}
		if got := n.Text("en"); !strings.Contains(got, c.en) {
			t.Errorf("%s in English: %q, want …%s…", c.left, got, c.en)
		}
	}
}

// The days of leave are written as the pages write dates.
func TestLeaveSaysTheDaysInTheLanguage(t *testing.T) {
	t.Parallel()
	n := &Notification{Kind: LeaveStarts, Args: []string{"Кубок", "2026-12-05", "2027-01-10"}}
	for lang, want := range map[string]string{"ru": "с 5 декабря 2026 по 10 января 2027", "en": "from 5 December 2026 to 10 January 2027"} {
		if got := n.Text(lang); !strings.Contains(got, want) {
			t.Errorf("%s: %q, want …%s…", lang, got, want)
		}
	}
}
