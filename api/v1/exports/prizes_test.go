package exports_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"adiukh/api/apitest"
	"adiukh/tournament/catalog"
)

// The treasurer's prize list, as a PDF read back with pdftotext and as
// CSV, for an event in each state: without a list, with one before the
// end (nothing given yet, and the documents say so), and finished (the
// winners with their amounts and the total).
func TestPrizeListDocuments(t *testing.T) {
	t.Parallel()
	apitest.ForEachServer(t, func(t *testing.T, s *apitest.Server) {
		en := catalog.For(catalog.English)
		pdf := func(id int, lang string) string {
			return apitest.Spaced(apitest.PDFToText(t, fmt.Sprintf("prizes-%d-%s", id, lang), s.MustDownload(fmt.Sprintf("/api/v1/events/%d/prizes.pdf?lang=%s", id, lang), "application/pdf")))
		}
		csv := func(id int, dialect string) string {
			return string(s.MustDownload(fmt.Sprintf("/api/v1/events/%d/prizes.csv?lang=en&dialect=%s", id, dialect), "text/csv"))
		}

		bare := s.RoundRobin(2)
		apitest.MustContain(t, "the PDF of an event without prizes", pdf(bare, "ru"), apitest.RuT("report.prize_list"), apitest.RuT("report.prize_none"))

		running := apitest.PrizeEvent(s, false)
		apitest.MustContain(t, "the PDF before the end", pdf(running, "ru"), apitest.RuT("report.prize_not_finished"),
			"За места 1 100", "За места 2 50", apitest.RuF("Juniors born in %d or later", 2008)+" 1 40", apitest.RuT("prizes.ties.shared"))
		apitest.MustNotContain(t, "the PDF before the end", pdf(running, "ru"), apitest.RuT("report.prize_winners"))
		apitest.MustContain(t, "the CSV before the end", csv(running, "rfc4180"), "# "+en.T("report.prize_not_finished"),
			"Prize,Place,Places,No,Player,Amount", "By place,1,,,,100\n", "Juniors born in 2008 or later,1,,,,40\n")

		finished := apitest.PrizeEvent(s, true)
		ru := pdf(finished, "ru")
		apitest.MustContain(t, "the finished event's PDF", ru, apitest.RuT("report.prize_winners"),
			"За места 1 1–3, делят 3 1 Игрок 1 50", "За места 3 1–3, делят 3 3 Игрок 3 50",
			apitest.RuF("Juniors born in %d or later", 2008)+" 1 1 4 Игрок 4 40", apitest.RuT("report.prize_total")+" 190",
			fmt.Sprintf(apitest.RuT("report.prize_declined"), "Игрок 4 — За места, 4: 37,50"))
		apitest.MustNotContain(t, "the finished event's PDF", ru, apitest.RuT("report.prize_not_finished"))
		apitest.MustContain(t, "the finished event's English PDF", pdf(finished, "en"), "Prize winners", "By place 1 1–3, shared by 3 1 Игрок 1 50", "Total 190")
		apitest.MustContain(t, "the finished event's CSV", csv(finished, "rfc4180"),
			"By place,1,1–3,1,Игрок 1,50\n", "By place,3,1–3,3,Игрок 3,50\n", "Juniors born in 2008 or later,1,1,4,Игрок 4,40\n")
		if excel := csv(finished, "excel"); !strings.HasPrefix(excel, "\ufeff") || !strings.Contains(excel, "By place;1;1–3;1;Игрок 1;50\r\n") {
			t.Errorf("the Excel CSV: %q", excel)
		}
		if rec := s.Download("", fmt.Sprintf("/api/v1/events/%d/prizes.csv?dialect=odf", finished), nil); rec.Code != http.StatusBadRequest {
			t.Errorf("an unknown dialect: %d, want 400", rec.Code)
		}
	})
}
