package events

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"adiukh/api/core"
	"adiukh/api/web/kit"
	"adiukh/tournament"
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

// playerReader is the core.Personal of a player's card, whose follow
// button is the reader's too.
func (h *handler) playerReader(c *gin.Context) (func([]byte) ([]byte, error), bool, error) {
	return h.ReaderOfEvent(c, func(head kit.EventHeader, _ *tournament.PlayerView) (any, error) {
		id, err := core.PathInt(c, "pid")
		if err != nil {
			return nil, err
		}
		ctx := c.Request.Context()
		p, err := h.PlayerCards.Player(ctx, head.Event.ID, id)
		if err != nil {
			return nil, err
		}
		following, err := h.Entries.Following(ctx, head.Event.ID, id)
		return playerPageData{EventHeader: head, Card: &playercard.PlayerCard{Player: p}, FollowingPlayer: following}, err
	})
}
