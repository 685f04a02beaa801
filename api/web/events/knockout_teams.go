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
	d, loadErr := h.knockoutData(c, id)
	if loadErr != nil {
		return loadErr
	}
	d.FormMatch, d.Form = tie, form
	d.Form.Values["reason"] = c.PostForm("reason")
	h.RenderWith(c, h.Translator(c), kit.FormStatus(err), "knockout", d.Event.Name, d)
	return nil
}
