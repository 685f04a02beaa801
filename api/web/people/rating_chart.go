package people

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"adiukh/tournament/ratings"
)

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
