package kit

import (
	"io"

	"github.com/gin-gonic/gin"

	"adiukh/api/core"
	"adiukh/tournament"
	"adiukh/tournament/submissions"
)

// SheetOutcomeRow is one sheet of a batch on the results page.
type SheetOutcomeRow struct {
	submissions.SheetOutcome
	Score string
	// Error is why the sheet was not stored, in the reader's language.
	Error string
}

// UploadedSheet is the sheet to record: an uploaded file's content, if
// one was sent, else the pasted text. The form keeps the pasted text, so
// that a file the service refuses (a photo) is not typed back into it.
func UploadedSheet(c *gin.Context, pasted string) (string, error) {
	fh, err := c.FormFile("sheet_file")
	if err != nil {
		return pasted, nil // no file: the pasted text stands
	}
	if fh.Size > core.MaxSheetBytes {
		return "", tournament.Invalid("sheet", "the file %s has %d bytes; a game sheet has at most %d", fh.Filename, fh.Size, core.MaxSheetBytes)
	}
	f, err := fh.Open()
	if err != nil {
		return "", err
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, core.MaxSheetBytes))
	if err != nil {
		return "", err
	}
	return string(b), nil
}
