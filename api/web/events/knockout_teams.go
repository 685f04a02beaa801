package events

import (
	"fmt"
	"net/http"
	"strings"

	"github.com/gin-gonic/gin"

	"adiukh/api/core"
	"adiukh/api/web/kit"
	"adiukh/tournament/teams"
)

// The bracket of a knockout of teams, and its arbiters' entry of a lot
// that decided a level tie; the legs' boards are entered on the rounds'
// pages, as in every team round.

// teamKnockoutPageData is the bracket page of a team knockout.
type teamKnockoutPageData struct {
	kit.EventHeader
	Bracket *teams.TeamBracket
	// Titles name the rounds in the reader's language, by number.
	Titles map[int]string
	// Format is how a tie is played, in words.
	Format string
	Form   *kit.Form
	// FormTie is the tie ("round-tie") the form's error is of.
	FormTie string
}

func (h *handler) teamKnockoutData(c *gin.Context, id int64) (*teamKnockoutPageData, error) {
	b, err := h.Teams.KnockoutBracket(c.Request.Context(), id)
	if err != nil {
		return nil, err
	}
	tr := h.Translator(c)
	d := &teamKnockoutPageData{EventHeader: h.Header(c, b.Event, "knockout"), Bracket: b, Titles: map[int]string{}, Form: kit.NewForm()}
	k := b.Event.Knockout
	d.Format = tr.Sprintf("knockout.team_legs", k.MatchGames, b.Settings.Boards)
	if len(k.TieBreaks) > 0 {
		stages := make([]string, len(k.TieBreaks))
		for i, st := range k.TieBreaks {
			stages[i] = tr.Sprintf("knockout.stage", st.Games, tr.T("knockout.tempo."+st.Tempo))
		}
		d.Format += "; " + tr.Sprintf("knockout.team_tie_breaks", strings.Join(stages, ", "))
	}
	for _, r := range b.Rounds {
		switch r.Stage {
		case "final", "semi_finals", "quarter_finals":
			d.Titles[r.Number] = tr.T("knockout." + r.Stage)
		default:
			d.Titles[r.Number] = tr.Sprintf("knockout.round_of", r.Of/2)
		}
	}
	return d, nil
}

// decideTieLot records the lot that decided a level tie of teams; a
// refusal comes back on the bracket beside the tie.
func (h *handler) decideTieLot(c *gin.Context) error {
	id, err := core.PathInt(c, "id")
	if err != nil {
		return err
	}
	n := formInts(c, "round", "tie", "team_no")
	tie := fmt.Sprintf("%d-%d", n[0], n[1])
	_, err = h.Teams.DecideTieByLot(c.Request.Context(), teams.KnockoutLotInput{EventID: id, Round: n[0], Tie: n[1], TeamNo: n[2],
		Reason: strings.TrimSpace(c.PostForm("reason"))})
	if err == nil {
		c.Redirect(http.StatusSeeOther, fmt.Sprintf("/events/%d/knockout#tie-%s", id, tie))
		return nil
	}
	form := kit.NewForm()
	if err := form.Fail(err, h.Translator(c)); err != nil {
		return err
	}
	d, loadErr := h.teamKnockoutData(c, id)
	if loadErr != nil {
		return loadErr
	}
	d.FormTie, d.Form = tie, form
	d.Form.Values["reason"] = c.PostForm("reason")
	h.RenderWith(c, h.Translator(c), kit.FormStatus(err), "knockout_teams", d.Event.Name, d)
	return nil
}
