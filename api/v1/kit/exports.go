package kit

import (
	"context"
	"io"
	"mime"

	"github.com/gin-gonic/gin"

	"adiukh/api/core"
	"adiukh/tournament"
	"adiukh/tournament/catalog"
)

// The content types of the documents the API sends.
const (
	PDFType  = "application/pdf"
	PDNType  = "application/x-pdn; charset=utf-8"
	TRFType  = "text/plain; charset=utf-8"
	XLSXType = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
)

// SendDocument answers with the document render writes, as it is written
// (core.SendBody): a failure before its first megabyte is answered as a
// JSON error, one after it cuts the transfer. PDFs open in the browser
// (inline); data files download (attachment).
func (k *Kit) SendDocument(c *gin.Context, contentType, filename string, render func(ctx context.Context, w io.Writer) error) error {
	disposition := "attachment"
	if contentType == PDFType {
		disposition = "inline"
	}
	c.Header("Content-Disposition", mime.FormatMediaType(disposition, map[string]string{"filename": filename}))
	err := core.SendBody(c, contentType, func(w io.Writer) error { return render(c.Request.Context(), w) })
	if err != nil {
		c.Writer.Header().Del("Content-Disposition") // the error is answered, not a file
	}
	return err
}

// ReportLocale is the language of a document: ?lang=ru|en, else the
// reader's language as the pages choose it (the language cookie, the
// account's, the Accept-Language header, Russian), which is the language a
// kept document is kept by.
func (k *Kit) ReportLocale(c *gin.Context) (catalog.Lang, error) {
	switch lang := c.Query("lang"); lang {
	case "ru":
		return catalog.Russian, nil
	case "en":
		return catalog.English, nil
	case "":
		return k.Lang(c), nil
	default:
		return "", tournament.Invalid("lang", "documents are printed in \"ru\" or \"en\", not %q", lang)
	}
}

// DocumentRequest reads the path parameters and the language of a document.
func (k *Kit) DocumentRequest(c *gin.Context, names ...string) ([]int64, catalog.Lang, error) {
	ids, err := core.PathInts(c, names...)
	if err != nil {
		return nil, "", err
	}
	loc, err := k.ReportLocale(c)
	return ids, loc, err
}
