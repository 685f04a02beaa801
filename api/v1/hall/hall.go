// Package hall is the JSON of an event's hall (issue 67): its round's
// boards with the players, results and, where a relay brings them,
// positions, last moves and clocks, and the round's timer; and the stream
// that sends it again after every change, as a live game's stream does.
package hall

import (
	"net/http"
	"time"

	"github.com/gin-gonic/gin"

	"adiukh/api/core"
	"adiukh/api/v1/kit"
	"adiukh/tournament"
	"adiukh/tournament/hall"
)

// handler serves the halls of events.
type handler struct {
	*kit.Kit
	events *eventCache
}

// Routes registers the hall's reads, open to anyone who may read the
// event. The hall is never kept in the page cache: its timer reads the
// server's clock.
func Routes(k *kit.Kit, read gin.IRoutes) {
	h := &handler{Kit: k, events: newEventCache()}
	read.GET("/events/:id/hall", h.JSON(h.getHall))
	read.GET("/events/:id/hall/stream", h.SessionReader, h.JSON(h.streamHall))
}

// getHall answers GET /events/{id}/hall[?round=n]: round n's hall, the
// last published round's without ?round=.
func (h *handler) getHall(c *gin.Context) error {
	id, err := core.PathInt(c, "id")
	if err != nil {
		return err
	}
	n, err := roundParam(c)
	if err != nil {
		return err
	}
	v, err := h.Hall.Read(c.Request.Context(), id, n)
	if err != nil {
		return err
	}
	c.Header("Cache-Control", "no-store")
	c.JSON(http.StatusOK, NewHallView(v))
	return nil
}

// roundParam reads ?round=, 0 (the current round) when not given.
func roundParam(c *gin.Context) (int, error) {
	n, err := core.QueryInt(c, "round")
	if err == nil && n < 0 {
		err = tournament.Invalid("round", "a round is numbered from 1; got %d", n)
	}
	return n, err
}

// HallView is an event's hall as the API answers it.
type HallView struct {
	EventID  int64  `json:"event_id"`
	Game     string `json:"game"`
	Round    int    `json:"round"`
	Rounds   []int  `json:"rounds"`
	Finished bool   `json:"finished"`
	// Version is the hall's version: the ID of the stream's events.
	Version int64       `json:"version"`
	Timer   TimerView   `json:"timer"`
	Boards  []BoardView `json:"boards"`
	// Matches are a team event's matches by table, each naming its
	// boards; left out for an event of players.
	Matches []MatchView `json:"matches,omitempty"`
}

// MatchView is one match of a team event's round: its teams, its score
// so far and its boards (BoardView's board) in board order.
type MatchView struct {
	Table int      `json:"table"`
	Home  TeamView `json:"home"`
	// Away is null on the home team's bye.
	Away   *TeamView      `json:"away"`
	Score  MatchScoreView `json:"score"`
	Boards []int          `json:"boards"`
}

// TeamView is a team at a match.
type TeamView struct {
	ID      int64  `json:"id"`
	StartNo int    `json:"start_no"`
	Name    string `json:"name"`
}

// MatchScoreView is a match's score as the match card counts it: the
// board points of the boards with results (in the event's scoring), and
// the match points once every board has its result (done), null before.
type MatchScoreView struct {
	Done            bool     `json:"done"`
	HomePoints      float64  `json:"home_points"`
	AwayPoints      float64  `json:"away_points"`
	HomeMatchPoints *float64 `json:"home_match_points"`
	AwayMatchPoints *float64 `json:"away_match_points"`
}

// TimerView is the round's timer: a client counts it from now, the
// server's instant, by its own clock's offset to it.
type TimerView struct {
	State string     `json:"state"`
	Start *time.Time `json:"start"`
	End   *time.Time `json:"end"`
	Now   time.Time  `json:"now"`
	// ElapsedSeconds since the start and LeftSeconds to the start
	// (upcoming) or to the end of the games' time, at now.
	ElapsedSeconds int64 `json:"elapsed_seconds"`
	LeftSeconds    int64 `json:"left_seconds"`
}

// BoardView is one board of the hall.
type BoardView struct {
	Board int `json:"board"`
	// Table and MatchBoard place a team event's board as its pairings
	// show it, board 2 of the match at table 1; left out for an event of
	// players.
	Table      int         `json:"table,omitempty"`
	MatchBoard int         `json:"match_board,omitempty"`
	White      SeatView    `json:"white"`
	Black      *SeatView   `json:"black"` // null on the bye's board
	Bye        bool        `json:"bye"`
	Result     *ResultView `json:"result"`
	Forfeit    bool        `json:"forfeit"`
	// Relay is what the relay has of the game; null while it has nothing
	// (the board shows its pairing).
	Relay *RelayView `json:"relay"`
}

// RelayView is a relayed board's game: its moves as its game writes them
// (in an event "boards", those the reader lacks: MovesFrom),
// the position after the last as FEN (the game's notation) and as the
// pages' scripts draw it (pieces: core.PieceCode), the last move's
// squares, the clocks where the source gives them, and the result the
// relay proposes until the arbiter confirms one.
type RelayView struct {
	Status string   `json:"status"`
	Plies  int      `json:"plies"`
	FEN    string   `json:"fen"`
	Pieces string   `json:"pieces"`
	Moves  []string `json:"moves"`
	// MovesFrom is the ply Moves begin at, counted from 0: 0 in a hall;
	// in an event "boards" (DeltaView) the reader's plies before it are
	// kept, and Moves are the plies from it on (hall.NewPlies).
	MovesFrom int `json:"moves_from,omitempty"`
	// Corrected, in an event "boards": the relay went back (a
	// correction), and Moves replace the reader's plies from MovesFrom.
	Corrected   bool        `json:"corrected,omitempty"`
	LastMove    string      `json:"last_move,omitempty"`
	LastPath    []string    `json:"last_path,omitempty"`
	Clock       *ClockView  `json:"clock"`
	Proposed    *ResultView `json:"result_proposed"`
	SilentSince *time.Time  `json:"silent_since,omitempty"`
	// Paused is where the relay stopped until the arbiter has checked
	// it (the readers are not told why); left out while it goes on.
	Paused *PauseView `json:"paused,omitempty"`
}

