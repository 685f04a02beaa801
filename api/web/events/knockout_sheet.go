package events

import (
	"fmt"
	"strings"

	"github.com/gin-gonic/gin"

	"adiukh/api/core"
	"adiukh/api/web/kit"
	"adiukh/tournament/knockout"
)

// submitKnockoutSheet stores the score sheet of a game of a match, typed
// or uploaded; a refusal comes back on the bracket beside the match.
func (h *handler) submitKnockoutSheet(c *gin.Context) error {
	id, err := core.PathInt(c, "id")
	if err != nil {
		return err
	}
	n := formInts(c, "round", "board", "number")
	sheet, err := kit.UploadedSheet(c, c.PostForm("sheet"))
	if err != nil {
		return err
	}
	_, err = h.Knockout.SubmitSheet(c.Request.Context(), knockout.SheetInput{EventID: id, Round: n[0], Board: n[1], Number: n[2],
		Sheet: sheet, Reason: strings.TrimSpace(c.PostForm("reason"))})
	return h.afterKnockoutForm(c, id, fmt.Sprintf("%d-%d", n[0], n[1]), err)
}
