package kit

import (
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"

	"adiukh/tournament"
)

// FormInt reads a whole number of a form; empty is 0.
func FormInt(c *gin.Context, name string) (int, error) {
	s := strings.TrimSpace(c.PostForm(name))
	if s == "" {
		return 0, nil
	}
	n, err := strconv.Atoi(s)
	if err != nil {
		return 0, tournament.Invalid(name, "%q is not a whole number", s)
	}
	return n, nil
}
