package web

import (
	"fmt"
	"net/http"

	"github.com/gin-gonic/gin"

	"adiukh/api/core"
)

// myRoutesWeb registers the signed-in player's own page and following
// events, players and people.
func (h *handler) myRoutesWeb(m *gin.RouterGroup) {
	m.GET("/my", h.Page(h.myPage))
	m.POST("/events/:id/follow", h.Page(h.followEvent))
	m.POST("/events/:id/players/:pid/follow", h.Page(h.followPlayer))
	m.POST("/people/:pid/follow", h.Page(h.followPerson))
}

func (h *handler) myPage(c *gin.Context) error {
	page, err := h.Entries.MyPage(c.Request.Context())
	if err != nil {
		return err
	}
	h.render(c, http.StatusOK, "my", "my.title", page)
	return nil
}

// followEvent follows the event or stops (follow=0), then shows its page.
func (h *handler) followEvent(c *gin.Context) error {
	id, err := core.PathInt(c, "id")
	if err != nil {
		return err
	}
	if err := h.Entries.SetFollowing(c.Request.Context(), id, 0, c.PostForm("follow") != "0"); err != nil {
		return err
	}
	c.Redirect(http.StatusSeeOther, fmt.Sprintf("/events/%d", id))
	return nil
}

// followPlayer follows a player of the event or stops (follow=0), then
// shows the player's card.
func (h *handler) followPlayer(c *gin.Context) error {
	ids, err := core.PathInts(c, "id", "pid")
	if err != nil {
		return err
	}
	if err := h.Entries.SetFollowing(c.Request.Context(), ids[0], ids[1], c.PostForm("follow") != "0"); err != nil {
		return err
	}
	c.Redirect(http.StatusSeeOther, fmt.Sprintf("/events/%d/players/%d", ids[0], ids[1]))
	return nil
}

// followPerson follows a person of the register in every event they play,
// or stops (follow=0), then shows the person's page.
func (h *handler) followPerson(c *gin.Context) error {
	id, err := core.PathInt(c, "pid")
	if err != nil {
		return err
	}
	if err := h.Entries.SetFollowingPerson(c.Request.Context(), id, c.PostForm("follow") != "0"); err != nil {
		return err
	}
	c.Redirect(http.StatusSeeOther, fmt.Sprintf("/people/%d", id))
	return nil
}
