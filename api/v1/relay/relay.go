// Package relay is the JSON API of the relay of games played over the
// board (tournament/relay): the push API of e-board bridges and other
// programs (a board's PDN, a round's PDN), the operators' moves, and the
// arbiter's calls (sources, stops, confirmations, operators, keys); a
// round's relay read. A relay key, sent as a bearer token, reaches the
// routes registered on read, which the service authorises: every other
// route sees an anonymous request.
package relay

import (
	"net/http"
	"time"

	"github.com/gin-gonic/gin"

	"adiukh/api/core"
	"adiukh/api/v1/kit"
	"adiukh/tournament"
	"adiukh/tournament/catalog"
	"adiukh/tournament/relay"
)

type handler struct {
	*kit.Kit
}

// Routes registers the relay's endpoints: the feeds on read (a relay key
// or an account, checked by the service), the arbiter's calls on write.
func Routes(k *kit.Kit, read, write gin.IRoutes) {
	h := &handler{Kit: k}
	read.GET("/events/:id/rounds/:n/relay", h.JSON(h.getRound))
	read.GET("/events/:id/rounds/:n/relay/stream", h.JSON(h.streamRound))
	read.POST("/events/:id/rounds/:n/relay", h.JSON(h.postRound))
	read.POST("/events/:id/rounds/:n/boards/:board/relay", h.JSON(h.postBoard))
	read.POST("/events/:id/rounds/:n/boards/:board/relay/move", h.JSON(h.postMove))
	read.POST("/events/:id/rounds/:n/boards/:board/relay/takeback", h.JSON(h.postTakeBack))
	read.POST("/events/:id/rounds/:n/boards/:board/relay/result", h.JSON(h.postResult))
	write.POST("/events/:id/rounds/:n/boards/:board/relay/confirm", h.JSON(h.postConfirm))
	write.POST("/events/:id/rounds/:n/boards/:board/relay/stop", h.JSON(h.postStopped(true)))
	write.POST("/events/:id/rounds/:n/boards/:board/relay/resume", h.JSON(h.postStopped(false)))
	write.PUT("/events/:id/rounds/:n/relay/source", h.JSON(h.putSource))
	write.PUT("/events/:id/rounds/:n/relay/operators", h.JSON(h.putOperator))
	write.POST("/events/:id/rounds/:n/relay/link", h.JSON(h.postLink))
	write.POST("/events/:id/relay/key", h.JSON(h.postPushKey))
}

// resultView is a result proposed or recorded, in the game's points.
type resultView struct {
	Score     string `json:"score"`
	EndReason string `json:"end_reason"`
}

func newResultView(r *tournament.Result) *resultView {
	if r == nil {
		return nil
	}
	return &resultView{Score: r.Score(), EndReason: string(r.EndReason)}
}

// stopView is why a board's relay stopped: its stored key, its words in
// the answer's language and the ply it stopped at.
type stopView struct {
	Code    string `json:"code"`
	Key     string `json:"key"`
	Message string `json:"message"`
	Ply     int    `json:"ply,omitempty"`
}

// takenView answers a feed: what the board took.
type takenView struct {
	Board          int          `json:"board,omitempty"`
	White          string       `json:"white,omitempty"`
	Black          string       `json:"black,omitempty"`
	Plies          int          `json:"plies"`
	FEN            string       `json:"fen"`
	Status         relay.Status `json:"status"`
	ResultProposed *resultView  `json:"result_proposed"`
	Error          any          `json:"error,omitempty"`
}

func newTakenView(c *gin.Context, t *relay.Taken) takenView {
	v := takenView{Board: t.Board, White: t.White, Black: t.Black, Plies: t.Plies, FEN: t.FEN, Status: t.Status, ResultProposed: newResultView(t.Proposed)}
	l := core.JSONLocalizer(c)
	switch {
	case t.Err != nil:
		if e, ok := t.Err.(*tournament.Error); ok {
			v.Error = core.NewErrorBody(e, l)
		}
	case t.Stop != "":
		m := tournament.NoteMessage(t.Stop)
		v.Error = stopView{Code: "STOPPED", Key: m.Format, Message: l.Message(m), Ply: t.StopPly}
	}
	return v
}

type pdnBody struct {
	PDN string `json:"pdn"`
}

// moveBody is a move an operator enters at ply; plyBody the ply from
// which they take moves back.
type moveBody struct {
	Ply  int    `json:"ply"`
	Move string `json:"move"`
}

type plyBody struct {
	Ply int `json:"ply"`
}

