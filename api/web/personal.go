package web

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/gin-gonic/gin"

	"adiukh/api/core"
	"adiukh/api/web/kit"
	"adiukh/tournament"
	"adiukh/tournament/playercard"
)

// eventReader is the core.Personal of the pages of one event, whose
// pairings mark the reader's board and list their reports (the panel of
// eventPageData).
func (h *handler) eventReader(c *gin.Context) (func([]byte) ([]byte, error), bool, error) {
	return h.readerOfEvent(c, func(head kit.EventHeader, v *tournament.PlayerView) (any, error) {
		return &eventPageData{EventHeader: head, Panel: newPlayerPanel(v, head.CanManage)}, nil
	})
}

// playerReader is the core.Personal of a player's card, whose follow
// button is the reader's too.
func (h *handler) playerReader(c *gin.Context) (func([]byte) ([]byte, error), bool, error) {
	return h.readerOfEvent(c, func(head kit.EventHeader, _ *tournament.PlayerView) (any, error) {
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
		return playerPageData{EventHeader: head, Card: &playercard.PlayerCard{Player: p}, FollowingPlayer: following}, err
	})
}

// readerOfEvent tells how a signed-in reader's parts of a kept page of one
// event are filled in: the account's links, the event's follow button and
// their entry (the event's header), a player's board and reports (the
// pairings), and what data adds to it; and whether the reader manages the
// event, whose managers read its pages as kept for them (drafts, forms,
// management tabs). A reader of a composition contest sees more of their
// own (their entries, the jury's tab), as does a manager who plays in the
// event (their reports beside those to decide): nil, their page is made
// for them.
func (h *handler) readerOfEvent(c *gin.Context, data func(kit.EventHeader, *tournament.PlayerView) (any, error)) (func([]byte) ([]byte, error), bool, error) {
	ctx := c.Request.Context()
	id, err := core.PathInt(c, "id")
	if err != nil {
		return nil, false, err
	}
	e, err := h.Events.Event(ctx, id)
	if err != nil {
		return nil, false, err
	}
	if !e.Discipline.PlaysGames() {
		return nil, false, nil
	}
	head := h.Header(c, e, "")
	v, err := h.Submissions.PlayerView(ctx, id)
	if err != nil || head.CanManage && v.PlayerID != 0 {
		return nil, false, err
	}
	d, err := data(head, v)
	if err != nil {
		return nil, false, err
	}
	// The reports are stamped in the event's time zone, as the pairings
	// show them.
	p := kit.Page{T: h.Translator(c).In(e.Location()), User: tournament.UserFromContext(ctx), Data: d}
	return func(kept []byte) ([]byte, error) { return h.fillPersonal(p, kept) }, head.CanManage, nil
}

// fillPersonal writes the kept page with each of its marked parts made
// for the reader of p, the marks kept: the page made for them. A part
// whose mark carries a row's kit.BoardMark is made of that row (kit.BoardPart),
// when the row is the reader's: of another row the part is what the kept
// page has, made for a reader who plays no game of it (an anonymous one,
// or a manager who plays in no game of the event), which saves making
// thousands of rows of a big event for every reader.
func (h *handler) fillPersonal(p kit.Page, kept []byte) ([]byte, error) {
	var out bytes.Buffer
	out.Grow(len(kept) + 1024)
	for rest := kept; ; {
		start := bytes.Index(rest, []byte(kit.PersonalMark))
		if start < 0 {
			out.Write(rest)
			return out.Bytes(), nil
		}
		mark, after, ok := bytes.Cut(rest[start+len(kit.PersonalMark):], []byte("-->"))
		end := bytes.Index(after, []byte(kit.PersonalEnd))
		if !ok || end < 0 {
			return nil, fmt.Errorf("a personal part %.40q is not closed", rest[start:])
		}
		out.Write(rest[:start+len(kit.PersonalMark)+len(mark)+len("-->")])
		name, row, ofRow := strings.Cut(string(mark), " ")
		var data any = p
		if ofRow {
			m, err := kit.ParseBoardMark(row)
			if err != nil {
				return nil, fmt.Errorf("the mark of the personal part %s: %w", name, err)
			}
			if d, ok := p.Data.(*eventPageData); !ok || !d.Panel.IsMine(m) {
				out.Write(after[:end])
				rest = after[end:]
				continue
			}
			data = kit.BoardPart{Page: p, Row: m}
		}
		if err := h.ExecutePart(&out, name, data); err != nil {
			return nil, fmt.Errorf("make the personal part %s: %w", name, err)
		}
		rest = after[end:]
	}
}
