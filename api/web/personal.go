package web

import (
	"bytes"
	"fmt"

	"github.com/gin-gonic/gin"

	"adiukh/api/core"
	"adiukh/tournament"
	"adiukh/tournament/playercard"
)

// A part of a page that shows the signed-in reader is marked as
// personalMark, the name of the template that makes it, "-->", the part,
// personalEnd. The marks are comments, and no text of the data can make
// one: the templates escape every "<" they are given.
const (
	personalMark = "<!--personal:"
	personalEnd  = "<!--/personal-->"
)

// eventReader is the core.Personal of the pages of one event.
func (h *handler) eventReader(c *gin.Context) (func([]byte) ([]byte, error), error) {
	return h.readerOfEvent(c, func(head eventHeader) (any, error) { return head, nil })
}

// playerReader is the core.Personal of a player's card, whose follow
// button is the reader's too.
func (h *handler) playerReader(c *gin.Context) (func([]byte) ([]byte, error), error) {
	return h.readerOfEvent(c, func(head eventHeader) (any, error) {
		id, err := core.PathInt(c, "pid")
		if err != nil {
			return nil, err
		}
		ctx := c.Request.Context()
		p, err := h.Events.Player(ctx, head.Event.ID, id)
		if err != nil {
			return nil, err
		}
		following, err := h.Entries.Following(ctx, head.Event.ID, id)
		return playerPageData{eventHeader: head, Card: &playercard.PlayerCard{Player: p}, FollowingPlayer: following}, err
	})
}

// readerOfEvent tells how a signed-in reader's parts of a kept page of one
// event are filled in: the account's links, the event's follow button and
// their entry (the event's header), and what data adds to it. A reader
// who manages the event or plays in it sees more of their own (forms,
// management links, their reports, their board marked), as does any
// reader of a composition contest: nil, their page is made for them.
func (h *handler) readerOfEvent(c *gin.Context, data func(eventHeader) (any, error)) (func([]byte) ([]byte, error), error) {
	ctx := c.Request.Context()
	id, err := core.PathInt(c, "id")
	if err != nil {
		return nil, err
	}
	e, err := h.Events.Event(ctx, id)
	if err != nil {
		return nil, err
	}
	head := h.header(c, e, "")
	if head.CanManage || !e.Discipline.PlaysGames() {
		return nil, nil
	}
	if v, err := h.Submissions.PlayerView(ctx, id); err != nil || v.PlayerID != 0 {
		return nil, err
	}
	d, err := data(head)
	if err != nil {
		return nil, err
	}
	p := page{T: h.translator(c), User: tournament.UserFromContext(ctx), Data: d}
	return func(public []byte) ([]byte, error) { return h.fillPersonal(p, public) }, nil
}

// fillPersonal writes the public page with each of its marked parts made
// for the reader of p, the marks kept: the page made for them.
func (h *handler) fillPersonal(p page, public []byte) ([]byte, error) {
	parts := h.pages["event"] // every page's set has the layout and the partials
	var out bytes.Buffer
	out.Grow(len(public) + 1024)
	for rest := public; ; {
		start := bytes.Index(rest, []byte(personalMark))
		if start < 0 {
			out.Write(rest)
			return out.Bytes(), nil
		}
		name, after, ok := bytes.Cut(rest[start+len(personalMark):], []byte("-->"))
		end := bytes.Index(after, []byte(personalEnd))
		if !ok || end < 0 {
			return nil, fmt.Errorf("a personal part %.40q is not closed", rest[start:])
		}
		out.Write(rest[:start+len(personalMark)+len(name)+len("-->")])
		if err := parts.ExecuteTemplate(&out, string(name), p); err != nil {
			return nil, fmt.Errorf("make the personal part %s: %w", name, err)
		}
		rest = after[end:]
	}
}
