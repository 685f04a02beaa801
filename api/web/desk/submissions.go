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
	"adiukh/tournament/submissions"
)

// Results reported by players: the arbiter opens the event to reports and
// gives players their accounts; a player reports their own board; the
// arbiter or the opponent confirms or rejects.

func (h *handler) setSubmissions(c *gin.Context) error {
	id, err := core.PathInt(c, "id")
	if err != nil {
		return err
	}
	if err := h.Submissions.SetSubmissions(c.Request.Context(), id, c.PostForm("open") == "on"); err != nil {
		return h.StatusFailed(c, id, err)
	}
	h.BackToManage(c, id, "submissions")
	return nil
}

func (h *handler) linkPlayer(c *gin.Context) error {
	ids, err := core.PathInts(c, "id", "pid")
	if err != nil {
		return err
	}
	if err := h.Events.LinkPlayer(c.Request.Context(), ids[0], ids[1], c.PostForm("email")); err != nil {
		return h.StatusFailed(c, ids[0], err)
	}
	h.BackToManage(c, ids[0], "submissions")
	return nil
}

// decideSubmission confirms or rejects a report; the arbiter comes back to
// the arbiter's desk, the opponent to the event page.
func (h *handler) decideSubmission(c *gin.Context) error {
	ids, err := core.PathInts(c, "id", "sid")
	if err != nil {
		return err
	}
	confirm := c.PostForm("decision") == "confirm"
	if _, err := h.Submissions.DecideSubmission(c.Request.Context(), ids[0], ids[1], confirm, c.PostForm("reason")); err != nil {
		return err
	}
	c.Redirect(http.StatusSeeOther, kit.SafeNext(c.PostForm("next")))
	return nil
}

// reportPageData is the form a player reports their board with.
type reportPageData struct {
	kit.EventHeader
	Round   int
	Row     kit.BoardRow
	Form    *kit.Form
	Reasons []tournament.EndReason
}

// reportable are the end reasons a player may report; byes and forfeits
// are the arbiter's.
var reportable = []tournament.EndReason{tournament.FinalPosition, tournament.Resignation, tournament.LossOnTime, tournament.Agreement, tournament.BothFlags}

func (h *handler) reportData(c *gin.Context, ids []int64) (*reportPageData, error) {
	d, err := h.Events.EventData(c.Request.Context(), ids[0])
	if err != nil {
		return nil, err
	}
	round, _, row, err := kit.Board(d, int(ids[1]), int(ids[2]))
	if err != nil {
		return nil, err
	}
	data := &reportPageData{EventHeader: h.Header(c, d.Event, "pairings"), Round: round.Number, Row: row, Form: kit.NewForm(), Reasons: reportable}
	data.Form.Values["end_reason"] = string(tournament.FinalPosition)
	return data, nil
}

func (h *handler) reportPage(c *gin.Context) error {
	ids, err := core.PathInts(c, "id", "n", "board")
	if err != nil {
		return err
	}
	// The form is offered only to whom the service would take it from.
	form, err := h.Submissions.ReportForm(c.Request.Context(), ids[0], int(ids[1]), int(ids[2]))
	if err != nil {
		return err
	}
	data, err := h.reportData(c, ids)
	if err != nil {
		return err
	}
	if form.MatchGame != 0 {
		data.Form.Values["game_no"] = strconv.Itoa(form.MatchGame)
	}
	h.RenderWith(c, h.Translator(c), http.StatusOK, "report", data.Event.Name, data)
	return nil
}

func (h *handler) submitReport(c *gin.Context) error {
	ids, err := core.PathInts(c, "id", "n", "board")
	if err != nil {
		return err
	}
	data, err := h.reportData(c, ids)
	if err != nil {
		return err
	}
	v := data.Form.Values
	for _, k := range []string{"game_no", "score", "end_reason", "sheet"} {
		v[k] = c.PostForm(k)
	}
	gameNo, err := kit.FormInt(c, "game_no")
	var sheet string
	if err == nil {
		sheet, err = kit.UploadedSheet(c, v["sheet"])
	}
	if err == nil {
		_, err = h.Submissions.SubmitResult(c.Request.Context(), submissions.Input{
			EventID: ids[0], Round: int(ids[1]), Board: int(ids[2]), GameNo: gameNo, Score: strings.TrimSpace(v["score"]), EndReason: v["end_reason"], Sheet: sheet,
		})
	}
	if err == nil {
		c.Redirect(http.StatusSeeOther, fmt.Sprintf("/events/%d?round=%d#mine", ids[0], ids[1]))
		return nil
	}
	if err := data.Form.Fail(err, h.Translator(c)); err != nil {
		return err
	}
	h.RenderWith(c, h.Translator(c), kit.FormStatus(err), "report", data.Event.Name, data)
	return nil
}
