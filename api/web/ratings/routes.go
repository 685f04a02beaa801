// Package ratings is the area of the rating lists' pages: each list with
// its filters and its files, the reports of periods and of events and
// their PDFs, the closing of a period and the list's options.
package ratings

import (
	"net/http"
	"slices"

	"github.com/gin-gonic/gin"

	"adiukh/api/core"
	"adiukh/api/web/kit"
	"adiukh/tournament/ratings"
)

// handler serves the rating lists' pages over the shared kit.
type handler struct {
	*kit.Kit
}

// Routes registers the rating lists' pages: public to every reader (the
// kit's EventReader fills in a reader's parts of an event's rating report,
// as of the event's other pages), the closing of a period and the list's
// options for administrators behind the sign-in gate.
func Routes(k *kit.Kit, public, signedIn gin.IRoutes) {
	h := &handler{Kit: k}
	public.GET("/ratings", func(c *gin.Context) { c.Redirect(http.StatusSeeOther, "/ratings/"+ratings.Standard) })
	public.GET("/ratings/:list", h.Cached(core.RatingFilterParams...), h.Page(h.ratingListPage))
	public.GET("/ratings/:list/list.csv", h.Cached(slices.Concat(core.RatingFilterParams, []string{"dialect"})...), h.Page(h.ratingListFile))
	public.GET("/ratings/:list/list.xlsx", h.Cached(core.RatingFilterParams...), h.Page(h.ratingListFile))
	public.GET("/ratings/:list/periods/:pid", h.Cached(), h.Page(h.periodReportPage))
	signedIn.POST("/ratings/:list/periods", h.Page(h.closePeriod))
	signedIn.POST("/ratings/:list/options", h.Page(h.setRatingOptions))
	public.GET("/events/:id/rating", h.EventPage(h.EventReader, h.eventRatingPage))
	h.ratingDocumentRoutes(public)
}
