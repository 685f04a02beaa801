package web

import (
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"

	"adiukh/api/core"
	"adiukh/api/web/kit"
	"adiukh/tournament"
	"adiukh/tournament/micromatch"
	"adiukh/tournament/openings"
)

// The micro-matches of a Russian draughts event: its table of openings,
// which its arbiters load, edit or take back to the default, and the
// result of one game of a micro-match from the round's fast entry.

// maxTableBytes bounds a table of openings loaded from a file: the default
// table of 344 openings is 40 KB in JSON.
const maxTableBytes = 200 << 10

func (h *handler) micromatchRoutesWeb(g, m *gin.RouterGroup) {
	g.GET("/events/:id/openings", h.EventPage(h.eventReader, h.openingsPage))
	m.POST("/events/:id/openings", h.Page(h.loadOpenings))
	m.POST("/events/:id/openings/reset", h.Page(h.resetOpenings))
	m.POST("/events/:id/rounds/:n/micro", h.Page(h.enterMicroGame))
}

// openingsPageData is an event's table of openings, with the form that
// edits it as CSV for its arbiters.
type openingsPageData struct {
	kit.EventHeader
	Table   *openings.Table
	Own     bool
	CanEdit bool
	Form    *kit.Form
	Saved   bool
}

func (h *handler) openingsData(c *gin.Context, id int64) (*openingsPageData, error) {
	v, err := h.MicroMatches.Table(c.Request.Context(), id)
	if err != nil {
		return nil, err
	}
	d := &openingsPageData{EventHeader: h.Header(c, v.Event, "pairings"), Table: v.Table, Own: v.Own, CanEdit: v.CanEdit, Form: kit.NewForm()}
	if v.CanEdit {
		var b strings.Builder
		if err := v.Table.WriteCSV(&b); err != nil {
			return nil, err
		}
		d.Form.Values["table"] = b.String()
	}
	return d, nil
}

func (h *handler) openingsPage(c *gin.Context) error {
	id, err := core.PathInt(c, "id")
	if err != nil {
		return err
	}
	d, err := h.openingsData(c, id)
	if err != nil {
		return err
	}
	d.Saved = c.Query("saved") != ""
	h.RenderWith(c, h.Translator(c), http.StatusOK, "openings", d.Event.Name, d)
	return nil
}

// loadOpenings makes the table typed in the form, or the file chosen
// (CSV or JSON), the event's; a bad one comes back in the form with its
// line and field.
func (h *handler) loadOpenings(c *gin.Context) error {
	id, err := core.PathInt(c, "id")
	if err != nil {
		return err
	}
	text := c.PostForm("table")
	err = func() error {
		content := []byte(text)
		if fh, ferr := c.FormFile("file"); ferr == nil && fh.Size > 0 {
			if fh.Size > maxTableBytes {
				return tournament.Invalid("file", "the file is larger than %d KB", maxTableBytes>>10)
			}
			f, err := fh.Open()
			if err != nil {
				return tournament.Invalid("file", "the file could not be read: %v", err)
			}
			defer f.Close()
			if content, err = io.ReadAll(f); err != nil {
				return tournament.Invalid("file", "the file could not be read: %v", err)
			}
		}
		_, err := h.MicroMatches.LoadTable(c.Request.Context(), id, "", content)
		return err
	}()
	if err == nil {
		c.Redirect(http.StatusSeeOther, fmt.Sprintf("/events/%d/openings?saved=1", id))
		return nil
	}
	d, loadErr := h.openingsData(c, id)
	if loadErr != nil {
		return loadErr
	}
	d.Form.Values["table"] = text
	if err := d.Form.Fail(err, h.Translator(c)); err != nil {
		return err
	}
	h.RenderWith(c, h.Translator(c), kit.FormStatus(err), "openings", d.Event.Name, d)
	return nil
}

func (h *handler) resetOpenings(c *gin.Context) error {
	id, err := core.PathInt(c, "id")
	if err != nil {
		return err
	}
	if err := h.MicroMatches.ResetTable(c.Request.Context(), id); err != nil {
		return err
	}
	c.Redirect(http.StatusSeeOther, fmt.Sprintf("/events/%d/openings?saved=1", id))
	return nil
}

// enterMicroGame takes the result of one game of a micro-match from the
// round's fast entry: board, game (1 or 2), score, end reason, the game's
// score sheet (which may give the score and the end reason) and the
// reason of a correction or of a result against the sheet.
func (h *handler) enterMicroGame(c *gin.Context) error {
	ids, err := core.PathInts(c, "id", "n")
	if err != nil {
		return err
	}
	values := map[string]string{"board": strings.TrimSpace(c.PostForm("board")), "game": strings.TrimSpace(c.PostForm("game")), "score": strings.TrimSpace(c.PostForm("score")),
		"end_reason": c.PostForm("end_reason"), "reason": strings.TrimSpace(c.PostForm("reason")), "sheet": c.PostForm("sheet")}
	var recorded *tournament.RecordedResult
	err = func() error {
		board, err := strconv.Atoi(values["board"])
		if err != nil || board < 1 {
			return tournament.Invalid("board", "%q is not a board number", values["board"])
		}
		game, err := strconv.Atoi(values["game"])
		if err != nil {
			return tournament.Invalid("game", "%q is not a game of the micro-match: choose 1 or 2", values["game"])
		}
		version, err := versionOf(c.PostForm("versions"), int(ids[1]), board)
		if err != nil {
			return err
		}
		recorded, err = h.MicroMatches.RecordGame(c.Request.Context(), micromatch.GameInput{EventID: ids[0], Round: int(ids[1]), Board: board, Game: game,
			Score: values["score"], EndReason: values["end_reason"], Sheet: values["sheet"], Version: version, Reason: values["reason"]})
		return err
	}()
	if err == nil && len(recorded.Warnings) == 0 {
		c.Redirect(http.StatusSeeOther, fmt.Sprintf("/events/%d/rounds/%d/results?saved=%s", ids[0], ids[1], values["board"]))
		return nil
	}
	data, loadErr := h.resultsData(c, ids[0], int(ids[1]))
	if loadErr != nil {
		return loadErr
	}
	if err == nil {
		// Saved, with what it may have upset, as a board's result is.
		data.Saved, data.Warnings = values["board"], recorded.Warnings
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
