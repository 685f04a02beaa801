package desk

import (
	"github.com/gin-gonic/gin"

	"adiukh/api/web/kit"
	"adiukh/rules"
	"adiukh/tournament"
	"adiukh/tournament/correspondence"
)

// withdrawFromSection withdraws a player from a correspondence section
// whose games are being played (correspondence.Service.Withdraw): every
// round runs at once, so the player leaves the event, not a round, and the
// arbiter chooses on the confirmation page what becomes of the player's
// unfinished games.
func (h *handler) withdrawFromSection(c *gin.Context, eventID, playerID int64) error {
	act := func(reason string) error {
		_, err := h.Correspondence.Withdraw(c.Request.Context(), correspondence.WithdrawInput{
			EventID: eventID, PlayerID: playerID, Games: c.PostForm("games"), Reason: reason})
		return err
	}
	question := func(d *tournament.EventData, tr *kit.Translator) (string, error) {
		var p *tournament.Player
		for i := range d.Players {
			if d.Players[i].ID == playerID {
				p = &d.Players[i]
			}
		}
		if p == nil {
			return "", tournament.NotFound("player %d not found in event %d", playerID, eventID)
		}
		games, err := h.Correspondence.Games(c.Request.Context(), eventID)
		if err != nil {
			return "", err
		}
		finished, unfinished := 0, 0
		for _, g := range games {
			if _, ok := g.SideOf(playerID); !ok {
				continue
			}
			if g.Status == correspondence.Finished {
				finished++
			} else {
				unfinished++
			}
		}
		return tr.T("corr.withdraw_question", "Name", p.Name, "Finished", finished, "Unfinished", unfinished), nil
	}
	choose := func(data *kit.ConfirmPageData, tr *kit.Translator) {
		// The opponents' win in the points of the event's game (24:0, 2:0).
		win := data.Event.Game.Win(rules.White, tournament.Forfeit).Score()
		data.ChoiceName, data.ChoiceLegend = "games", tr.T("corr.games_legend")
		data.Choices = []kit.ConfirmChoice{
			{Value: correspondence.WithdrawalLoses, Label: tr.T("corr.games_lose"), Hint: tr.T("corr.games_lose_hint", "Win", win)},
			{Value: correspondence.WithdrawalAdjudicates, Label: tr.T("corr.games_adjudicate"), Hint: tr.T("corr.games_adjudicate_hint")},
		}
	}
	return h.ConfirmChoosing(c, eventID, "players", "corr.withdraw", nil, act, question, choose)
}
