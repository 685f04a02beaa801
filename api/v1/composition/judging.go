package composition

import (
	"encoding/json"
	"net/http"

	"github.com/gin-gonic/gin"

	"adiukh/api/core"
	"adiukh/api/v1/kit"
	"adiukh/tournament"
	contests "adiukh/tournament/composition"
)

type markView struct {
	Judge   int64   `json:"judge"`
	Mark    float64 `json:"mark"`
	Comment string  `json:"comment,omitempty"`
	At      string  `json:"at"`
}

// anonymousView is an entry as the jury sees it: by code, never by author.
type anonymousView struct {
	Code string `json:"code"`
	workView
	Marks    []markView `json:"marks"`
	Score    *float64   `json:"score,omitempty"`
	Rank     int        `json:"rank,omitempty"`
	Unranked string     `json:"unranked,omitempty"`
	// Anticipations are the works with the same position, for the
	// director: other entries, works of earlier awards.
	Anticipations []string `json:"anticipations,omitempty"`
}

func (h *handler) getJudging(c *gin.Context) error {
	id, err := core.PathInt(c, "id")
	if err != nil {
		return err
	}
	list, err := h.Composition.ForJudging(c.Request.Context(), id)
	if err != nil {
		return err
	}
	out, loc := []anonymousView{}, core.JSONLocalizer(c)
	for _, a := range list {
		v := anonymousView{Code: a.Code, workView: newWorkView(a.Section, a.Entry, a.Comment, a.Findings, loc),
			Marks: []markView{}, Score: a.Score, Rank: a.Rank, Unranked: loc.Message(a.Failed)}
		for _, m := range a.Marks {
			v.Marks = append(v.Marks, markView{Judge: m.JudgeID, Mark: m.Mark, Comment: m.Comment, At: rfc3339(m.At)})
		}
		for _, twin := range a.Twins {
			v.Anticipations = append(v.Anticipations, loc.Message(twin.Message()))
		}
		out = append(out, v)
	}
	c.JSON(http.StatusOK, out)
	return nil
}

type markBody struct {
	// Mark is the number as it was written, which the service reads:
	// 3.5 is a mark, 1e0 is not.
	Mark    *json.Number `json:"mark"`
	Comment string       `json:"comment"`
}

// postAcceptCook is the director accepting a cooked entry, with a reason.
func (h *handler) postAcceptCook(c *gin.Context) error {
	id, err := core.PathInt(c, "id")
	if err != nil {
		return err
	}
	var body struct {
		Reason string `json:"reason"`
	}
	if err := kit.DecodeJSON(c, &body); err != nil {
		return err
	}
	w, err := h.Composition.AcceptCook(c.Request.Context(), id, c.Param("code"), body.Reason)
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, cookView{Code: w.Code, CookAccepted: w.CookAccepted})
	return nil
}

func (h *handler) putMark(c *gin.Context) error {
	id, body, err := kit.PathBody[markBody](c, "id")
	if err != nil {
		return err
	}
	if body.Mark == nil {
		return tournament.Invalid("mark", "give the mark")
	}
	m, err := h.Composition.Mark(c.Request.Context(), id, contests.MarkInput{Code: c.Param("code"), Mark: body.Mark.String(), Comment: body.Comment})
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, markView{Judge: m.JudgeID, Mark: m.Mark, Comment: m.Comment, At: rfc3339(m.At)})
	return nil
}

// cookView answers the director's acceptance of a cook: the work's code
// and the reason it was accepted for.
type cookView struct {
	Code         string `json:"code"`
	CookAccepted string `json:"cook_accepted"`
}
