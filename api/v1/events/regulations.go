package events

import (
	"errors"
	"io"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"

	"adiukh/api/core"
	"adiukh/api/v1/shapes"
	"adiukh/tournament"
	"adiukh/tournament/entries"
)

// regulationsRoutes registers an event's regulations: the PDF for
// everyone who may read the event, the file put or removed by its
// arbiters (the body is the PDF itself).
func (h *handler) regulationsRoutes(g, w gin.IRoutes) {
	g.GET("/events/:id/regulations.pdf", h.JSON(h.RegulationsPDF))
	w.PUT("/events/:id/regulations", h.JSON(h.putRegulations))
	w.DELETE("/events/:id/regulations", h.JSON(h.deleteRegulations))
}

type regulationsView struct {
	File       string    `json:"file"`
	Bytes      int       `json:"bytes"`
	UploadedAt time.Time `json:"uploaded_at"`
	URL        string    `json:"url"`
}

// putRegulations attaches the PDF in the body; ?file= names it.
func (h *handler) putRegulations(c *gin.Context) error {
	id, err := core.PathInt(c, "id")
	if err != nil {
		return err
	}
	content, err := io.ReadAll(io.LimitReader(c.Request.Body, entries.MaxRegulationsBytes+1))
	var tooLarge *http.MaxBytesError
	switch {
	case errors.As(err, &tooLarge):
		return core.TooLarge(entries.MaxRegulationsBytes)
	case err != nil:
		return tournament.Invalid("body", "the file could not be read: %v", err)
	case len(content) > entries.MaxRegulationsBytes:
		return core.TooLarge(entries.MaxRegulationsBytes)
	}
	r, err := h.Entries.SetRegulations(c.Request.Context(), id, c.Query("file"), content)
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, regulationsView{File: r.FileName, Bytes: r.Size, UploadedAt: r.UploadedAt,
		URL: "/api/v1/events/" + c.Param("id") + "/regulations.pdf"})
	return nil
}

func (h *handler) deleteRegulations(c *gin.Context) error {
	id, err := core.PathInt(c, "id")
	if err != nil {
		return err
	}
	if err := h.Entries.RemoveRegulations(c.Request.Context(), id); err != nil {
		return err
	}
	c.JSON(http.StatusOK, shapes.RemovedView{Deleted: "regulations"})
	return nil
}
