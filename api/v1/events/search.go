package events

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"adiukh/api/core"
)

// searchHitView is one hit of the search: an event, or a player of it.
type searchHitView struct {
	Kind    string `json:"kind"` // "event" or "player"
	EventID int64  `json:"event_id"`
	Event   string `json:"event"`
	City    string `json:"city,omitempty"`
	Start   string `json:"start_date,omitempty"`
	// A player's hit: the player and the start number.
	PlayerID int64  `json:"player_id,omitempty"`
	Player   string `json:"player,omitempty"`
	StartNo  int    `json:"start_no,omitempty"`
}

// getSearch finds events and players, a page at a time (see searchPage).
func (h *handler) getSearch(c *gin.Context) error {
	page, err := core.PageParam(c)
	if err != nil {
		return err
	}
	found, err := h.Search.Search(c.Request.Context(), c.Query("q"), page)
	if err != nil {
		return err
	}
	hits := []searchHitView{}
	for _, hit := range found.Hits {
		v := searchHitView{Kind: "event", EventID: hit.Event.ID, Event: hit.Event.Name, City: hit.Event.City, Start: hit.Event.StartDate}
		if hit.Player != nil {
			v.Kind, v.PlayerID, v.Player, v.StartNo = "player", hit.Player.ID, hit.Player.Name, hit.Player.StartNo
		}
		hits = append(hits, v)
	}
	c.JSON(http.StatusOK, searchView{Query: found.Query, Page: found.Page, More: found.More, Hits: hits})
	return nil
}
