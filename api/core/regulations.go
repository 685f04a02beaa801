package core

import (
	"mime"
	"net/http"

	"github.com/gin-gonic/gin"
)

// RegulationsPDF answers an event's regulations to anyone who may read the
// event: the page's link and the API serve the same file.
func (h *Server) RegulationsPDF(c *gin.Context) error {
	id, err := PathInt(c, "id")
	if err != nil {
		return err
	}
	r, err := h.Entries.RegulationsOf(c.Request.Context(), id)
	if err != nil {
		return err
	}
	c.Header("Content-Disposition", mime.FormatMediaType("inline", map[string]string{"filename": r.FileName}))
	c.Data(http.StatusOK, "application/pdf", r.Content)
	return nil
}
