package correspondence

import (
	"context"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"

	"adiukh/api/core"
	"adiukh/api/v1/kit"
	"adiukh/api/v1/shapes"
	"adiukh/rules"
	"adiukh/tournament"
	"adiukh/tournament/catalog"
	"adiukh/tournament/correspondence"
)

// handler serves correspondence and live play.
type handler struct {
	*kit.Kit
	// events keeps the live games' newest events for their streams.
	events *eventCache
}

// Routes registers the JSON API of correspondence play: starting a
// section, its games, moves, draw offers, resignation, the arbiter's
// decisions, leave and the notification inbox; read by anyone on read, the
// rest on write (which needs a signed-in user). A move and the other
// actions at the clock are the server's urgent posts (core.AtTheClock).
func Routes(k *kit.Kit, read, write *gin.RouterGroup) {
	h := &handler{Kit: k, events: newEventCache()}
	read.GET("/events/:id/games", h.JSON(h.getCorrGames))
	read.GET("/events/:id/correspondence", h.JSON(h.getCorrSettings))
	read.GET("/events/:id/leave", h.JSON(h.getLeaves))
	read.GET("/games/:gid", h.JSON(h.getCorrGame))
	// A game's page follows its stream with the browser's session: its
	// player's stream is theirs (connected, never refused).
	read.GET("/games/:gid/stream", h.SessionReader, h.JSON(h.streamGame))
	read.GET("/events/:id/games/pdn", h.JSON(h.getSectionPDN))
	read.GET("/games/:gid/pdn", h.JSON(h.getGamePDN))

	write.POST("/events/:id/start", h.JSON(h.postStart))
	write.PUT("/events/:id/correspondence", h.JSON(h.putCorrSettings))
	write.PUT("/events/:id/players/:pid/leave", h.JSON(h.putLeave))
	write.POST("/events/:id/players/:pid/withdraw", h.JSON(h.postSectionWithdraw))
	write.DELETE("/events/:id/leave/:lid", h.JSON(h.deleteLeave))
	h.AtTheClock(write, "/games/:gid/moves", h.JSON(h.postMove))
	h.AtTheClock(write, "/games/:gid/draw", h.JSON(h.gameAction(h.Correspondence.OfferDraw)))
	h.AtTheClock(write, "/games/:gid/draw/accept", h.JSON(h.gameAction(h.Correspondence.AcceptDraw)))
	h.AtTheClock(write, "/games/:gid/draw/decline", h.JSON(h.gameAction(h.Correspondence.DeclineDraw)))
	h.AtTheClock(write, "/games/:gid/resign", h.JSON(h.gameAction(h.Correspondence.Resign)))
	h.AtTheClock(write, "/games/:gid/claim", h.JSON(h.gameAction(h.Correspondence.ClaimFlag)))
	write.POST("/games/:gid/decision", h.JSON(h.postGameDecision))
	write.POST("/games/:gid/reopen", h.JSON(h.postReopen))
	write.POST("/games/:gid/adjourn", h.JSON(h.postAdjourn))
	write.POST("/games/:gid/time", h.JSON(h.postGiveTime))
	write.GET("/me/games", h.JSON(h.getMyGames))
	write.GET("/me/notifications", h.JSON(h.getNotifications))
	write.POST("/me/notifications/read", h.JSON(h.postNotificationsRead))
}

// corrMoveView is one move of a game as the API shows it.
type corrMoveView struct {
	Ply         int    `json:"ply"`
	MoveNumber  int    `json:"move_number"`
	Side        string `json:"side"`
	Move        string `json:"move"`
	At          string `json:"at"`
	UsedSeconds int64  `json:"used_seconds"`
	DrawOffer   bool   `json:"draw_offer,omitempty"`
	// A live game's move: when the server received it, what it cost and
	// what it left on the mover's clock, to the millisecond.
	ReceivedAt string `json:"received_at,omitempty"`
	UsedMs     int64  `json:"used_ms,omitempty"`
	ClockMs    int64  `json:"clock_ms,omitempty"`
}

type corrResultView struct {
	Score     string `json:"score"`
	EndReason string `json:"end_reason"`
}

