package composition

import (
	"errors"
	"fmt"
	"net/http"

	"github.com/gin-gonic/gin"

	"adiukh/api/core"
	"adiukh/api/web/kit"
	"adiukh/tournament"
	"adiukh/tournament/composition"
)

// awardRow is one honour of the award with its diagram.
type awardRow struct {
	composition.Awarded
	Diagram *diagram
}

type awardSection struct {
	Name  string
	Items []awardRow
}

type awardPageData struct {
	kit.EventHeader
	Award       *composition.Award
	Sections    []awardSection
	Missing     string
	ClaimsOpen  bool
	Signed      bool
	Form        *kit.Form
	Provisional bool
}

func (h *handler) awardPage(c *gin.Context) error {
	return h.renderAward(c, kit.NewForm(), http.StatusOK)
}

func (h *handler) renderAward(c *gin.Context, f *kit.Form, status int) error {
	e, err := h.compositionEvent(c)
	if err != nil {
		return err
	}
	data := &awardPageData{EventHeader: h.Header(c, e, "award"), Form: f, Signed: tournament.UserFromContext(c.Request.Context()) != nil}
	a, err := h.Composition.Award(c.Request.Context(), e.ID)
	if te := (*tournament.Error)(nil); errors.As(err, &te) && (te.Code == tournament.ENOTFOUND || te.Code == tournament.ECONFLICT) {
		data.Missing = h.Translator(c).Phrase(te)
	} else if err != nil {
		return err
	} else {
		data.Award = a
		data.Provisional = a.Contest.Stage == composition.Provisional
		data.ClaimsOpen = data.Provisional && h.Now().Before(a.Contest.ClaimsUntil)
		for _, it := range a.Items {
			if n := len(data.Sections); n == 0 || data.Sections[n-1].Name != it.Section {
				data.Sections = append(data.Sections, awardSection{Name: it.Section})
			}
			s := &data.Sections[len(data.Sections)-1]
			s.Items = append(s.Items, awardRow{Awarded: it, Diagram: newDiagram(it.Entry.Position, it.Entry.Side)})
		}
	}
	h.RenderWith(c, h.Translator(c).In(e.Location()), status, "contest_award", e.Name, data)
	return nil
}

func (h *handler) fileClaim(c *gin.Context) error {
	id, err := core.PathInt(c, "id")
	if err != nil {
		return err
	}
	f := kit.FormValues(c, "code", "kind", "evidence")
	_, err = h.Composition.FileClaim(c.Request.Context(), id, composition.ClaimInput{Code: f.Values["code"],
		Kind: composition.ClaimKind(f.Values["kind"]), Evidence: f.Values["evidence"]})
	return h.AfterForm(c, fmt.Sprintf("/events/%d/contest/award#claims", id), f, err, func(f *kit.Form, status int) error { return h.renderAward(c, f, status) })
}
