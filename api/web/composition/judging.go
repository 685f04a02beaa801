package composition

import (
	"cmp"
	"errors"
	"fmt"
	"net/http"

	"github.com/gin-gonic/gin"

	"adiukh/api/core"
	"adiukh/api/web/kit"
	"adiukh/tournament"
	"adiukh/tournament/composition"
)

// juryRow is an entry as the jury sees it: by code, with its diagram.
type juryRow struct {
	composition.Anonymous
	Diagram *diagram
	// Mine is the reader's own mark, when a judge has marked.
	Mine *composition.Mark
	// Listed are the marks the service shows the reader (the director
	// every judge's, a judge their own), each with its judge's name, less
	// the reader's own while it fills the reader's mark form.
	Listed []juryMark
}

// juryMark is a mark as the jury's page lists it.
type juryMark struct {
	Judge   string
	Mark    float64
	Comment string
}

type judgingPageData struct {
	kit.EventHeader
	Contest *composition.ContestView
	Entries []juryRow
	// Closed says why the entries cannot be judged yet.
	Closed string
	// MayMark tells whether the reader has mark forms: a judge, while the
	// marks may still change.
	MayMark bool
	Form    *kit.Form
}

func (h *handler) judgingPage(c *gin.Context) error {
	return h.renderJudging(c, kit.NewForm(), http.StatusOK)
}

func (h *handler) juryRows(c *gin.Context, cv *composition.ContestView) ([]juryRow, string, error) {
	list, err := h.Composition.ForJudging(c.Request.Context(), cv.EventID)
	if err != nil {
		if te := (*tournament.Error)(nil); errors.As(err, &te) && te.Code == tournament.ECONFLICT {
			return nil, h.Translator(c).Phrase(te), nil
		}
		return nil, "", err
	}
	names := map[int64]string{}
	for _, j := range cv.Judges {
		names[j.ID] = j.Name
	}
	u := tournament.UserFromContext(c.Request.Context())
	var rows []juryRow
	for _, a := range list {
		r := juryRow{Anonymous: a, Diagram: newDiagram(a.Position, a.Side)}
		for i, m := range a.Marks {
			if u != nil && m.JudgeID == u.ID {
				r.Mine = &a.Marks[i]
				if cv.MayMark() {
					continue
				}
			}
			r.Listed = append(r.Listed, juryMark{Judge: cmp.Or(names[m.JudgeID], fmt.Sprintf("#%d", m.JudgeID)), Mark: m.Mark, Comment: m.Comment})
		}
		rows = append(rows, r)
	}
	return rows, "", nil
}

func (h *handler) renderJudging(c *gin.Context, f *kit.Form, status int) error {
	e, cv, missing, err := h.eventContest(c)
	if err != nil {
		return err
	}
	data := &judgingPageData{EventHeader: h.Header(c, e, "judging"), Contest: cv, Closed: missing, Form: f}
	if cv != nil {
		if !cv.IsJudge && !cv.IsDirector {
			return tournament.Forbidden("only the contest's judges and its director see the entries before the award")
		}
		if data.Entries, data.Closed, err = h.juryRows(c, cv); err != nil {
			return err
		}
		data.MayMark = cv.MayMark()
	}
	h.RenderWith(c, h.Translator(c).In(e.Location()), status, "contest_judging", e.Name, data)
	return nil
}

func (h *handler) submitMark(c *gin.Context) error {
	id, err := core.PathInt(c, "id")
	if err != nil {
		return err
	}
	code := c.Param("code")
	f := kit.NewForm()
	f.Values["code"], f.Values["mark"], f.Values["comment"] = code, c.PostForm("mark"), c.PostForm("comment")
	_, err = h.Composition.Mark(c.Request.Context(), id, composition.MarkInput{Code: code, Mark: c.PostForm("mark"), Comment: c.PostForm("comment")})
	return h.AfterForm(c, fmt.Sprintf("/events/%d/contest/judging#entry-%s", id, code), f, err, func(f *kit.Form, status int) error { return h.renderJudging(c, f, status) })
}