// sourceBody is where a board's moves come from; operatorBody who enters
// a round's, named on its pages unless Named is false.
type sourceBody struct {
	Board  int    `json:"board"`
	Source string `json:"source"`
	URL    string `json:"url"`
}

type operatorBody struct {
	Email string `json:"email"`
	Named *bool  `json:"named"`
}

func (h *handler) postBoard(c *gin.Context) error {
	ids, body, err := kit.PathIDsBody[pdnBody](c, "id", "n", "board")
	if err != nil {
		return err
	}
	t, err := h.Relay.Push(c.Request.Context(), relay.PushInput{EventID: ids[0], Round: int(ids[1]), Board: int(ids[2]), PDN: body.PDN})
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, newTakenView(c, t))
	return nil
}

func (h *handler) postRound(c *gin.Context) error {
	ids, body, err := kit.PathIDsBody[pdnBody](c, "id", "n")
	if err != nil {
		return err
	}
	taken, err := h.Relay.PushRound(c.Request.Context(), relay.PushInput{EventID: ids[0], Round: int(ids[1]), PDN: body.PDN})
	if err != nil {
		return err
	}
	out := struct {
		Games []takenView `json:"games"`
	}{Games: []takenView{}}
	for i := range taken {
		out.Games = append(out.Games, newTakenView(c, &taken[i]))
	}
	c.JSON(http.StatusOK, out)
	return nil
}

func (h *handler) postMove(c *gin.Context) error {
	ids, body, err := kit.PathIDsBody[moveBody](c, "id", "n", "board")
	if err != nil {
		return err
	}
	t, err := h.Relay.Move(c.Request.Context(), relay.MoveInput{EventID: ids[0], Round: int(ids[1]), Board: int(ids[2]), Ply: body.Ply, Move: body.Move})
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, newTakenView(c, t))
	return nil
}

func (h *handler) postTakeBack(c *gin.Context) error {
	ids, body, err := kit.PathIDsBody[plyBody](c, "id", "n", "board")
	if err != nil {
		return err
	}
	t, err := h.Relay.TakeBack(c.Request.Context(), ids[0], int(ids[1]), int(ids[2]), body.Ply)
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, newTakenView(c, t))
	return nil
}

func (h *handler) postResult(c *gin.Context) error {
	ids, body, err := kit.PathIDsBody[resultView](c, "id", "n", "board")
	if err != nil {
		return err
	}
	t, err := h.Relay.ProposeResult(c.Request.Context(), ids[0], int(ids[1]), int(ids[2]), body.Score, body.EndReason)
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, newTakenView(c, t))
	return nil
}

func (h *handler) postConfirm(c *gin.Context) error {
	ids, err := core.PathInts(c, "id", "n", "board")
	if err != nil {
		return err
	}
	rec, err := h.Relay.Confirm(c.Request.Context(), ids[0], int(ids[1]), int(ids[2]))
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, gin.H{"board": rec.Board, "result": newResultView(rec.Result), "version": rec.Version, "sheet": rec.Sheet})
	return nil
}

func (h *handler) postStopped(stopped bool) core.HandlerFunc {
	return func(c *gin.Context) error {
		ids, err := core.PathInts(c, "id", "n", "board")
		if err != nil {
			return err
		}
		t, err := h.Relay.SetStopped(c.Request.Context(), ids[0], int(ids[1]), int(ids[2]), stopped)
		if err != nil {
			return err
		}
		c.JSON(http.StatusOK, newTakenView(c, t))
		return nil
	}
}

func (h *handler) putSource(c *gin.Context) error {
	ids, body, err := kit.PathIDsBody[sourceBody](c, "id", "n")
	if err != nil {
		return err
	}
	boards, err := h.Relay.SetSource(c.Request.Context(), relay.SourceInput{EventID: ids[0], Round: int(ids[1]), Board: body.Board, Kind: relay.Source(body.Source), URL: body.URL})
	if err != nil {
		return err
	}
	out := []gin.H{}
	for _, b := range boards {
		out = append(out, gin.H{"board": b.Board, "source": b.Source, "url": b.URL, "status": b.Status})
	}
	c.JSON(http.StatusOK, gin.H{"boards": out})
	return nil
}

func (h *handler) putOperator(c *gin.Context) error {
	ids, body, err := kit.PathIDsBody[operatorBody](c, "id", "n")
	if err != nil {
		return err
	}
	named := body.Named == nil || *body.Named
	if err := h.Relay.NameOperator(c.Request.Context(), ids[0], int(ids[1]), body.Email, named); err != nil {
		return err
	}
	ops, err := h.Relay.Operators(c.Request.Context(), ids[0], int(ids[1]))
	if err != nil {
		return err
	}
	emails := []string{}
	for _, u := range ops {
		emails = append(emails, u.Email)
	}
	c.JSON(http.StatusOK, gin.H{"operators": emails})
	return nil
}

