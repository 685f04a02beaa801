package events

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"net/http"

	"github.com/gin-gonic/gin"

	"adiukh/api/core"
	"adiukh/api/v1/kit"
	"adiukh/api/v1/shapes"
	"adiukh/tournament"
	"adiukh/tournament/catalog"
	"adiukh/tournament/review"
)

// swissRoutes registers the Swiss calls: TRF files in and out, requested
// byes, hand-edited pairings and pairing cards.
func (h *handler) swissRoutes(read, write gin.IRoutes) {
	read.GET("/events/:id/pairing.trf", h.JSON(h.getPairingTRF))
	read.GET("/events/:id/rounds/:n/cards", h.JSON(h.getPairingCards))
	write.POST("/events/import.trf", h.JSON(h.postTRF))
	write.PUT("/events/:id/players/:pid/bye", h.JSON(h.putBye))
	write.PUT("/events/:id/rounds/:n/pairing", h.JSON(h.putPairing))
}

// getPairingTRF answers the TRF file of the next round's pairing state;
// export.trf (the federation report of finished rounds) is another file.
func (h *handler) getPairingTRF(c *gin.Context) error {
	id, err := core.PathInt(c, "id")
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	if err := h.Interchange.ExportTRF(c.Request.Context(), id, &buf); err != nil {
		return err
	}
	c.Header("Content-Disposition", fmt.Sprintf(`attachment; filename="event-%d-pairing.trf"`, id))
	c.Data(http.StatusOK, "text/plain; charset=utf-8", buf.Bytes())
	return nil
}

// postTRF imports the TRF file in the request body as a new event of the
// game ?game=KEY names, else of the file's own.
func (h *handler) postTRF(c *gin.Context) error {
	data, err := io.ReadAll(io.LimitReader(c.Request.Body, core.MaxTRF+1))
	var tooLarge *http.MaxBytesError
	switch {
	case errors.As(err, &tooLarge):
		// A streamed body past the route's limit, cut off by the server.
		return core.TooLarge(core.MaxTRF)
	case err != nil:
		return tournament.Invalid("body", "the file could not be read: %v", err)
	case len(data) > core.MaxTRF:
		return tournament.Invalid("body", "the file is larger than %d MB", core.MaxTRF>>20)
	}
	e, err := h.Interchange.ImportTRF(c.Request.Context(), bytes.NewReader(data), c.Query("game"))
	if err != nil {
		return err
	}
	c.JSON(http.StatusCreated, newEventView(core.JSONLocalizer(c), e))
	return nil
}

type byeBody struct {
	Round  int    `json:"round"`
	Kind   string `json:"kind"` // "half", "zero", or "" to take the request back
	Reason string `json:"reason"`
}

func (h *handler) putBye(c *gin.Context) error {
	ids, body, err := kit.PathIDsBody[byeBody](c, "id", "pid")
	if err != nil {
		return err
	}
	p, err := h.Swiss.RequestBye(c.Request.Context(), ids[0], ids[1], body.Round, tournament.ByeKind(body.Kind), body.Reason)
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, byeView{StartNo: p.StartNo, ByeRound: p.ByeRound, ByeKind: string(p.ByeKind)})
	return nil
}

type pairingBody struct {
	Boards []review.BoardInput `json:"boards"`
	Reason string              `json:"reason"`
}

func (h *handler) putPairing(c *gin.Context) error {
	ids, body, err := kit.PathIDsBody[pairingBody](c, "id", "n")
	if err != nil {
		return err
	}
	r, err := h.Review.EditPairing(c.Request.Context(), ids[0], int(ids[1]), body.Boards, body.Reason)
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, shapes.NewRoundView(catalog.For(core.JSONLang(c)), r))
	return nil
}

func (h *handler) getPairingCards(c *gin.Context) error {
	ids, err := core.PathInts(c, "id", "n")
	if err != nil {
		return err
	}
	cards, err := h.Swiss.PairingCards(c.Request.Context(), ids[0], int(ids[1]))
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, pairingCardsView{shapes.PairingCardViews(cards)})
	return nil
}
