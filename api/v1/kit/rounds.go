package kit

import (
	"adiukh/api/core"
	"adiukh/api/v1/shapes"
	"adiukh/tournament/catalog"

	"github.com/gin-gonic/gin"
)

// AnswerRound answers round n of an event as the service reads it: its
// games with each player's score before the round and, in a Swiss event,
// the pairing cards or why there are none; in a team competition its
// matches.
func (k *Kit) AnswerRound(c *gin.Context, status int, eventID int64, n int) error {
	rr, err := k.Teams.ReadRound(c.Request.Context(), eventID, n)
	if err != nil {
		return err
	}
	if rr.TeamRound != nil {
		c.JSON(status, shapes.NewTeamRoundView(catalog.For(core.JSONLang(c)), rr.TeamRound, rr.Team.Event, rr.Team.Settings))
		return nil
	}
	v := shapes.NewRoundView(catalog.For(core.JSONLang(c)), rr.Round)
	v.Cards = shapes.PairingCardViews(rr.Cards)
	if rr.CardsRefused != nil {
		v.CardsError = rr.CardsRefused.Message
	}
	for i, g := range rr.Round.Games {
		white := rr.ScoresBefore[g.WhiteID]
		v.Games[i].WhiteScore = &white
		if !g.IsBye() {
			black := rr.ScoresBefore[g.BlackID]
			v.Games[i].BlackScore = &black
		}
	}
	c.JSON(status, v)
	return nil
}
