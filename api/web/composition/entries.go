package composition

import (
	"fmt"
	"net/http"
	"strconv"

	"github.com/gin-gonic/gin"

	"adiukh/api/core"
	"adiukh/api/web/kit"
	"adiukh/tournament"
	"adiukh/tournament/composition"
)

// entryRow is an author's entry with its diagram.
type entryRow struct {
	composition.MyWork
	Diagram *diagram
}

type entriesPageData struct {
	kit.EventHeader
	Contest *composition.ContestView
	Missing string
	Entries []entryRow
	// Editing is the entry whose values fill the form; 0 for a new entry.
	Editing int64
	// Just is the entry just submitted or edited, whose verdict is shown
	// at the top.
	Just *entryRow
	Form *kit.Form
}

func (h *handler) entriesPage(c *gin.Context) error {
	return h.renderEntries(c, kit.NewForm(), http.StatusOK)
}

func (h *handler) renderEntries(c *gin.Context, f *kit.Form, status int) error {
	e, cv, missing, err := h.eventContest(c)
	if err != nil {
		return err
	}
	data := &entriesPageData{EventHeader: h.Header(c, e, "entries"), Contest: cv, Missing: missing, Form: f}
	works, err := h.Composition.MyWorks(c.Request.Context(), e.ID)
	if err != nil {
		return err
	}
	just, _ := strconv.ParseInt(c.Query("entry"), 10, 64)
	edit, _ := strconv.ParseInt(c.Query("edit"), 10, 64)
	for _, w := range works {
		row := entryRow{MyWork: w, Diagram: newDiagram(w.Position, w.Side)}
		data.Entries = append(data.Entries, row)
		if w.ID == just {
			data.Just = &row
		}
		if w.ID == edit && status == http.StatusOK && !w.Withdrawn {
			data.Editing = w.ID
			// The stored position and stipulation are canonical English;
			// the form gives them back in the page's language, as typed.
			tr := h.Translator(c)
			position := tr.Position(w.Position)
			for k, v := range map[string]string{"section": w.Section, "position": position, "side": w.Side,
				"stipulation": tr.Stipulation(w.Stipulation), "solution": w.Solution, "comment": w.Comment} {
				f.Values[k] = v
			}
		}
	}
	if id, err := strconv.ParseInt(f.Values["editing"], 10, 64); err == nil {
		data.Editing = id
	}
	if f.Values["side"] == "" {
		f.Values["side"] = "white"
	}
	h.RenderWith(c, h.Translator(c).In(e.Location()), status, "contest_entries", e.Name, data)
	return nil
}

func entryForm(c *gin.Context) (*kit.Form, composition.EntryInput) {
	f := kit.NewForm()
	for _, k := range []string{"section", "position", "side", "stipulation", "solution", "comment"} {
		f.Values[k] = c.PostForm(k)
	}
	return f, composition.EntryInput{Section: f.Values["section"], Comment: f.Values["comment"], Entry: composition.Entry{
		Position: f.Values["position"], Side: f.Values["side"], Stipulation: f.Values["stipulation"], Solution: f.Values["solution"]}}
}

func (h *handler) submitEntry(c *gin.Context) error {
	id, err := core.PathInt(c, "id")
	if err != nil {
		return err
	}
	f, in := entryForm(c)
	w, err := h.Composition.Submit(c.Request.Context(), id, in)
	next := ""
	if err == nil {
		next = fmt.Sprintf("/events/%d/contest/entries?entry=%d#entry-%d", id, w.ID, w.ID)
	}
	return h.AfterForm(c, next, f, err, func(f *kit.Form, status int) error { return h.renderEntries(c, f, status) })
}

func (h *handler) editEntry(c *gin.Context) error {
	eid, err := core.PathInt(c, "eid")
	if err != nil {
		return err
	}
	f, in := entryForm(c)
	f.Values["editing"] = fmt.Sprint(eid)
	w, err := h.Composition.Edit(c.Request.Context(), eid, in)
	if err != nil {
		return h.entryFormError(c, f, err)
	}
	c.Redirect(http.StatusSeeOther, fmt.Sprintf("/events/%d/contest/entries?entry=%d#entry-%d", w.EventID, w.ID, w.ID))
	return nil
}

// entryFormError shows the entries page of the entry's event again with
// the error; the event comes from the form, as the address names the entry.
func (h *handler) entryFormError(c *gin.Context, f *kit.Form, err error) error {
	if ferr := f.Fail(err, h.Translator(c)); ferr != nil {
		return ferr
	}
	c.Params = append(c.Params, gin.Param{Key: "id", Value: c.PostForm("event")})
	return h.renderEntries(c, f, kit.FormStatus(err))
}

func (h *handler) withdrawEntry(c *gin.Context) error {
	eid, err := core.PathInt(c, "eid")
	if err != nil {
		return err
	}
	// Withdrawing cannot be undone: the form asks to confirm it.
	if c.PostForm("confirm") == "" {
		return h.entryFormError(c, kit.NewForm(), tournament.Invalid("", "tick the box to confirm withdrawing the entry: a withdrawn entry leaves the contest for good"))
	}
	w, err := h.Composition.Withdraw(c.Request.Context(), eid)
	if err != nil {
		return h.entryFormError(c, kit.NewForm(), err)
	}
	c.Redirect(http.StatusSeeOther, fmt.Sprintf("/events/%d/contest/entries", w.EventID))
	return nil
}
