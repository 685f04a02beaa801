package web

import (
	"github.com/gin-gonic/gin"

	"adiukh/api/core"
	"adiukh/api/web/kit"
	"adiukh/tournament"
	"adiukh/tournament/playercard"
)

// playerReader is the core.Personal of a player's card, whose follow
// button is the reader's too.
func (h *handler) playerReader(c *gin.Context) (func([]byte) ([]byte, error), bool, error) {
	return h.ReaderOfEvent(c, func(head kit.EventHeader, _ *tournament.PlayerView) (any, error) {
		id, err := core.PathInt(c, "pid")
		if err != nil {
			return nil, err
		}
		ctx := c.Request.Context()
		p, err := h.Events.Player(ctx, head.Event.ID, id)
		if err != nil {
			return nil, err
		}
		following, err := h.Entries.Following(ctx, head.Event.ID, id)
		return playerPageData{EventHeader: head, Card: &playercard.PlayerCard{Player: p}, FollowingPlayer: following}, err
	})
}
