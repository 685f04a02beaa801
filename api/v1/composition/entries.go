package composition

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"adiukh/api/core"
	"adiukh/api/v1/kit"
	"adiukh/tournament/catalog"
	contests "adiukh/tournament/composition"
)

type entryBody struct {
	Section     string `json:"section"`
	Position    string `json:"position"`
	Side        string `json:"side"`
	Stipulation string `json:"stipulation"`
	Solution    string `json:"solution"`
	Comment     string `json:"comment"`
}

func (b entryBody) input() contests.EntryInput {
	return contests.EntryInput{Section: b.Section, Comment: b.Comment,
		Entry: contests.Entry{Position: b.Position, Side: b.Side, Stipulation: b.Stipulation, Solution: b.Solution}}
}

// findingsView is the solver's report on a work, what is wrong said in
// the client's language (English unless asked): the shape of the findings
// of adiukh solve --json.
type findingsView struct {
	Verdict    contests.Verdict `json:"verdict"`
	Keys       []string         `json:"keys,omitempty"`
	Line       []string         `json:"line,omitempty"`
	Duals      []contests.Dual  `json:"duals,omitempty"`
	Refutation *refutationView  `json:"refutation,omitempty"`
	Faults     []faultView      `json:"faults,omitempty"`
	Nodes      int64            `json:"nodes,omitempty"`
	Budget     int64            `json:"budget,omitempty"`
	// What a not_proved verdict leaves: the time budget that ran out
	// (seconds), the bounds of the position's value proved by then and
	// what they say (proved), in the client's language; and, whatever the
	// verdict, the ply from which the budget left the author's solution
	// unchecked.
	Seconds      int    `json:"seconds,omitempty"`
	WhiteAtLeast *int   `json:"white_min_at_least,omitempty"`
	WhiteAtMost  *int   `json:"white_max_at_most,omitempty"`
	Proved       string `json:"proved,omitempty"`
	Unchecked    int    `json:"unchecked,omitempty"`
}

type refutationView struct {
	Reason string   `json:"reason"`
	Line   []string `json:"line"`
}

type faultView struct {
	Ply     int    `json:"ply"`
	Move    string `json:"move"`
	Message string `json:"message"`
}

func newFindingsView(f contests.Findings, loc *catalog.Localizer) findingsView {
	v := findingsView{Verdict: f.Verdict, Keys: f.Keys, Line: f.Line, Duals: f.Duals, Nodes: f.Nodes, Budget: f.Budget, Seconds: f.Seconds,
		Unchecked: f.Unchecked}
	if f.Verdict == contests.NotProved {
		v.WhiteAtLeast, v.WhiteAtMost, v.Proved = f.WhiteAtLeast, f.WhiteAtMost, loc.Message(f.Proved())
	}
	if r := f.Refutation; r != nil {
		v.Refutation = &refutationView{Reason: loc.Message(r.Reason.Message), Line: append([]string{}, r.Line...)}
	}
	for _, fault := range f.Faults {
		v.Faults = append(v.Faults, faultView{Ply: fault.Ply, Move: fault.Move, Message: loc.Message(fault.Message())})
	}
	return v
}

// workView is a composition as authors, judges and readers see it.
type workView struct {
	Section     string       `json:"section"`
	Position    string       `json:"position"`
	Side        string       `json:"side"`
	Stipulation string       `json:"stipulation"`
	Solution    string       `json:"solution"`
	Comment     string       `json:"comment,omitempty"`
	Findings    findingsView `json:"findings"`
}

func newWorkView(section string, e contests.Entry, comment string, f contests.Findings, loc *catalog.Localizer) workView {
	return workView{Section: section, Position: e.Position, Side: e.Side, Stipulation: e.Stipulation, Solution: e.Solution,
		Comment: comment, Findings: newFindingsView(f, loc)}
}

// entryView is an entry as its author sees it.
type entryView struct {
	ID   int64  `json:"id"`
	Code string `json:"code"`
	workView
	SubmittedAt string `json:"submitted_at"`
	UpdatedAt   string `json:"updated_at"`
	Withdrawn   bool   `json:"withdrawn,omitempty"`
	Eliminated  string `json:"eliminated,omitempty"`
}

func newEntryView(w *contests.Work, loc *catalog.Localizer) entryView {
	v := entryView{ID: w.ID, Code: w.Code, workView: newWorkView(w.Section, w.Entry, w.Comment, w.Findings, loc),
		SubmittedAt: rfc3339(w.SubmittedAt), UpdatedAt: rfc3339(w.UpdatedAt), Withdrawn: w.Withdrawn}
	if w.Eliminated != "" {
		v.Eliminated = loc.Message(w.Elimination())
	}
	return v
}

func (h *handler) postEntry(c *gin.Context) error {
	id, body, err := kit.PathBody[entryBody](c, "id")
	if err != nil {
		return err
	}
	w, err := h.Composition.Submit(c.Request.Context(), id, body.input())
	if err != nil {
		return err
	}
	c.JSON(http.StatusCreated, newEntryView(w, core.JSONLocalizer(c)))
	return nil
}

func (h *handler) putEntry(c *gin.Context) error {
	eid, body, err := kit.PathBody[entryBody](c, "eid")
	if err != nil {
		return err
	}
	w, err := h.Composition.Edit(c.Request.Context(), eid, body.input())
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, newEntryView(w, core.JSONLocalizer(c)))
	return nil
}

func (h *handler) deleteEntry(c *gin.Context) error {
	eid, err := core.PathInt(c, "eid")
	if err != nil {
		return err
	}
	w, err := h.Composition.Withdraw(c.Request.Context(), eid)
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, newEntryView(w, core.JSONLocalizer(c)))
	return nil
}

func (h *handler) getMyEntries(c *gin.Context) error {
	id, err := core.PathInt(c, "id")
	if err != nil {
		return err
	}
	works, err := h.Composition.MyWorks(c.Request.Context(), id)
	if err != nil {
		return err
	}
	out, loc := []myEntryView{}, core.JSONLocalizer(c)
	for i := range works {
		m := &works[i]
		v := myEntryView{entryView: newEntryView(&m.Work, loc), ExAequo: m.ExAequo}
		if m.Honour != nil {
			v.Honour, v.Place = string(m.Honour.Honour), m.Honour.Place
		}
		for _, cl := range m.Claims {
			v.Claims = append(v.Claims, newClaimView(cl))
		}
		out = append(out, v)
	}
	c.JSON(http.StatusOK, out)
	return nil
}

// myEntryView is an entry as its author lists it: once the award is
// published, its honour and place and the claims about it.
type myEntryView struct {
	entryView
	Honour  string      `json:"honour,omitempty"`
	Place   int         `json:"place,omitempty"`
	ExAequo bool        `json:"ex_aequo,omitempty"`
	Claims  []claimView `json:"claims,omitempty"`
}
