package main

import (
	"strings"
	"testing"

	"adiukh/tournament"
)

// A notice is worded in its reader's language, its link made absolute.
func TestNoticeText(t *testing.T) {
	t.Parallel()
	n := tournament.Notice{To: "bob@example.org", Locale: "ru", Kind: tournament.NoticeEntryDeclined,
		Args: []any{"Event", "Кубок Адыгеи", "Link", "/events/7/entries", "Reason", "турнир для юниоров"}}
	subject, body := noticeText(n, "https://adiukh.example/")
	if subject != "adiukh: заявка отклонена — Кубок Адыгеи" {
		t.Errorf("subject %q", subject)
	}
	for _, want := range []string{"«Кубок Адыгеи»", "Причина: турнир для юниоров", "https://adiukh.example/events/7/entries"} {
		if !strings.Contains(body, want) {
			t.Errorf("body lacks %q:\n%s", want, body)
		}
	}
	n.Locale = "en"
	if subject, _ := noticeText(n, "https://adiukh.example"); subject != "adiukh: entry declined — Кубок Адыгеи" {
		t.Errorf("English subject %q", subject)
	}
}
