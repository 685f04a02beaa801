package core

import (
	"fmt"
	"strconv"

	"github.com/gin-gonic/gin"

	"adiukh/tournament"
	"adiukh/tournament/people"
)

// PathInt reads a positive whole-number path parameter, written as
// numbers are written in addresses: without a sign or leading zeros. An ID
// written otherwise ("+7", "007") is refused rather than read, so that
// every address has one spelling and no redirect built from the number
// leads back to the address it came from (/games/0<id> did, issue 65).
func PathInt(c *gin.Context, name string) (int64, error) {
	v, err := strconv.ParseInt(c.Param(name), 10, 64)
	if err != nil || v <= 0 || strconv.FormatInt(v, 10) != c.Param(name) {
		return 0, tournament.Invalid(name, "%q in the path is not a positive whole number written plainly (no sign, no leading zero)", c.Param(name))
	}
	return v, nil
}

// PathInts reads several path parameters, stopping at the first bad one.
func PathInts(c *gin.Context, names ...string) ([]int64, error) {
	values := make([]int64, len(names))
	for i, name := range names {
		v, err := PathInt(c, name)
		if err != nil {
			return nil, err
		}
		values[i] = v
	}
	return values, nil
}

// QueryInt reads an optional whole-number query parameter.
func QueryInt(c *gin.Context, name string) (int, error) {
	s := c.Query(name)
	if s == "" {
		return 0, nil
	}
	v, err := strconv.Atoi(s)
	if err != nil {
		return 0, tournament.Invalid(name, "%q is not a whole number", s)
	}
	return v, nil
}

// PageParam reads the page number of a paged answer, 1 when not given.
func PageParam(c *gin.Context) (int, error) {
	p := c.Query("page")
	if p == "" {
		return 1, nil
	}
	n, err := strconv.Atoi(p)
	if err != nil {
		return 0, tournament.Invalid("page", "%q is not a page number", p)
	}
	return n, nil
}

const CSVType = "text/csv; charset=utf-8"

const JSONType = "application/json; charset=utf-8"

// PhotoURL is where a person's photo is served; the upload time in it
// makes a changed photo a new address, so that caches never show the old.
func PhotoURL(p *people.PersonPhoto) string {
	return fmt.Sprintf("/people/%d/photo.jpg?v=%d", p.PersonID, p.UpdatedAt.Unix())
}
