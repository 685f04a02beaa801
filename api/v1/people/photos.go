package people

import (
	"errors"
	"io"
	"net/http"

	"github.com/gin-gonic/gin"

	"adiukh/api/core"
	"adiukh/api/v1/shapes"
	"adiukh/tournament"
	register "adiukh/tournament/people"
)

// photosRoutes registers a person's photo, put (the body is the
// JPEG or PNG itself) or removed by administrators and the person; the
// picture is served at the address GET /people/{id} gives as "photo".
func (h *handler) photosRoutes(w gin.IRoutes) {
	w.PUT("/people/:pid/photo", h.JSON(h.putPersonPhoto))
	w.DELETE("/people/:pid/photo", h.JSON(h.deletePersonPhoto))
}

func (h *handler) putPersonPhoto(c *gin.Context) error {
	id, err := core.PathInt(c, "pid")
	if err != nil {
		return err
	}
	content, err := io.ReadAll(io.LimitReader(c.Request.Body, register.MaxPhotoBytes+1))
	var tooLarge *http.MaxBytesError
	switch {
	case errors.As(err, &tooLarge):
		return core.TooLarge(register.MaxPhotoBytes)
	case err != nil:
		// The client's upload broke off; what broke it says nothing to
		// its reader.
		return tournament.Invalid("body", "the photo broke off before its end; send it again")
	case len(content) > register.MaxPhotoBytes:
		return core.TooLarge(register.MaxPhotoBytes)
	}
	p, err := h.People.SetPersonPhoto(c.Request.Context(), id, content)
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, photoView{Photo: core.PhotoURL(p), Bytes: len(p.Content), UpdatedAt: p.UpdatedAt})
	return nil
}

func (h *handler) deletePersonPhoto(c *gin.Context) error {
	id, err := core.PathInt(c, "pid")
	if err != nil {
		return err
	}
	if err := h.People.RemovePersonPhoto(c.Request.Context(), id); err != nil {
		return err
	}
	c.JSON(http.StatusOK, shapes.RemovedView{Deleted: "photo"})
	return nil
}
