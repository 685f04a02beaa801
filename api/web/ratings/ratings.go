package ratings

import (
	"bytes"
	"html/template"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"

	"adiukh/api/core"
	"adiukh/api/web/kit"
	"adiukh/tournament"
	"adiukh/tournament/rating"
	"adiukh/tournament/ratings"
	"adiukh/tournament/report"
)

type ratingListData struct {
	*ratings.List
	Lists  []string
	Filter ratings.Filter
	Ages   []string
	// Admin may close the next period and set the list's options; Close
	// and Options are their forms.
	Admin       bool
	Close       *kit.Form
	OptionsForm *kit.Form
	// MinInitial and MaxInitial bound the initial rating in the form.
	MinInitial, MaxInitial int
	// FilterQuery is the filter as a query string, for the downloads to
	// narrow the list as the page does; url.Values encoded it, so the
	// template may take it as it is.
	FilterQuery template.URL
}

// filterQuery encodes a list's filter as the query its page reads.
func filterQuery(f ratings.Filter) template.URL {
	v := url.Values{}
	for name, value := range map[string]string{"q": f.Query, "region": f.Region, "club": f.Club, "sex": f.Sex, "age": f.Age} {
		if value != "" {
			v.Set(name, value)
		}
	}
	return template.URL(v.Encode())
}

// renderRatingList shows a list with its forms; an options form without
// values shows the list's options.
func (h *handler) renderRatingList(c *gin.Context, status int, closeForm, optionsForm *kit.Form) error {
	f := core.RatingFilter(c)
	l, err := h.Ratings.Read(c.Request.Context(), c.Param("list"), f)
	if err != nil {
		return err
	}
	if len(optionsForm.Values) == 0 {
		optionsForm.Values["initial"] = strconv.Itoa(l.Options.Initial)
		if l.Options.PointShare {
			optionsForm.Values["point_share"] = "1"
		}
	}
	u := tournament.UserFromContext(c.Request.Context())
	data := ratingListData{List: l, Lists: ratings.Lists, Filter: f, Ages: ratings.AgeGroups, Admin: u != nil && u.Role == tournament.Admin,
		Close: closeForm, OptionsForm: optionsForm, MinInitial: ratings.MinInitial, MaxInitial: ratings.MaxInitial, FilterQuery: filterQuery(f)}
	h.Render(c, status, "ratings", tournament.Discipline(l.Name).Key(), data)
	return nil
}

func (h *handler) ratingListPage(c *gin.Context) error {
	return h.renderRatingList(c, http.StatusOK, kit.NewForm(), kit.NewForm())
}

// ratingListFile downloads a list, narrowed as its page: CSV (plain, or
// ?dialect=excel for Excel set up for Russian) or XLSX.
func (h *handler) ratingListFile(c *gin.Context) error {
	f := core.RatingFilter(c)
	l, err := h.Ratings.Read(c.Request.Context(), c.Param("list"), f)
	if err != nil {
		return err
	}
	rows := ratingRows(l)
	var buf bytes.Buffer
	name := "rating-" + l.Name
	if strings.HasSuffix(c.Request.URL.Path, ".xlsx") {
		if err := report.RatingListXLSX(&buf, h.Translator(c).Lang, rows); err != nil {
			return err
		}
		c.Header("Content-Disposition", `attachment; filename="`+name+`.xlsx"`)
		c.Data(http.StatusOK, "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", buf.Bytes())
		return nil
	}
	dialect := report.PlainCSV
	if c.Query("dialect") == "excel" {
		dialect = report.ExcelCSV
	}
	if err := report.RatingListCSV(&buf, dialect, h.Translator(c).Lang, rows); err != nil {
		return err
	}
	c.Header("Content-Disposition", `attachment; filename="`+name+`.csv"`)
	c.Data(http.StatusOK, "text/csv; charset=utf-8", buf.Bytes())
	return nil
}

// periodReportPage shows what a closed period did: each person's games
// with the opponent's rating, D, E and s, and the change.
func (h *handler) periodReportPage(c *gin.Context) error {
	id, err := core.PathInt(c, "pid")
	if err != nil {
		return err
	}
	r, err := h.Ratings.PeriodReport(c.Request.Context(), c.Param("list"), id)
	if err != nil {
		return err
	}
	h.Render(c, http.StatusOK, "rating_period", "ratings.report", r)
	return nil
}

type eventRatingData struct {
	kit.EventHeader
	Report *ratings.EventReport
}

// eventRatingPage shows what the lists made of an event's games: each
// person's games of the event with D, E and s, and the event's part of
// the change; or that the event is not rated, or not yet.
func (h *handler) eventRatingPage(c *gin.Context) error {
	id, err := core.PathInt(c, "id")
	if err != nil {
		return err
	}
	r, err := h.Ratings.EventReport(c.Request.Context(), id)
	if err != nil {
		return err
	}
	data := eventRatingData{EventHeader: h.Header(c, &r.Event, "rating"), Report: r}
	h.RenderWith(c, h.Translator(c).In(r.Event.Location()), http.StatusOK, "rating_event", r.Event.Name, data)
	return nil
}

// closePeriod closes the list's next period after asking: the form's
// first send shows what the period will take (the events, their games,
// the persons rated) with a button that sends it again confirmed.
func (h *handler) closePeriod(c *gin.Context) error {
	f := kit.FormValues(c, "until", "confirm")
	ctx, list := c.Request.Context(), c.Param("list")
	var err error
	if f.Values["confirm"] == "" {
		var next *ratings.NextPeriod
		if next, err = h.Ratings.NextPeriod(ctx, list, f.Values["until"]); err == nil {
			h.Render(c, http.StatusOK, "rating_close", "ratings.close", next)
			return nil
		}
	} else {
		_, err = h.Ratings.ClosePeriod(ctx, list, f.Values["until"])
	}
	if err != nil {
		if err := f.Fail(err, h.Translator(c)); err != nil {
			return err
		}
		return h.renderRatingList(c, kit.FormStatus(err), f, kit.NewForm())
	}
	c.Redirect(http.StatusSeeOther, "/ratings/"+list)
	return nil
}

// setRatingOptions sets the list's initial rating and whether games are
// scored by the points' share (a checkbox: absent is off).
func (h *handler) setRatingOptions(c *gin.Context) error {
	f := kit.FormValues(c, "initial", "point_share")
	initial, err := kit.FormInt(c, "initial")
	if err == nil {
		_, err = h.Ratings.SetOptions(c.Request.Context(), c.Param("list"), rating.Options{Initial: initial, PointShare: f.Values["point_share"] != ""})
	}
	if err != nil {
		if err := f.Fail(err, h.Translator(c)); err != nil {
			return err
		}
		return h.renderRatingList(c, kit.FormStatus(err), kit.NewForm(), f)
	}
	c.Redirect(http.StatusSeeOther, "/ratings/"+c.Param("list"))
	return nil
}
