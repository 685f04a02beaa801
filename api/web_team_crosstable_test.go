package api_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"adiukh/tournament/store/storetest"
)

// The web crosstable of a team Swiss event shows, as the printed progress
// table does, the game points a bye scores in its cell: the row's game
// points count them.
func TestTeamSwissCrosstableByeCell(t *testing.T) {
	s := newTestServer(t, storetest.Open(t)["sqlite"])
	te := newTeamEvent(t, s, "swiss", 3, 2, []int{2, 2, 2, 2, 2})
	round := s.must(http.StatusCreated, arbiter, "POST", te.path("/rounds"), nil)
	te.play(round, func(home, away, board int) boardScore {
		if home < away {
			return boardScore{17, 7, "final_position"}
		}
		return boardScore{7, 17, "final_position"}
	})
	rec := s.anonymous().get(fmt.Sprintf("/events/%d/crosstable", te.id))
	mustStatus(t, "crosstable", rec.Code, http.StatusOK, rec.Body.String())
	if want := `<td class="cell">свободен от игры (бай) <small class="inline-small">4</small></td>`; !strings.Contains(rec.Body.String(), want) {
		t.Errorf("the team crosstable does not show %q:\n%s", want, rec.Body.String())
	}
}
