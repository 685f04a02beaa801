package submissions

import (
	"errors"
	"net/http"

	"github.com/gin-gonic/gin"

	"adiukh/api/core"
	"adiukh/api/v1/kit"
	"adiukh/api/v1/shapes"
	"adiukh/tournament"
	"adiukh/tournament/catalog"
)

// A batch of score sheets of one round, matched to their boards and
// recorded one by one (submissions.Service.RecordSheets).

type sheetsBody struct {
	// Text holds the sheets: text sheets separated by a line of dashes, or
	// the games of a PDN file.
	Text string `json:"text"`
}

type sheetOutcomeView struct {
	Index    int                  `json:"index"`
	White    string               `json:"white,omitempty"`
	Black    string               `json:"black,omitempty"`
	Board    int                  `json:"board,omitempty"`
	Game     *shapes.GameView     `json:"game,omitempty"`
	Error    *core.ErrorBody      `json:"error,omitempty"`
	Warnings []shapes.WarningView `json:"warnings"`
}

// postSheets stores the sheets of a round at once (see submissions.Service.RecordSheets).
func (h *handler) postSheets(c *gin.Context) error {
	ids, body, err := kit.PathIDsBody[sheetsBody](c, "id", "n")
	if err != nil {
		return err
	}
	outcomes, err := h.Submissions.RecordSheets(c.Request.Context(), ids[0], int(ids[1]), body.Text)
	if err != nil {
		return err
	}
	out := []sheetOutcomeView{}
	for _, o := range outcomes {
		v := sheetOutcomeView{Index: o.Index, White: o.White, Black: o.Black, Board: o.Board, Warnings: shapes.WarningViews(core.JSONLocalizer(c), o.Warnings)}
		if o.Recorded != nil {
			g := shapes.NewGameView(catalog.For(core.JSONLang(c)), o.Recorded.Game)
			v.Game = &g
		}
		if o.Err != nil {
			var e *tournament.Error
			if !errors.As(o.Err, &e) {
				return o.Err
			}
			body := core.NewErrorBody(e, core.JSONLocalizer(c))
			v.Error = &body
		}
		out = append(out, v)
	}
	c.JSON(http.StatusOK, sheetsView{out})
	return nil
}

// sheetsView answers a batch of score sheets, one outcome each.
type sheetsView struct {
	Sheets []sheetOutcomeView `json:"sheets"`
}
