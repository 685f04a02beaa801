package web

import (
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"adiukh/api/core"
	"adiukh/api/web/kit"
	"adiukh/tournament"
	"adiukh/tournament/entries"
)

// entriesRoutesWeb registers the entries page of an event: a signed-in
// player enters and withdraws there, the event's arbiter sets the terms and
// decides. Each form calls the use case the JSON API calls.
func (h *handler) entriesRoutesWeb(m *gin.RouterGroup) {
	m.GET("/events/:id/entries", h.Page(h.eventEntriesPage))
	m.POST("/events/:id/entries", h.Page(h.enterEvent))
	m.POST("/events/:id/entries/settings", h.Page(h.setEntries))
	m.POST("/events/:id/entries/accept", h.Page(h.acceptAllEntries))
	m.POST("/events/:id/entries/:eid/accept", h.Page(h.acceptEntry))
	m.POST("/events/:id/entries/:eid/decline", h.Page(h.declineEntry))
	m.POST("/events/:id/entries/:eid/withdraw", h.Page(h.withdrawEventEntry))
	m.POST("/events/:id/entries/:eid/withdraw/confirm", h.Page(h.confirmWithdrawal))
	m.POST("/events/:id/entries/:eid/withdraw/cancel", h.Page(h.takeBackWithdrawal))
}

// eventEntriesData is the entries page: the service's view with the forms
// shown again after a failed submit.
type eventEntriesData struct {
	kit.EventHeader
	*entries.EntryView
	// EnterForm, TermsForm and DecideForm are the forms of the player, of
	// the terms and of the decisions; each shows its own error. TermsForm
	// holds the saved terms, or what was typed when they were refused.
	EnterForm  *kit.Form
	TermsForm  *kit.Form
	DecideForm *kit.Form
}

func (h *handler) eventEntriesPage(c *gin.Context) error {
	return h.showEntries(c, http.StatusOK, nil)
}

// showEntries renders the page; fill, when set, puts back the form that
// failed, with its error.
func (h *handler) showEntries(c *gin.Context, status int, fill func(*eventEntriesData)) error {
	id, err := core.PathInt(c, "id")
	if err != nil {
		return err
	}
	ctx := c.Request.Context()
	e, err := h.Events.Event(ctx, id)
	if err != nil {
		return err
	}
	v, err := h.Entries.Entries(ctx, id)
	if err != nil {
		return err
	}
	data := &eventEntriesData{EventHeader: h.Header(c, e, "event_entries"), EntryView: v, EnterForm: kit.NewForm(), TermsForm: termsForm(&v.Settings, v.Zone), DecideForm: kit.NewForm()}
	if fill != nil {
		fill(data)
	}
	tr := h.Translator(c).In(v.Zone)
	h.RenderWith(c, tr, status, "entries", tr.T("entries.title"), data)
	return nil
}

// termsForm is the terms form filled with the saved terms, as its inputs
// write them: the deadline in the event's zone, an empty field for a bound
// that is none.
func termsForm(set *entries.EntrySettings, zone *time.Location) *kit.Form {
	f := kit.NewForm()
	if set.Open {
		f.Values["open"] = "on"
	}
	if !set.Deadline.IsZero() {
		f.Values["deadline"] = set.Deadline.In(zone).Format("2006-01-02T15:04")
	}
	for name, n := range map[string]int{"max": set.Max, "min_birth_year": set.MinBirthYear, "max_birth_year": set.MaxBirthYear, "min_rating": set.MinRating, "max_rating": set.MaxRating} {
		if n != 0 {
			f.Values[name] = strconv.Itoa(n)
		}
	}
	f.Values["sex"], f.Values["region"] = set.Sex, set.Region
	return f
}

// formInt reads a whole number of a form; empty is 0.
func formInt(c *gin.Context, name string) (int, error) {
	s := strings.TrimSpace(c.PostForm(name))
	if s == "" {
		return 0, nil
	}
	n, err := strconv.Atoi(s)
	if err != nil {
		return 0, tournament.Invalid(name, "%q is not a whole number", s)
	}
	return n, nil
}

// failedForm shows the page again with err at its field of the form pick
// chooses, or returns err when no form can show it.
func (h *handler) failedForm(c *gin.Context, err error, pick func(*eventEntriesData) *kit.Form) error {
	f := kit.NewForm()
	if ferr := f.Fail(err, h.Translator(c)); ferr != nil {
		return ferr
	}
	for k := range c.Request.PostForm {
		f.Values[k] = c.PostForm(k)
	}
	return h.showEntries(c, kit.FormStatus(err), func(d *eventEntriesData) { *pick(d) = *f })
}

func (h *handler) backToEntries(c *gin.Context, id int64) {
	c.Redirect(http.StatusSeeOther, fmt.Sprintf("/events/%d/entries", id))
}

