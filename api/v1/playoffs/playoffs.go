// Package playoffs is the JSON API of the play-offs of ties
// (tournament/playoff): an event's play-offs with the ties of its final
// standings, and a new play-off created from them.
package playoffs

import (
	"net/http"
	"time"

	"github.com/gin-gonic/gin"

	"adiukh/api/core"
	"adiukh/api/v1/kit"
	"adiukh/tournament"
	"adiukh/tournament/playoff"
	"adiukh/tournament/teams"
)

type handler struct {
	*kit.Kit
}

// Routes registers an event's play-offs: read by anyone who may see the
// event (its managers see the ties a play-off may decide), created by its
// managers.
func Routes(k *kit.Kit, read, write gin.IRoutes) {
	h := &handler{Kit: k}
	read.GET("/events/:id/playoffs", h.EventJSON(h.JSON(h.getPlayoffs)))
	write.POST("/events/:id/playoffs", h.JSON(h.postPlayoff))
}

type playoffBody struct {
	Places  []int   `json:"places"`
	Players []int64 `json:"players"`
	// Teams are a team event's tied teams who play it (by default every
	// team tied for the places).
	Teams       []int64 `json:"teams"`
	Games       int     `json:"games"`
	TimeControl string  `json:"time_control"`
	// Name is the play-off event's; by default "<event> — play-off for
	// place N" in the answer's language.
	Name string `json:"name"`
}

type placedView struct {
	PlayerID int64   `json:"player_id"`
	Name     string  `json:"name"`
	Rank     int     `json:"rank"`
	RankTo   int     `json:"rank_to"`
	Score    float64 `json:"score"`
}

// placedTeamView is a team event's team in its final standings.
type placedTeamView struct {
	TeamID int64   `json:"team_id"`
	Name   string  `json:"name"`
	Rank   int     `json:"rank"`
	RankTo int     `json:"rank_to"`
	Score  float64 `json:"score"`
}

type playoffView struct {
	EventID       int64  `json:"event_id"`
	ParentEventID int64  `json:"parent_event_id"`
	Name          string `json:"name"`
	Status        string `json:"status"`
	// State is "playing", "decided" (the parent's final standings show
	// its order) or "stale" (its players are no longer tied: not applied).
	State       string `json:"state"`
	Places      []int  `json:"places"`
	Games       int    `json:"games"`
	TimeControl string `json:"time_control"`
	// Players are the parent's players it decides, in the parent's final
	// order, with the play-off player each is; in a team event, Teams are
	// the parent's teams (and Players is empty).
	Players   []placedView     `json:"players"`
	Teams     []placedTeamView `json:"teams,omitempty"`
	Seats     []playoff.Seat   `json:"seats"`
	CreatedAt time.Time        `json:"created_at"`
}

type tieView struct {
	Places  []int        `json:"places"`
	Score   float64      `json:"score"`
	Players []placedView `json:"players"`
	// Teams are, in a team event, the tied teams (and Players is empty).
	Teams []placedTeamView `json:"teams,omitempty"`
	// Playoff is the play-off deciding it; absent when none.
	Playoff int64 `json:"playoff,omitempty"`
}

type playoffsView struct {
	Playoffs []playoffView `json:"playoffs"`
	// Ties are the ties of a finished event's final standings, for its
	// managers; absent for the others.
	Ties []tieView `json:"ties,omitempty"`
}

func places(from, to int) []int {
	out := make([]int, 0, to-from+1)
	for p := from; p <= to; p++ {
		out = append(out, p)
	}
	return out
}

func placed(rows []tournament.StandingsRow) []placedView {
	out := make([]placedView, len(rows))
	for i, r := range rows {
		out[i] = placedView{PlayerID: r.PlayerID, Name: r.Name, Rank: r.Rank, RankTo: r.RankTo, Score: r.Score}
	}
	return out
}

func placedTeams(rows []teams.TeamStandingsRow) []placedTeamView {
	var out []placedTeamView
	for _, r := range rows {
		out = append(out, placedTeamView{TeamID: r.TeamID, Name: r.Name, Rank: r.Rank, RankTo: r.RankTo, Score: r.Score})
	}
	return out
}

func newPlayoffView(v *playoff.View) playoffView {
	return playoffView{
		EventID: v.EventID, ParentEventID: v.ParentID, Name: v.Event.Name, Status: string(v.Event.Status), State: string(v.State),
		Places: places(v.From, v.To), Games: v.Games, TimeControl: v.Event.TimeControl.String(),
		Players: placed(v.Players), Teams: placedTeams(v.Teams), Seats: v.Seats, CreatedAt: v.CreatedAt,
	}
}

// getPlayoffs answers an event's play-offs, and to its managers the ties
// of its final standings a play-off may decide.
func (h *handler) getPlayoffs(c *gin.Context) error {
	id, err := core.PathInt(c, "id")
	if err != nil {
		return err
	}
	page, err := h.Playoffs.Read(c.Request.Context(), id)
	if err != nil {
		return err
	}
	v := playoffsView{Playoffs: []playoffView{}}
	for i := range page.Playoffs {
		v.Playoffs = append(v.Playoffs, newPlayoffView(&page.Playoffs[i]))
	}
	for _, t := range page.Ties {
		v.Ties = append(v.Ties, tieView{Places: places(t.From, t.To), Score: t.Score, Players: placed(t.Players), Teams: placedTeams(t.Teams), Playoff: t.Playoff})
	}
	c.JSON(http.StatusOK, v)
	return nil
}

// postPlayoff creates a play-off of a finished event's tie.
func (h *handler) postPlayoff(c *gin.Context) error {
	id, body, err := kit.PathBody[playoffBody](c, "id")
	if err != nil {
		return err
	}
	in := playoff.Input{Places: body.Places, Players: body.Players, Teams: body.Teams, Games: body.Games, TimeControl: body.TimeControl, Name: body.Name}
	if in.Name == "" {
		e, err := h.Events.Event(c.Request.Context(), id)
		if err != nil {
			return err
		}
		in.Name = playoff.Name(core.JSONLocalizer(c), e.Name, body.Places)
	}
	v, err := h.Playoffs.Create(c.Request.Context(), id, in)
	if err != nil {
		return err
	}
	c.JSON(http.StatusCreated, newPlayoffView(v))
	return nil
}
