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
	// Match is a team event's match the board is played in, named above
	// the board with a link back to it on the multiboard; nil for an
	// event of players.
	Match *hall.Match
	// Viewer is the board's page among the event's games, where its
	// score sheet is stepped through once it came in.
	Viewer string
	Words  string // as hallPageData's
}

// LiveEvery: the board's page follows the hall's stream (hall.js).
func (boardPageData) LiveEvery(time.Duration) time.Duration { return 0 }

// boardPage answers GET /events/{id}/hall/rounds/{n}/boards/{board}: a
// board of a published round, as it is played.
func (h *handler) boardPage(c *gin.Context) error {
	ids, err := core.PathInts(c, "id", "n", "board")
	if err != nil {
		return err
	}
	n := int(ids[1])
	v, err := h.Hall.Read(c.Request.Context(), ids[0], n)
	if err != nil {
		return err
	}
	tr := h.Translator(c).In(v.Event.Location())
	data := &boardPageData{EventHeader: h.Header(c, v.Event, "hall"), Hall: v, Asked: n, Words: resultWords(tr)}
	found := false
	for _, b := range v.Boards {
		if b.Number == int(ids[2]) {
			data.Board, data.Match, found = newBoardData(v.Event, v.Round, b), v.MatchOf(b), true
		}
	}
	if !found {
		return tournament.NotFound("board %d of round %d not found", ids[2], n)
	}
	data.Viewer = fmt.Sprintf("/events/%d/rounds/%d/boards/%d", v.Event.ID, v.Round, data.Board.Number)
	c.Header("Cache-Control", "no-store")
	h.RenderWith(c, tr, http.StatusOK, "hall_board", v.Event.Name, data)
	return nil
}
