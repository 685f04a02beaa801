package events_test

import (
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"

	"adiukh/api/apitest"
	"adiukh/tournament"
)

// Ranks and titles through the API, on both databases: typed in any usual
// form in a body or a pasted list, answered as the rule book of the
// event's game writes them, in the players, the standings and the
// crosstable, the standings CSV and the PDFs (before the name); one the
// game does not have is refused at its field.
func TestTitlesThroughTheAPI(t *testing.T) {
	t.Parallel()
	apitest.ForEachServer(t, func(t *testing.T, s *apitest.Server) {
		const arbiter = tournament.ArbiterRole
		id := apitest.Num(s.Must(http.StatusCreated, arbiter, "POST", "/api/v1/events", map[string]any{
			"name": "Кубок Адыгеи", "game": "international", "discipline": "rapid", "system": "round-robin", "visibility": "public",
		})["id"])
		base := fmt.Sprintf("/api/v1/events/%d", id)
		p := s.Must(http.StatusCreated, arbiter, "POST", base+"/players", map[string]any{"name": "Хуаде Аслан", "rating": 2400, "title": "международный гроссмейстер"})
		if p["title"] != "GMI" {
			t.Fatalf("registered as %v; want the title GMI", p)
		}
		s.Must(http.StatusCreated, arbiter, "POST", base+"/players/bulk", map[string]any{"csv": "Тлехас Мурат; 2300; ; ; ; ; кмс\nНехай Бэла; 2200; ; ; ; ; GMIF\nАчмиз Заур; 2100\n"})
		code, out := s.Do(arbiter, "POST", base+"/players/bulk", map[string]any{"csv": "Шеуджен Заур; 2000; ; ; ; ; мастер\n"})
		if details, _ := out["details"].([]any); code != http.StatusBadRequest || len(details) != 1 || details[0].(map[string]any)["field"] != "title" {
			t.Fatalf("a list with an unknown title: %d %v; want 400 with the line's title at fault", code, out)
		}
		want := map[string]string{"Хуаде Аслан": "GMI", "Тлехас Мурат": "КМС", "Нехай Бэла": "GMIF", "Ачмиз Заур": ""}
		titles := func(rows []any) map[string]string {
			got := map[string]string{}
			for _, r := range rows {
				r := r.(map[string]any)
				title, _ := r["title"].(string)
				got[r["name"].(string)] = title
			}
			return got
		}
		for what, rows := range map[string][]any{
			"players":    s.Must(http.StatusOK, "", "GET", base+"/players", nil)["players"].([]any),
			"standings":  s.Must(http.StatusOK, "", "GET", base+"/standings", nil)["rows"].([]any),
			"crosstable": s.Must(http.StatusOK, "", "GET", base+"/crosstable", nil)["rows"].([]any),
		} {
			if got := titles(rows); fmt.Sprint(got) != fmt.Sprint(want) {
				t.Errorf("%s: titles %v, want %v", what, got, want)
			}
		}
		s.Must(http.StatusCreated, arbiter, "POST", base+"/rounds", nil)
		s.Must(http.StatusOK, arbiter, "POST", base+"/rounds/1/publish", nil)
		csv := string(s.MustDownload(base+"/standings.csv", "text/csv; charset=utf-8"))
		if !strings.Contains(csv, ",federation_id,federation,title,") || !strings.Contains(csv, ",КМС,") {
			t.Errorf("standings.csv lacks the title column or Тлехас's КМС:\n%s", csv)
		}
		if doc := string(s.MustDownload(base+"/standings.json", "application/json")); !strings.Contains(doc, `"title": "КМС"`) {
			t.Errorf("standings.json lacks Тлехас's КМС:\n%s", doc)
		}
		for _, doc := range []string{"/crosstable.pdf", "/standings.pdf", "/rounds/1/pairings.pdf"} {
			text := apitest.Spaced(apitest.PDFToText(t, strings.ReplaceAll(doc, "/", "-"), s.MustDownload(base+doc, "application/pdf")))
			// Each rank in a column of its own after the name (issue 64).
			for name, title := range map[string]string{"Хуаде Аслан": "GMI", "Тлехас Мурат": "КМС", "Нехай Бэла": "GMIF"} {
				_, line, _ := strings.Cut(text, name)
				line, _, _ = strings.Cut(line, "\n")
				if !slices.Contains(strings.Fields(line), title) {
					t.Errorf("%s lacks %s's %s after the name:\n%s", doc, name, title, text)
				}
			}
		}
	})
}
