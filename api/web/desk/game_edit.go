package desk

import (
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"

	"adiukh/api/core"
	"adiukh/api/web/kit"
	"adiukh/rules"
	"adiukh/tournament"
)

// The result and score sheet of one board.

// gameEditPageData is the result and sheet of one board, with the rules'
// verdict on the sheet and the position at its first problem.
type gameEditPageData struct {
	kit.EventHeader
	Round int
	Row   kit.BoardRow
	Form  *kit.Form
	// Verdict is the sheet replayed by the rules of the event's game.
	Verdict *rules.Verdict
	Problem *rules.Problem
	Board   *kit.BoardView
	Reasons []tournament.EndReason
	// Warnings are what the result just saved may have upset.
	Warnings []tournament.Warning
	// Saved says that the result and sheet of the form were just saved.
	Saved bool
}

func (h *handler) gameEditData(c *gin.Context, ids []int64) (*gameEditPageData, error) {
	d, err := h.Events.DeskData(c.Request.Context(), ids[0])
	if err != nil {
		return nil, err
	}
	hd := h.Header(c, d.Event, "manage")
	round, game, row, err := kit.Board(d, int(ids[1]), int(ids[2]))
	if err != nil {
		return nil, err
	}
	data := &gameEditPageData{EventHeader: hd, Round: round.Number, Row: row, Form: kit.NewForm(), Reasons: tournament.ArbiterReasons(d.Event.Discipline)}
	// A game without a result takes its score and ending from the sheet
	// unless the arbiter types them.
	if game.Result != nil {
		data.Form.Values["score"], data.Form.Values["end_reason"] = game.Result.Score(), string(game.Result.EndReason)
	}
	data.Form.Values["sheet"] = game.Sheet
	data.Form.Values["version"] = strconv.Itoa(game.Version)
	return data, nil
}

// check replays the sheet in the form and draws the position where the
// first problem stands (or the last position reached).
func (d *gameEditPageData) check() {
	sheet := d.Form.Values["sheet"]
	if strings.TrimSpace(sheet) == "" {
		return
	}
	v := kit.SheetVerdict(d.Event.Game, sheet)
	d.Verdict = &v
	if len(v.Errors) > 0 {
		d.Problem = &v.Errors[0]
	}
	variant := d.Event.Game.Variant()
	last, marked := v.Final, []string(nil)
	if n := len(v.Moves); n > 0 {
		marked = []string{v.Moves[n-1].From(), v.Moves[n-1].To()}
	}
	if last == nil {
		last = variant.Rules.Start()
	}
	d.Board = kit.StateBoardView(variant, last, rules.White, marked...)
}

func (h *handler) gameEditPage(c *gin.Context) error {
	ids, err := core.PathInts(c, "id", "n", "board")
	if err != nil {
		return err
	}
	data, err := h.gameEditData(c, ids)
	if err != nil {
		return err
	}
	data.Saved = c.Query("saved") != ""
	data.check()
	h.RenderWith(c, h.Translator(c), http.StatusOK, "game_edit", data.Event.Name, data)
	return nil
}

// saveGame records the result and sheet of one board. A sheet may be
// pasted or uploaded as a file; a correction or an override needs a
// reason, which the service asks for and the audit log keeps. A result
// that upsets a later round is saved and shown with its warning.
func (h *handler) saveGame(c *gin.Context) error {
	ids, err := core.PathInts(c, "id", "n", "board")
	if err != nil {
		return err
	}
	data, err := h.gameEditData(c, ids)
	if err != nil {
		return err
	}
	v := data.Form.Values
	for _, k := range []string{"score", "end_reason", "sheet", "reason", "version"} {
		v[k] = c.PostForm(k)
	}
	var r *tournament.RecordedResult
	sheet, err := kit.UploadedSheet(c, v["sheet"])
	if err == nil {
		var version int
		if version, err = strconv.Atoi(v["version"]); err != nil {
			err = tournament.Invalid("version", "the form lost the game's version; reload the page")
		} else {
			r, err = h.Events.RecordResult(c.Request.Context(), tournament.ResultInput{
				EventID: ids[0], Round: int(ids[1]), Board: int(ids[2]), Score: strings.TrimSpace(v["score"]), EndReason: v["end_reason"],
				Sheet: sheet, Version: version, Reason: v["reason"],
			})
		}
	}
	status := http.StatusOK
	switch {
	case err == nil && len(r.Warnings) == 0:
		c.Redirect(http.StatusSeeOther, fmt.Sprintf("/events/%d/rounds/%d/boards/%d/edit?saved=1", ids[0], ids[1], ids[2]))
		return nil
	case err == nil:
		if data, err = h.gameEditData(c, ids); err != nil {
			return err
		}
		data.Warnings, data.Saved = r.Warnings, true
	default:
		status = kit.FormStatus(err)
		if err := data.Form.Fail(err, h.Translator(c)); err != nil {
			return err
		}
	}
	data.check()
	h.RenderWith(c, h.Translator(c), status, "game_edit", data.Event.Name, data)
	return nil
}
