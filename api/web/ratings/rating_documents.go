package ratings

import (
	"bytes"
	"fmt"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"

	"adiukh/api/core"
	"adiukh/tournament"
	"adiukh/tournament/export"
	"adiukh/tournament/rating"
	"adiukh/tournament/ratings"
	"adiukh/tournament/report"
)

// The rating lists' documents: the list narrowed as its page, a period's
// report and an event's rating report as PDFs, in the reader's language.
// They are stamped with the time they are printed, so they are not kept
// in the page cache.

// ratingDocumentRoutes registers the PDFs of the rating lists.
func (h *handler) ratingDocumentRoutes(g gin.IRoutes) {
	g.GET("/ratings/:list/list.pdf", h.Page(h.ratingListPDF))
	g.GET("/ratings/:list/periods/:pid/report.pdf", h.Page(h.periodReportPDF))
	g.GET("/events/:id/rating.pdf", h.Page(h.eventRatingPDF))
}

// sendPDF answers a rendered PDF, named for saving.
func sendPDF(c *gin.Context, name string, buf *bytes.Buffer) {
	c.Header("Content-Disposition", `inline; filename="`+name+`.pdf"`)
	c.Data(http.StatusOK, "application/pdf", buf.Bytes())
}

func ratingOptionsView(o rating.Options) report.RatingOptions {
	return report.RatingOptions{Initial: o.Initial, PointShare: o.PointShare}
}

// untilDate reads a period's end, which the service wrote as YYYY-MM-DD.
func untilDate(until string) time.Time {
	d, _ := time.Parse(time.DateOnly, until)
	return d
}

// ratingRows are a list's rows as its files print them.
func ratingRows(l *ratings.List) []report.RatingRow {
	rows := make([]report.RatingRow, len(l.Rows))
	for i, r := range l.Rows {
		rows[i] = report.RatingRow{Rank: i + 1, FederationID: r.Person.FederationID, Name: r.Person.Name(), LatinName: r.Person.LatinName(),
			BirthYear: r.Person.BirthYear, Sex: r.Person.Sex, Club: r.Person.Club, Region: r.Person.Region, Rating: r.Rating, Games: r.Games, K: r.K}
		if r.Played {
			change := r.Change
			rows[i].Change = &change
		}
	}
	return rows
}

// ratingListPDF prints a list narrowed by the filters of its page.
func (h *handler) ratingListPDF(c *gin.Context) error {
	f := core.RatingFilter(c)
	l, err := h.Ratings.Read(c.Request.Context(), c.Param("list"), f)
	if err != nil {
		return err
	}
	v := report.RatingList{List: l.Name, Rows: ratingRows(l), Printed: h.Now(),
		Filter: report.RatingFilter{Query: f.Query, Region: f.Region, Club: f.Club, Sex: f.Sex, Age: f.Age}}
	if p := l.Period; p != nil {
		v.Until, v.Options = untilDate(p.Until), ratingOptionsView(p.Options)
	}
	var buf bytes.Buffer
	if err := report.RatingListPDF(&buf, h.Translator(c).Lang, v); err != nil {
		return err
	}
	sendPDF(c, "rating-"+l.Name, &buf)
	return nil
}

// ratingReportView is a period's changes as the documents print them;
// lines picks each change's lines and their Σ(s − E), and corrected says
// where the games of corrections were played (nil: nowhere said).
func ratingReportView(p ratings.Period, people map[int64]tournament.Person, changes []rating.Change, corrected map[int64]*ratings.GamePlace,
	lines func(int) ([]rating.Line, float64)) report.RatingReport {
	out := report.RatingReport{List: p.List, Until: untilDate(p.Until), Options: ratingOptionsView(p.Options)}
	for i, c := range changes {
		ls, sum := lines(i)
		person := people[c.Person]
		rc := report.RatingChange{Name: person.Name(), FederationID: person.FederationID, Old: c.Old, New: c.New, K: c.K, Sum: sum}
		for _, l := range ls {
			line := report.RatingLine{Opponent: people[l.Opponent].Name(), OpponentRating: l.OpponentRating, D: l.D, E: l.E, S: l.S,
				Points: l.Points, OpponentPoints: l.OpponentPoints, Correction: l.Correction}
			if place := corrected[l.GameID]; l.Correction && place != nil {
				line.Event, line.Round, line.Board = place.Event, place.Round, place.Board
			}
			rc.Lines = append(rc.Lines, line)
		}
		out.Changes = append(out.Changes, rc)
	}
	return out
}

// periodReportPDF prints a closed period's report.
func (h *handler) periodReportPDF(c *gin.Context) error {
	id, err := core.PathInt(c, "pid")
	if err != nil {
		return err
	}
	r, err := h.Ratings.PeriodReport(c.Request.Context(), c.Param("list"), id)
	if err != nil {
		return err
	}
	v := ratingReportView(r.Period, r.People, r.Changes, r.Corrected, func(i int) ([]rating.Line, float64) { return r.Changes[i].Lines, r.Changes[i].Sum })
	var buf bytes.Buffer
	if err := report.PeriodReportPDF(&buf, h.Translator(c).Lang, v, h.Now()); err != nil {
		return err
	}
	sendPDF(c, fmt.Sprintf("rating-%s-%s", r.Period.List, r.Period.Until), &buf)
	return nil
}

// eventRatingPDF prints an event's rating report.
func (h *handler) eventRatingPDF(c *gin.Context) error {
	id, err := core.PathInt(c, "id")
	if err != nil {
		return err
	}
	r, err := h.Ratings.EventReport(c.Request.Context(), id)
	if err != nil {
		return err
	}
	v := report.EventRating{Event: export.EventView(&r.Event), Pending: r.State == ratings.EventPending}
	v.Event.Printed = h.Now().In(v.Event.Zone) // the event's time, as its other documents
	if r.State != ratings.EventNotRated {
		for _, p := range r.Unlinked {
			v.Unlinked = append(v.Unlinked, p.Name)
		}
	}
	for _, p := range r.Periods {
		changes := make([]rating.Change, len(p.Changes))
		for i, ch := range p.Changes {
			changes[i] = ch.Change
		}
		v.Periods = append(v.Periods, ratingReportView(p.Period, r.People, changes, nil, func(i int) ([]rating.Line, float64) { return p.Changes[i].Lines, p.Changes[i].Sum }))
	}
	var buf bytes.Buffer
	if err := report.EventRatingPDF(&buf, h.Translator(c).Lang, v); err != nil {
		return err
	}
	sendPDF(c, fmt.Sprintf("event-%d-rating", id), &buf)
	return nil
}