// corrGameView is a correspondence game as GET /games/{gid} answers it.
type corrGameView struct {
	ID      int64  `json:"id"`
	EventID int64  `json:"event_id"`
	Round   int    `json:"round"`
	Board   int    `json:"board"`
	White   int64  `json:"white"`
	Black   int64  `json:"black"`
	Status  string `json:"status"`
	// Game is the event's game (its key in the registry, rules/games), in
	// whose notation Position (Adiukh's position notation, the other
	// games' FEN) and the moves are written.
	Game     string `json:"game"`
	ToMove   string `json:"to_move"`
	Position string `json:"position"`
	// Towers is the position as the pages draw it ("c3:w1/0 e5:b2/1 …",
	// core.TowerCode; Russian draughts' "c3:wm e5:bk …", core.PieceCode);
	// Legal the moves of the side to move of a running game
	// ("c3 d4=c3-d4;…", each move's path then its notation,
	// core.GameCodes): a live game's page redraws its board from the
	// stream with them, without a request.
	Towers string `json:"towers"`
	Legal  string `json:"legal,omitempty"`
	Ply    int    `json:"ply"`
	// Version grows with every change of the game: the stream's event ID.
	Version          int   `json:"version"`
	WhiteLeftSeconds int64 `json:"white_left_seconds"`
	BlackLeftSeconds int64 `json:"black_left_seconds"`
	// A live game's clocks to the millisecond, as of ClockAt (the
	// server's time of the answer), and when its clocks start.
	Live        bool   `json:"live,omitempty"`
	WhiteLeftMs int64  `json:"white_left_ms"`
	BlackLeftMs int64  `json:"black_left_ms"`
	ClockAt     string `json:"clock_at,omitempty"`
	// Each side's player's connection to a live game being played:
	// "connected" (a stream of the game open), "left" (none open now);
	// absent before they first came.
	WhiteConnection string          `json:"white_connection,omitempty"`
	BlackConnection string          `json:"black_connection,omitempty"`
	StartsAt        string          `json:"starts_at,omitempty"`
	Deadline        string          `json:"deadline,omitempty"`
	DrawOffer       string          `json:"draw_offer,omitempty"`
	Result          *corrResultView `json:"result,omitempty"`
	Note            string          `json:"note,omitempty"`
	Moves           []corrMoveView  `json:"moves,omitempty"`
	// MicroMatch is the micro-match the game is one of two of.
	MicroMatch *corrMicroMatchView `json:"micro_match,omitempty"`
	// Match is the knockout match the game is one game of.
	Match *corrMatchView `json:"match,omitempty"`
}

// corrMatchView is a game's knockout match: the game's number in it, its
// stage (0 the match's own games, else the tie-break stage, whose tempo it
// names), its number of the stage's games, the stage's score so far (the
// game's White's first) and the next game's ID while it is played.
type corrMatchView struct {
	Game     int    `json:"game"`
	Stage    int    `json:"stage"`
	Tempo    string `json:"tempo,omitempty"`
	InStage  int    `json:"in_stage"`
	Of       int    `json:"of"`
	Score    string `json:"score"`
	NextGame int64  `json:"next_game,omitempty"`
}

// corrMicroMatchView is a game's micro-match: which of its games this is
// (2: the colours exchanged), the opening both start after, both games'
// results (null until over), and the second game's ID once it started.
type corrMicroMatchView struct {
	Game       int                 `json:"game"`
	Opening    *shapes.OpeningView `json:"opening"`
	Results    [2]*corrResultView  `json:"results"`
	SecondGame int64               `json:"second_game,omitempty"`
}

func newCorrMicroMatchView(m *correspondence.MicroMatch) *corrMicroMatchView {
	if m == nil {
		return nil
	}
	v := &corrMicroMatchView{Game: m.Game, Opening: shapes.NewOpeningView(m.Opening), SecondGame: m.Second}
	for i, r := range m.Games {
		if r != nil {
			v.Results[i] = &corrResultView{Score: r.Score(), EndReason: string(r.EndReason)}
		}
	}
	return v
}

