package desk

import (
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"

	"adiukh/api/core"
	"adiukh/api/web/kit"
	"adiukh/tournament"
	"adiukh/tournament/entries"
)

// The players' forms of the arbiter's desk: one player, a pasted list, and
// the destructive actions (withdraw, take a withdrawal back, remove), which
// ask for a reason and a confirmation first.

func (h *handler) addPlayer(c *gin.Context) error {
	id, err := core.PathInt(c, "id")
	if err != nil {
		return err
	}
	values := map[string]string{}
	for _, k := range append(kit.PlayerFields, kit.PersonField) {
		values[k] = strings.TrimSpace(c.PostForm(k))
	}
	in, err := h.PersonInput(c, values)
	if err == nil {
		in.ConfirmDuplicate = c.PostForm("confirm") == "1"
		if _, err = h.Players.RegisterPlayer(c.Request.Context(), id, in); err == nil {
			h.BackToManage(c, id, "players")
			return nil
		}
	}
	return h.ManageFailed(c, id, err, func(d *kit.ManagePageData) *kit.Form { return d.Player }, func(f *kit.Form) { f.Values = values })
}

// addPlayersCSV registers a pasted list (entries.ParsePlayerList): all
// of it or nothing. When nothing was registered the text stays in the box
// with every bad line named, or with the possible duplicates and a button
// that sends it again with confirm=1.
func (h *handler) addPlayersCSV(c *gin.Context) error {
	id, err := core.PathInt(c, "id")
	if err != nil {
		return err
	}
	text := c.PostForm("csv")
	lines, err := entries.ParsePlayerList(text)
	if err == nil {
		_, err = h.Entries.RegisterPlayers(c.Request.Context(), id, lines, c.PostForm("confirm") == "1")
	}
	if err != nil {
		return h.ManageFailed(c, id, err, func(d *kit.ManagePageData) *kit.Form { return d.CSV }, func(f *kit.Form) { f.Values["csv"] = text })
	}
	h.BackToManage(c, id, "players")
	return nil
}

// confirmed asks for the confirmation of an action on a player (see
// kit.Confirm); the question names the player and the next round.
func (h *handler) confirmed(c *gin.Context, question, button string, hidden map[string]string, act func(reason string) error) error {
	ids, err := core.PathInts(c, "id", "pid")
	if err != nil {
		return err
	}
	return h.Confirm(c, ids[0], "players", button, hidden, act, func(d *tournament.EventData, tr *kit.Translator) (string, error) {
		for i := range d.Players {
			if d.Players[i].ID == ids[1] {
				return tr.T(question, "Name", d.Players[i].Name, "N", len(d.Rounds)+1), nil
			}
		}
		return "", tournament.NotFound("player %d not found in event %d", ids[1], ids[0])
	})
}

// withdrawPlayer withdraws a player from the next round to be paired.
func (h *handler) withdrawPlayer(c *gin.Context) error {
	ids, err := core.PathInts(c, "id", "pid")
	if err != nil {
		return err
	}
	e, err := h.Events.Event(c.Request.Context(), ids[0])
	if err != nil {
		return err
	}
	if e.Discipline.PlayedOnServer() {
		return h.withdrawFromSection(c, ids[0], ids[1])
	}
	from, err := strconv.Atoi(c.PostForm("from_round"))
	if err != nil {
		return h.StatusFailed(c, ids[0], tournament.Invalid("withdraw_from_round", "%q is not a round number", c.PostForm("from_round")))
	}
	return h.confirmed(c, "confirm.withdraw", "manage.withdraw_confirm", map[string]string{"from_round": strconv.Itoa(from)}, func(reason string) error {
		_, err := h.Players.UpdatePlayer(c.Request.Context(), ids[0], ids[1], tournament.PlayerInput{WithdrawFromRound: &from}, reason)
		return err
	})
}

// reinstatePlayer takes a withdrawal back while its round is not paired.
func (h *handler) reinstatePlayer(c *gin.Context) error {
	ids, err := core.PathInts(c, "id", "pid")
	if err != nil {
		return err
	}
	return h.confirmed(c, "confirm.reinstate", "manage.reinstate", nil, func(reason string) error {
		_, err := h.Players.UpdatePlayer(c.Request.Context(), ids[0], ids[1], tournament.PlayerInput{WithdrawFromRound: kit.Ptr(0)}, reason)
		return err
	})
}

// removePlayer deletes a player before round 1.
func (h *handler) removePlayer(c *gin.Context) error {
	ids, err := core.PathInts(c, "id", "pid")
	if err != nil {
		return err
	}
	return h.confirmed(c, "confirm.remove", "manage.remove", nil, func(reason string) error {
		return h.Players.RemovePlayer(c.Request.Context(), ids[0], ids[1], reason)
	})
}
