package ratings

import (
	"net/http"
	"time"

	"github.com/gin-gonic/gin"

	"adiukh/api/core"
	"adiukh/api/v1/kit"
	"adiukh/tournament/rating"
	lists "adiukh/tournament/ratings"
)

// handler serves the rating lists.
type handler struct {
	*kit.Kit
}

// Routes registers the rating lists: read by anyone on read, a period
// closed and the options set by an administrator on write (which needs a
// signed-in user).
func Routes(k *kit.Kit, read, write gin.IRoutes) {
	h := &handler{Kit: k}
	read.GET("/ratings/:list", h.JSON(h.getRatingList))
	read.GET("/ratings/:list/next-period", h.JSON(h.getNextPeriod))
	write.POST("/ratings/:list/periods", h.JSON(h.postPeriod))
	write.PUT("/ratings/:list/options", h.JSON(h.putRatingOptions))
}

// optionsView is a list's options: the initial rating of newcomers and
// whether s is the points' share.
type optionsView struct {
	Initial    int  `json:"initial"`
	PointShare bool `json:"point_share"`
}

func newOptionsView(o rating.Options) optionsView {
	return optionsView{Initial: o.Initial, PointShare: o.PointShare}
}

type periodView struct {
	ID       int64     `json:"id"`
	Until    string    `json:"until"`
	ClosedAt time.Time `json:"closed_at"`
	Events   int       `json:"events"`
	Games    int       `json:"games"`
	// Options are those the period was rated with.
	Options optionsView `json:"options"`
}

type ratingRowView struct {
	PersonID     int64  `json:"person_id"`
	FederationID string `json:"federation_id"`
	Name         string `json:"name"`
	Rating       int    `json:"rating"`
	Games        int    `json:"games"`
	Change       int    `json:"change"`
	K            int    `json:"k"`
}

func newListView(l *lists.List) ratingListView {
	rows := make([]ratingRowView, len(l.Rows))
	for i, r := range l.Rows {
		rows[i] = ratingRowView{PersonID: r.Person.ID, FederationID: r.Person.FederationID, Name: r.Person.Name(),
			Rating: r.Rating, Games: r.Games, Change: r.Change, K: r.K}
	}
	out := ratingListView{List: l.Name, Rows: rows, Options: newOptionsView(l.Options)}
	if p := l.Period; p != nil {
		out.Period = &periodView{ID: p.ID, Until: p.Until, ClosedAt: p.ClosedAt, Events: p.Events, Games: p.Games, Options: newOptionsView(p.Options)}
	}
	return out
}

// getRatingList answers a published list: ?region=, ?club=, ?sex=, ?age=
// (U10 … U20, 65+) and ?q= narrow it.
func (h *handler) getRatingList(c *gin.Context) error {
	l, err := h.Ratings.Read(c.Request.Context(), c.Param("list"), core.RatingFilter(c))
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, newListView(l))
	return nil
}

// postPeriod closes the list's next period: {"until": "YYYY-MM-DD"}.
func (h *handler) postPeriod(c *gin.Context) error {
	var body struct {
		Until string `json:"until"`
	}
	if err := kit.DecodeJSON(c, &body); err != nil {
		return err
	}
	l, err := h.Ratings.ClosePeriod(c.Request.Context(), c.Param("list"), body.Until)
	if err != nil {
		return err
	}
	c.JSON(http.StatusCreated, newListView(l))
	return nil
}

type nextPeriodEventView struct {
	ID        int64  `json:"id"`
	Name      string `json:"name"`
	StartDate string `json:"start_date,omitempty"`
	EndDate   string `json:"end_date,omitempty"`
	Games     int    `json:"games"`
}

// getNextPeriod answers what closing the list's next period up to ?until=
// would rate, without closing it; refused as closing is.
func (h *handler) getNextPeriod(c *gin.Context) error {
	next, err := h.Ratings.NextPeriod(c.Request.Context(), c.Param("list"), c.Query("until"))
	if err != nil {
		return err
	}
	events := make([]nextPeriodEventView, len(next.Events))
	for i, e := range next.Events {
		events[i] = nextPeriodEventView{ID: e.ID, Name: e.Name, StartDate: e.StartDate, EndDate: e.EndDate, Games: e.Games}
	}
	out := nextPeriodView{List: next.List, Until: next.Until, Events: events, Games: next.Games, Corrections: next.Corrections, Persons: next.Persons}
	if next.Last != nil {
		out.After = &next.Last.Until
	}
	c.JSON(http.StatusOK, out)
	return nil
}

// putRatingOptions sets a list's options, which the next period is rated
// with: {"initial": 1500, "point_share": false}.
func (h *handler) putRatingOptions(c *gin.Context) error {
	var body optionsView
	if err := kit.DecodeJSON(c, &body); err != nil {
		return err
	}
	o, err := h.Ratings.SetOptions(c.Request.Context(), c.Param("list"), rating.Options{Initial: body.Initial, PointShare: body.PointShare})
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, newOptionsView(o))
	return nil
}
