package desk

import (
	"io"
	"net/http"
	"strings"

	"github.com/gin-gonic/gin"

	"adiukh/api/core"
	"adiukh/api/web/kit"
	"adiukh/tournament/submissions"
)

// enterSheets stores the sheets of a round sent at once: pasted into one
// box (text sheets separated by a line of dashes, or PDN) and/or uploaded
// as several files. The results page then says, sheet by sheet, which
// board each went to and what became of it, and keeps the sheets that were
// not stored in the box.
func (h *handler) enterSheets(c *gin.Context) error {
	ids, err := core.PathInts(c, "id", "n")
	if err != nil {
		return err
	}
	text := c.PostForm("sheets")
	if form, err := c.MultipartForm(); err == nil {
		for _, fh := range form.File["sheet_files"] {
			f, err := fh.Open()
			if err != nil {
				return err
			}
			b, err := io.ReadAll(io.LimitReader(f, core.MaxSheetBatchBytes))
			f.Close()
			if err != nil {
				return err
			}
			text += "\n---\n" + string(b)
		}
	}
	data, err := h.ResultsData(c, ids[0], int(ids[1]))
	if err != nil {
		return err
	}
	outcomes, err := h.Submissions.RecordSheets(c.Request.Context(), ids[0], int(ids[1]), strings.TrimPrefix(text, "\n---\n"))
	if err != nil {
		data.Form.Values["sheets"] = c.PostForm("sheets")
		if err := data.Form.Fail(err, h.Translator(c)); err != nil {
			return err
		}
		h.RenderWith(c, h.Translator(c), kit.FormStatus(err), "results", data.Event.Name, data)
		return nil
	}
	if data, err = h.ResultsData(c, ids[0], int(ids[1])); err != nil {
		return err
	}
	tr := h.Translator(c)
	var refused []string
	for _, o := range outcomes {
		row := kit.SheetOutcomeRow{SheetOutcome: o}
		if o.Err != nil {
			row.Error = tr.ErrorWithField(o.Err)
			refused = append(refused, o.Text)
		} else if o.Recorded != nil && o.Recorded.Result != nil {
			row.Score = o.Recorded.Result.Score()
		}
		data.Outcomes = append(data.Outcomes, row)
	}
	// The sheets not stored stay in the box, to be corrected and sent again.
	data.Form.Values["sheets"] = submissions.JoinSheets(refused)
	h.RenderWith(c, tr, http.StatusOK, "results", data.Event.Name, data)
	return nil
}
