package teams

import (
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"

	"adiukh/api/core"
	"adiukh/api/web/kit"
	"adiukh/tournament"
	"adiukh/tournament/teams"
)

// The team part of the arbiter's desk: the number of boards, each team's
// name, city, club and captain, and a reserve added at the end of a
// roster. Each form calls the same use case as the JSON API
// (UpdateTeamSettings, UpdateTeam, AddTeamPlayer); the service decides
// what may change when. The forms name a team by its ID: its start
// number changes whenever a roster changes the order of the teams.

// teamForm picks a team form of the desk; an individual event has none,
// and shows the service's refusal above its players.
func teamForm(pick func(*kit.TeamDesk) *kit.Form) func(*kit.ManagePageData) *kit.Form {
	return func(d *kit.ManagePageData) *kit.Form {
		if d.TeamDesk == nil {
			return d.Status
		}
		return pick(d.TeamDesk)
	}
}

// setTeamBoards changes the number of boards before round 1.
func (h *handler) setTeamBoards(c *gin.Context) error {
	id, err := core.PathInt(c, "id")
	if err != nil {
		return err
	}
	entered := strings.TrimSpace(c.PostForm("boards"))
	boards, err := strconv.Atoi(entered)
	if err != nil {
		err = tournament.Invalid("boards", "%q is not a whole number", entered)
	} else {
		_, err = h.Teams.UpdateTeamSettings(c.Request.Context(), id, teams.TeamSettingsInput{Boards: &boards}, strings.TrimSpace(c.PostForm("reason")))
	}
	if err != nil {
		return h.ManageFailed(c, id, err, teamForm(func(t *kit.TeamDesk) *kit.Form { return t.Boards }),
			func(f *kit.Form) { f.Values["boards"] = entered })
	}
	h.BackToManage(c, id, "teams")
	return nil
}

// editTeam changes a team's name, city, club and captain.
func (h *handler) editTeam(c *gin.Context) error {
	ids, err := core.PathInts(c, "id", "team")
	if err != nil {
		return err
	}
	values := map[string]string{"team": strconv.FormatInt(ids[1], 10)}
	for _, k := range []string{"name", "city", "club", "captain"} {
		values[k] = strings.TrimSpace(c.PostForm(k))
	}
	in := teams.TeamInput{Name: kit.Ptr(values["name"]), City: kit.Ptr(values["city"]), Club: kit.Ptr(values["club"]), Captain: kit.Ptr(values["captain"])}
	_, err = h.Teams.UpdateTeam(c.Request.Context(), ids[0], teams.TeamRef{ID: ids[1]}, in, strings.TrimSpace(c.PostForm("reason")))
	if err != nil {
		return h.ManageFailed(c, ids[0], err, teamForm(func(t *kit.TeamDesk) *kit.Form { return t.Edit }),
			func(f *kit.Form) { f.Values = values })
	}
	h.BackToManage(c, ids[0], "team-"+values["team"])
	return nil
}

// addReserve adds a player at the end of a team's roster.
func (h *handler) addReserve(c *gin.Context) error {
	ids, err := core.PathInts(c, "id", "team")
	if err != nil {
		return err
	}
	values := map[string]string{"team": strconv.FormatInt(ids[1], 10)}
	for _, k := range append(kit.PlayerFields, kit.PersonField) {
		values[k] = strings.TrimSpace(c.PostForm(k))
	}
	in, err := h.PersonInput(c, values)
	if err == nil {
		_, err = h.Teams.AddTeamPlayer(c.Request.Context(), ids[0], teams.TeamRef{ID: ids[1]}, in)
	}
	if err != nil {
		return h.ManageFailed(c, ids[0], err, teamForm(func(t *kit.TeamDesk) *kit.Form { return t.Reserve }),
			func(f *kit.Form) { f.Values = values })
	}
	h.BackToManage(c, ids[0], "team-"+values["team"])
	return nil
}

// moveToTeam moves a player to the end of another team's roster before
// round 1.
func (h *handler) moveToTeam(c *gin.Context) error {
	ids, err := core.PathInts(c, "id", "pid")
	if err != nil {
		return err
	}
	entered := c.PostForm("team")
	team, err := strconv.ParseInt(entered, 10, 64)
	if err != nil {
		err = tournament.Invalid("team", "%q is not a team", entered)
	} else {
		_, err = h.Teams.MoveTeamPlayer(c.Request.Context(), ids[0], ids[1], teams.TeamRef{ID: team}, strings.TrimSpace(c.PostForm("reason")))
	}
	if err != nil {
		return h.StatusFailed(c, ids[0], err)
	}
	h.BackToManage(c, ids[0], "team-"+entered)
	return nil
}

// withdrawTeam withdraws a team (by its ID) from the next round to be
// paired, once the arbiter confirms it with a reason: a Swiss event pairs
// it no more, a round robin gives its opponents every board by forfeit.
func (h *handler) withdrawTeam(c *gin.Context) error {
	ids, err := core.PathInts(c, "id", "team")
	if err != nil {
		return err
	}
	from, err := strconv.Atoi(c.PostForm("from_round"))
	if err != nil {
		return h.StatusFailed(c, ids[0], tournament.Invalid("withdraw_from_round", "%q is not a round number", c.PostForm("from_round")))
	}
	return h.confirmTeam(c, ids, "teamweb.confirm_withdraw", "teamweb.withdraw_confirm", from, map[string]string{"from_round": strconv.Itoa(from)}, func(reason string) error {
		_, err := h.Teams.UpdateTeam(c.Request.Context(), ids[0], teams.TeamRef{ID: ids[1]}, teams.TeamInput{WithdrawFromRound: &from}, reason)
		return err
	})
}

// reinstateTeam takes a team's withdrawal back while its round is not
// paired.
func (h *handler) reinstateTeam(c *gin.Context) error {
	ids, err := core.PathInts(c, "id", "team")
	if err != nil {
		return err
	}
	return h.confirmTeam(c, ids, "teamweb.confirm_reinstate", "teamweb.reinstate", 0, nil, func(reason string) error {
		_, err := h.Teams.UpdateTeam(c.Request.Context(), ids[0], teams.TeamRef{ID: ids[1]}, teams.TeamInput{WithdrawFromRound: kit.Ptr(0)}, reason)
		return err
	})
}

// confirmTeam asks to confirm an action on the team ids[1] names (its ID),
// worded by question with the team's name and round n (0: the next round
// to pair), and its reason; then it runs act.
func (h *handler) confirmTeam(c *gin.Context, ids []int64, question, button string, n int, hidden map[string]string, act func(reason string) error) error {
	return h.Confirm(c, ids[0], "team-"+strconv.FormatInt(ids[1], 10), button, hidden, act, func(d *tournament.EventData, tr *kit.Translator) (string, error) {
		teams, err := h.Teams.Teams(c.Request.Context(), ids[0])
		if err != nil {
			return "", err
		}
		if n == 0 {
			n = len(d.Rounds) + 1
		}
		for _, t := range teams {
			if t.ID == ids[1] {
				return tr.T(question, "Name", t.Name, "N", n), nil
			}
		}
		return "", tournament.NotFound("team ID %d not found in event %d", ids[1], ids[0])
	})
}
