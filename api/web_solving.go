package api

import (
	"errors"
	"fmt"
	"net/http"

	"github.com/gin-gonic/gin"

	"adiukh/tournament"
	"adiukh/tournament/composition"
)

// The solving contest's page: the window, the problems once it opens, a
// participant's answer forms while it runs, then the solutions, the
// verdicts and the ranking. The director sets it up through the JSON API
// (PUT /api/v1/events/{id}/solving); the page calls the same use cases.
func (h *handler) solvingRoutesWeb(public, signedIn *gin.RouterGroup) {
	public.GET("/events/:id/solving", h.pageHandler(h.solvingPage))
	signedIn.POST("/events/:id/solving/problems/:n/answer", h.pageHandler(h.submitSolvingAnswer))
}

// solvingRow is one problem with its diagram and the reader's answer.
type solvingRow struct {
	composition.SolvingProblem
	Diagram *diagram
	Mine    *composition.SolvingAnswer
}

type solvingPageData struct {
	eventHeader
	View    *composition.SolvingView
	Missing string
	Signed  bool
	Rows    []solvingRow
	Form    *form
}

func (h *handler) solvingPage(c *gin.Context) error {
	return h.renderSolving(c, newForm(), http.StatusOK)
}

func (h *handler) renderSolving(c *gin.Context, f *form, status int) error {
	e, err := h.compositionEvent(c)
	if err != nil {
		return err
	}
	data := &solvingPageData{eventHeader: h.header(c, e, "solving"), Form: f, Signed: tournament.UserFromContext(c.Request.Context()) != nil}
	v, err := h.Composition.Solving(c.Request.Context(), e.ID)
	if te := (*tournament.Error)(nil); errors.As(err, &te) && te.Code == tournament.ENOTFOUND {
		data.Missing = h.translator(c).Error(te)
	} else if err != nil {
		return err
	} else {
		data.View = v
		for _, p := range v.Problems {
			row := solvingRow{SolvingProblem: p, Diagram: newDiagram(p.Position, p.Side)}
			for i := range v.Mine {
				if v.Mine[i].Problem == p.Number {
					row.Mine = &v.Mine[i]
				}
			}
			data.Rows = append(data.Rows, row)
		}
	}
	h.renderWith(c, h.translator(c), status, "solving", e.Name, data)
	return nil
}

func (h *handler) submitSolvingAnswer(c *gin.Context) error {
	id, err := pathInt(c, "id")
	if err != nil {
		return err
	}
	n, err := pathInt(c, "n")
	if err != nil {
		return err
	}
	f := formValues(c, "answer")
	f.Values["problem"] = fmt.Sprint(n)
	_, err = h.Composition.Answer(c.Request.Context(), id, int(n), f.Values["answer"])
	return h.afterForm(c, fmt.Sprintf("/events/%d/solving#problem-%d", id, n), f, err, func(f *form, status int) error { return h.renderSolving(c, f, status) })
}
