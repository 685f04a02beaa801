// Package relay is the area of the operator's page of the relay of games
// played over the board (tournament/relay): the board of one game, its
// moves entered by taps as a live game's are, each posted through the
// relay's one use case (relay.Service.Move), a take-back and the result
// proposed to the arbiter. An arbiter or an operator the arbiter named
// opens it signed in; the holder of a round's operator link opens it
// through the link, which carries the round's relay key.
package relay

import (
	"fmt"
	"net/http"
	"strconv"

	"github.com/gin-gonic/gin"

	"adiukh/api/core"
	"adiukh/api/web/kit"
	"adiukh/rules"
	"adiukh/tournament"
	"adiukh/tournament/relay"
)

type handler struct {
	*kit.Kit
}

// Routes registers the operator's pages: by the round's link for every
// reader (the link's key authorises), and signed in for the arbiter and
// the named operators.
func Routes(k *kit.Kit, public, signedIn gin.IRoutes) {
	h := &handler{Kit: k}
	public.GET("/relay/:key", h.Page(h.linkRoundPage))
	public.GET("/relay/:key/boards/:board", h.Page(h.linkBoardPage))
	public.POST("/relay/:key/boards/:board/move", h.Page(h.linkForm(h.submitMove)))
	public.POST("/relay/:key/boards/:board/takeback", h.Page(h.linkForm(h.submitTakeBack)))
	public.POST("/relay/:key/boards/:board/result", h.Page(h.linkForm(h.submitResult)))
	h.deskRoutes(signedIn)
	signedIn.GET("/events/:id/rounds/:n/relay/boards/:board", h.Page(h.boardPage))
	signedIn.POST("/events/:id/rounds/:n/relay/boards/:board/move", h.Page(h.signedForm(h.submitMove)))
	signedIn.POST("/events/:id/rounds/:n/relay/boards/:board/takeback", h.Page(h.signedForm(h.submitTakeBack)))
	signedIn.POST("/events/:id/rounds/:n/relay/boards/:board/result", h.Page(h.signedForm(h.submitResult)))
}

// place is a board of a round as a page addresses it: its event, round and
// board, the path of its page and the context its forms act in (the
// link's key carried in it).
type place struct {
	eventID int64
	round   int
	board   int
	base    string
	c       *gin.Context
}

// linkPlace reads a link's board: its key says the event and round.
func (h *handler) linkPlace(c *gin.Context) (*place, error) {
	key := c.Param("key")
	if !relay.IsKey(key) {
		return nil, tournament.NotFound("no such relay key")
	}
	c.Request = c.Request.WithContext(relay.WithKey(c.Request.Context(), key))
	eventID, round, err := h.Relay.KeyRound(c.Request.Context(), key)
	if err != nil {
		return nil, err
	}
	p := &place{eventID: eventID, round: round, base: "/relay/" + key, c: c}
	if b := c.Param("board"); b != "" {
		n, err := strconv.Atoi(b)
		if err != nil || n < 1 {
			return nil, tournament.NotFound("board %d of round %d not found", n, round)
		}
		p.board = n
	}
	return p, nil
}

func (h *handler) signedPlace(c *gin.Context) (*place, error) {
	ids, err := core.PathInts(c, "id", "n", "board")
	if err != nil {
		return nil, err
	}
	return &place{eventID: ids[0], round: int(ids[1]), board: int(ids[2]), base: fmt.Sprintf("/events/%d/rounds/%d/relay", ids[0], ids[1]), c: c}, nil
}

// roundPageData lists a link's boards.
type roundPageData struct {
	kit.EventHeader
	Round  *relay.RoundView
	Base   string
	Status map[int]string
}

func (h *handler) linkRoundPage(c *gin.Context) error {
	p, err := h.linkPlace(c)
	if err != nil {
		return err
	}
	v, err := h.Relay.Round(c.Request.Context(), p.eventID, p.round)
	if err != nil {
		return err
	}
	tr := h.Translator(c)
	h.RenderWith(c, tr, http.StatusOK, "relay_round", v.Event.Name, &roundPageData{EventHeader: h.Header(c, v.Event, ""), Round: v, Base: p.base})
	return nil
}

// boardPageData is the operator's page of one board.
type boardPageData struct {
	kit.EventHeader
	Round      int
	Board      relay.BoardView
	Base       string
	AllBoards  string
	CanOperate bool
	Drawing    *kit.BoardView
	Legal      string
	NextPly    int
	ToMove     string
	StopText   string
	Moves      []moveRow
	Reasons    []tournament.EndReason
	DrawScore  string
	Form       *kit.Form
}

// moveRow is one move number's plies.
type moveRow struct {
	Number       int
	White, Black string
}