// PauseView is where a board's relay is paused: the ply and its move's
// number.
type PauseView struct {
	Ply  int `json:"ply"`
	Move int `json:"move"`
}

// ClockView is the players' time left as the source last gave it.
type ClockView struct {
	WhiteMs int64 `json:"white_ms"`
	BlackMs int64 `json:"black_ms"`
}

// SeatView is a player at a board.
type SeatView struct {
	ID         int64  `json:"id"`
	StartNo    int    `json:"start_no"`
	Name       string `json:"name"`
	Title      string `json:"title,omitempty"`
	Federation string `json:"federation,omitempty"`
	Rating     int    `json:"rating,omitempty"`
}

// ResultView is a board's result: score in the game's points (as the
// result is entered), shown as the event shows it.
type ResultView struct {
	Score     string `json:"score"`
	Shown     string `json:"shown"`
	EndReason string `json:"end_reason"`
}

// NewHallView is the API's answer of a hall.
func NewHallView(v *hall.Hall) HallView {
	out := HallView{EventID: v.Event.ID, Game: string(v.Event.Game), Round: v.Round, Rounds: v.Rounds, Finished: v.Finished,
		Version: v.Version, Timer: newTimerView(v.Timer), Boards: make([]BoardView, len(v.Boards))}
	if out.Rounds == nil {
		out.Rounds = []int{}
	}
	for i, b := range v.Boards {
		bv := BoardView{Board: b.Number, Table: b.Table, MatchBoard: b.MatchBoard, White: newSeatView(b.White), Bye: b.Bye, Forfeit: b.Forfeit}
		if !b.Bye {
			black := newSeatView(b.Black)
			bv.Black = &black
		}
		if b.Result != nil {
			bv.Result = &ResultView{Score: b.Result.Score(), Shown: b.Score, EndReason: string(b.Result.EndReason)}
		}
		if b.Relay != nil {
			bv.Relay = newRelayView(v.Event, b)
		}
		out.Boards[i] = bv
	}
	for _, m := range v.Matches {
		out.Matches = append(out.Matches, newMatchView(m))
	}
	return out
}

func newMatchView(m hall.Match) MatchView {
	v := MatchView{Table: m.Table, Home: newTeamView(m.Home), Boards: m.Boards,
		Score: MatchScoreView{Done: m.Score.Done, HomePoints: m.Score.HomeGamePoints, AwayPoints: m.Score.AwayGamePoints}}
	if !m.Bye {
		away := newTeamView(m.Away)
		v.Away = &away
	}
	if v.Boards == nil {
		v.Boards = []int{}
	}
	if m.Score.Done {
		v.Score.HomeMatchPoints, v.Score.AwayMatchPoints = &m.Score.HomeMatchPoints, &m.Score.AwayMatchPoints
	}
	return v
}

func newTeamView(t hall.Team) TeamView {
	return TeamView{ID: t.ID, StartNo: t.StartNo, Name: t.Name}
}

func newSeatView(s hall.Seat) SeatView {
	return SeatView{ID: s.PlayerID, StartNo: s.StartNo, Name: s.Name, Title: s.Title, Federation: s.Federation, Rating: s.Rating}
}

func newTimerView(t hall.Timer) TimerView {
	v := TimerView{State: string(t.State), Now: t.Now, ElapsedSeconds: int64(t.Elapsed() / time.Second), LeftSeconds: int64(t.Left() / time.Second)}
	if !t.Start.IsZero() {
		v.Start = &t.Start
	}
	if !t.End.IsZero() {
		v.End = &t.End
	}
	return v
}

// newRelayView is what the relay has of board b of an event.
func newRelayView(e *tournament.Event, b hall.Board) *RelayView {
	r := b.Relay
	out := &RelayView{Status: string(r.Status), Plies: len(r.Plies), FEN: r.FEN, Moves: make([]string, len(r.Plies)), LastPath: r.LastPath}
	for i, p := range r.Plies {
		out.Moves[i] = p.Move
	}
	if b.Position != nil {
		out.Pieces = core.PieceCode(e.Game.Variant().Towers, b.Position)
	}
	if r.LastMove != nil {
		out.LastMove = r.LastMove.Move
	}
	if r.Clock != nil {
		out.Clock = &ClockView{WhiteMs: r.Clock.White.Milliseconds(), BlackMs: r.Clock.Black.Milliseconds()}
	}
	if p := r.Proposed; p != nil {
		out.Proposed = &ResultView{Score: p.Score(), Shown: e.ScoreText(*p), EndReason: string(p.EndReason)}
	}
	if !r.SilentSince.IsZero() {
		out.SilentSince = &r.SilentSince
	}
	if p := b.Paused; p != nil {
		out.Paused = &PauseView{Ply: p.Ply, Move: p.Move}
	}
	return out
}
