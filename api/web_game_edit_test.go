package api_test

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"adiukh/tournament"
)

// An arbiter who types the score and a reason for a sheet with an illegal
// move, leaving the ending "as the sheet says", is asked for the ending —
// not again for the reason just given; with it, the result is saved.
func TestIllegalSheetOverrideOnTheSheetPage(t *testing.T) {
	s := newWebServer(t)
	a := s.signIn(tournament.ArbiterRole)
	id := s.roundRobin(4)
	edit := fmt.Sprintf("/events/%d/rounds/1/boards/1/edit", id)
	bad := strings.Replace(sampleGame, "4. a3:a7", "4. c3-d4", 1)
	form := url.Values{"score": {"17:7"}, "end_reason": {""}, "version": {"1"}, "sheet": {bad}, "reason": {"счёт подписан обоими"}}
	rec := a.post(edit, form)
	mustStatus(t, "override without the ending", rec.Code, http.StatusBadRequest, rec.Body.String())
	body := rec.Body.String()
	if !strings.Contains(body, "выберите окончание") {
		t.Errorf("the page does not ask for the ending:\n%s", body)
	}
	if strings.Contains(body, "укажите причину, чтобы принять результат") {
		t.Errorf("the page asks again for the reason the arbiter gave")
	}
	if !strings.Contains(body, "полуход 7") {
		t.Errorf("the sheet's illegal move is no longer shown")
	}
	form.Set("end_reason", "final_position")
	rec = a.post(edit, form)
	mustStatus(t, "override with the ending", rec.Code, http.StatusSeeOther, rec.Body.String())
}
