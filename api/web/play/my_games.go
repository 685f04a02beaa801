package play

import (
	"net/http"
	"time"

	"github.com/gin-gonic/gin"

	"adiukh/api/web/kit"
	"adiukh/tournament"
)

type myGamesPageData struct {
	Games []corrRow
	Inbox []inboxItem
	// Events are the correspondence events the user plays in, for
	// booking leave.
	Events []myEvent
	Form   *kit.Form
}

type inboxItem struct {
	Text   string
	At     time.Time
	Zone   *time.Location // the event's; UTC when the event cannot be read
	GameID int64
	Read   bool
}

type myEvent struct {
	ID       int64
	Name     string
	PlayerID int64
}

func (h *handler) myGamesPage(c *gin.Context) error {
	return h.renderMyGames(c, kit.NewForm(), http.StatusOK)
}

func (h *handler) renderMyGames(c *gin.Context, f *kit.Form, status int) error {
	ctx := c.Request.Context()
	tr := h.Translator(c)
	games, err := h.Correspondence.MyGames(ctx)
	if err != nil {
		return err
	}
	data := &myGamesPageData{Form: f}
	seen := map[int64]bool{}
	zones := map[int64]*time.Location{}
	for _, g := range games {
		row := newCorrRow(tr, g.View, g.Players)
		row.Mine, row.MyMove, row.EventName, row.Zone = true, g.MyMove, g.Event.Name, g.Event.Location()
		zones[g.EventID] = row.Zone
		row.Opponent = g.Players[g.PlayerID(g.Side.Opponent())]
		row.Side, row.MyLeft = g.Side.String(), clockText(tr, g.Left[g.Side])
		data.Games = append(data.Games, row)
		if !seen[g.EventID] && g.Event.Status != tournament.Finished {
			seen[g.EventID] = true
			data.Events = append(data.Events, myEvent{ID: g.EventID, Name: g.Event.Name, PlayerID: g.PlayerID(g.Side)})
		}
	}
	inbox, err := h.Correspondence.Inbox(ctx, 20)
	if err != nil {
		return err
	}
	var unread []int64
	for _, n := range inbox {
		if _, known := zones[n.EventID]; !known {
			// A notification of an event the reader plays no game in (the
			// arbiter's) is dated in that event's zone too.
			if e, err := h.Events.Event(ctx, n.EventID); err == nil {
				zones[n.EventID] = e.Location()
			}
		}
		data.Inbox = append(data.Inbox, inboxItem{Text: n.Text(string(tr.Lang)), At: n.CreatedAt, Zone: zones[n.EventID], GameID: n.GameID, Read: n.Read})
		if !n.Read {
			unread = append(unread, n.ID)
		}
	}
	if err := h.Correspondence.MarkRead(ctx, unread); err != nil {
		return err
	}
	h.RenderWith(c, tr, status, "corr_my_games", tr.T("corr.my_games"), data)
	return nil
}
