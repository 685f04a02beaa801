package relay

import (
	"fmt"
	"net/http"
	"strconv"

	"github.com/gin-gonic/gin"

	"adiukh/api/core"
	"adiukh/api/web/kit"
	"adiukh/tournament"
	"adiukh/tournament/relay"
)

// The arbiter's page of a round's relay: every board with its source, its
// status, why it stopped and since when its source is silent, the result
// it proposes with the button that confirms it; the forms that set a
// board's or the round's source, stop and resume a board, name an
// operator and make the round's operator link.

// deskRoutes registers the arbiter's page and its forms.
func (h *handler) deskRoutes(signedIn gin.IRoutes) {
	signedIn.GET("/events/:id/rounds/:n/relay", h.Page(h.deskPage))
	signedIn.POST("/events/:id/rounds/:n/relay/source", h.Page(h.deskForm(h.submitSource)))
	signedIn.POST("/events/:id/rounds/:n/relay/operators", h.Page(h.deskForm(h.submitOperator)))
	signedIn.POST("/events/:id/rounds/:n/relay/link", h.Page(h.submitLink))
	signedIn.POST("/events/:id/rounds/:n/relay/boards/:board/confirm", h.Page(h.deskForm(h.submitConfirm)))
	signedIn.POST("/events/:id/rounds/:n/relay/boards/:board/stop", h.Page(h.deskForm(h.submitStopped(true))))
	signedIn.POST("/events/:id/rounds/:n/relay/boards/:board/resume", h.Page(h.deskForm(h.submitStopped(false))))
}

// deskBoard is a board of the arbiter's page.
type deskBoard struct {
	relay.BoardView
	StopText string
}

type deskPageData struct {
	kit.EventHeader
	Round     int
	Boards    []deskBoard
	Sources   []relay.Source
	Operators []tournament.User
	// Link is the operator link just made, shown once.
	Link string
	Form *kit.Form
}

func (h *handler) deskPage(c *gin.Context) error {
	return h.renderDesk(c, kit.NewForm(), http.StatusOK, "")
}

func (h *handler) renderDesk(c *gin.Context, f *kit.Form, status int, link string) error {
	ids, err := core.PathInts(c, "id", "n")
	if err != nil {
		return err
	}
	ctx := c.Request.Context()
	v, err := h.Relay.Round(ctx, ids[0], int(ids[1]))
	if err != nil {
		return err
	}
	if err := tournament.MayManage(ctx, v.Event); err != nil {
		return err
	}
	ops, err := h.Relay.Operators(ctx, ids[0], int(ids[1]))
	if err != nil {
		return err
	}
	tr := h.Translator(c).In(v.Event.Location())
	data := &deskPageData{EventHeader: h.Header(c, v.Event, "manage"), Round: v.Round, Operators: ops, Link: link, Form: f,
		Sources: []relay.Source{relay.Operator, relay.Push, relay.Poll}}
	for _, b := range v.Boards {
		d := deskBoard{BoardView: b}
		if b.Stop != nil {
			d.StopText = tr.Message(*b.Stop)
		}
		data.Boards = append(data.Boards, d)
	}
	h.RenderWith(c, tr, status, "relay_desk", v.Event.Name, data)
	return nil
}

// deskForm runs a form of the arbiter's page and shows the page again.
func (h *handler) deskForm(act func(c *gin.Context, f *kit.Form, eventID int64, n int) error) core.HandlerFunc {
	return func(c *gin.Context) error {
		ids, err := core.PathInts(c, "id", "n")
		if err != nil {
			return err
		}
		f := kit.NewForm()
		err = act(c, f, ids[0], int(ids[1]))
		return h.AfterForm(c, fmt.Sprintf("/events/%d/rounds/%d/relay", ids[0], ids[1]), f, err, func(f *kit.Form, status int) error { return h.renderDesk(c, f, status, "") })
	}
}

func (h *handler) submitSource(c *gin.Context, f *kit.Form, eventID int64, n int) error {
	for _, k := range []string{"board", "source", "url"} {
		f.Values[k] = c.PostForm(k)
	}
	board := 0
	if b := c.PostForm("board"); b != "" {
		var err error
		if board, err = strconv.Atoi(b); err != nil || board < 0 {
			return tournament.Invalid("board", "%q is not a board's number", b)
		}
	}
	_, err := h.Relay.SetSource(c.Request.Context(), relay.SourceInput{EventID: eventID, Round: n, Board: board, Kind: relay.Source(c.PostForm("source")), URL: c.PostForm("url")})
	return err
}

func (h *handler) submitOperator(c *gin.Context, f *kit.Form, eventID int64, n int) error {
	f.Values["email"] = c.PostForm("email")
	return h.Relay.NameOperator(c.Request.Context(), eventID, n, c.PostForm("email"), c.PostForm("remove") == "")
}

func (h *handler) submitConfirm(c *gin.Context, _ *kit.Form, eventID int64, n int) error {
	board, err := core.PathInt(c, "board")
	if err != nil {
		return err
	}
	_, err = h.Relay.Confirm(c.Request.Context(), eventID, n, int(board))
	return err
}

func (h *handler) submitStopped(stopped bool) func(c *gin.Context, _ *kit.Form, eventID int64, n int) error {
	return func(c *gin.Context, _ *kit.Form, eventID int64, n int) error {
		board, err := core.PathInt(c, "board")
		if err != nil {
			return err
		}
		_, err = h.Relay.SetStopped(c.Request.Context(), eventID, n, int(board), stopped)
		return err
	}
}

// submitLink makes the round's operator link and shows it once: only its
// hash is kept.
func (h *handler) submitLink(c *gin.Context) error {
	ids, err := core.PathInts(c, "id", "n")
	if err != nil {
		return err
	}
	key, err := h.Relay.MakeLink(c.Request.Context(), ids[0], int(ids[1]))
	if err != nil {
		f := kit.NewForm()
		if ferr := f.Fail(err, h.Translator(c)); ferr != nil {
			return ferr
		}
		return h.renderDesk(c, f, kit.FormStatus(err), "")
	}
	return h.renderDesk(c, kit.NewForm(), http.StatusOK, h.Site(c).String()+"/relay/"+key)
}
