package composition

import (
	"errors"
	"net/http"
	"strings"

	"github.com/gin-gonic/gin"

	"adiukh/api/core"
	"adiukh/api/web/kit"
	"adiukh/rules"
	"adiukh/tournament"
	"adiukh/tournament/composition"
)

// diagram is a problem's position drawn for a page, with its notation.
type diagram struct {
	Board    *kit.BoardView
	Position string // in the rules' canonical notation
	Side     string // "white" or "black"
}

func newDiagram(position, side string) *diagram {
	s, err := composition.Game.Rules.ParseState(position, rules.White)
	if err != nil {
		return nil
	}
	d := &diagram{Board: kit.StateBoardView(composition.Game, s, rules.White), Position: s.Notation(), Side: "white"}
	if s := strings.ToLower(strings.TrimSpace(side)); s == "black" || s == "черные" || s == "чёрные" {
		d.Side = "black"
	}
	return d
}

// contestPageData is the contest as anyone sees it, with what the reader
// may do: enter, judge, direct.
type contestPageData struct {
	kit.EventHeader
	Contest *composition.ContestView
	// Missing says why there is no contest yet (the director sets it up).
	Missing string
	Signed  bool
}

func (h *handler) compositionEvent(c *gin.Context) (*tournament.Event, error) {
	id, err := core.PathInt(c, "id")
	if err != nil {
		return nil, err
	}
	e, err := h.Events.Event(c.Request.Context(), id)
	if err != nil {
		return nil, err
	}
	if e.Discipline != tournament.Composition {
		return nil, tournament.NotFound("%s is not a composition contest", e.Name)
	}
	return e, nil
}

// eventContest reads the composition event of the path and its contest.
func (h *handler) eventContest(c *gin.Context) (*tournament.Event, *composition.ContestView, string, error) {
	e, err := h.compositionEvent(c)
	if err != nil {
		return nil, nil, "", err
	}
	cv, missing, err := h.contestOf(c, e)
	return e, cv, missing, err
}

// contestOf reads the contest; a contest not yet set up is not an error on
// a page, it is said there.
func (h *handler) contestOf(c *gin.Context, e *tournament.Event) (*composition.ContestView, string, error) {
	cv, err := h.Composition.Contest(c.Request.Context(), e.ID)
	if err != nil {
		if te := (*tournament.Error)(nil); errors.As(err, &te) && te.Code == tournament.ENOTFOUND {
			return nil, h.Translator(c).Phrase(te), nil
		}
		return nil, "", err
	}
	return cv, "", nil
}

func (h *handler) contestPage(c *gin.Context) error {
	e, cv, missing, err := h.eventContest(c)
	if err != nil {
		return err
	}
	data := &contestPageData{EventHeader: h.Header(c, e, "contest"), Contest: cv, Missing: missing,
		Signed: tournament.UserFromContext(c.Request.Context()) != nil}
	h.RenderWith(c, h.Translator(c).In(e.Location()), http.StatusOK, "contest", e.Name, data)
	return nil
}
