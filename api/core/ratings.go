package core

import (
	"mime"
	"net/http"

	"github.com/gin-gonic/gin"

	"adiukh/tournament/ratings"
)

// RatingFilter reads a rating list's filter from the query, the same for
// its page, its files and its JSON: ?q=, ?region=, ?club=, ?sex=, ?age=.
func RatingFilter(c *gin.Context) ratings.Filter {
	return ratings.Filter{Region: c.Query("region"), Club: c.Query("club"), Sex: c.Query("sex"), Age: c.Query("age"), Query: c.Query("q")}
}

// RatingFilterParams are the query parameters RatingFilter reads: the
// page cache keys a list's pages and files on them.
var RatingFilterParams = []string{"q", "region", "club", "sex", "age"}

// RegulationsPDF answers an event's regulations to anyone who may read the
// event: the page's link and the API serve the same file.
func (h *Server) RegulationsPDF(c *gin.Context) error {
	id, err := PathInt(c, "id")
	if err != nil {
		return err
	}
	r, err := h.Events.RegulationsOf(c.Request.Context(), id)
	if err != nil {
		return err
	}
	c.Header("Content-Disposition", mime.FormatMediaType("inline", map[string]string{"filename": r.FileName}))
	c.Data(http.StatusOK, "application/pdf", r.Content)
	return nil
}
