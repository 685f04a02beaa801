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

// An event made private is told in both languages, with the address of
// the reader's own page, which keeps it.
func TestHiddenNoticeText(t *testing.T) {
	t.Parallel()
	args := []any{"Event", "Кубок Адыгеи", "Link", "/my"}
	for _, c := range []struct {
		locale, subject, body string
	}{
		{"ru", "adiukh: турнир закрыт от публики — Кубок Адыгеи", "Организатор закрыл турнир «Кубок Адыгеи» от публики"},
		{"en", "adiukh: event made private — Кубок Адыгеи", "The organiser made Кубок Адыгеи private"},
	} {
		subject, body := noticeText(tournament.Notice{To: "bob@example.org", Locale: c.locale, Kind: entries.NoticeHidden, Args: args}, "https://adiukh.example/")
		if subject != c.subject || !strings.Contains(body, c.body) || !strings.Contains(body, "https://adiukh.example/my") {
			t.Errorf("in %s: %q\n%s", c.locale, subject, body)
		}
	}
}
