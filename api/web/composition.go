package web

import (
	"cmp"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"adiukh/api/core"
	"adiukh/rules"
	"adiukh/tournament"
	"adiukh/tournament/composition"
)

// The pages of a composition contest: the contest's page, the author's
// entries with the board editor, the jury's anonymous list, the director's
// desk and the public award. A composition event has no rounds or games:
// its event page and desk are these pages. The forms call the same
// composition.Service use cases as the JSON API (v1_composition.go).
func (h *handler) compositionRoutesWeb(public, signedIn *gin.RouterGroup) {
	public.GET("/events/:id/contest", h.Page(h.contestPage))
	public.GET("/events/:id/contest/award", h.Page(h.awardPage))
	signedIn.GET("/events/:id/contest/entries", h.Page(h.entriesPage))
	signedIn.POST("/events/:id/contest/entries", h.Page(h.submitEntry))
	signedIn.POST("/contest-entries/:eid", h.Page(h.editEntry))
	signedIn.POST("/contest-entries/:eid/withdraw", h.Page(h.withdrawEntry))
	signedIn.GET("/events/:id/contest/judging", h.Page(h.judgingPage))
	signedIn.POST("/events/:id/contest/marks/:code", h.Page(h.submitMark))
	signedIn.POST("/events/:id/contest/settings", h.Page(h.saveContest))
	signedIn.POST("/events/:id/contest/judges", h.Page(h.saveJudges))
	signedIn.POST("/events/:id/contest/award", h.Page(h.publishProvisional))
	signedIn.POST("/events/:id/contest/award/edit", h.Page(h.editAward))
	signedIn.POST("/events/:id/contest/award/text", h.Page(h.editAwardText))
	signedIn.POST("/events/:id/contest/award/final", h.Page(h.publishFinal))
	signedIn.POST("/events/:id/contest/claims", h.Page(h.fileClaim))
	signedIn.POST("/contest-claims/:cid/decision", h.Page(h.decideClaim))
}

// diagram is a problem's position drawn for a page, with its notation.
type diagram struct {
	Board    *boardView
	Position string // in the rules' canonical notation
	Side     string // "white" or "black"
}

func newDiagram(position, side string) *diagram {
	s, err := composition.Game.Rules.ParseState(position, rules.White)
	if err != nil {
		return nil
	}
	d := &diagram{Board: stateBoardView(composition.Game, s, rules.White), Position: s.Notation(), Side: "white"}
	if s := strings.ToLower(strings.TrimSpace(side)); s == "black" || s == "черные" || s == "чёрные" {
		d.Side = "black"
	}
	return d
}

// contestPageData is the contest as anyone sees it, with what the reader
// may do: enter, judge, direct.
type contestPageData struct {
	eventHeader
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
			return nil, h.translator(c).Phrase(te), nil
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
	data := &contestPageData{eventHeader: h.header(c, e, "contest"), Contest: cv, Missing: missing,
		Signed: tournament.UserFromContext(c.Request.Context()) != nil}
	h.renderWith(c, h.translator(c).In(e.Location()), http.StatusOK, "contest", e.Name, data)
	return nil
}

// entryRow is an author's entry with its diagram.
type entryRow struct {
	composition.MyWork
	Diagram *diagram
}

type entriesPageData struct {
	eventHeader
	Contest *composition.ContestView
	Missing string
	Entries []entryRow
	// Editing is the entry whose values fill the form; 0 for a new entry.
	Editing int64
	// Just is the entry just submitted or edited, whose verdict is shown
	// at the top.
	Just *entryRow
	Form *form
}

func (h *handler) entriesPage(c *gin.Context) error {
	return h.renderEntries(c, newForm(), http.StatusOK)
}

func (h *handler) renderEntries(c *gin.Context, f *form, status int) error {
	e, cv, missing, err := h.eventContest(c)
	if err != nil {
		return err
	}
	data := &entriesPageData{eventHeader: h.header(c, e, "entries"), Contest: cv, Missing: missing, Form: f}
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
			tr := h.translator(c)
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
	h.renderWith(c, h.translator(c).In(e.Location()), status, "contest_entries", e.Name, data)
	return nil
}

