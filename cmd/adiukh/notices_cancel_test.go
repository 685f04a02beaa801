package main

import (
	"strings"
	"testing"

	"adiukh/tournament"
	"adiukh/tournament/entries"
)

// A cancelled event's notice is worded in both languages, with the reason
// and the event's address on the site.
func TestCancelNoticeText(t *testing.T) {
	t.Parallel()
	args := []any{"Event", "Кубок Адыгеи", "Link", "/events/4", "Reason", "зал закрыт на ремонт"}
	for _, c := range []struct {
		locale, subject, reason string
	}{
		{"ru", "adiukh: турнир отменён — Кубок Адыгеи", "Причина: зал закрыт на ремонт"},
		{"en", "adiukh: event cancelled — Кубок Адыгеи", "The reason: зал закрыт на ремонт"},
	} {
		subject, body := noticeText(tournament.Notice{To: "bob@example.org", Locale: c.locale, Kind: entries.NoticeCancelled, Args: args}, "https://adiukh.example/")
		if subject != c.subject || !strings.Contains(body, c.reason) || !strings.Contains(body, "https://adiukh.example/events/4") {
			t.Errorf("in %s: %q\n%s", c.locale, subject, body)
		}
	}
}
