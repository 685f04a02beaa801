package people

import (
	"fmt"
	"net/http"
	"strconv"

	"github.com/gin-gonic/gin"

	"adiukh/api/core"
	"adiukh/api/web/kit"
)

// peopleMergesRoutesWeb registers the register's likely duplicates and
// their merges, for administrators; a merge is made from the person's page.
func (h *handler) peopleMergesRoutesWeb(m gin.IRoutes) {
	m.GET("/people-duplicates", h.Page(h.duplicatesPage))
	m.POST("/people/:pid/merge", h.Page(h.mergePerson))
	m.POST("/people-merges/:mid/undo", h.Page(h.undoMerge))
}

// mergePerson merges the person into the one whose federation ID the form
// gives, then shows that one with the merge's undo.
func (h *handler) mergePerson(c *gin.Context) error {
	id, err := core.PathInt(c, "pid")
	if err != nil {
		return err
	}
	f := kit.FormValues(c, "into")
	m, err := h.People.MergeIntoFederationID(c.Request.Context(), id, f.Values["into"])
	if err == nil {
		c.Redirect(http.StatusSeeOther, fmt.Sprintf("/people/%d?merged=%d", m.Into, m.ID))
		return nil
	}
	if err := f.Fail(err, h.Translator(c)); err != nil {
		return err
	}
	return h.renderPerson(c, kit.FormStatus(err), id, nil, f, nil)
}

func (h *handler) undoMerge(c *gin.Context) error {
	id, err := core.PathInt(c, "mid")
	if err != nil {
		return err
	}
	if err := h.People.UndoMerge(c.Request.Context(), id); err != nil {
		return err
	}
	// Back to the page the undo was asked from: a person's page lists its
	// merges, the duplicates page finds the pair again.
	back := "/people-duplicates"
	if pid, err := strconv.ParseInt(c.PostForm("person"), 10, 64); err == nil {
		back = fmt.Sprintf("/people/%d", pid)
	}
	c.Redirect(http.StatusSeeOther, back)
	return nil
}

func (h *handler) duplicatesPage(c *gin.Context) error {
	pairs, err := h.People.Duplicates(c.Request.Context())
	if err != nil {
		return err
	}
	h.Render(c, http.StatusOK, "people_duplicates", "people.duplicates", pairs)
	return nil
}
