package web

import (
	"context"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"adiukh/api/core"
	"adiukh/api/web/kit"
	"adiukh/rules"
	"adiukh/tournament"
	"adiukh/tournament/correspondence"
)

// correspondenceRoutesWeb registers the pages of correspondence play: a
// player's games, the game page with its move entry, the section's games
// and the arbiter's view. The forms call the same use cases as the API.
func (h *handler) correspondenceRoutesWeb(public, signedIn *gin.RouterGroup) {
	public.GET("/games/:gid", h.Page(h.corrGamePage))
	public.GET("/events/:id/games", h.Page(h.sectionGamesPage))
	signedIn.GET("/my/games", h.Page(h.myGamesPage))
	h.AtTheClock(signedIn, "/games/:gid/move", h.Page(h.submitMove))
	h.AtTheClock(signedIn, "/games/:gid/draw", h.Page(h.gameForm(h.Correspondence.OfferDraw)))
	h.AtTheClock(signedIn, "/games/:gid/draw/accept", h.Page(h.gameForm(h.Correspondence.AcceptDraw)))
	h.AtTheClock(signedIn, "/games/:gid/draw/decline", h.Page(h.gameForm(h.Correspondence.DeclineDraw)))
	h.AtTheClock(signedIn, "/games/:gid/resign", h.Page(h.submitResign))
	h.AtTheClock(signedIn, "/games/:gid/claim", h.Page(h.gameForm(h.Correspondence.ClaimFlag)))
	signedIn.POST("/games/:gid/decide", h.Page(h.submitDecision))
	signedIn.POST("/games/:gid/reopen", h.Page(h.submitReopen))
	signedIn.POST("/games/:gid/adjourn", h.Page(h.submitAdjourn))
	signedIn.POST("/games/:gid/time", h.Page(h.submitGiveTime))
	signedIn.GET("/events/:id/correspondence", h.Page(h.arbiterGamesPage))
	signedIn.POST("/events/:id/correspondence/start", h.Page(h.startSection))
	signedIn.POST("/events/:id/correspondence/settings", h.Page(h.saveCorrSettings))
	signedIn.POST("/events/:id/players/:pid/leave", h.Page(h.submitLeave))
	signedIn.POST("/events/:id/leave", h.Page(h.submitLeave))
}

// countdownText is the time to a live game's start: hours, minutes and
// seconds, rounded up, so that it reads 0:00 only at the start.
func countdownText(d time.Duration) string {
	s := int((d + time.Second - 1) / time.Second)
	if s >= 3600 {
		return fmt.Sprintf("%d:%02d:%02d", s/3600, s%3600/60, s%60)
	}
	return fmt.Sprintf("%d:%02d", s/60, s%60)
}

// clockText writes a time left as days and hours, hours and minutes under
// a day.
func clockText(t *kit.Translator, d time.Duration) string {
	if d < 24*time.Hour {
		return t.T("corr.hours_minutes", "H", int(d/time.Hour), "M", int(d%time.Hour/time.Minute))
	}
	return t.T("corr.days_hours", "D", int(d/(24*time.Hour)), "H", int(d%(24*time.Hour)/time.Hour))
}

// corrRow is one game in a list of games.
type corrRow struct {
	correspondence.View
	White, Black string
	WhiteLeft    string
	BlackLeft    string
	// A live game's clocks in milliseconds, for the page's script to run;
	// and, before its start, the time to it (StartsInMs, StartsIn), which
	// the page counts down.
	WhiteMs, BlackMs int64
	// A live game's players' connections (PresenceOf), which live.js
	// compares with the stream's.
	WhiteConnection, BlackConnection correspondence.Presence
	StartsInMs                       int64
	StartsIn                         string
	Urgent                           bool // under two days left for the side to move
	// A player's own game: their side, whether it is their move, their
	// time left, the opponent and the event.
	Mine, MyMove        bool
	Side, MyLeft        string
	Opponent, EventName string
	// Zone is the event's time zone, which the deadline is written in.
	Zone *time.Location
}

