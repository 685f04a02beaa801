package web

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"adiukh/api/core"
	"adiukh/api/web/kit"
	"adiukh/tournament/playercard"
)

type playerPageData struct {
	kit.EventHeader
	Card *playercard.PlayerCard
	// FollowingPlayer: the signed-in reader follows the player.
	FollowingPlayer bool
}

// playerPage is a player's card, as the service reads it.
func (h *handler) playerPage(c *gin.Context) error {
	ids, err := core.PathInts(c, "id", "pid")
	if err != nil {
		return err
	}
	e, card, err := h.PlayerCards.PlayerCard(c.Request.Context(), ids[0], ids[1])
	if err != nil {
		return err
	}
	data := playerPageData{EventHeader: h.Header(c, e, "players"), Card: card}
	if data.FollowingPlayer, err = h.Entries.Following(c.Request.Context(), ids[0], ids[1]); err != nil {
		return err
	}
	h.RenderWith(c, h.Translator(c), http.StatusOK, "player", card.Player.Name, data)
	return nil
}
