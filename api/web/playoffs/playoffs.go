// Package playoffs is the area of the pages of the play-offs of ties
// (tournament/playoff): an event's play-offs, and to its managers the ties
// of its final standings with a button "Play-off for place N" each and the
// form that creates one. Its form calls the same use case as the JSON API.
package playoffs

import (
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"

	"adiukh/api/core"
	"adiukh/api/web/kit"
	"adiukh/tournament"
	"adiukh/tournament/playoff"
)

// handler serves the play-offs' pages over the shared kit.
type handler struct {
	*kit.Kit
}

// Routes registers an event's play-offs page for every reader (public) and
// the form that creates one (signedIn).
func Routes(k *kit.Kit, public, signedIn gin.IRoutes) {
	h := &handler{Kit: k}
	public.GET("/events/:id/playoffs", h.Page(h.playoffsPage))
	signedIn.POST("/events/:id/playoffs", h.Page(h.createPlayoff))
}

// pageData is an event's play-offs, its ties and the form of a new one.
type pageData struct {
	kit.EventHeader
	View *playoff.Page
	Form *kit.Form
	// Place is the place whose tie the form was sent for: its form stays
	// open with what was typed and the error.
	Place int
}

func (h *handler) data(c *gin.Context, id int64) (*pageData, error) {
	page, err := h.Playoffs.Read(c.Request.Context(), id)
	if err != nil {
		return nil, err
	}
	return &pageData{EventHeader: h.Header(c, page.Event, "standings"), View: page, Form: kit.NewForm()}, nil
}

func (h *handler) playoffsPage(c *gin.Context) error {
	id, err := core.PathInt(c, "id")
	if err != nil {
		return err
	}
	d, err := h.data(c, id)
	if err != nil {
		return err
	}
	h.RenderWith(c, h.Translator(c), http.StatusOK, "playoffs", d.Event.Name, d)
	return nil
}

// createPlayoff creates the play-off of the tie for the place sent and
// opens its desk; a refused form comes back with the error at its field.
func (h *handler) createPlayoff(c *gin.Context) error {
	id, err := core.PathInt(c, "id")
	if err != nil {
		return err
	}
	f := kit.NewForm()
	for _, field := range []string{"place", "games", "time_control", "name"} {
		f.Values[field] = strings.TrimSpace(c.PostForm(field))
	}
	place, _ := strconv.Atoi(f.Values["place"])
	in := playoff.Input{TimeControl: f.Values["time_control"], Name: f.Values["name"]}
	if place != 0 {
		in.Places = []int{place}
	}
	var created *playoff.View
	err = func() error {
		if f.Values["games"] != "" {
			if in.Games, err = strconv.Atoi(f.Values["games"]); err != nil {
				return tournament.Invalid("games", "%q is not a number of games", f.Values["games"])
			}
		}
		if in.Name == "" {
			e, err := h.Events.Event(c.Request.Context(), id)
			if err != nil {
				return err
			}
			in.Name = playoff.Name(h.Translator(c).Localizer, e.Name, in.Places)
		}
		created, err = h.Playoffs.Create(c.Request.Context(), id, in)
		return err
	}()
	if err == nil {
		c.Redirect(http.StatusSeeOther, fmt.Sprintf("/events/%d/manage", created.EventID))
		return nil
	}
	d, readErr := h.data(c, id)
	if readErr != nil {
		return readErr
	}
	if err := f.Fail(err, h.Translator(c)); err != nil {
		return err
	}
	d.Form, d.Place = f, place
	h.RenderWith(c, h.Translator(c), kit.FormStatus(err), "playoffs", d.Event.Name, d)
	return nil
}
