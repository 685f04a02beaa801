package desk

import (
	"fmt"
	"net/http"
	"strings"

	"github.com/gin-gonic/gin"

	"adiukh/api/core"
	"adiukh/api/web/kit"
	"adiukh/tournament"
	"adiukh/tournament/correspondence"
	"adiukh/tournament/ratings"
	"adiukh/tournament/schedule"
)

// The arbiter's desk of one event: its settings, players, rounds and the
// players' reports. The service's *Error is shown next to the form field it
// names (kit.ManageFailed). Each form of the desk has its own file:
// players.go, results.go, game_edit.go, ….

// deskFound is how many persons a search at the desk shows.
const deskFound = 20

// findPeople searches the register at the desk for the persons to register,
// with their published rating in the event's list.
func (h *handler) findPeople(c *gin.Context, d *kit.ManagePageData) error {
	ctx := c.Request.Context()
	page, err := h.People.People(ctx, d.Who, 1)
	if err != nil {
		return err
	}
	published := map[int64]int{}
	if list := ratings.ListOfGame(d.Event.Game, d.Event.Discipline); list != "" {
		l, err := h.Ratings.Read(ctx, list, ratings.Filter{})
		if err != nil {
			return err
		}
		for _, r := range l.Rows {
			published[r.Person.ID] = r.Rating
		}
	}
	plays := map[int64]bool{}
	for _, p := range d.Players {
		plays[p.PersonID] = true
	}
	for _, p := range page.People[:min(len(page.People), deskFound)] {
		d.Found = append(d.Found, kit.FoundPerson{Person: p, Rating: published[p.ID], Plays: plays[p.ID]})
	}
	return nil
}

func (h *handler) managePage(c *gin.Context) error {
	id, err := core.PathInt(c, "id")
	if err != nil {
		return err
	}
	e, err := h.Events.Event(c.Request.Context(), id)
	if err != nil {
		return err
	}
	if !e.Discipline.PlaysGames() {
		return h.RenderContestDesk(c, e, "", kit.NewForm(), http.StatusOK)
	}
	data, err := h.ManageData(c, id)
	if err != nil {
		return err
	}
	if data.Who = strings.TrimSpace(c.Query("who")); data.Who != "" {
		if err := h.findPeople(c, data); err != nil {
			return err
		}
	}
	h.RenderWith(c, h.Translator(c).In(data.Event.Location()), http.StatusOK, "manage", data.Event.Name, data)
	return nil
}

func (h *handler) updateSettings(c *gin.Context) error {
	id, err := core.PathInt(c, "id")
	if err != nil {
		return err
	}
	entered := kit.NewForm()
	in, err := eventInput(c, entered)
	if err == nil {
		if _, err = h.Events.UpdateEvent(c.Request.Context(), id, in, strings.TrimSpace(c.PostForm("reason"))); err == nil {
			h.BackToManage(c, id, "settings")
			return nil
		}
	}
	// A composition contest's desk is the contest's: the form is shown
	// again there.
	if e, evErr := h.Events.Event(c.Request.Context(), id); evErr == nil && !e.Discipline.PlaysGames() {
		return h.AfterForm(c, fmt.Sprintf("/events/%d/manage", id), entered, err, func(f *kit.Form, status int) error { return h.RenderContestDesk(c, e, "event", f, status) })
	}
	return h.ManageFailed(c, id, err, func(d *kit.ManagePageData) *kit.Form { return d.Settings.Form }, func(f *kit.Form) { f.Values = entered.Values })
}

// saveLiveStart gives the rounds to come of an event played live their
// thematic start (correspondence.Service.Configure): the form the desk shows
// it in, as the JSON API's settings give it.
func (h *handler) saveLiveStart(c *gin.Context) error {
	id, err := core.PathInt(c, "id")
	if err != nil {
		return err
	}
	entered := kit.NewForm()
	in := correspondence.SettingsInput{}
	kit.ReadStart(c, entered, &in)
	entered.Values["reason"] = c.PostForm("reason")
	if _, err := h.Correspondence.Configure(c.Request.Context(), id, in, entered.Values["reason"]); err != nil {
		return h.ManageFailed(c, id, err, func(d *kit.ManagePageData) *kit.Form { return d.LiveStart }, func(f *kit.Form) { f.Values = entered.Values })
	}
	h.BackToManage(c, id, "live-start")
	return nil
}

func (h *handler) pairRound(c *gin.Context) error {
	id, err := core.PathInt(c, "id")
	if err != nil {
		return err
	}
	if _, err := h.Teams.PairNextRound(c.Request.Context(), id); err != nil {
		return h.StatusFailed(c, id, err)
	}
	h.BackToManage(c, id, "rounds")
	return nil
}

func (h *handler) publishRound(c *gin.Context) error {
	ids, err := core.PathInts(c, "id", "n")
	if err != nil {
		return err
	}
	if _, err := h.Events.PublishRound(c.Request.Context(), ids[0], int(ids[1])); err != nil {
		return h.StatusFailed(c, ids[0], err)
	}
	h.BackToManage(c, ids[0], "rounds")
	return nil
}

// setRoundStart sets the date and hour a round starts at the boards.
func (h *handler) setRoundStart(c *gin.Context) error {
	ids, err := core.PathInts(c, "id", "n")
	if err != nil {
		return err
	}
	in := schedule.RoundStartInput{Date: c.PostForm("date"), Time: c.PostForm("time")}
	if _, err := h.Schedule.SetRoundStart(c.Request.Context(), ids[0], int(ids[1]), in); err != nil {
		return h.StatusFailed(c, ids[0], err)
	}
	h.BackToManage(c, ids[0], "rounds")
	return nil
}

func (h *handler) finishEvent(c *gin.Context) error {
	id, err := core.PathInt(c, "id")
	if err != nil {
		return err
	}
	status := string(tournament.Finished)
	if _, err := h.Events.UpdateEvent(c.Request.Context(), id, tournament.EventInput{Status: &status}, ""); err != nil {
		return h.StatusFailed(c, id, err)
	}
	c.Redirect(http.StatusSeeOther, fmt.Sprintf("/events/%d/standings", id))
	return nil
}
