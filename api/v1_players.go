package api

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"adiukh/tournament"
)

type playerView struct {
	ID                int64  `json:"id"`
	StartNo           int    `json:"start_no"`
	Name              string `json:"name"`
	Rating            int    `json:"rating"`
	BirthYear         int    `json:"birth_year,omitempty"`
	Club              string `json:"club"`
	City              string `json:"city"`
	FederationID      string `json:"federation_id"`
	FirstRound        int    `json:"first_round"`
	WithdrawFromRound int    `json:"withdraw_from_round,omitempty"`
}

func newPlayerView(p *tournament.Player) playerView {
	return playerView{
		ID: p.ID, StartNo: p.StartNo, Name: p.Name, Rating: p.Rating, BirthYear: p.BirthYear, Club: p.Club,
		City: p.City, FederationID: p.FederationID, FirstRound: p.FirstRound, WithdrawFromRound: p.WithdrawnFrom,
	}
}

func playerViews(players []tournament.Player) []playerView {
	views := make([]playerView, len(players))
	for i := range players {
		views[i] = newPlayerView(&players[i])
	}
	return views
}

// playerBody is the body of POST /events/{id}/players and PATCH
// /events/{id}/players/{pid}.
type playerBody struct {
	Name              *string `json:"name"`
	Rating            *int    `json:"rating"`
	BirthYear         *int    `json:"birth_year"`
	Club              *string `json:"club"`
	City              *string `json:"city"`
	FederationID      *string `json:"federation_id"`
	StartNo           *int    `json:"start_no"`
	WithdrawFromRound *int    `json:"withdraw_from_round"`
	Reason            string  `json:"reason"`
}

func (b *playerBody) input() tournament.PlayerInput {
	return tournament.PlayerInput{
		Name: b.Name, Rating: b.Rating, BirthYear: b.BirthYear, Club: b.Club, City: b.City,
		FederationID: b.FederationID, StartNo: b.StartNo, WithdrawFromRound: b.WithdrawFromRound,
	}
}

func (h *handler) getPlayers(c *gin.Context) {
	id, err := pathInt(c, "id")
	if err != nil {
		h.failJSON(c, err)
		return
	}
	players, err := h.Events.Players(c.Request.Context(), id)
	if err != nil {
		h.failJSON(c, err)
		return
	}
	c.JSON(http.StatusOK, gin.H{"players": playerViews(players)})
}

func (h *handler) postPlayer(c *gin.Context) {
	id, err := pathInt(c, "id")
	if err != nil {
		h.failJSON(c, err)
		return
	}
	var body playerBody
	if err := decodeJSON(c, &body); err != nil {
		h.failJSON(c, err)
		return
	}
	p, err := h.Events.RegisterPlayer(c.Request.Context(), id, body.input())
	if err != nil {
		h.failJSON(c, err)
		return
	}
	c.JSON(http.StatusCreated, newPlayerView(p))
}

func (h *handler) patchPlayer(c *gin.Context) {
	ids, err := pathInts(c, "id", "pid")
	if err != nil {
		h.failJSON(c, err)
		return
	}
	var body playerBody
	if err := decodeJSON(c, &body); err != nil {
		h.failJSON(c, err)
		return
	}
	p, err := h.Events.UpdatePlayer(c.Request.Context(), ids[0], ids[1], body.input(), body.Reason)
	if err != nil {
		h.failJSON(c, err)
		return
	}
	c.JSON(http.StatusOK, newPlayerView(p))
}

// deletePlayer removes a player before round 1; an optional ?reason= goes
// into the audit log.
func (h *handler) deletePlayer(c *gin.Context) {
	ids, err := pathInts(c, "id", "pid")
	if err != nil {
		h.failJSON(c, err)
		return
	}
	if err := h.Events.RemovePlayer(c.Request.Context(), ids[0], ids[1], c.Query("reason")); err != nil {
		h.failJSON(c, err)
		return
	}
	c.JSON(http.StatusOK, gin.H{"deleted": ids[1]})
}

func (h *handler) postRenumber(c *gin.Context) {
	id, err := pathInt(c, "id")
	if err != nil {
		h.failJSON(c, err)
		return
	}
	players, err := h.Events.RenumberPlayers(c.Request.Context(), id)
	if err != nil {
		h.failJSON(c, err)
		return
	}
	c.JSON(http.StatusOK, gin.H{"players": playerViews(players)})
}