// newCorrGameView is a game for the API, its note in the client's language.
func newCorrGameView(l *catalog.Localizer, v *correspondence.View) corrGameView {
	g := corrGameView{ID: v.ID, EventID: v.EventID, Round: v.Round, Board: v.Board, White: v.WhiteID, Black: v.BlackID,
		Status: string(v.Status), Game: string(v.Kind.OrDefault()), ToMove: v.ToMove.String(), Position: v.Position, Ply: v.Ply, Version: v.Version,
		WhiteLeftSeconds: int64(v.Left[rules.White] / time.Second), BlackLeftSeconds: int64(v.Left[rules.Black] / time.Second),
		Note: l.Message(tournament.NoteMessage(v.Note)), Live: v.Live,
		WhiteLeftMs: v.Left[rules.White].Milliseconds(), BlackLeftMs: v.Left[rules.Black].Milliseconds()}
	if v.Live {
		g.ClockAt, g.StartsAt = v.At.UTC().Format(time.RFC3339Nano), v.StartedAt.UTC().Format(time.RFC3339Nano)
		g.WhiteConnection, g.BlackConnection = string(v.PresenceOf(rules.White)), string(v.PresenceOf(rules.Black))
	}
	g.Towers, g.Legal, _ = core.GameCodes(v.Kind, v.Position, v.ToMove, v.Status == correspondence.Running)
	if v.Status == correspondence.Running {
		g.Deadline = v.Deadline.UTC().Format(time.RFC3339)
	}
	if v.OfferBy != nil {
		g.DrawOffer = v.OfferBy.String()
	}
	if v.Result != nil {
		g.Result = &corrResultView{Score: v.Result.Score(), EndReason: string(v.Result.EndReason)}
	}
	g.MicroMatch = newCorrMicroMatchView(v.Micro)
	if m := v.Match; m != nil {
		g.Match = &corrMatchView{Game: m.Number, Stage: m.Stage, Tempo: m.Tempo, InStage: m.InStage, Of: m.Of, Score: m.Score(), NextGame: v.MatchNext}
	}
	first := v.FirstSide()
	for _, m := range v.Moves {
		side := first
		if m.Ply%2 == 0 {
			side = first.Opponent()
		}
		g.Moves = append(g.Moves, corrMoveView{Ply: m.Ply, MoveNumber: v.MoveNumber(m.Ply), Side: side.String(), Move: m.Notation,
			At: m.PlayedAt.UTC().Format(time.RFC3339), UsedSeconds: int64(m.Used / time.Second), DrawOffer: m.DrawOffer})
		if v.Live {
			mv := &g.Moves[len(g.Moves)-1]
			mv.ReceivedAt, mv.UsedMs, mv.ClockMs = m.PlayedAt.UTC().Format(time.RFC3339Nano), m.Used.Milliseconds(), m.Left.Milliseconds()
		}
	}
	return g
}

func corrGameViews(l *catalog.Localizer, views []correspondence.View) []corrGameView {
	out := make([]corrGameView, len(views))
	for i := range views {
		out[i] = newCorrGameView(l, &views[i])
	}
	return out
}

func (h *handler) getCorrGames(c *gin.Context) error {
	id, err := core.PathInt(c, "id")
	if err != nil {
		return err
	}
	games, err := h.Correspondence.Games(c.Request.Context(), id)
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, corrGameViews(core.JSONLocalizer(c), games))
	return nil
}

func (h *handler) getCorrGame(c *gin.Context) error {
	gid, err := core.PathInt(c, "gid")
	if err != nil {
		return err
	}
	// A player who reads their live game has shown up for it (Game).
	g, err := h.Correspondence.Game(c.Request.Context(), gid)
	if h.RenamedGame(c, gid, err) {
		return nil
	}
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, newCorrGameView(core.JSONLocalizer(c), g))
	return nil
}

func (h *handler) postStart(c *gin.Context) error {
	id, err := core.PathInt(c, "id")
	if err != nil {
		return err
	}
	if _, err := h.Correspondence.Start(c.Request.Context(), id); err != nil {
		return err
	}
	return h.getCorrGames(c)
}

