package composition

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"adiukh/api/web/kit"
	"adiukh/tournament"
	"adiukh/tournament/composition"
)

// deskData is the director's desk of a composition event: the contest's
// settings and jury, the entries by code with the solver's verdict and the
// ranking, and the steps of the award. There is no pairing, no game score
// and no tie-break here.
type deskData struct {
	kit.EventHeader
	Contest  *composition.ContestView
	Missing  string
	Entries  []juryRow
	Closed   string
	Award    *composition.Award
	Settings *kit.Form
	Judges   *kit.Form
	Publish  *kit.Form
	Edit     *kit.Form
	// EditRows are the rows of the form that edits the provisional award.
	EditRows []awardEditRow
	// PublishRows are the entries in their order, for the provisional
	// award chosen entry by entry.
	PublishRows []awardEditRow
	Final       *kit.Form
	Claims      *kit.Form
	// Text is the form of the award's place and the judge's report.
	Text *kit.Form
	// EventSettings are the event's own settings (name, dates, place,
	// visibility), on the form every event has.
	EventSettings kit.EventFormData
}

// renderDesk shows the desk; the failed form (settings, judges, publish,
// final, claims) shows its error.
func (h *handler) renderDesk(c *gin.Context, e *tournament.Event, which string, f *kit.Form, status int) error {
	if err := tournament.MayManage(c.Request.Context(), e); err != nil {
		return err
	}
	cv, missing, err := h.contestOf(c, e)
	if err != nil {
		return err
	}
	data := &deskData{EventHeader: h.Header(c, e, "manage"), Contest: cv, Missing: missing,
		Settings: kit.NewForm(), Judges: kit.NewForm(), Publish: kit.NewForm(), Edit: kit.NewForm(), Final: kit.NewForm(), Claims: kit.NewForm(), Text: kit.NewForm(),
		EventSettings: h.EventFormData(kit.EventFormValues(e))}
	switch which {
	case "event":
		data.EventSettings = h.EventFormData(f)
	case "settings":
		data.Settings = f
	case "judges":
		data.Judges = f
	case "publish":
		data.Publish = f
	case "edit":
		data.Edit = f
	case "final":
		data.Final = f
	case "claims":
		data.Claims = f
	case "text":
		data.Text = f
	}
	if cv != nil {
		if len(data.Settings.Values) == 0 {
			data.Settings.Values = contestFormValues(cv.Contest, e.Location())
		}
		if len(data.Judges.Values) == 0 {
			var emails []string
			for _, j := range cv.Judges {
				emails = append(emails, j.Email)
			}
			data.Judges.Values["judges"] = strings.Join(emails, "\n")
		}
		if data.Entries, data.Closed, err = h.juryRows(c, cv); err != nil {
			return err
		}
		if cv.Stage != composition.Entries {
			if data.Award, err = h.Composition.Award(c.Request.Context(), e.ID); err != nil {
				return err
			}
			data.EditRows = editRows(data.Edit, data.Award)
			if len(data.Text.Values) == 0 {
				data.Text.Values = map[string]string{"place": cv.AwardPlace, "report": cv.AwardReport}
			}
		} else {
			data.PublishRows = publishRows(data.Publish, data.Entries)
		}
	} else if len(data.Settings.Values) == 0 {
		data.Settings.Values = map[string]string{"scale": "4", "aggregation": "mean", "claim_days": "14",
			"sections": "", "deadline": h.Now().AddDate(0, 1, 0).In(e.Location()).Format(minuteLayout)}
	}
	h.RenderWith(c, h.Translator(c).In(e.Location()), status, "contest_desk", e.Name, data)
	return nil
}

func contestFormValues(c *composition.Contest, zone *time.Location) map[string]string {
	var lines []string
	for _, s := range c.Sections {
		line := s.Name
		if s.Rules != "" {
			line += " | " + s.Rules
		}
		lines = append(lines, line)
	}
	return map[string]string{"sections": strings.Join(lines, "\n"), "deadline": c.Deadline.In(zone).Format(minuteLayout),
		"scale": strconv.FormatFloat(c.Scale, 'f', -1, 64), "aggregation": string(c.Aggregation), "claim_days": strconv.Itoa(c.ClaimDays)}
}

