package events

import (
	"fmt"
	"io"
	"net/http"

	"github.com/gin-gonic/gin"

	"adiukh/api/core"
	"adiukh/api/web/kit"
	"adiukh/tournament"
	"adiukh/tournament/entries"
)

// uploadRegulations attaches the uploaded PDF; a refusal (not a PDF, too
// large) shows at the desk's regulations form.
func (h *handler) uploadRegulations(c *gin.Context) error {
	id, err := core.PathInt(c, "id")
	if err != nil {
		return err
	}
	err = func() error {
		fh, err := c.FormFile("file")
		if err != nil {
			return tournament.Invalid("file", "choose the PDF of the regulations to upload")
		}
		if fh.Size > entries.MaxRegulationsBytes {
			return tournament.Invalid("file", "the file is larger than %d MB", entries.MaxRegulationsBytes>>20)
		}
		f, err := fh.Open()
		if err != nil {
			return tournament.Invalid("file", "the file could not be read: %v", err)
		}
		defer f.Close()
		content, err := io.ReadAll(io.LimitReader(f, entries.MaxRegulationsBytes+1))
		if err != nil {
			return tournament.Invalid("file", "the file could not be read: %v", err)
		}
		_, err = h.Entries.SetRegulations(c.Request.Context(), id, fh.Filename, content)
		return err
	}()
	if err != nil {
		return h.ManageFailed(c, id, err, func(d *kit.ManagePageData) *kit.Form { return d.RegulationsForm }, nil)
	}
	h.BackToManage(c, id, "regulations")
	return nil
}

// regulationsTooLarge shows the desk again with the regulations' form
// refusing a file over the limit (kit.Kit.ReshowTooLarge).
func (h *handler) regulationsTooLarge(c *gin.Context) error {
	id, err := core.PathInt(c, "id")
	if err != nil {
		return err
	}
	tooLarge := tournament.TooLarge("file", "the file is larger than %d MB", entries.MaxRegulationsBytes>>20)
	return h.ManageFailed(c, id, tooLarge, func(d *kit.ManagePageData) *kit.Form { return d.RegulationsForm }, nil)
}

func (h *handler) removeRegulations(c *gin.Context) error {
	id, err := core.PathInt(c, "id")
	if err != nil {
		return err
	}
	if err := h.Entries.RemoveRegulations(c.Request.Context(), id); err != nil {
		return h.ManageFailed(c, id, err, func(d *kit.ManagePageData) *kit.Form { return d.RegulationsForm }, nil)
	}
	c.Redirect(http.StatusSeeOther, fmt.Sprintf("/events/%d/manage#regulations", id))
	return nil
}
