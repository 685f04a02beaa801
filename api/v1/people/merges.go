package people

import (
	"net/http"
	"strconv"

	"github.com/gin-gonic/gin"

	"adiukh/api/core"
	"adiukh/api/v1/kit"
	"adiukh/api/v1/shapes"
	register "adiukh/tournament/people"
)

// mergesRoutes registers the register's likely duplicates and
// their merges, for administrators.
func (h *handler) mergesRoutes(w gin.IRoutes) {
	w.GET("/people-duplicates", h.JSON(h.getDuplicates))
	w.POST("/people/:pid/merge", h.JSON(h.postMerge))
	w.POST("/people-merges/:mid/undo", h.JSON(h.postUndoMerge))
}

// getDuplicates lists the register's likely duplicates, closest first.
func (h *handler) getDuplicates(c *gin.Context) error {
	pairs, err := h.People.Duplicates(c.Request.Context())
	if err != nil {
		return err
	}
	out := make([]duplicatePairView, len(pairs))
	for i, p := range pairs {
		out[i] = duplicatePairView{A: shapes.NewPersonView(&p.A), B: shapes.NewPersonView(&p.B), Distance: p.Distance, Missing: p.Missing}
	}
	c.JSON(http.StatusOK, duplicatesView{out})
	return nil
}

// postMerge merges the person into another: {"into": its number in the
// register} or {"into_federation_id": its federation ID}.
func (h *handler) postMerge(c *gin.Context) error {
	id, err := core.PathInt(c, "pid")
	if err != nil {
		return err
	}
	var body struct {
		Into             int64  `json:"into"`
		IntoFederationID string `json:"into_federation_id"`
	}
	if err := kit.DecodeJSON(c, &body); err != nil {
		return err
	}
	merge := func() (*register.Merge, error) { return h.People.MergePeople(c.Request.Context(), id, body.Into) }
	if body.IntoFederationID != "" {
		merge = func() (*register.Merge, error) {
			return h.People.MergeIntoFederationID(c.Request.Context(), id, body.IntoFederationID)
		}
	}
	m, err := merge()
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, mergeView{Merge: m.ID, From: m.From, Into: m.Into, Players: m.Players,
		Undo: "/api/v1/people-merges/" + strconv.FormatInt(m.ID, 10) + "/undo"})
	return nil
}

func (h *handler) postUndoMerge(c *gin.Context) error {
	id, err := core.PathInt(c, "mid")
	if err != nil {
		return err
	}
	if err := h.People.UndoMerge(c.Request.Context(), id); err != nil {
		return err
	}
	c.JSON(http.StatusOK, undoneView{id})
	return nil
}