// deskForm runs one form of the desk and shows the desk again.
func (h *handler) deskForm(c *gin.Context, which string, f *kit.Form, act func(id int64) error) error {
	return h.deskFormOf(c, which, f, func(e *tournament.Event) error { return act(e.ID) })
}

// deskFormOf is deskForm for a form that reads the event itself (its time
// zone).
func (h *handler) deskFormOf(c *gin.Context, which string, f *kit.Form, act func(e *tournament.Event) error) error {
	e, err := h.compositionEvent(c)
	if err != nil {
		return err
	}
	err = act(e)
	return h.AfterForm(c, fmt.Sprintf("/events/%d/manage", e.ID), f, err, func(f *kit.Form, status int) error {
		return h.renderDesk(c, e, which, f, status)
	})
}

func (h *handler) saveContest(c *gin.Context) error {
	f := kit.FormValues(c, "sections", "deadline", "scale", "aggregation", "claim_days", "reason")
	return h.deskFormOf(c, "settings", f, func(e *tournament.Event) error {
		id, zone := e.ID, e.Location()
		var sections []composition.Section
		for _, line := range strings.Split(f.Values["sections"], "\n") {
			// Only a blank line is skipped: rules without a name are the
			// service's to refuse, not the form's to drop.
			if strings.TrimSpace(line) != "" {
				name, rules, _ := strings.Cut(line, "|")
				sections = append(sections, composition.Section{Name: strings.TrimSpace(name), Rules: strings.TrimSpace(rules)})
			}
		}
		var unreadable []*tournament.Error
		deadline, err := time.ParseInLocation(minuteLayout, strings.TrimSpace(f.Values["deadline"]), zone)
		if err != nil {
			unreadable = append(unreadable, tournament.Invalid("deadline", "%q is not a time: write it as 2026-12-31T23:59 (%s)", f.Values["deadline"], zone.String()))
		}
		scale, err := strconv.ParseFloat(strings.ReplaceAll(strings.TrimSpace(f.Values["scale"]), ",", "."), 64)
		if err != nil {
			unreadable = append(unreadable, tournament.Invalid("scale", "%q is not a mark: write a number such as 3.5", f.Values["scale"]))
		}
		days, err := strconv.Atoi(strings.TrimSpace(f.Values["claim_days"]))
		if err != nil {
			unreadable = append(unreadable, tournament.Invalid("claim_days", "%q is not a whole number", f.Values["claim_days"]))
		}
		in := composition.ContestInput{Sections: sections, Deadline: deadline.UTC(), Scale: scale,
			Aggregation: composition.Aggregation(f.Values["aggregation"]), ClaimDays: days}
		if len(unreadable) > 0 {
			return withTheRest(unreadable, in.Check())
		}
		_, err = h.Composition.Setup(c.Request.Context(), id, in, f.Values["reason"])
		return err
	})
}

func (h *handler) saveJudges(c *gin.Context) error {
	f := kit.FormValues(c, "judges", "reason", "confirm")
	return h.deskForm(c, "judges", f, func(id int64) error {
		emails := strings.FieldsFunc(f.Values["judges"], func(r rune) bool { return r == '\n' || r == ',' || r == ' ' || r == '\r' || r == ';' })
		_, err := h.Composition.SetJudges(c.Request.Context(), id, emails, f.Values["reason"], f.Values["confirm"] != "")
		return err
	})
}

// withTheRest joins the inputs a form could not read with what the domain's
// check finds wrong in the others, so that the form shows every problem at
// once rather than one at a time.
func withTheRest(unreadable []*tournament.Error, checked error) error {
	var e *tournament.Error
	if checked != nil && !errors.As(checked, &e) {
		return checked
	}
	all, read := unreadable, map[string]bool{}
	for _, u := range unreadable {
		read[u.Field] = true
	}
	if e != nil {
		found := e.Details
		if len(found) == 0 {
			found = []*tournament.Error{e}
		}
		for _, d := range found {
			if !read[d.Field] {
				all = append(all, d)
			}
		}
	}
	return tournament.Every(all, tournament.Invalid("", "the form has %d problems", len(all)))
}