func newCorrRow(t *kit.Translator, v correspondence.View, names map[int64]string) corrRow {
	r := corrRow{View: v, White: names[v.WhiteID], Black: names[v.BlackID],
		WhiteLeft: clockText(t, v.Left[rules.White]), BlackLeft: clockText(t, v.Left[rules.Black])}
	if v.Live {
		r.WhiteLeft, r.BlackLeft = kit.ClockText(v.Left[rules.White]), kit.ClockText(v.Left[rules.Black])
		r.WhiteMs, r.BlackMs = v.Left[rules.White].Milliseconds(), v.Left[rules.Black].Milliseconds()
		r.WhiteConnection, r.BlackConnection = v.PresenceOf(rules.White), v.PresenceOf(rules.Black)
	}
	if v.NotStarted {
		r.StartsInMs, r.StartsIn = v.StartedAt.Sub(v.At).Milliseconds(), countdownText(v.StartedAt.Sub(v.At))
	}
	r.Urgent = v.Status == correspondence.Running && !v.Live && v.Left[v.ToMove] < correspondence.WarnBefore
	return r
}

func playerNames(players []tournament.Player) map[int64]string {
	names := map[int64]string{}
	for _, p := range players {
		names[p.ID] = p.Name
	}
	return names
}

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

// afterGameForm shows the game again.
func (h *handler) afterGameForm(c *gin.Context, gid int64, f *kit.Form, err error) error {
	return h.AfterForm(c, fmt.Sprintf("/games/%d", gid), f, err, func(f *kit.Form, status int) error { return h.renderCorrGame(c, f, status) })
}

func (h *handler) submitMove(c *gin.Context) error {
	gid, err := core.PathInt(c, "gid")
	if err != nil {
		return err
	}
	f := kit.NewForm()
	f.Values["move"] = c.PostForm("move")
	ply, err := strconv.Atoi(c.PostForm("ply"))
	if err != nil {
		return h.afterGameForm(c, gid, f, tournament.Invalid("ply", "the form lost the game's ply; reload the game"))
	}
	_, err = h.Correspondence.Move(c.Request.Context(), correspondence.MoveInput{GameID: gid, Move: c.PostForm("move"), Ply: ply, OfferDraw: c.PostForm("draw_offer") == "on"})
	return h.afterGameForm(c, gid, f, err)
}

func (h *handler) gameForm(act func(ctx context.Context, gameID int64) (*correspondence.View, error)) core.HandlerFunc {
	return func(c *gin.Context) error {
		gid, err := core.PathInt(c, "gid")
		if err != nil {
			return err
		}
		_, err = act(c.Request.Context(), gid)
		return h.afterGameForm(c, gid, kit.NewForm(), err)
	}
}

// submitResign asks for a confirmation first: resigning cannot be undone.
func (h *handler) submitResign(c *gin.Context) error {
	gid, err := core.PathInt(c, "gid")
	if err != nil {
		return err
	}
	if c.PostForm("confirm") != "on" {
		return h.afterGameForm(c, gid, kit.NewForm(), tournament.Invalid("confirm", "tick the box to confirm the resignation"))
	}
	_, err = h.Correspondence.Resign(c.Request.Context(), gid)
	return h.afterGameForm(c, gid, kit.NewForm(), err)
}

func (h *handler) submitDecision(c *gin.Context) error {
	gid, err := core.PathInt(c, "gid")
	if err != nil {
		return err
	}
	f := kit.NewForm()
	for _, k := range []string{"score", "end_reason", "reason"} {
		f.Values[k] = c.PostForm(k)
	}
	_, err = h.Correspondence.Decide(c.Request.Context(), correspondence.DecisionInput{GameID: gid, Score: c.PostForm("score"), EndReason: c.PostForm("end_reason"), Reason: c.PostForm("reason")})
	return h.afterGameForm(c, gid, f, err)
}

