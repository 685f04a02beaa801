package people

import (
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"

	"github.com/gin-gonic/gin"

	"adiukh/api/core"
	"adiukh/api/web/kit"
	"adiukh/tournament"
	"adiukh/tournament/people"
)

// peoplePhotosRoutesWeb registers the persons' photos: the picture for
// everyone, its upload and removal for administrators and the person.
func (h *handler) peoplePhotosRoutesWeb(g, m gin.IRoutes) {
	g.GET("/people/:pid/photo.jpg", h.Page(h.personPhoto))
	m.POST("/people/:pid/photo", h.Page(h.uploadPersonPhoto))
	h.ReshowTooLarge("/people/:pid/photo", h.photoTooLarge)
	m.POST("/people/:pid/photo/remove", h.Page(h.removePersonPhoto))
}

// personPhoto serves a person's photo. Its address on the person's page
// carries the time it was uploaded, so a day's caching never shows an old
// one after a change.
func (h *handler) personPhoto(c *gin.Context) error {
	id, err := core.PathInt(c, "pid")
	if err != nil {
		return err
	}
	p, err := h.People.PersonPhotoOf(c.Request.Context(), id)
	if err != nil {
		return err
	}
	etag := `"` + strconv.FormatInt(p.UpdatedAt.Unix(), 10) + `"`
	c.Header("Cache-Control", "public, max-age=86400")
	c.Header("ETag", etag)
	if c.GetHeader("If-None-Match") == etag {
		c.Status(http.StatusNotModified)
		return nil
	}
	c.Data(http.StatusOK, "image/jpeg", p.Content)
	return nil
}

// uploadPersonPhoto keeps the uploaded photo; a refusal (not a picture,
// too large) shows at the person's photo form.
func (h *handler) uploadPersonPhoto(c *gin.Context) error {
	id, err := core.PathInt(c, "pid")
	if err != nil {
		return err
	}
	err = func() error {
		fh, err := c.FormFile("photo")
		if err != nil {
			return tournament.Invalid("photo", "choose a photo to upload")
		}
		if fh.Size > people.MaxPhotoBytes {
			return tournament.Invalid("photo", "the file is larger than %d MB", people.MaxPhotoBytes>>20)
		}
		// The form was read whole: the file is the server's copy, and
		// failing to read it is the server's fault, not the reader's.
		f, err := fh.Open()
		if err != nil {
			return fmt.Errorf("open the uploaded photo: %w", err)
		}
		defer f.Close()
		content, err := io.ReadAll(io.LimitReader(f, people.MaxPhotoBytes+1))
		if err != nil {
			return fmt.Errorf("read the uploaded photo: %w", err)
		}
		_, err = h.People.SetPersonPhoto(c.Request.Context(), id, content)
		return err
	}()
	if err != nil {
		f := kit.NewForm()
		if ferr := f.Fail(err, h.Translator(c)); ferr != nil {
			return ferr
		}
		return h.renderPerson(c, kit.FormStatus(err), id, nil, nil, f)
	}
	c.Redirect(http.StatusSeeOther, fmt.Sprintf("/people/%d", id))
	return nil
}

// photoTooLarge shows the person's page again with the photo's form
// refusing a file over the limit (kit.Kit.ReshowTooLarge), to a reader who may
// change the photo.
func (h *handler) photoTooLarge(c *gin.Context) error {
	id, err := core.PathInt(c, "pid")
	if err != nil {
		return err
	}
	if v, err := h.People.PersonPage(c.Request.Context(), id); err != nil || !v.CanChangePhoto {
		return errors.Join(kit.ErrNotTheReaders, err)
	}
	f := kit.NewForm()
	tooLarge := tournament.TooLarge("photo", "the file is larger than %d MB", people.MaxPhotoBytes>>20)
	if err := f.Fail(tooLarge, h.Translator(c)); err != nil {
		return err
	}
	return h.renderPerson(c, http.StatusRequestEntityTooLarge, id, nil, nil, f)
}

func (h *handler) removePersonPhoto(c *gin.Context) error {
	id, err := core.PathInt(c, "pid")
	if err != nil {
		return err
	}
	if err := h.People.RemovePersonPhoto(c.Request.Context(), id); err != nil {
		return err
	}
	c.Redirect(http.StatusSeeOther, fmt.Sprintf("/people/%d", id))
	return nil
}
