package core

import (
	"errors"
	"fmt"
	"mime"
	"net/http"
	"strings"

	"github.com/gin-gonic/gin"

	"adiukh/tournament"
	"adiukh/tournament/entries"
	"adiukh/tournament/people"
	"adiukh/tournament/relay"
)

// Request bodies are bounded per route before anything reads them.
const (
	// defaultBodyLimit covers every form and JSON body: a result with a
	// game sheet is a few kilobytes.
	defaultBodyLimit = 256 << 10
	// csvBodyLimit covers a pasted list of players.
	csvBodyLimit = 1 << 20
	// multipartSlack is what the multipart envelope and the other fields of
	// an upload form add to the file.
	multipartSlack = 64 << 10
	// multipartMemory is how much of a multipart form is kept in memory;
	// larger files go to temporary files, removed when the request ends.
	multipartMemory = 1 << 20
	// MaxSheetBatchBytes covers the sheets of a round sent at once.
	MaxSheetBatchBytes = 4 << 20
	// textFormLimit covers the forms of composition contests whose texts
	// the service bounds in characters (an entry's solution and comment, a
	// claim's evidence, an answer, the judge's report of 50,000 characters
	// even in the page's URL encoding): a text over its limit but within this
	// comes back in the form with the reason, instead of a page that loses
	// what was typed.
	textFormLimit = 1 << 20
)

// bodyLimit is what a route accepts: content bytes (a file, a form), plus
// slack for the envelope of an upload form around its file.
// file marks an API route whose body is the file itself: it is never read
// as a form, whatever its declared type (curl's --data-binary declares a
// form unless told otherwise).
type bodyLimit struct {
	content, slack int64
	file           bool
}

// bodyLimits are the routes that accept more than defaultBodyLimit.
var bodyLimits = map[string]bodyLimit{
	"/api/v1/events/import.trf":                        {content: MaxTRF, file: true},
	"/manage/events/import.trf":                        {content: MaxTRF, slack: multipartSlack},
	"/events/:id/players/csv":                          {content: csvBodyLimit},
	"/events/:id/regulations":                          {content: entries.MaxRegulationsBytes, slack: multipartSlack},
	"/api/v1/events/:id/regulations":                   {content: entries.MaxRegulationsBytes, file: true},
	"/people/:pid/photo":                               {content: people.MaxPhotoBytes, slack: multipartSlack},
	"/api/v1/people/:pid/photo":                        {content: people.MaxPhotoBytes, file: true},
	"/events/:id/rounds/:n/boards/:board/edit":         {content: MaxSheetBytes, slack: multipartSlack},
	"/events/:id/rounds/:n/boards/:board/report":       {content: MaxSheetBytes, slack: multipartSlack},
	"/events/:id/rounds/:n/sheets":                     {content: MaxSheetBatchBytes, slack: multipartSlack},
	"/api/v1/events/:id/rounds/:n/sheets":              {content: MaxSheetBatchBytes},
	"/api/v1/events/:id/rounds/:n/relay":               {content: relay.MaxFeedBytes},
	"/api/v1/events/:id/rounds/:n/boards/:board/relay": {content: relay.MaxFeedBytes},
	"/events/:id/contest/entries":                      {content: textFormLimit},
	"/contest-entries/:eid":                            {content: textFormLimit},
	"/events/:id/contest/claims":                       {content: textFormLimit},
	"/events/:id/contest/award":                        {content: textFormLimit},
	"/events/:id/contest/award/text":                   {content: textFormLimit},
	"/events/:id/solving/problems/:n/answer":           {content: textFormLimit},
}

// bodyLimitOf is what the route accepts.
func bodyLimitOf(route string) bodyLimit {
	if l, ok := bodyLimits[route]; ok {
		return l
	}
	return bodyLimit{content: defaultBodyLimit}
}

// byteSize writes a limit the way people read it: 256 KB, 4 MB.
func byteSize(n int64) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MB", n>>20)
	case n >= 1<<10:
		return fmt.Sprintf("%d KB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}

// TooLarge is the answer to a body over the route's limit.
func TooLarge(limit int64) *tournament.Error {
	return tournament.TooLarge("body", "the request is larger than %s, the most this address accepts", byteSize(limit))
}

// Fail answers err as JSON under /api/ and as a page elsewhere.
func (h *Server) Fail(c *gin.Context, err error) {
	if ClientLeft(c, err) {
		return
	}
	if strings.HasPrefix(c.Request.URL.Path, "/api/") || h.failPage == nil {
		h.FailJSON(c, err)
		return
	}
	h.failPage(c, err)
}

// limitBody bounds the request body by its route before any handler reads
// it: a declared length over the limit is refused at once, and a longer
// body than declared fails when read. Forms are parsed here, so that a body
// over the limit is a clear 413 rather than empty fields, and the temporary
// files of a multipart form are removed when the request ends whatever the
// handler did (a handler refusing the user never looks at them). A route
// whose body is a file gets it whole.
func (h *Server) limitBody(c *gin.Context) {
	if c.Request.Body == http.NoBody && c.Request.Header["Content-Type"] == nil {
		c.Next() // nothing to bound or parse: a GET, as nearly every request is
		return
	}
	limit := bodyLimitOf(c.FullPath())
	if c.Request.ContentLength > limit.content+limit.slack {
		c.Header("Connection", "close")
		h.Fail(c, TooLarge(limit.content))
		return
	}
	c.Request.Body = http.MaxBytesReader(c.Writer, c.Request.Body, limit.content+limit.slack)
	defer func() {
		if f := c.Request.MultipartForm; f != nil {
			_ = f.RemoveAll()
		}
	}()
	mediaType, _, _ := mime.ParseMediaType(c.GetHeader("Content-Type"))
	if limit.file {
		mediaType = ""
	}
	var err error
	switch mediaType {
	case "multipart/form-data":
		err = c.Request.ParseMultipartForm(multipartMemory)
	case "application/x-www-form-urlencoded":
		err = c.Request.ParseForm()
	}
	var tooBig *http.MaxBytesError
	switch {
	case errors.As(err, &tooBig):
		h.Fail(c, TooLarge(limit.content))
		return
	case err != nil:
		h.Fail(c, tournament.Invalid("body", "the form could not be read: %v", err))
		return
	}
	for field, values := range c.Request.Form {
		for _, v := range values {
			if strings.ContainsRune(v, 0) {
				h.Fail(c, NulIn(field))
				return
			}
		}
	}
	c.Next()
}

// MaxTRF bounds an uploaded TRF file: a thousand players and many rounds
// fit well within it.
const MaxTRF = 4 << 20

// MaxSheetBytes bounds an uploaded sheet: a long game is a few kilobytes.
const MaxSheetBytes = 64 << 10

// NulIn refuses a NUL character: no name or text needs one, and
// PostgreSQL cannot store it in text.
func NulIn(field string) error {
	return tournament.Invalid(field, "contains a NUL character (\\u0000), which no text may contain")
}