func (h *handler) enterEvent(c *gin.Context) error {
	id, err := core.PathInt(c, "id")
	if err != nil {
		return err
	}
	in := entries.EntryInput{Note: c.PostForm("note"), Sex: c.PostForm("sex"), Region: c.PostForm("region")}
	enterForm := func(d *eventEntriesData) *kit.Form { return d.EnterForm }
	if in.BirthYear, err = formInt(c, "birth_year"); err != nil {
		return h.failedForm(c, err, enterForm)
	}
	if _, err := h.Entries.Enter(c.Request.Context(), id, in); err != nil {
		return h.failedForm(c, err, enterForm)
	}
	h.backToEntries(c, id)
	return nil
}

func (h *handler) setEntries(c *gin.Context) error {
	id, err := core.PathInt(c, "id")
	if err != nil {
		return err
	}
	settingsForm := func(d *eventEntriesData) *kit.Form { return d.TermsForm }
	open := c.PostForm("open") == "on"
	deadline, sex, region := c.PostForm("deadline"), c.PostForm("sex"), c.PostForm("region")
	in := entries.EntrySettingsInput{Open: &open, Deadline: &deadline, Sex: &sex, Region: &region}
	ints := []struct {
		name string
		out  **int
	}{{"max", &in.Max}, {"min_birth_year", &in.MinBirthYear}, {"max_birth_year", &in.MaxBirthYear}, {"min_rating", &in.MinRating}, {"max_rating", &in.MaxRating}}
	for _, f := range ints {
		n, err := formInt(c, f.name)
		if err != nil {
			return h.failedForm(c, err, settingsForm)
		}
		*f.out = &n
	}
	if _, err := h.Entries.SetEntries(c.Request.Context(), id, in); err != nil {
		return h.failedForm(c, err, settingsForm)
	}
	h.backToEntries(c, id)
	return nil
}

func (h *handler) acceptAllEntries(c *gin.Context) error {
	id, err := core.PathInt(c, "id")
	if err != nil {
		return err
	}
	if _, err := h.Entries.AcceptEntries(c.Request.Context(), id); err != nil {
		return h.failedForm(c, err, func(d *eventEntriesData) *kit.Form { return d.DecideForm })
	}
	h.backToEntries(c, id)
	return nil
}

func (h *handler) acceptEntry(c *gin.Context) error {
	ids, err := core.PathInts(c, "id", "eid")
	if err != nil {
		return err
	}
	names := entries.EntrantNames{Surname: c.PostForm("surname"), GivenNames: c.PostForm("given_names"), Patronymic: c.PostForm("patronymic")}
	if _, err := h.Entries.AcceptEntryAs(c.Request.Context(), ids[0], ids[1], names); err != nil {
		return h.failedForm(c, err, func(d *eventEntriesData) *kit.Form { return d.DecideForm })
	}
	h.backToEntries(c, ids[0])
	return nil
}

func (h *handler) declineEntry(c *gin.Context) error {
	ids, err := core.PathInts(c, "id", "eid")
	if err != nil {
		return err
	}
	if _, err := h.Entries.DeclineEntry(c.Request.Context(), ids[0], ids[1], c.PostForm("reason")); err != nil {
		return h.failedForm(c, err, func(d *eventEntriesData) *kit.Form { return d.DecideForm })
	}
	h.backToEntries(c, ids[0])
	return nil
}

// withdrawEventEntry withdraws the player's own entry, from the entries
// page or from their own page (from=my), to which it returns.
func (h *handler) withdrawEventEntry(c *gin.Context) error {
	ids, err := core.PathInts(c, "id", "eid")
	if err != nil {
		return err
	}
	if _, err := h.Entries.WithdrawEntry(c.Request.Context(), ids[0], ids[1], c.PostForm("reason")); err != nil {
		return h.failedForm(c, err, func(d *eventEntriesData) *kit.Form { return d.EnterForm })
	}
	h.backFromOwnEntry(c, ids[0])
	return nil
}

// takeBackWithdrawal takes back the player's request to be withdrawn, from
// the entries page or their own page (from=my), to which it returns.
func (h *handler) takeBackWithdrawal(c *gin.Context) error {
	ids, err := core.PathInts(c, "id", "eid")
	if err != nil {
		return err
	}
	if _, err := h.Entries.TakeBackWithdrawal(c.Request.Context(), ids[0], ids[1]); err != nil {
		return h.failedForm(c, err, func(d *eventEntriesData) *kit.Form { return d.EnterForm })
	}
	h.backFromOwnEntry(c, ids[0])
	return nil
}

// backFromOwnEntry returns a player who acted on their own entry to the
// page they acted from: their own page (from=my) or the event's entries.
func (h *handler) backFromOwnEntry(c *gin.Context, eventID int64) {
	if c.PostForm("from") == "my" {
		c.Redirect(http.StatusSeeOther, "/my")
		return
	}
	h.backToEntries(c, eventID)
}

func (h *handler) confirmWithdrawal(c *gin.Context) error {
	ids, err := core.PathInts(c, "id", "eid")
	if err != nil {
		return err
	}
	if _, err := h.Entries.ConfirmWithdrawal(c.Request.Context(), ids[0], ids[1], c.PostForm("reason")); err != nil {
		return h.failedForm(c, err, func(d *eventEntriesData) *kit.Form { return d.DecideForm })
	}
	h.backToEntries(c, ids[0])
	return nil
}
