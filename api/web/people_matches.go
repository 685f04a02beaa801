package web

import (
	"fmt"
	"net/http"
	"strconv"

	"github.com/gin-gonic/gin"

	"adiukh/api/core"
	"adiukh/api/web/kit"
	"adiukh/tournament"
	"adiukh/tournament/people"
)

// The desk's page that links an event's players to the register: those an
// import or a pasted list could not link by federation ID, each with the
// persons they may be, to confirm one, to name another by federation ID,
// or to add the player to the register.

func (h *handler) peopleMatchesRoutesWeb(m *gin.RouterGroup) {
	m.GET("/events/:id/register-matches", h.Page(h.registerMatchesPage))
	m.POST("/events/:id/register-matches/sure", h.Page(h.linkSureMatches))
	m.POST("/events/:id/players/:pid/person", h.Page(h.linkPlayerToPerson))
	m.POST("/events/:id/players/:pid/person/new", h.Page(h.addPlayerToRegister))
}

type registerMatchesData struct {
	kit.EventHeader
	Matches []people.RegisterMatch
	Sure    int
	// Failed is the player whose link was refused, with Form's error.
	Failed int64
	Form   *kit.Form
	// Linked is how many sure matches were just linked (?linked=).
	Linked string
}

func (h *handler) registerMatchesPage(c *gin.Context) error {
	return h.renderRegisterMatches(c, http.StatusOK, 0, kit.NewForm())
}

func (h *handler) renderRegisterMatches(c *gin.Context, status int, failed int64, f *kit.Form) error {
	id, err := core.PathInt(c, "id")
	if err != nil {
		return err
	}
	v, err := h.People.RegisterMatches(c.Request.Context(), id)
	if err != nil {
		return err
	}
	data := registerMatchesData{EventHeader: h.Header(c, &v.Event, "manage"), Matches: v.Matches, Sure: v.Sure, Failed: failed, Form: f, Linked: c.Query("linked")}
	h.RenderWith(c, h.Translator(c), status, "register_matches", v.Event.Name, data)
	return nil
}

func (h *handler) linkSureMatches(c *gin.Context) error {
	id, err := core.PathInt(c, "id")
	if err != nil {
		return err
	}
	n, err := h.People.LinkSureMatches(c.Request.Context(), id)
	if err != nil {
		return err
	}
	c.Redirect(http.StatusSeeOther, fmt.Sprintf("/events/%d/register-matches?linked=%d", id, n))
	return nil
}

// linkPlayerToPerson links a player to the person chosen among the
// candidates (person, their ID) or typed by federation ID (federation_id,
// which wins when given); "unlink", from the player's form, takes the link
// back.
func (h *handler) linkPlayerToPerson(c *gin.Context) error {
	ids, err := core.PathInts(c, "id", "pid")
	if err != nil {
		return err
	}
	f := kit.FormValues(c, "person", "federation_id")
	ctx := c.Request.Context()
	var personID int64
	switch {
	case c.PostForm("unlink") != "":
	case f.Values["federation_id"] != "":
		var p *tournament.Person
		if p, err = h.People.PersonByFederationID(ctx, f.Values["federation_id"]); err == nil {
			personID = p.ID
		}
	case f.Values["person"] != "":
		if personID, err = strconv.ParseInt(f.Values["person"], 10, 64); err != nil {
			err = tournament.Invalid("person_id", "%q is not a person of the register", f.Values["person"])
		}
	default:
		err = tournament.Invalid("person_id", "choose a person, or type their federation ID")
	}
	if err == nil {
		if _, err = h.People.LinkPlayerToPerson(ctx, ids[0], ids[1], personID); err == nil {
			if personID == 0 {
				c.Redirect(http.StatusSeeOther, fmt.Sprintf("/events/%d/players/%d/edit", ids[0], ids[1]))
				return nil
			}
			c.Redirect(http.StatusSeeOther, fmt.Sprintf("/events/%d/register-matches", ids[0]))
			return nil
		}
	}
	if ferr := f.Fail(err, h.Translator(c)); ferr != nil {
		return ferr
	}
	return h.renderRegisterMatches(c, kit.FormStatus(err), ids[1], f)
}

func (h *handler) addPlayerToRegister(c *gin.Context) error {
	ids, err := core.PathInts(c, "id", "pid")
	if err != nil {
		return err
	}
	f := kit.FormValues(c, "surname", "given_names", "patronymic")
	names := people.NewPersonNames{Surname: f.Values["surname"], GivenNames: f.Values["given_names"], Patronymic: f.Values["patronymic"]}
	if _, err := h.People.AddPlayerToRegister(c.Request.Context(), ids[0], ids[1], names); err != nil {
		if ferr := f.Fail(err, h.Translator(c)); ferr != nil {
			return ferr
		}
		return h.renderRegisterMatches(c, kit.FormStatus(err), ids[1], f)
	}
	c.Redirect(http.StatusSeeOther, fmt.Sprintf("/events/%d/register-matches", ids[0]))
	return nil
}
