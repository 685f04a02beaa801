package kit

import (
	"errors"

	"github.com/gin-gonic/gin"

	"adiukh/tournament"
)

// AddPairingCards gives the arbiter of a Swiss event the pairing cards of
// the round shown. A round the cards cannot explain (an imported event
// whose data the pairing rules reject) shows why instead.
func (k *Kit) AddPairingCards(c *gin.Context, data *EventPageData) error {
	if !data.CanManage || data.Event.System != tournament.Swiss || data.Round == nil {
		return nil
	}
	cards, err := k.Swiss.PairingCards(c.Request.Context(), data.Event.ID, data.Round.Number)
	var e *tournament.Error
	switch {
	case errors.As(err, &e):
		data.CardsError = k.Translator(c).Phrase(e)
	case err != nil:
		return err
	}
	data.Cards = cards
	return nil
}
