package correspondence

import (
	"adiukh/api/core"
	"adiukh/api/v1/kit"
	"adiukh/tournament/catalog"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/gin-gonic/gin"
)

type myGameView struct {
	corrGameView
	EventName string `json:"event_name"`
	Side      string `json:"side"`
	YourMove  bool   `json:"your_move"`
	Opponent  string `json:"opponent"`
}

func (h *handler) getMyGames(c *gin.Context) error {
	games, err := h.Correspondence.MyGames(c.Request.Context())
	if err != nil {
		return err
	}
	l := core.JSONLocalizer(c)
	out := make([]myGameView, len(games))
	for i := range games {
		g := &games[i]
		out[i] = myGameView{corrGameView: newCorrGameView(l, &g.View), EventName: g.Event.Name, Side: g.Side.String(),
			YourMove: g.MyMove, Opponent: g.Players[g.PlayerID(g.Side.Opponent())]}
	}
	c.JSON(http.StatusOK, out)
	return nil
}

// notificationView is one message of the account's inbox: a
// notification of its correspondence games (source "correspondence") or a
// notice of its events and entries (source "notices"); each source numbers
// its own.
type notificationView struct {
	ID      int64  `json:"id"`
	Source  string `json:"source"`
	Kind    string `json:"kind"`
	EventID int64  `json:"event_id"`
	GameID  int64  `json:"game_id,omitempty"`
	Text    string `json:"text"`
	Link    string `json:"link,omitempty"`
	At      string `json:"at"`
	Read    bool   `json:"read"`
}

// inboxSize is how many of each source's latest messages the inbox lists.
const inboxSize = 100

// getNotifications lists the account's inbox, newest first: its games'
// notifications and its notices, in the reader's language.
func (h *handler) getNotifications(c *gin.Context) error {
	ctx := c.Request.Context()
	ns, err := h.Correspondence.Inbox(ctx, inboxSize)
	if err != nil {
		return err
	}
	notices, err := h.Entries.Inbox(ctx, inboxSize)
	if err != nil {
		return err
	}
	locale := h.Lang(c)
	l := catalog.For(locale)
	out := make([]notificationView, 0, len(ns)+len(notices))
	for i := range ns {
		n := &ns[i]
		out = append(out, notificationView{ID: n.ID, Source: "correspondence", Kind: string(n.Kind), EventID: n.EventID, GameID: n.GameID,
			Text: n.Text(string(locale)), At: n.CreatedAt.UTC().Format(time.RFC3339), Read: n.Read})
	}
	for i := range notices {
		n := &notices[i]
		link, _ := n.Arg("Link").(string)
		out = append(out, notificationView{ID: n.ID, Source: "notices", Kind: n.Kind, EventID: n.EventID,
			Text: l.T("notice.inbox."+n.Kind, n.Args...), Link: link, At: n.At.UTC().Format(time.RFC3339), Read: n.Read})
	}
	// The times are UTC in one format: their text sorts as they do.
	slices.SortStableFunc(out, func(a, b notificationView) int { return strings.Compare(b.At, a.At) })
	c.JSON(http.StatusOK, out)
	return nil
}

// readBody names the messages read: the games' notifications by ids, the
// notices by notice_ids.
type readBody struct {
	IDs       []int64 `json:"ids"`
	NoticeIDs []int64 `json:"notice_ids"`
}

func (h *handler) postNotificationsRead(c *gin.Context) error {
	var body readBody
	if err := kit.DecodeJSON(c, &body); err != nil {
		return err
	}
	if err := h.Correspondence.MarkRead(c.Request.Context(), body.IDs); err != nil {
		return err
	}
	if err := h.Entries.MarkNoticesRead(c.Request.Context(), body.NoticeIDs); err != nil {
		return err
	}
	c.Status(http.StatusNoContent)
	return nil
}