func entryForm(c *gin.Context) (*form, composition.EntryInput) {
	f := newForm()
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
	return h.afterForm(c, next, f, err, func(f *form, status int) error { return h.renderEntries(c, f, status) })
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
func (h *handler) entryFormError(c *gin.Context, f *form, err error) error {
	if ferr := f.fail(err, h.translator(c)); ferr != nil {
		return ferr
	}
	c.Params = append(c.Params, gin.Param{Key: "id", Value: c.PostForm("event")})
	return h.renderEntries(c, f, formStatus(err))
}

func (h *handler) withdrawEntry(c *gin.Context) error {
	eid, err := core.PathInt(c, "eid")
	if err != nil {
		return err
	}
	// Withdrawing cannot be undone: the form asks to confirm it.
	if c.PostForm("confirm") == "" {
		return h.entryFormError(c, newForm(), tournament.Invalid("", "tick the box to confirm withdrawing the entry: a withdrawn entry leaves the contest for good"))
	}
	w, err := h.Composition.Withdraw(c.Request.Context(), eid)
	if err != nil {
		return h.entryFormError(c, newForm(), err)
	}
	c.Redirect(http.StatusSeeOther, fmt.Sprintf("/events/%d/contest/entries", w.EventID))
	return nil
}

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
	eventHeader
	Contest *composition.ContestView
	Entries []juryRow
	// Closed says why the entries cannot be judged yet.
	Closed string
	// MayMark tells whether the reader has mark forms: a judge, while the
	// marks may still change.
	MayMark bool
	Form    *form
}

func (h *handler) judgingPage(c *gin.Context) error {
	return h.renderJudging(c, newForm(), http.StatusOK)
}