func (h *handler) postLink(c *gin.Context) error {
	ids, err := core.PathInts(c, "id", "n")
	if err != nil {
		return err
	}
	key, err := h.Relay.MakeLink(c.Request.Context(), ids[0], int(ids[1]))
	if err != nil {
		return err
	}
	c.JSON(http.StatusCreated, gin.H{"key": key, "path": "/relay/" + key})
	return nil
}

func (h *handler) postPushKey(c *gin.Context) error {
	id, err := core.PathInt(c, "id")
	if err != nil {
		return err
	}
	key, err := h.Relay.MakePushKey(c.Request.Context(), id)
	if err != nil {
		return err
	}
	c.JSON(http.StatusCreated, gin.H{"key": key})
	return nil
}

// pauseView is where a board's relay is paused, as every reader is told
// of it (the hall's too): the ply and its move's number. Why is in the
// board's stop, for those who check it alone.
type pauseView struct {
	Ply  int `json:"ply"`
	Move int `json:"move"`
}

// boardView is a relayed board as the API reads it.
type boardView struct {
	Board          int          `json:"board"`
	White          string       `json:"white"`
	Black          string       `json:"black"`
	Status         relay.Status `json:"status"`
	Plies          []plyView    `json:"plies"`
	FEN            string       `json:"fen"`
	LastMove       string       `json:"last_move,omitempty"`
	Clock          *clockView   `json:"clock,omitempty"`
	Paused         *pauseView   `json:"paused,omitempty"`
	Stop           *stopView    `json:"stop,omitempty"`
	ResultProposed *resultView  `json:"result_proposed"`
	Result         *resultView  `json:"result"`
	Source         relay.Source `json:"source,omitempty"`
	URL            string       `json:"url,omitempty"`
	LastHeard      *time.Time   `json:"last_heard,omitempty"`
	SilentSince    *time.Time   `json:"silent_since,omitempty"`
	Version        int          `json:"version"`
}

type plyView struct {
	Move  string     `json:"move"`
	FEN   string     `json:"fen"`
	Clock *clockView `json:"clock,omitempty"`
}

// clockView is the clocks in seconds.
type clockView struct {
	White int `json:"white"`
	Black int `json:"black"`
}

func newClockView(c *relay.Clock) *clockView {
	if c == nil {
		return nil
	}
	return &clockView{White: int(c.White / time.Second), Black: int(c.Black / time.Second)}
}

func moment(t time.Time) *time.Time {
	if t.IsZero() {
		return nil
	}
	t = t.UTC()
	return &t
}

// getRound reads a round's relay: every board's pairing and what the
// relay has of its game.
func (h *handler) getRound(c *gin.Context) error {
	ids, err := core.PathInts(c, "id", "n")
	if err != nil {
		return err
	}
	v, err := h.Relay.Round(c.Request.Context(), ids[0], int(ids[1]))
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, roundBody(catalog.For(core.JSONLang(c)), v))
	return nil
}

// roundBody is a round's relay as the API reads it.
func roundBody(l *catalog.Localizer, v *relay.RoundView) gin.H {
	boards := []boardView{}
	for _, b := range v.Boards {
		bv := boardView{Board: b.Board, White: b.White, Black: b.Black, Status: b.Status, Plies: []plyView{}, FEN: b.FEN,
			Clock: newClockView(b.Clock), ResultProposed: newResultView(b.Proposed), Result: newResultView(b.Result),
			Source: b.Source, URL: b.URL, LastHeard: moment(b.LastHeard), SilentSince: moment(b.SilentSince), Version: b.Version}
		for _, p := range b.Plies {
			bv.Plies = append(bv.Plies, plyView{Move: p.Move, FEN: p.FEN, Clock: newClockView(p.Clock)})
		}
		if b.LastMove != nil {
			bv.LastMove = b.LastMove.Move
		}
		if p := b.Paused; p != nil {
			bv.Paused = &pauseView{Ply: p.Ply, Move: p.Move}
		}
		if b.Stop != nil {
			bv.Stop = &stopView{Code: "STOPPED", Key: b.Stop.Format, Message: l.Message(*b.Stop), Ply: b.StopPly}
		}
		boards = append(boards, bv)
	}
	return gin.H{"round": v.Round, "status": v.Status, "stamp": v.Stamp, "boards": boards}
}
