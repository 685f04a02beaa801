package play

import (
	"fmt"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"

	"adiukh/api/core"
	"adiukh/api/web/kit"
	"adiukh/rules"
	"adiukh/tournament"
	"adiukh/tournament/correspondence"
)

// corrGamePageData is one game of a section.
type corrGamePageData struct {
	kit.EventHeader
	Game   corrRow
	Board  *kit.BoardView
	Moves  []corrMoveRow
	Viewer string // the event's game page, where the moves can be stepped through
	Legal  string // the legal moves for the tap-to-move board: "c3 d4=c3-d4;…"
	// MoveExample is a move in the notation of the event's game, the move
	// field's placeholder: a legal move of the side to move now ("a3-b4",
	// "31-27"; Black's when Black is to move), else the first of the start.
	MoveExample string
	CanMove     bool
	IsPlayer    bool
	// LiveSide is the viewer's side in their running live game ("white",
	// "black"; "" otherwise): its page keeps the move form, hidden while
	// the opponent is to move, and live.js shows it when the stream says
	// it is the viewer's turn, with no request.
	LiveSide string
	// Opponent is how the opponent of the viewer's live game is connected
	// to it (PresenceOf): shown beside the clocks.
	Opponent  correspondence.Presence
	NextGame  int64  // the micro-match's second game the viewer is due at (GamePage.NextGame): live.js goes there
	Offer     string // "mine", "theirs" or ""
	CanClaim  bool   // the viewer's live game, the opponent's clock running: the claim is on the page
	FlagDown  bool   // that clock ran out by the reading: the claim shows at once (else live.js shows it then)
	CanDecide bool
	Reasons   []tournament.EndReason
	// DrawScore is a draw in the points of the event's game (12:12, 1:1),
	// the example of the decision's score.
	DrawScore string
	Form      *kit.Form

	// Elsewhere is the viewer's live game that keeps them from playing
	// this one yet.
	Elsewhere *correspondence.Elsewhere
}

// LiveEvery: a game's page never reloads its part of the page by the
// event's tabs' timer, which would wipe a drag, the taps or a premove in
// progress: a live game's page follows its stream (live.js), and a
// correspondence game changes by the day.
func (corrGamePageData) LiveEvery(time.Duration) time.Duration { return 0 }

// corrMoveRow is one pair of moves with their time stamps.
type corrMoveRow struct {
	Number       int
	White, Black *correspondence.Move
}

func (h *handler) corrGamePage(c *gin.Context) error {
	err := h.renderCorrGame(c, kit.NewForm(), http.StatusOK)
	if gid, _ := core.PathInt(c, "gid"); h.RenamedGame(c, gid, err) {
		return nil
	}
	return err
}

func (h *handler) renderCorrGame(c *gin.Context, f *kit.Form, status int) error {
	gid, err := core.PathInt(c, "gid")
	if err != nil {
		return err
	}
	// A player who opens their live game has shown up for it (GamePage).
	gp, err := h.Correspondence.GamePage(c.Request.Context(), gid)
	if err != nil {
		return err
	}
	v := &gp.View
	tr := h.Translator(c)
	data := &corrGamePageData{EventHeader: h.Header(c, gp.Event, "games"), Game: newCorrRow(tr, *v, gp.Names), Form: f,
		Viewer: fmt.Sprintf("/events/%d/rounds/%d/boards/%d", v.EventID, v.Round, v.Board)}
	data.CanDecide = data.CanManage
	data.DrawScore = gp.Event.DrawScore()
	data.MoveExample = moveExample(v.Kind, v.Position, v.ToMove)
	data.Reasons = []tournament.EndReason{tournament.Adjudication, tournament.ArbiterLoss, tournament.FinalPosition, tournament.Resignation, tournament.LossOnTime, tournament.Agreement}
	// The player of Black sees the board from their side of it.
	bottom := rules.White
	if gp.ViewerPlays && gp.Side == rules.Black {
		bottom = rules.Black
	}
	var marked []string
	if n := len(v.Moves); n > 0 {
		marked = kit.MoveEnds(v.Moves[n-1].Notation)
	}
	board, err := kit.GameBoardView(v.Kind, v.Position, bottom, marked...)
	if err != nil {
		return err
	}
	data.Board = board
	first := v.FirstSide()
	for i := range v.Moves {
		m := &v.Moves[i]
		white := (m.Ply%2 == 1) == (first == rules.White)
		if white || len(data.Moves) == 0 {
			data.Moves = append(data.Moves, corrMoveRow{Number: v.MoveNumber(m.Ply)})
		}
		row := &data.Moves[len(data.Moves)-1]
		if white {
			row.White = m
		} else {
			row.Black = m
		}
	}
	data.IsPlayer, data.Elsewhere = gp.ViewerPlays, gp.Elsewhere
	data.CanMove, data.CanClaim, data.FlagDown, data.Offer = gp.CanMove, gp.CanClaim, gp.FlagDown, gp.Offer
	if gp.AtTheBoard {
		data.LiveSide = gp.Side.String()
		data.Opponent = v.PresenceOf(gp.Side.Opponent())
	}
	data.NextGame = gp.NextGame
	if data.CanMove {
		_, data.Legal, _ = core.GameCodes(v.Kind, v.Position, v.ToMove, true)
	}
	h.RenderWith(c, tr.In(gp.Event.Location()), status, "corr_game", gp.Event.Name, data)
	return nil
}

// moveExample is the first legal move of the position, as the game writes
// it, or the first of the game's start when the position has none.
func moveExample(k tournament.GameKind, position string, side rules.Color) string {
	var moves []rules.GameMove
	if s, err := k.Rules().ParseState(position, side); err == nil {
		moves = s.Moves()
	}
	if len(moves) == 0 {
		moves = k.Rules().Start().Moves()
	}
	if len(moves) == 0 {
		return ""
	}
	return moves[0].Notation
}
