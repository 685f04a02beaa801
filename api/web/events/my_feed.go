package events

import (
	"bytes"
	"fmt"
	"net/url"
	"strings"

	"github.com/gin-gonic/gin"

	"adiukh/api/core"
	"adiukh/api/web/kit"
	"adiukh/tournament/catalog"
	"adiukh/tournament/entries"
	"adiukh/tournament/ical"
)

// myICS is the personal calendar of the account whose token the address
// carries, in the account's language: its events, then its games, a
// round each. It is never kept in the page cache: it is one account's,
// made of the parts its service keeps of each event.
func (h *handler) myICS(c *gin.Context) error {
	feed, err := h.Entries.MyFeed(c.Request.Context(), c.Query("token"))
	if err != nil {
		return err
	}
	lang, ok := catalog.Parse(feed.Owner.Locale)
	if !ok {
		lang = h.Lang(c)
	}
	tr := kit.NewTranslator(lang)
	site := h.Site(c)
	out := ical.Calendar{ProdID: "-//adiukh//calendar//" + strings.ToUpper(string(tr.Lang)), Name: tr.T("calendar.mine", "Name", feed.OwnerName()), Refresh: feedRefresh}
	for _, it := range feed.Events {
		if ev, ok := calendarEvent(tr, site, &it); ok {
			out.Events = append(out.Events, ev)
		}
	}
	for _, g := range feed.Games {
		out.Events = append(out.Events, gameEvent(tr, site, &g))
	}
	var buf bytes.Buffer
	if err := ical.Write(&buf, out); err != nil {
		return err
	}
	// A calendar program polls the feed: it may keep it, asking each time
	// whether it changed (no-cache), and is answered 304 while it has not.
	core.WriteTagged(c, "text/calendar; charset=utf-8", "private, no-cache", buf.Bytes())
	return nil
}

// gameEvent is the calendar's entry of one game: the round, the board,
// the player with their colour, the opponent and the event in its title,
// the result once entered in its description; at its start when the site
// knows it (a live round), else on its day.
func gameEvent(tr *kit.Translator, site *url.URL, g *entries.FeedGame) ical.Event {
	summary := tr.T("calendar.game_bye", "Round", g.Round, "Player", g.Player.Name, "Event", g.Event.Name)
	if !g.Bye {
		side := tr.T("side.black")
		if g.White {
			side = tr.T("side.white")
		}
		summary = tr.T("calendar.game", "Round", g.Round, "Board", g.Board.Board, "Player", g.Player.Name, "Side", side,
			"Opponent", g.Opponent, "Event", g.Event.Name)
	}
	var desc string
	if score := g.Score(); score != "" {
		desc = tr.T("calendar.game_result", "Score", score)
	}
	link := site.JoinPath("events", fmt.Sprint(g.Event.ID))
	link.RawQuery = url.Values{"round": {fmt.Sprint(g.Round)}}.Encode()
	return ical.Event{UID: fmt.Sprintf("game-%d@%s", g.GameID, site.Host), Stamp: g.Revised, Sequence: g.Sequence, Status: ical.Confirmed,
		First: g.Day, Last: g.Day, Starts: g.Starts, Ends: g.Ends, Summary: summary,
		Location: strings.Trim(strings.Join([]string{g.Event.Venue, g.Event.City}, ", "), ", "), Description: desc, URL: link.String()}
}
