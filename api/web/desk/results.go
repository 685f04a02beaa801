package desk

import (
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"

	"adiukh/api/core"
	"adiukh/api/web/kit"
	"adiukh/tournament"
)

// The keyboard entry of one round's results.

func (h *handler) resultsPage(c *gin.Context) error {
	ids, err := core.PathInts(c, "id", "n")
	if err != nil {
		return err
	}
	data, err := h.ResultsData(c, ids[0], int(ids[1]))
	if err != nil {
		return err
	}
	data.Saved = c.Query("saved")
	h.RenderWith(c, h.Translator(c), http.StatusOK, "results", data.Event.Name, data)
	return nil
}

// enterResult takes one result from the fast entry form: board number,
// score like 17:7, end reason (a final position unless chosen otherwise),
// and the reason of a correction. A result that upsets a later round is
// saved and shown with its warning instead of going straight back.
func (h *handler) enterResult(c *gin.Context) error {
	ids, err := core.PathInts(c, "id", "n")
	if err != nil {
		return err
	}
	values := map[string]string{"board": strings.TrimSpace(c.PostForm("board")), "score": strings.TrimSpace(c.PostForm("score")),
		"end_reason": c.PostForm("end_reason"), "reason": strings.TrimSpace(c.PostForm("reason"))}
	r, err := h.recordFastResult(c, ids[0], int(ids[1]), values, c.PostForm("versions"))
	saved := values["board"]
	if n, convErr := strconv.Atoi(saved); convErr == nil {
		saved = strconv.Itoa(n) // "07" is board 7, as the page numbers it
	}
	if err == nil && len(r.Warnings) == 0 {
		c.Redirect(http.StatusSeeOther, fmt.Sprintf("/events/%d/rounds/%d/results?saved=%s", ids[0], ids[1], saved))
		return nil
	}
	data, loadErr := h.ResultsData(c, ids[0], int(ids[1]))
	if loadErr != nil {
		return loadErr
	}
	if err == nil {
		data.Saved, data.Warnings = saved, r.Warnings
		h.RenderWith(c, h.Translator(c), http.StatusOK, "results", data.Event.Name, data)
		return nil
	}
	data.Form.Values = values
	if err := data.Form.Fail(err, h.Translator(c)); err != nil {
		return err
	}
	h.RenderWith(c, h.Translator(c), kit.FormStatus(err), "results", data.Event.Name, data)
	return nil
}

func (h *handler) recordFastResult(c *gin.Context, eventID int64, round int, values map[string]string, versions string) (*tournament.RecordedResult, error) {
	board, err := strconv.Atoi(values["board"])
	if err != nil || board < 1 {
		return nil, tournament.Invalid("board", "%q is not a board number", values["board"])
	}
	version, err := kit.VersionOf(versions, round, board)
	if err != nil {
		return nil, err
	}
	return h.Events.RecordResult(c.Request.Context(), tournament.ResultInput{
		EventID: eventID, Round: round, Board: board, Score: values["score"], EndReason: values["end_reason"], Version: version, Reason: values["reason"],
	})
}
