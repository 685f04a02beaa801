package core

import (
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