func (h *handler) linkBoardPage(c *gin.Context) error {
	p, err := h.linkPlace(c)
	if err != nil {
		return err
	}
	return h.renderBoard(p, kit.NewForm(), http.StatusOK)
}

func (h *handler) boardPage(c *gin.Context) error {
	p, err := h.signedPlace(c)
	if err != nil {
		return err
	}
	return h.renderBoard(p, kit.NewForm(), http.StatusOK)
}

func (h *handler) renderBoard(p *place, f *kit.Form, status int) error {
	c := p.c
	v, err := h.Relay.Round(c.Request.Context(), p.eventID, p.round)
	if err != nil {
		return err
	}
	b := v.Board(p.board)
	if b == nil {
		return tournament.NotFound("board %d of round %d not found", p.board, p.round)
	}
	tr := h.Translator(c)
	data := &boardPageData{EventHeader: h.Header(c, v.Event, ""), Round: v.Round, Board: *b, Base: p.base, Form: f,
		NextPly: len(b.Plies) + 1, DrawScore: v.Event.DrawScore(),
		Reasons: []tournament.EndReason{tournament.Resignation, tournament.Agreement, tournament.LossOnTime, tournament.FinalPosition}}
	data.CanOperate = v.CanOperate && b.Result == nil
	data.AllBoards = p.base
	if p.c.Param("key") == "" {
		data.AllBoards = fmt.Sprintf("/events/%d", p.eventID)
	}
	side := rules.White
	if len(b.Plies)%2 == 1 {
		side = rules.Black
	}
	data.ToMove = side.String()
	if b.Stop != nil {
		data.StopText = tr.Message(*b.Stop)
	}
	var marked []string
	if b.LastMove != nil {
		marked = b.LastPath
	}
	state, err := v.Event.Game.Rules().ParseState(b.FEN, side)
	if err != nil {
		return err
	}
	data.Drawing = kit.StateBoardView(v.Event.Game.Variant(), state, rules.White, marked...)
	if data.CanOperate && b.Status != relay.Stopped {
		_, data.Legal, _ = core.GameCodes(v.Event.Game, b.FEN, side, true)
	}
	for i, ply := range b.Plies {
		if i%2 == 0 {
			data.Moves = append(data.Moves, moveRow{Number: i/2 + 1, White: ply.Move})
		} else {
			data.Moves[len(data.Moves)-1].Black = ply.Move
		}
	}
	h.RenderWith(c, tr.In(v.Event.Location()), status, "relay_board", v.Event.Name, data)
	return nil
}

// linkForm and signedForm run a form of the board's page and show the page
// again: after a redirect when it went through, with the error otherwise.
func (h *handler) linkForm(act func(p *place, f *kit.Form) error) core.HandlerFunc {
	return func(c *gin.Context) error {
		p, err := h.linkPlace(c)
		if err != nil {
			return err
		}
		return h.afterForm(p, act)
	}
}

func (h *handler) signedForm(act func(p *place, f *kit.Form) error) core.HandlerFunc {
	return func(c *gin.Context) error {
		p, err := h.signedPlace(c)
		if err != nil {
			return err
		}
		return h.afterForm(p, act)
	}
}

func (h *handler) afterForm(p *place, act func(p *place, f *kit.Form) error) error {
	f := kit.NewForm()
	err := act(p, f)
	return h.AfterForm(p.c, fmt.Sprintf("%s/boards/%d", p.base, p.board), f, err, func(f *kit.Form, status int) error { return h.renderBoard(p, f, status) })
}

func formPly(c *gin.Context) (int, error) {
	ply, err := strconv.Atoi(c.PostForm("ply"))
	if err != nil {
		return 0, tournament.Invalid("ply", "the form lost the game's ply; reload the game")
	}
	return ply, nil
}

func (h *handler) submitMove(p *place, f *kit.Form) error {
	f.Values["move"] = p.c.PostForm("move")
	ply, err := formPly(p.c)
	if err != nil {
		return err
	}
	_, err = h.Relay.Move(p.c.Request.Context(), relay.MoveInput{EventID: p.eventID, Round: p.round, Board: p.board, Ply: ply, Move: p.c.PostForm("move")})
	return err
}

func (h *handler) submitTakeBack(p *place, _ *kit.Form) error {
	ply, err := formPly(p.c)
	if err != nil {
		return err
	}
	_, err = h.Relay.TakeBack(p.c.Request.Context(), p.eventID, p.round, p.board, ply)
	return err
}

func (h *handler) submitResult(p *place, f *kit.Form) error {
	f.Values["score"], f.Values["end_reason"] = p.c.PostForm("score"), p.c.PostForm("end_reason")
	_, err := h.Relay.ProposeResult(p.c.Request.Context(), p.eventID, p.round, p.board, p.c.PostForm("score"), p.c.PostForm("end_reason"))
	return err
}
