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
	"adiukh/tournament/review"
)

// The review of a draft round: the arbiter swaps seats, deletes the draft to
// pair it again, or removes a player who never played.

// parseSeat reads a seat as the swap form writes it: board number, then w
// or b.
func parseSeat(field, s string) (review.Seat, error) {
	var seat review.Seat
	board, colour := strings.TrimRight(s, "wb"), strings.TrimLeft(s, "0123456789")
	n, err := strconv.Atoi(board)
	if err != nil || (colour != "w" && colour != "b") {
		return seat, tournament.Invalid(field, "%q is not a seat; choose a board and a colour", s)
	}
	return review.Seat{Board: n, White: colour == "w"}, nil
}

// reviewFailed shows the round again with err in the form that pick chooses
// (the swap form or the pairing typed by hand), which keeps the values
// entered.
func (h *handler) reviewFailed(c *gin.Context, id int64, n int, err error, pick func(*kit.EventPageData) *kit.Form, values map[string]string) error {
	d, loadErr := h.Events.EventData(c.Request.Context(), id)
	if loadErr != nil {
		return loadErr
	}
	data := kit.NewEventPageData(h.Header(c, d.Event, "pairings"), d, n)
	if err := h.AddPairingCards(c, data); err != nil {
		return err
	}
	f := pick(data)
	f.Values = values
	if err := f.Fail(err, h.Translator(c)); err != nil {
		return err
	}
	h.RenderWith(c, h.Translator(c).In(d.Event.Location()), kit.FormStatus(err), "event", d.Event.Name, data)
	return nil
}

func (h *handler) swapSeats(c *gin.Context) error {
	ids, err := core.PathInts(c, "id", "n")
	if err != nil {
		return err
	}
	values := map[string]string{"seat_a": c.PostForm("seat_a"), "seat_b": c.PostForm("seat_b"), "reason": strings.TrimSpace(c.PostForm("reason"))}
	a, err := parseSeat("seat_a", values["seat_a"])
	if err == nil {
		var b review.Seat
		if b, err = parseSeat("seat_b", values["seat_b"]); err == nil {
			_, err = h.Review.SwapSeats(c.Request.Context(), ids[0], int(ids[1]), a, b, values["reason"])
		}
	}
	if err != nil {
		return h.reviewFailed(c, ids[0], int(ids[1]), err, func(d *kit.EventPageData) *kit.Form { return d.Review }, values)
	}
	c.Redirect(http.StatusSeeOther, fmt.Sprintf("/events/%d?round=%d#review", ids[0], ids[1]))
	return nil
}

func (h *handler) deleteDraftRound(c *gin.Context) error {
	ids, err := core.PathInts(c, "id", "n")
	if err != nil {
		return err
	}
	if err := h.Review.DeleteDraftRound(c.Request.Context(), ids[0], int(ids[1]), strings.TrimSpace(c.PostForm("reason"))); err != nil {
		return h.StatusFailed(c, ids[0], err)
	}
	h.BackToManage(c, ids[0], "rounds")
	return nil
}

// unpublishRound takes a published round back to a draft after asking for
// the confirmation and its reason: the players may have seen the pairing.
func (h *handler) unpublishRound(c *gin.Context) error {
	ids, err := core.PathInts(c, "id", "n")
	if err != nil {
		return err
	}
	n := int(ids[1])
	return h.Confirm(c, ids[0], "rounds", "manage.unpublish", nil, func(reason string) error {
		_, err := h.Review.UnpublishRound(c.Request.Context(), ids[0], n, reason)
		return err
	}, func(_ *tournament.EventData, tr *kit.Translator) (string, error) {
		return tr.T("confirm.unpublish", "N", n), nil
	})
}
