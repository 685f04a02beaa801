package events

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"adiukh/api/core"
	"adiukh/api/web/kit"
)

// knockoutGamePage is the game viewer of one game of a knockout match
// played over the board: its sheet replayed move by move, the players as
// they had the colours in that game, the game's result. The bracket links
// each game that has a sheet here.
func (h *handler) knockoutGamePage(c *gin.Context) error {
	ids, err := core.PathInts(c, "id", "n", "board", "number")
	if err != nil {
		return err
	}
	mg, err := h.Knockout.Game(c.Request.Context(), ids[0], int(ids[1]), int(ids[2]), int(ids[3]))
	if err != nil {
		return err
	}
	d, err := h.Teams.BoardData(c.Request.Context(), ids[0], int(ids[1]), int(ids[2]))
	if err != nil {
		return err
	}
	round, _, row, err := kit.Board(d, int(ids[1]), int(ids[2]))
	if err != nil {
		return err
	}
	data := gamePageData{EventHeader: h.Header(c, d.Event, "knockout"), Round: round.Number, Row: row, MatchGame: mg.Game.Number, MatchTempo: mg.Game.Tempo}
	if data.Row.White != nil && data.Row.White.ID != mg.Game.WhiteID {
		data.Row.White, data.Row.Black = data.Row.Black, data.Row.White
	}
	res := mg.Game.Result
	data.Row.Result = &res
	switch {
	case mg.Game.Sheet != nil:
		data.Sheet = mg.Game.Sheet.Text
	case !res.Played():
		data.Unplayed = string(res.EndReason)
	}
	if data.Unplayed == "" {
		sheetFrames(&data, d.Event.Game, data.Sheet)
		data.Moves = moveRows(data.Frames)
		data.Last = len(data.Frames) - 1
		// The score sheet PDFs of a knockout are its rounds' blank ones.
		data.Printable = false
	}
	h.RenderWith(c, h.Translator(c), http.StatusOK, "game", d.Event.Name, data)
	return nil
}