type corrSettingsView struct {
	LeaveDays     int    `json:"leave_days"`
	MaxMoveDays   int    `json:"max_move_days"`
	StartPosition string `json:"start_position,omitempty"`
	StartSide     string `json:"start_side"`
}

func newCorrSettingsView(st *correspondence.Settings) corrSettingsView {
	v := corrSettingsView{LeaveDays: st.LeaveDays, MaxMoveDays: st.MaxMoveDays, StartPosition: st.StartPosition, StartSide: rules.White.String()}
	if st.StartPosition != "" {
		v.StartSide = st.StartSide.String()
	}
	return v
}

func (h *handler) getCorrSettings(c *gin.Context) error {
	id, err := core.PathInt(c, "id")
	if err != nil {
		return err
	}
	st, err := h.Correspondence.Settings(c.Request.Context(), id)
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, newCorrSettingsView(st))
	return nil
}

type corrSettingsBody struct {
	LeaveDays     *int    `json:"leave_days"`
	MaxMoveDays   *int    `json:"max_move_days"`
	StartPosition *string `json:"start_position"`
	StartSide     *string `json:"start_side"`
	Reason        string  `json:"reason"`
}

func (h *handler) putCorrSettings(c *gin.Context) error {
	id, body, err := kit.PathBody[corrSettingsBody](c, "id")
	if err != nil {
		return err
	}
	st, err := h.Correspondence.Configure(c.Request.Context(), id, correspondence.SettingsInput{
		LeaveDays: body.LeaveDays, MaxMoveDays: body.MaxMoveDays, StartPosition: body.StartPosition, StartSide: body.StartSide}, body.Reason)
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, newCorrSettingsView(st))
	return nil
}

type moveBody struct {
	Move      string `json:"move"`
	Ply       *int   `json:"ply"`
	DrawOffer bool   `json:"draw_offer"`
}

func (h *handler) postMove(c *gin.Context) error {
	gid, body, err := kit.PathBody[moveBody](c, "gid")
	if err != nil {
		return err
	}
	if body.Ply == nil {
		return tournament.Invalid("ply", "send the game's ply as you last read it, so that a move made meanwhile is not overlooked")
	}
	g, err := h.Correspondence.Move(c.Request.Context(), correspondence.MoveInput{GameID: gid, Move: body.Move, Ply: *body.Ply, OfferDraw: body.DrawOffer})
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, newCorrGameView(core.JSONLocalizer(c), g))
	return nil
}

// gameAction is a player's action on a game without a body: draw offer,
// accept, decline, resignation.
func (h *handler) gameAction(act func(ctx context.Context, gameID int64) (*correspondence.View, error)) core.HandlerFunc {
	return func(c *gin.Context) error {
		gid, err := core.PathInt(c, "gid")
		if err != nil {
			return err
		}
		g, err := act(c.Request.Context(), gid)
		if err != nil {
			return err
		}
		c.JSON(http.StatusOK, newCorrGameView(core.JSONLocalizer(c), g))
		return nil
	}
}

type decisionBody struct {
	Score     string `json:"score"`
	EndReason string `json:"end_reason"`
	Reason    string `json:"reason"`
}

func (h *handler) postGameDecision(c *gin.Context) error {
	gid, body, err := kit.PathBody[decisionBody](c, "gid")
	if err != nil {
		return err
	}
	g, err := h.Correspondence.Decide(c.Request.Context(), correspondence.DecisionInput{GameID: gid, Score: body.Score, EndReason: body.EndReason, Reason: body.Reason})
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, newCorrGameView(core.JSONLocalizer(c), g))
	return nil
}

type reopenBody struct {
	Days    int    `json:"days"`
	Seconds int    `json:"seconds"` // a live game's
	Reason  string `json:"reason"`
}

func (h *handler) postReopen(c *gin.Context) error {
	gid, body, err := kit.PathBody[reopenBody](c, "gid")
	if err != nil {
		return err
	}
	g, err := h.Correspondence.Reopen(c.Request.Context(), correspondence.ReopenInput{GameID: gid, Days: body.Days, Seconds: body.Seconds, Reason: body.Reason})
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, newCorrGameView(core.JSONLocalizer(c), g))
	return nil
}
