package events

import (
	"fmt"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"

	"adiukh/api/core"
	"adiukh/api/web/kit"
	"adiukh/tournament"
	"adiukh/tournament/checkin"
	"adiukh/tournament/entries"
)

// myPageData is the account's own page with its notices worded.
type myPageData struct {
	*entries.MyPage
	Inbox []noticeItem
	// Checkins are the open check-ins of the rounds the reader plays
	// next, each with its "I am here" while it may be pressed.
	Checkins []*checkin.RoundView
}

// noticeItem is a notice of the site's inbox as the page shows it: its
// text in the reader's language, linked to the page it is about.
type noticeItem struct {
	Kind string
	Text string
	Link string
	At   time.Time
	// Zone is where the site's own records are shown: a notice may be of
	// no event, or of one the reader may no longer read.
	Zone *time.Location
	Read bool
}

// myPage shows the account's own page; the notices it shows are read
// after.
func (h *handler) myPage(c *gin.Context) error {
	ctx := c.Request.Context()
	page, err := h.Entries.MyPage(ctx)
	if err != nil {
		return err
	}
	checkins, err := h.Checkin.Mine(ctx)
	if err != nil {
		return err
	}
	tr := h.Translator(c)
	data := &myPageData{MyPage: page, Checkins: checkins}
	var unread []int64
	for _, n := range page.Notices {
		link, _ := n.Arg("Link").(string)
		data.Inbox = append(data.Inbox, noticeItem{Kind: n.Kind, Text: noticeText(tr, &n.Notice), Link: link, At: n.At, Zone: tournament.DefaultLocation(), Read: n.Read})
		if !n.Read {
			unread = append(unread, n.ID)
		}
	}
	if err := h.Entries.MarkNoticesRead(ctx, unread); err != nil {
		return err
	}
	h.RenderWith(c, tr, http.StatusOK, "my", tr.T("my.title"), data)
	return nil
}

// noticeText is a notice of the site's inbox in the reader's language.
func noticeText(tr *kit.Translator, n *tournament.Notice) string {
	return tr.T("notice.inbox."+n.Kind, n.Args...)
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
