package kit

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"

	"adiukh/api/core"
	"adiukh/tournament"
)

// A part of a page that shows the signed-in reader is marked as
// PersonalMark, the name of the template that makes it, "-->", the part,
// PersonalEnd. The marks are comments, and no text of the data can make
// one: the templates escape every "<" they are given. A page kept for every
// reader has its marked parts made again for each (ExecutePart).
const (
	PersonalMark = "<!--personal:"
	PersonalEnd  = "<!--/personal-->"
)

// BoardMark is what a row of the pairings tells its reader's parts (the
// row marked as theirs, their button to report its result): its round,
// board, game and players, written in the part's mark.
type BoardMark struct {
	Round, Board       int
	Game, White, Black int64
}

func (m BoardMark) String() string {
	return fmt.Sprintf("%d %d %d %d %d", m.Round, m.Board, m.Game, m.White, m.Black)
}

// ParseBoardMark reads a BoardMark as String writes it, without fmt's
// scanning: a big event's pairings have thousands of rows, read for every
// reader.
func ParseBoardMark(s string) (m BoardMark, err error) {
	var fields [5]int64
	for i := range fields {
		field, rest, _ := strings.Cut(s, " ")
		if fields[i], err = strconv.ParseInt(field, 10, 64); err != nil {
			return m, fmt.Errorf("a row's mark %q: %w", s, err)
		}
		s = rest
	}
	if s != "" {
		return m, fmt.Errorf("a row's mark has more than five numbers: %q", s)
	}
	return BoardMark{Round: int(fields[0]), Board: int(fields[1]), Game: fields[2], White: fields[3], Black: fields[4]}, nil
}

// BoardPart is the data of a part of one row of the pairings: the page
// and the row's mark.
type BoardPart struct {
	Page
	Row BoardMark
}

// EventReader is the core.Personal of the pages of one event, whose
// pairings mark the reader's board and list their reports (the panel of
// EventPageData).
func (k *Kit) EventReader(c *gin.Context) (func([]byte) ([]byte, error), bool, error) {
	return k.ReaderOfEvent(c, func(head EventHeader, v *tournament.PlayerView) (any, error) {
		d := &EventPageData{EventHeader: head, Panel: NewPlayerPanel(v, head.CanManage)}
		checkins, err := k.Checkin.Mine(c.Request.Context())
		if err != nil {
			return nil, err
		}
		for _, ch := range checkins {
			if ch.Event.ID == head.Event.ID {
				d.Checkin = ch
			}
		}
		return d, nil
	})
}

// ReaderOfEvent tells how a signed-in reader's parts of a kept page of one
// event are filled in: the account's links, the event's follow button and
// their entry (the event's header), a player's board and reports (the
// pairings), and what data adds to it; and whether the reader manages the
// event, whose managers read its pages as kept for them (drafts, forms,
// management tabs). A reader of a composition contest sees more of their
// own (their entries, the jury's tab), as does a manager who plays in the
// event (their reports beside those to decide): nil, their page is made
// for them.
func (k *Kit) ReaderOfEvent(c *gin.Context, data func(EventHeader, *tournament.PlayerView) (any, error)) (func([]byte) ([]byte, error), bool, error) {
	ctx := c.Request.Context()
	id, err := core.PathInt(c, "id")
	if err != nil {
		return nil, false, err
	}
	e, err := k.Events.Event(ctx, id)
	if err != nil {
		return nil, false, err
	}
	if !e.Discipline.PlaysGames() {
		return nil, false, nil
	}
	head := k.Header(c, e, "")
	v, err := k.Submissions.PlayerView(ctx, id)
	if err != nil || head.CanManage && v.PlayerID != 0 {
		return nil, false, err
	}
	d, err := data(head, v)
	if err != nil {
		return nil, false, err
	}
	// The reports are stamped in the event's time zone, as the pairings
	// show them.
	p := Page{T: k.Translator(c).In(e.Location()), User: tournament.UserFromContext(ctx), Data: d}
	return func(kept []byte) ([]byte, error) { return k.fillPersonal(p, kept) }, head.CanManage, nil
}

// fillPersonal writes the kept page with each of its marked parts made
// for the reader of p, the marks kept: the page made for them. A part
// whose mark carries a row's BoardMark is made of that row (BoardPart),
// when the row is the reader's: of another row the part is what the kept
// page has, made for a reader who plays no game of it (an anonymous one,
// or a manager who plays in no game of the event), which saves making
// thousands of rows of a big event for every reader.
func (k *Kit) fillPersonal(p Page, kept []byte) ([]byte, error) {
	var out bytes.Buffer
	out.Grow(len(kept) + 1024)
	for rest := kept; ; {
		start := bytes.Index(rest, []byte(PersonalMark))
		if start < 0 {
			out.Write(rest)
			return out.Bytes(), nil
		}
		mark, after, ok := bytes.Cut(rest[start+len(PersonalMark):], []byte("-->"))
		end := bytes.Index(after, []byte(PersonalEnd))
		if !ok || end < 0 {
			return nil, fmt.Errorf("a personal part %.40q is not closed", rest[start:])
		}
		out.Write(rest[:start+len(PersonalMark)+len(mark)+len("-->")])
		name, row, ofRow := strings.Cut(string(mark), " ")
		var data any = p
		if ofRow {
			m, err := ParseBoardMark(row)
			if err != nil {
				return nil, fmt.Errorf("the mark of the personal part %s: %w", name, err)
			}
			if d, ok := p.Data.(*EventPageData); !ok || !d.Panel.IsMine(m) {
				out.Write(after[:end])
				rest = after[end:]
				continue
			}
			data = BoardPart{Page: p, Row: m}
		}
		if err := k.ExecutePart(&out, name, data); err != nil {
			return nil, fmt.Errorf("make the personal part %s: %w", name, err)
		}
		rest = after[end:]
	}
}
