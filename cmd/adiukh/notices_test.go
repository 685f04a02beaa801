package main

import (
	"strings"
	"testing"

	"adiukh/tournament"
	"adiukh/tournament/composition"
	"adiukh/tournament/entries"
)

// A notice is worded in its reader's language, its link made absolute.
func TestNoticeText(t *testing.T) {
	t.Parallel()
	n := tournament.Notice{To: "bob@example.org", Locale: "ru", Kind: entries.NoticeDeclined,
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

// The composition contest's notices are worded in both languages (issue
// 41, item 5): the award published, a claim decided.
func TestCompositionNoticeText(t *testing.T) {
	t.Parallel()
	args := []any{"Event", "Конкурс 2026", "Link", "/events/3/contest/entries", "Code", "003", "Reason", "то же решение"}
	for _, c := range []struct {
		kind, locale, subject, body string
	}{
		{composition.NoticeAwardProvisional, "ru", "adiukh: опубликовано предварительное присуждение — Конкурс 2026", "https://adiukh.example/events/3/contest/entries"},
		{composition.NoticeAwardFinal, "en", "adiukh: final award published — Конкурс 2026", "The final award of “Конкурс 2026” is published"},
		{composition.NoticeClaimUpheld, "ru", "adiukh: претензия к № 003 принята — Конкурс 2026", "Причина: то же решение"},
		{composition.NoticeClaimRejected, "en", "adiukh: claim against No. 003 rejected — Конкурс 2026", "The reason: то же решение"},
	} {
		subject, body := noticeText(tournament.Notice{To: "bob@example.org", Locale: c.locale, Kind: c.kind, Args: args}, "https://adiukh.example")
		if subject != c.subject || !strings.Contains(body, c.body) {
			t.Errorf("%s in %s: %q\n%s", c.kind, c.locale, subject, body)
		}
	}
}

// The notices of players managing their entries (issue 50.3) are worded in
// both languages: a place freed, a withdrawal asked (with or without a
// reason), confirmed, taken back.
func TestEntryManagementNoticeText(t *testing.T) {
	t.Parallel()
	event := []any{"Event", "Кубок Адыгеи", "Link", "/events/7/entries"}
	for _, c := range []struct {
		kind, locale string
		args         []any
		subject      string
		body         []string
	}{
		{entries.NoticeMovedUp, "ru", nil, "adiukh: освободилось место — Кубок Адыгеи", []string{"вышла из листа ожидания", "https://adiukh.example/events/7/entries"}},
		{entries.NoticeWithdrawAsked, "ru", []any{"Player", "Анна Тлехас", "Reason", "заболела"}, "adiukh: Анна Тлехас просит снять с турнира — Кубок Адыгеи", []string{"Причина: заболела"}},
		{entries.NoticeWithdrawAsked, "en", []any{"Player", "Анна Тлехас"}, "adiukh: Анна Тлехас asks to be withdrawn — Кубок Адыгеи", []string{"asks to be withdrawn from Кубок Адыгеи.\nConfirm it"}},
		{entries.NoticeWithdrawn, "ru", []any{"Round", 3}, "adiukh: снятие подтверждено — Кубок Адыгеи", []string{"начиная с 3-го тура"}},
		{entries.NoticeWithdrawTakenBack, "en", []any{"Player", "Анна Тлехас"}, "adiukh: Анна Тлехас takes back the withdrawal — Кубок Адыгеи", []string{"plays on"}},
	} {
		subject, body := noticeText(tournament.Notice{To: "x@example.org", Locale: c.locale, Kind: c.kind, Args: append(append([]any(nil), event...), c.args...)}, "https://adiukh.example")
		if subject != c.subject || strings.Contains(body, "no value") || strings.Contains(body, "⟦") {
			t.Errorf("%s in %s: %q\n%s", c.kind, c.locale, subject, body)
		}
		for _, want := range c.body {
			if !strings.Contains(body, want) {
				t.Errorf("%s in %s lacks %q:\n%s", c.kind, c.locale, want, body)
			}
		}
	}
}
