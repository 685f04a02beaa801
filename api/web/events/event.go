package events

import (
	"fmt"
	"net/http"
	"slices"

	"github.com/gin-gonic/gin"

	"adiukh/api/core"
	"adiukh/api/web/kit"
	"adiukh/tournament"
)

// eventPage shows the pairings of one round, by default the latest one, so
// that a player opening the event on a phone sees their board at once.
func (h *handler) eventPage(c *gin.Context) error {
	core.LastPage(c, 1) // unless it shows the standings, paged (pageOf)
	id, err := core.PathInt(c, "id")
	if err != nil {
		return err
	}
	// A wrong ?round= is answered before the event is read (issue 59.3).
	n, err := core.QueryInt(c, "round")
	if err != nil {
		return err
	}
	if n < 0 {
		return tournament.NotFound("round %d of event %d not found", n, id)
	}
	if err := h.Teams.CheckRound(c.Request.Context(), id, n); err != nil {
		return err
	}
	d, err := h.Events.EventData(c.Request.Context(), id)
	if err != nil {
		return err
	}
	if !d.Event.Discipline.PlaysGames() {
		// A composition event's page is its contest's, which depends on
		// the clock (entries open until the deadline): a redirect, so that
		// the page cache does not keep it.
		c.Redirect(http.StatusSeeOther, fmt.Sprintf("/events/%d/contest", id))
		return nil
	}
	if d.Event.Status == tournament.Finished && c.Query("round") == "" {
		// A finished event is looked up for its result: it opens on the
		// final standings; its pairings stay a tab away (?round=N).
		return h.standingsPage(c)
	}
	if d.Event.Discipline.IsTeam() {
		return h.teamEventPage(c, id)
	}
	data := kit.NewEventPageData(h.Header(c, d.Event, "pairings"), d, n)
	if n != 0 && !slices.Contains(data.Rounds, n) {
		return tournament.NotFound("round %d of event %d not found", n, id)
	}
	if err := h.AddPairingCards(c, data); err != nil {
		return err
	}
	if tournament.UserFromContext(c.Request.Context()) != nil {
		v, err := h.Submissions.PlayerView(c.Request.Context(), id)
		if err != nil {
			return err
		}
		data.Panel = kit.NewPlayerPanel(v, data.CanManage)
	}
	h.RenderWith(c, h.Translator(c).In(d.Event.Location()), http.StatusOK, "event", d.Event.Name, data)
	return nil
}