func (h *handler) juryRows(c *gin.Context, cv *composition.ContestView) ([]juryRow, string, error) {
	list, err := h.Composition.ForJudging(c.Request.Context(), cv.EventID)
	if err != nil {
		if te := (*tournament.Error)(nil); errors.As(err, &te) && te.Code == tournament.ECONFLICT {
			return nil, h.translator(c).Phrase(te), nil
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

func (h *handler) renderJudging(c *gin.Context, f *form, status int) error {
	e, cv, missing, err := h.eventContest(c)
	if err != nil {
		return err
	}
	data := &judgingPageData{eventHeader: h.header(c, e, "judging"), Contest: cv, Closed: missing, Form: f}
	if cv != nil {
		if !cv.IsJudge && !cv.IsDirector {
			return tournament.Forbidden("only the contest's judges and its director see the entries before the award")
		}
		if data.Entries, data.Closed, err = h.juryRows(c, cv); err != nil {
			return err
		}
		data.MayMark = cv.MayMark()
	}
	h.renderWith(c, h.translator(c).In(e.Location()), status, "contest_judging", e.Name, data)
	return nil
}

func (h *handler) submitMark(c *gin.Context) error {
	id, err := core.PathInt(c, "id")
	if err != nil {
		return err
	}
	code := c.Param("code")
	f := newForm()
	f.Values["code"], f.Values["mark"], f.Values["comment"] = code, c.PostForm("mark"), c.PostForm("comment")
	_, err = h.Composition.Mark(c.Request.Context(), id, composition.MarkInput{Code: code, Mark: c.PostForm("mark"), Comment: c.PostForm("comment")})
	return h.afterForm(c, fmt.Sprintf("/events/%d/contest/judging#entry-%s", id, code), f, err, func(f *form, status int) error { return h.renderJudging(c, f, status) })
}

// deskData is the director's desk of a composition event: the contest's
// settings and jury, the entries by code with the solver's verdict and the
// ranking, and the steps of the award. There is no pairing, no game score
// and no tie-break here.
type deskData struct {
	eventHeader
	Contest  *composition.ContestView
	Missing  string
	Entries  []juryRow
	Closed   string
	Award    *composition.Award
	Settings *form
	Judges   *form
	Publish  *form
	Edit     *form
	// EditRows are the rows of the form that edits the provisional award.
	EditRows []awardEditRow
	// PublishRows are the entries in their order, for the provisional
	// award chosen entry by entry.
	PublishRows []awardEditRow
	Final       *form
	Claims      *form
	// Text is the form of the award's place and the judge's report.
	Text *form
	// EventSettings are the event's own settings (name, dates, place,
	// visibility), on the form every event has.
	EventSettings eventFormData
}

func (h *handler) contestDesk(c *gin.Context, e *tournament.Event) error {
	return h.renderDesk(c, e, "", newForm(), http.StatusOK)
}

// renderDesk shows the desk; the failed form (settings, judges, publish,
// final, claims) shows its error.
func (h *handler) renderDesk(c *gin.Context, e *tournament.Event, which string, f *form, status int) error {
	if err := tournament.MayManage(c.Request.Context(), e); err != nil {
		return err
	}
	cv, missing, err := h.contestOf(c, e)
	if err != nil {
		return err
	}
	data := &deskData{eventHeader: h.header(c, e, "manage"), Contest: cv, Missing: missing,
		Settings: newForm(), Judges: newForm(), Publish: newForm(), Edit: newForm(), Final: newForm(), Claims: newForm(), Text: newForm(),
		EventSettings: h.eventFormData(eventFormValues(e))}
	switch which {
	case "event":
		data.EventSettings = h.eventFormData(f)
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
	h.renderWith(c, h.translator(c).In(e.Location()), status, "contest_desk", e.Name, data)
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
func (h *handler) deskForm(c *gin.Context, which string, f *form, act func(id int64) error) error {
	return h.deskFormOf(c, which, f, func(e *tournament.Event) error { return act(e.ID) })
}

// deskFormOf is deskForm for a form that reads the event itself (its time
// zone).
func (h *handler) deskFormOf(c *gin.Context, which string, f *form, act func(e *tournament.Event) error) error {
	e, err := h.compositionEvent(c)
	if err != nil {
		return err
	}
	err = act(e)
	return h.afterForm(c, fmt.Sprintf("/events/%d/manage", e.ID), f, err, func(f *form, status int) error {
		return h.renderDesk(c, e, which, f, status)
	})
}

func formValues(c *gin.Context, keys ...string) *form {
	f := newForm()
	for _, k := range keys {
		f.Values[k] = c.PostForm(k)
	}
	return f
}

func (h *handler) saveContest(c *gin.Context) error {
	f := formValues(c, "sections", "deadline", "scale", "aggregation", "claim_days", "reason")
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
	f := formValues(c, "judges", "reason", "confirm")
	return h.deskForm(c, "judges", f, func(id int64) error {
		emails := strings.FieldsFunc(f.Values["judges"], func(r rune) bool { return r == '\n' || r == ',' || r == ' ' || r == '\r' || r == ';' })
		_, err := h.Composition.SetJudges(c.Request.Context(), id, emails, f.Values["reason"], f.Values["confirm"] != "")
		return err
	})
}

func (h *handler) publishProvisional(c *gin.Context) error {
	f := formValues(c, "prizes", "honourable_mentions", "commendations", "place", "report", "reason")
	var unreadable []*tournament.Error
	n := func(k string) int {
		text := strings.TrimSpace(f.Values[k])
		v, err := strconv.Atoi(text)
		if err != nil && text != "" {
			unreadable = append(unreadable, tournament.Invalid(k, "%q is not a number: write how many, such as 2", text))
		}
		return v
	}
	in := composition.AwardInput{Prizes: n("prizes"), Mentions: n("honourable_mentions"), Commendations: n("commendations")}
	// Honours chosen entry by entry make the award; the numbers are then
	// not asked for.
	items, unreadableRows := awardRows(c, f)
	if len(items) > 0 || len(unreadableRows) > 0 {
		in, unreadable = composition.AwardInput{Items: items}, unreadableRows
	}
	in.Place, in.Report = f.Values["place"], f.Values["report"]
	return h.deskForm(c, "publish", f, func(id int64) error {
		if err := tournament.Every(unreadable, tournament.Invalid("", "the numbers of distinctions have %d errors", len(unreadable))); err != nil {
			return err
		}
		_, err := h.Composition.PublishProvisional(c.Request.Context(), id, in, f.Values["reason"])
		return err
	})
}

// awardEditRows is how many empty rows the award's edit form offers for
// entries to add.
const awardEditRows = 3

// awardEditRow is one row of the form that edits the provisional award.
type awardEditRow struct {
	Code, Honour, Place string
}

// editRows lists the rows of the award's edit form: what was typed when
// the form was refused, else the award's items, then empty rows to add.
func editRows(f *form, a *composition.Award) []awardEditRow {
	if rows := typedRows(f); rows != nil {
		return rows
	}
	var rows []awardEditRow
	for _, it := range a.Items {
		rows = append(rows, awardEditRow{it.Code, string(it.Honour), strconv.Itoa(it.Place)})
	}
	for range awardEditRows {
		rows = append(rows, awardEditRow{Honour: string(composition.Prize)})
	}
	return rows
}

// editAward replaces the provisional award's items by the rows of the
// form; a row without a code is left out, so clearing a code takes the
// entry out of the award.
func (h *handler) editAward(c *gin.Context) error {
	f := formValues(c, "reason")
	items, unreadable := awardRows(c, f)
	return h.deskForm(c, "edit", f, func(id int64) error {
		if err := tournament.Every(unreadable, tournament.Invalid("items", "the award's rows have %d errors", len(unreadable))); err != nil {
			return err
		}
		_, err := h.Composition.EditAward(c.Request.Context(), id, items, f.Values["reason"])
		return err
	})
}

// editAwardText changes the provisional award's place and the judge's
// report.
func (h *handler) editAwardText(c *gin.Context) error {
	f := formValues(c, "place", "report", "reason")
	return h.deskForm(c, "text", f, func(id int64) error {
		_, err := h.Composition.EditAwardText(c.Request.Context(), id, f.Values["place"], f.Values["report"], f.Values["reason"])
		return err
	})
}

// awardRows reads the rows of an award form (code, honour, place) into
// items, keeping what was typed in f; a row without a code or without an
// honour is left out.
func awardRows(c *gin.Context, f *form) ([]composition.Distinction, []*tournament.Error) {
	codes, honours, places := c.PostFormArray("code"), c.PostFormArray("honour"), c.PostFormArray("place")
	f.Values["rows"] = strconv.Itoa(len(codes))
	var items []composition.Distinction
	var unreadable []*tournament.Error
	for i, code := range codes {
		k := strconv.Itoa(i)
		honour, place := at(honours, i), strings.TrimSpace(at(places, i))
		f.Values["code_"+k], f.Values["honour_"+k], f.Values["place_"+k] = code, honour, place
		if strings.TrimSpace(code) == "" || honour == "" {
			continue
		}
		n, err := strconv.Atoi(place)
		if err != nil {
			unreadable = append(unreadable, tournament.Invalid(fmt.Sprintf("items[%d]", len(items)), "the place of entry %s is a whole number from 1; got %q", strings.TrimSpace(code), place))
		}
		items = append(items, composition.Distinction{Code: strings.TrimSpace(code), Honour: composition.Honour(honour), Place: n})
	}
	return items, unreadable
}

// typedRows are the rows of an award form as they were typed when it was
// refused; nil when it was not.
func typedRows(f *form) []awardEditRow {
	n, err := strconv.Atoi(f.Values["rows"])
	if err != nil {
		return nil
	}
	rows := make([]awardEditRow, n)
	for i := range rows {
		k := strconv.Itoa(i)
		rows[i] = awardEditRow{f.Values["code_"+k], f.Values["honour_"+k], f.Values["place_"+k]}
	}
	return rows
}

// publishRows lists the rows of the provisional award chosen entry by
// entry: what was typed when the form was refused, else every entry in
// its order, with no honour yet.
func publishRows(f *form, entries []juryRow) []awardEditRow {
	if rows := typedRows(f); rows != nil {
		return rows
	}
	rows := make([]awardEditRow, len(entries))
	for i, e := range entries {
		rows[i] = awardEditRow{Code: e.Code}
	}
	return rows
}

// at returns the i-th value of a form's list, or "" when it has fewer.
func at(values []string, i int) string {
	if i < len(values) {
		return values[i]
	}
	return ""
}

func (h *handler) publishFinal(c *gin.Context) error {
	f := formValues(c, "reason")
	return h.deskForm(c, "final", f, func(id int64) error {
		_, err := h.Composition.PublishFinal(c.Request.Context(), id, f.Values["reason"])
		return err
	})
}

func (h *handler) decideClaim(c *gin.Context) error {
	cid, err := core.PathInt(c, "cid")
	if err != nil {
		return err
	}
	c.Params = append(c.Params, gin.Param{Key: "id", Value: c.PostForm("event")})
	f := formValues(c, "reason")
	return h.deskForm(c, "claims", f, func(int64) error {
		_, err := h.Composition.DecideClaim(c.Request.Context(), cid, c.PostForm("uphold") == "true", f.Values["reason"])
		return err
	})
}

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
	eventHeader
	Award       *composition.Award
	Sections    []awardSection
	Missing     string
	ClaimsOpen  bool
	Signed      bool
	Form        *form
	Provisional bool
}

func (h *handler) awardPage(c *gin.Context) error {
	return h.renderAward(c, newForm(), http.StatusOK)
}

func (h *handler) renderAward(c *gin.Context, f *form, status int) error {
	e, err := h.compositionEvent(c)
	if err != nil {
		return err
	}
	data := &awardPageData{eventHeader: h.header(c, e, "award"), Form: f, Signed: tournament.UserFromContext(c.Request.Context()) != nil}
	a, err := h.Composition.Award(c.Request.Context(), e.ID)
	if te := (*tournament.Error)(nil); errors.As(err, &te) && (te.Code == tournament.ENOTFOUND || te.Code == tournament.ECONFLICT) {
		data.Missing = h.translator(c).Phrase(te)
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
	h.renderWith(c, h.translator(c).In(e.Location()), status, "contest_award", e.Name, data)
	return nil
}

func (h *handler) fileClaim(c *gin.Context) error {
	id, err := core.PathInt(c, "id")
	if err != nil {
		return err
	}
	f := formValues(c, "code", "kind", "evidence")
	_, err = h.Composition.FileClaim(c.Request.Context(), id, composition.ClaimInput{Code: f.Values["code"],
		Kind: composition.ClaimKind(f.Values["kind"]), Evidence: f.Values["evidence"]})
	return h.afterForm(c, fmt.Sprintf("/events/%d/contest/award#claims", id), f, err, func(f *form, status int) error { return h.renderAward(c, f, status) })
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