func (h *handler) submitReopen(c *gin.Context) error {
	gid, err := core.PathInt(c, "gid")
	if err != nil {
		return err
	}
	f := kit.NewForm()
	f.Values["days"], f.Values["seconds"], f.Values["reopen_reason"] = c.PostForm("days"), c.PostForm("seconds"), c.PostForm("reason")
	days, _ := strconv.Atoi(c.PostForm("days"))
	seconds, _ := strconv.Atoi(c.PostForm("seconds"))
	_, err = h.Correspondence.Reopen(c.Request.Context(), correspondence.ReopenInput{GameID: gid, Days: days, Seconds: seconds, Reason: c.PostForm("reason")})
	return h.afterGameForm(c, gid, f, err)
}

func (h *handler) submitAdjourn(c *gin.Context) error {
	gid, err := core.PathInt(c, "gid")
	if err != nil {
		return err
	}
	f := kit.NewForm()
	f.Values["adjourn_reason"] = c.PostForm("reason")
	_, err = h.Correspondence.Adjourn(c.Request.Context(), correspondence.AdjournInput{GameID: gid, Reason: c.PostForm("reason")})
	return h.afterGameForm(c, gid, f, err)
}

func (h *handler) submitGiveTime(c *gin.Context) error {
	gid, err := core.PathInt(c, "gid")
	if err != nil {
		return err
	}
	f := kit.NewForm()
	f.Values["give_seconds"], f.Values["give_reason"] = c.PostForm("seconds"), c.PostForm("reason")
	seconds, _ := strconv.Atoi(c.PostForm("seconds"))
	side := rules.White
	if c.PostForm("side") == "black" {
		side = rules.Black
	}
	_, err = h.Correspondence.GiveTime(c.Request.Context(), correspondence.GiveTimeInput{GameID: gid, Side: side, Seconds: seconds, Reason: c.PostForm("reason")})
	return h.afterGameForm(c, gid, f, err)
}

// sectionPageData lists a section's games; for the arbiter with leave,
// settings and the games waiting for a decision.
type sectionPageData struct {
	kit.EventHeader
	Games    []corrRow
	Pending  []corrRow
	Leaves   []leaveRow
	Settings *correspondence.Settings
	Players  []tournament.Player
	Form     *kit.Form
}

type leaveRow struct {
	correspondence.Leave
	Player string
}

func (h *handler) sectionData(c *gin.Context, tab string) (*sectionPageData, *kit.Translator, error) {
	id, err := core.PathInt(c, "id")
	if err != nil {
		return nil, nil, err
	}
	ctx := c.Request.Context()
	d, err := h.Events.EventData(ctx, id)
	if err != nil {
		return nil, nil, err
	}
	if d.Event.Discipline != tournament.Correspondence && (!d.Event.Online || tab != "games") {
		return nil, nil, tournament.NotFound("%s is not a correspondence event", d.Event.Name)
	}
	games, err := h.Correspondence.Games(ctx, id)
	if err != nil {
		return nil, nil, err
	}
	tr := h.Translator(c).In(d.Event.Location())
	names := playerNames(d.Players)
	data := &sectionPageData{EventHeader: h.Header(c, d.Event, tab), Players: d.Players, Form: kit.NewForm()}
	for _, g := range games {
		row := newCorrRow(tr, g, names)
		data.Games = append(data.Games, row)
		if g.Status == correspondence.Adjudication {
			data.Pending = append(data.Pending, row)
		}
	}
	leaves, err := h.Correspondence.Leaves(ctx, id)
	if err != nil {
		return nil, nil, err
	}
	for _, l := range leaves {
		data.Leaves = append(data.Leaves, leaveRow{Leave: l, Player: names[l.PlayerID]})
	}
	if data.Settings, err = h.Correspondence.Settings(ctx, id); err != nil {
		return nil, nil, err
	}
	return data, tr, nil
}

