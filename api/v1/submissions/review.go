package submissions

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"adiukh/api/core"
	"adiukh/api/v1/kit"
	"adiukh/api/v1/shapes"
	"adiukh/tournament/catalog"
	"adiukh/tournament/review"
)

// reviewRoutes registers the JSON API of what the web pages added: seat
// swaps and taking back an untouched round. The pages call the same
// service methods.
func (h *handler) reviewRoutes(write gin.IRoutes) {
	write.POST("/events/:id/rounds/:n/swap", h.JSON(h.postSwap))
	write.POST("/events/:id/rounds/:n/unpublish", h.JSON(h.postUnpublish))
}

type seatJSON struct {
	Board int  `json:"board"`
	White bool `json:"white"`
}

type swapBody struct {
	A      seatJSON `json:"a"`
	B      seatJSON `json:"b"`
	Reason string   `json:"reason"`
}

func (h *handler) postSwap(c *gin.Context) error {
	ids, body, err := kit.PathIDsBody[swapBody](c, "id", "n")
	if err != nil {
		return err
	}
	r, err := h.Review.SwapSeats(c.Request.Context(), ids[0], int(ids[1]), review.Seat(body.A), review.Seat(body.B), body.Reason)
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, shapes.NewRoundView(catalog.For(core.JSONLang(c)), r))
	return nil
}

func (h *handler) postUnpublish(c *gin.Context) error {
	ids, err := core.PathInts(c, "id", "n")
	if err != nil {
		return err
	}
	var body kit.ReasonBody
	if c.Request.ContentLength != 0 {
		if err := kit.DecodeJSON(c, &body); err != nil {
			return err
		}
	}
	r, err := h.Review.UnpublishRound(c.Request.Context(), ids[0], int(ids[1]), body.Reason)
	if err != nil {
		return err
	}
	return h.AnswerRound(c, http.StatusOK, ids[0], r.Number)
}
