package web

import (
	"bytes"
	"fmt"
	"html/template"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"adiukh/api/core"
	"adiukh/api/web/kit"
	"adiukh/tournament"
	"adiukh/tournament/rating"
	"adiukh/tournament/ratings"
	"adiukh/tournament/report"
)

// ratingsRoutesWeb registers the rating lists' pages: each list with its
// filters, the reports of periods and of events for everyone, the closing
// of a period and the list's options for administrators.
func (h *handler) ratingsRoutesWeb(g, m *gin.RouterGroup) {
	g.GET("/ratings", func(c *gin.Context) { c.Redirect(http.StatusSeeOther, "/ratings/"+ratings.Standard) })
	g.GET("/ratings/:list", h.Cached(core.RatingFilterParams...), h.Page(h.ratingListPage))
	g.GET("/ratings/:list/list.csv", h.Cached(slices.Concat(core.RatingFilterParams, []string{"dialect"})...), h.Page(h.ratingListFile))
	g.GET("/ratings/:list/list.xlsx", h.Cached(core.RatingFilterParams...), h.Page(h.ratingListFile))
	g.GET("/ratings/:list/periods/:pid", h.Cached(), h.Page(h.periodReportPage))
	m.POST("/ratings/:list/periods", h.Page(h.closePeriod))
	m.POST("/ratings/:list/options", h.Page(h.setRatingOptions))
	g.GET("/events/:id/rating", h.EventPage(h.eventReader, h.eventRatingPage))
	h.ratingDocumentRoutes(g)
}

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
	initial, err := formInt(c, "initial")
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

// ratingChart is a person's rating history in one list drawn as an SVG
// polyline on the server: no script, and it prints. Its axes are dated:
// the ratings at the left, the periods' days below.
type ratingChart struct {
	List   string
	Width  int
	Height int
	Points string // the polyline's points
	Dots   []chartDot
	Min    int
	Max    int
	// Left, Bottom and Right bound the plot: the axes' lines.
	Left, Bottom, Right int
	// Days label the periods below the plot, as many as fit.
	Days []chartDay
}

type chartDot struct {
	X, Y   int
	Rating int
	Until  string
}

// chartDay is one date below the plot: X is where its text is anchored
// (Anchor, an SVG text-anchor), Y its baseline; D, M and Y the parts of the
// day, which the catalogue puts in the reader's order.
type chartDay struct {
	X, Y       int
	Anchor     string
	D, M, Year string
}

const (
	chartWidth, chartHeight = 480, 180
	// The plot's margins: the ratings at the left, the days below.
	chartLeft, chartRight, chartTop, chartBottom = 40, 12, 12, 30
	// A day's label is chartDayWidth wide at the axis' font, and two are
	// chartDayGap apart at least.
	chartDayWidth, chartDayGap = 64, 8
)

// newRatingChart draws the ratings after each period, from the initial
// rating before the first, and labels the periods' days from the last
// back, as many as fit apart.
func newRatingChart(list string, start int, points []chartDot) *ratingChart {
	if len(points) == 0 {
		return nil
	}
	all := append([]chartDot{{Rating: start}}, points...)
	lo, hi := all[0].Rating, all[0].Rating
	for _, p := range all {
		lo, hi = min(lo, p.Rating), max(hi, p.Rating)
	}
	if hi-lo < 50 {
		hi, lo = hi+25, lo-25
	}
	ch := &ratingChart{List: list, Width: chartWidth, Height: chartHeight, Min: lo, Max: hi,
		Left: chartLeft, Bottom: chartHeight - chartBottom, Right: chartWidth - chartRight}
	var sb strings.Builder
	for i, p := range all {
		p.X = chartLeft + i*(ch.Right-chartLeft)/(len(all)-1)
		p.Y = chartTop + (hi-p.Rating)*(ch.Bottom-chartTop)/(hi-lo)
		fmt.Fprintf(&sb, "%d,%d ", p.X, p.Y)
		if i > 0 {
			ch.Dots = append(ch.Dots, p)
		}
	}
	ch.Points = strings.TrimSpace(sb.String())
	free := chartWidth // the left edge of the labels placed so far
	for i := len(ch.Dots) - 1; i >= 0; i-- {
		d := ch.Dots[i]
		day, err := time.Parse(time.DateOnly, d.Until)
		if err != nil {
			continue
		}
		anchor, left := "middle", d.X-chartDayWidth/2
		switch {
		case d.X+chartDayWidth/2 > chartWidth:
			anchor, left = "end", d.X-chartDayWidth
		case left < 0:
			anchor, left = "start", d.X
		}
		if left+chartDayWidth+chartDayGap > free {
			continue
		}
		ch.Days = append(ch.Days, chartDay{X: d.X, Y: chartHeight - 10, Anchor: anchor, D: day.Format("02"), M: day.Format("01"), Year: day.Format("2006")})
		free = left
	}
	slices.Reverse(ch.Days)
	return ch
}

// personRatings reads a person's lists for their page, with a chart for
// each list they have played in.
func (h *handler) personRatings(c *gin.Context, personID int64) ([]personRating, error) {
	hs, err := h.Ratings.PersonHistory(c.Request.Context(), personID)
	if err != nil {
		return nil, err
	}
	var out []personRating
	for _, hist := range hs {
		if hist.Current == nil {
			continue
		}
		r := personRating{History: hist}
		var dots []chartDot
		for i, p := range hist.Periods {
			dots = append(dots, chartDot{Rating: hist.Changes[i].New, Until: p.Until})
		}
		start := hist.Current.Rating
		if len(hist.Changes) > 0 {
			start = hist.Changes[0].Old
		}
		r.Chart = newRatingChart(hist.List, start, dots)
		out = append(out, r)
	}
	return out, nil
}

type personRating struct {
	ratings.History
	Chart *ratingChart
}
