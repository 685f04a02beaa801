package v1

import (
	"context"
	"io"

	"github.com/gin-gonic/gin"

	"adiukh/api/v1/kit"
	"adiukh/tournament/catalog"
)

// The helpers composition.go calls by their old names, now the kit's: they
// go when the composition contest moves to its own area.

type reasonBody = kit.ReasonBody

const pdfType = kit.PDFType

func (h *handler) documentRequest(c *gin.Context, names ...string) ([]int64, catalog.Lang, error) {
	return h.DocumentRequest(c, names...)
}

func (h *handler) sendDocument(c *gin.Context, contentType, filename string, render func(ctx context.Context, w io.Writer) error) error {
	return h.SendDocument(c, contentType, filename, render)
}