func (h *handler) sectionGamesPage(c *gin.Context) error {
	data, tr, err := h.sectionData(c, "games")
	if err != nil {
		return err
	}
	h.RenderWith(c, tr, http.StatusOK, "corr_games", data.Event.Name, data)
	return nil
}

func (h *handler) arbiterGamesPage(c *gin.Context) error {
	return h.renderArbiter(c, kit.NewForm(), http.StatusOK)
}

func (h *handler) renderArbiter(c *gin.Context, f *kit.Form, status int) error {
	data, tr, err := h.sectionData(c, "correspondence")
	if err != nil {
		return err
	}
	if !data.CanManage {
		return tournament.Forbidden("only an administrator or the event's own arbiter may run %s", data.Event.Name)
	}
	data.Form = f
	h.RenderWith(c, tr, status, "corr_arbiter", data.Event.Name, data)
	return nil
}

// afterArbiterForm shows the arbiter's view again.
func (h *handler) afterArbiterForm(c *gin.Context, id int64, f *kit.Form, err error) error {
	return h.AfterForm(c, fmt.Sprintf("/events/%d/correspondence", id), f, err, func(f *kit.Form, status int) error { return h.renderArbiter(c, f, status) })
}

func (h *handler) startSection(c *gin.Context) error {
	id, err := core.PathInt(c, "id")
	if err != nil {
		return err
	}
	_, err = h.Correspondence.Start(c.Request.Context(), id)
	return h.afterArbiterForm(c, id, kit.NewForm(), err)
}

func (h *handler) saveCorrSettings(c *gin.Context) error {
	id, err := core.PathInt(c, "id")
	if err != nil {
		return err
	}
	f := kit.NewForm()
	in := correspondence.SettingsInput{}
	for _, field := range []struct {
		name string
		out  **int
	}{{"leave_days", &in.LeaveDays}, {"max_move_days", &in.MaxMoveDays}} {
		f.Values[field.name] = c.PostForm(field.name)
		n, err := strconv.Atoi(strings.TrimSpace(c.PostForm(field.name)))
		if err != nil {
			return h.afterArbiterForm(c, id, f, tournament.Invalid(field.name, "write a whole number of days"))
		}
		*field.out = &n
	}
	kit.ReadStart(c, f, &in)
	f.Values["reason"] = c.PostForm("reason")
	_, err = h.Correspondence.Configure(c.Request.Context(), id, in, c.PostForm("reason"))
	return h.afterArbiterForm(c, id, f, err)
}

// submitLeave books leave from the player's "My games" page or the
// arbiter's view, and goes back to where it came from.
func (h *handler) submitLeave(c *gin.Context) error {
	id, err := core.PathInt(c, "id")
	if err != nil {
		return err
	}
	f := kit.NewForm()
	f.Values["from"], f.Values["to"], f.Values["player"] = c.PostForm("from"), c.PostForm("to"), c.PostForm("player")
	// The arbiter's form names the player in a field, the player's own
	// form in the address.
	pid, err := strconv.ParseInt(c.Param("pid"), 10, 64)
	if c.Param("pid") == "" {
		pid, err = strconv.ParseInt(c.PostForm("player"), 10, 64)
	}
	if err != nil {
		return tournament.Invalid("player", "choose the player who takes leave")
	}
	ids := []int64{id, pid}
	_, err = h.Correspondence.RequestLeave(c.Request.Context(), correspondence.LeaveInput{EventID: ids[0], PlayerID: ids[1], From: c.PostForm("from"), To: c.PostForm("to"), Reason: c.PostForm("reason")})
	if c.PostForm("back") == "my" {
		return h.AfterForm(c, "/my/games", f, err, func(f *kit.Form, status int) error { return h.renderMyGames(c, f, status) })
	}
	return h.afterArbiterForm(c, ids[0], f, err)
}
