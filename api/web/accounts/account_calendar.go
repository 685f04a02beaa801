package accounts

import (
	"net/http"
	"net/url"

	"github.com/gin-gonic/gin"
)

// newFeedToken makes the account a new address of its personal calendar
// and shows it this once; the old address stops working.
func (h *handler) newFeedToken(c *gin.Context) error {
	token, err := h.Entries.NewFeedToken(c.Request.Context())
	if err != nil {
		return err
	}
	feed := h.Site(c).JoinPath("my.ics")
	feed.RawQuery = url.Values{"token": {token}}.Encode()
	return h.renderAccount(c, http.StatusCreated, accountPageData{NewCalendar: feed.String()})
}

// revokeFeedToken stops the account's personal calendar.
func (h *handler) revokeFeedToken(c *gin.Context) error {
	if err := h.Entries.RevokeFeedToken(c.Request.Context()); err != nil {
		return err
	}
	c.Redirect(http.StatusSeeOther, "/account?done=calendar#calendar")
	return nil
}
