package desk

import (
	"net/http"
	"strings"

	"github.com/gin-gonic/gin"

	"adiukh/api/core"
	"adiukh/api/web/kit"
	"adiukh/tournament"
)

// The desk's form that corrects a player's details (a rating typed wrong,
// a club, a federation ID): the same use case as PATCH
// /api/v1/events/{id}/players/{pid}, with its reason for the audit log.

type playerEditData struct {
	kit.EventHeader
	Player *tournament.Player
	Form   *kit.Form
}

func (h *handler) playerEditPage(c *gin.Context) error {
	return h.renderPlayerEdit(c, nil, http.StatusOK)
}

// renderPlayerEdit shows the form: as the player stands, or as typed (f)
// with what was refused.
func (h *handler) renderPlayerEdit(c *gin.Context, f *kit.Form, status int) error {
	ids, err := core.PathInts(c, "id", "pid")
	if err != nil {
		return err
	}
	d, err := h.Events.DeskData(c.Request.Context(), ids[0])
	if err != nil {
		return err
	}
	p := d.Player(ids[1])
	if p == nil {
		return tournament.NotFound("player %d not found in event %d", ids[1], ids[0])
	}
	if f == nil {
		f = kit.NewForm()
		f.Values = map[string]string{"name": p.Name, "club": p.Club, "city": p.City, "federation_id": p.FederationID, "federation": p.Federation, "title": p.Title,
			"rating": kit.NumberOrEmpty(p.Rating), "birth_year": kit.NumberOrEmpty(p.BirthYear)}
	}
	h.RenderWith(c, h.Translator(c), status, "player_edit", d.Event.Name, playerEditData{EventHeader: h.Header(c, d.Event, "manage"), Player: p, Form: f})
	return nil
}

// savePlayer saves the form; an emptied rating or birth year clears it.
func (h *handler) savePlayer(c *gin.Context) error {
	ids, err := core.PathInts(c, "id", "pid")
	if err != nil {
		return err
	}
	f := kit.NewForm()
	for _, k := range append(kit.PlayerFields, "reason") {
		f.Values[k] = strings.TrimSpace(c.PostForm(k))
	}
	in, err := kit.PlayerInput(f.Values)
	if err == nil {
		if f.Values["rating"] == "" {
			in.Rating = kit.Ptr(0)
		}
		if f.Values["birth_year"] == "" {
			in.BirthYear = kit.Ptr(0)
		}
		if _, err = h.Players.UpdatePlayer(c.Request.Context(), ids[0], ids[1], in, f.Values["reason"]); err == nil {
			h.BackToManage(c, ids[0], "players")
			return nil
		}
	}
	if ferr := f.Fail(err, h.Translator(c)); ferr != nil {
		return ferr
	}
	return h.renderPlayerEdit(c, f, kit.FormStatus(err))
}
