package core

import (
	"crypto/sha256"
	"fmt"
	"net/http"

	"github.com/gin-gonic/gin"
)

// WriteTagged answers with body under an ETag of its bytes, or 304 Not
// Modified when the reader has it already (If-None-Match): an answer made
// for one reader, never kept (a personal calendar polled hourly), costs
// its making but not its sending while it stays the same.
func WriteTagged(c *gin.Context, contentType, cacheControl string, body []byte) {
	sum := sha256.Sum256(body)
	etag := fmt.Sprintf(`"%x"`, sum[:16])
	c.Header("ETag", etag)
	c.Header("Cache-Control", cacheControl)
	if match := c.GetHeader("If-None-Match"); match != "" && etagMatches(match, etag) {
		c.Status(http.StatusNotModified)
		c.Writer.WriteHeaderNow()
		return
	}
	c.Data(http.StatusOK, contentType, body)
}
