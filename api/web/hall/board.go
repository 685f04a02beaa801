package hall

import (
	"fmt"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"

	"adiukh/api/core"
	"adiukh/api/web/kit"
	"adiukh/tournament"
	"adiukh/tournament/hall"
)

// boardPageData is one board of the hall's round.
type boardPageData struct {
	kit.EventHeader
	Hall  *hall.Hall
	Asked int
	Board boardData
	// Viewer is the board's page among the event's games, where its
	// score sheet is stepped through once it came in.
	Viewer string
	Words  string // as hallPageData's
}

// LiveEvery: the board's page follows the hall's stream (hall.js).
func (boardPageData) LiveEvery(time.Duration) time.Duration { return 0 }

// boardPage answers GET /events/{id}/hall/boards/{board}[?round=n]: the
// board of round n (the current round without ?round=).
func (h *handler) boardPage(c *gin.Context) error {
	ids, err := core.PathInts(c, "id", "board")
	if err != nil {
		return err
	}
	n, err := core.QueryInt(c, "round")
	if err != nil {
		return err
	}
	if n < 0 {
		return tournament.Invalid("round", "a round is numbered from 1; got %d", n)
	}
	v, err := h.Hall.Read(c.Request.Context(), ids[0], n)
	if err != nil {
		return err
	}
	tr := h.Translator(c).In(v.Event.Location())
	data := &boardPageData{EventHeader: h.Header(c, v.Event, "hall"), Hall: v, Asked: n, Words: resultWords(tr)}
	found := false
	for _, b := range v.Boards {
		if b.Number == int(ids[1]) {
			data.Board, found = newBoardData(v.Event, v.Round, b), true
		}
	}
	if !found {
		return tournament.NotFound("board %d of round %d not found", ids[1], v.Round)
	}
	data.Viewer = fmt.Sprintf("/events/%d/rounds/%d/boards/%d", v.Event.ID, v.Round, data.Board.Number)
	c.Header("Cache-Control", "no-store")
	h.RenderWith(c, tr, http.StatusOK, "hall_board", v.Event.Name, data)
	return nil
}
