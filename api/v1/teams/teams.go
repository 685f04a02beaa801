package teams

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"adiukh/api/core"
	"adiukh/api/v1/kit"
	"adiukh/api/v1/shapes"
	"adiukh/tournament"
	"adiukh/tournament/catalog"
	"adiukh/tournament/teams"
)

// handler serves team events: their teams, rosters, settings, line-ups
// and board results.
type handler struct {
	*kit.Kit
}

// Routes registers the JSON API of team events: read by anyone on read,
// kept by the event's arbiters on write (which needs a signed-in user). A
// team event's rounds and standings are answered with the other events'.
func Routes(k *kit.Kit, read, write gin.IRoutes) {
	h := &handler{Kit: k}
	read.GET("/team-tiebreaks", h.JSON(h.getTeamTieBreaks))
	read.GET("/events/:id/teams", h.JSON(h.getTeams))
	read.GET("/events/:id/team-settings", h.JSON(h.getTeamSettings))
	write.POST("/events/:id/teams", h.JSON(h.postTeam))
	write.PATCH("/events/:id/teams/:team", h.JSON(h.patchTeam))
	write.DELETE("/events/:id/teams/:team", h.JSON(h.deleteTeam))
	write.POST("/events/:id/teams/:team/players", h.JSON(h.postTeamPlayer))
	write.PUT("/events/:id/players/:pid/team", h.JSON(h.putPlayerTeam))
	write.PUT("/events/:id/team-settings", h.JSON(h.putTeamSettings))
	write.PUT("/events/:id/rounds/:n/lineups/:team", h.JSON(h.putLineup))
	write.PUT("/events/:id/rounds/:n/matches/:table/boards/:board/result", h.JSON(h.putBoardResult))
}

type teamPlayerView struct {
	ID                int64  `json:"id"`
	StartNo           int    `json:"start_no"`
	RosterPlace       int    `json:"roster_place"`
	Name              string `json:"name"`
	Rating            int    `json:"rating"`
	BirthYear         int    `json:"birth_year,omitempty"`
	Club              string `json:"club"`
	City              string `json:"city"`
	FederationID      string `json:"federation_id"`
	Federation        string `json:"federation,omitempty"`
	Title             string `json:"title,omitempty"`
	FirstRound        int    `json:"first_round"`
	WithdrawFromRound int    `json:"withdraw_from_round,omitempty"`
	PersonID          int64  `json:"person_id,omitempty"`
}

type teamView struct {
	ID                int64            `json:"id"`
	StartNo           int              `json:"start_no"`
	Name              string           `json:"name"`
	Club              string           `json:"club"`
	City              string           `json:"city"`
	Captain           string           `json:"captain"`
	WithdrawFromRound int              `json:"withdraw_from_round,omitempty"`
	Players           []teamPlayerView `json:"players"`
}

func newTeamView(t *teams.Team) teamView {
	v := teamView{ID: t.ID, StartNo: t.StartNo, Name: t.Name, Club: t.Club, City: t.City, Captain: t.Captain,
		WithdrawFromRound: t.WithdrawnFrom, Players: make([]teamPlayerView, len(t.Roster))}
	for i, p := range t.Roster {
		v.Players[i] = teamPlayerView{ID: p.ID, StartNo: p.StartNo, RosterPlace: i + 1, Name: p.Name, Rating: p.Rating, BirthYear: p.BirthYear,
			Club: p.Club, City: p.City, FederationID: p.FederationID, Federation: p.Federation, Title: p.Title, FirstRound: p.FirstRound, WithdrawFromRound: p.WithdrawnFrom, PersonID: p.PersonID}
	}
	return v
}

// teamPlayerBody is one roster entry of POST /events/{id}/teams, and the
// body of POST /events/{id}/teams/{team}/players. PersonID enters a person
// of the register, whose details and published rating the player takes
// unless given.
type teamPlayerBody struct {
	Name         *string `json:"name"`
	Rating       *int    `json:"rating"`
	BirthYear    *int    `json:"birth_year"`
	Club         *string `json:"club"`
	City         *string `json:"city"`
	FederationID *string `json:"federation_id"`
	Federation   *string `json:"federation"`
	Title        *string `json:"title"`
	PersonID     *int64  `json:"person_id"`
}

func (b *teamPlayerBody) input() tournament.PlayerInput {
	return tournament.PlayerInput{Name: b.Name, Rating: b.Rating, BirthYear: b.BirthYear, Club: b.Club, City: b.City, FederationID: b.FederationID,
		Federation: b.Federation, Title: b.Title, PersonID: b.PersonID}
}

type teamBody struct {
	Name    *string          `json:"name"`
	Club    *string          `json:"club"`
	City    *string          `json:"city"`
	Captain *string          `json:"captain"`
	Players []teamPlayerBody `json:"players"`
}

func (b *teamBody) input() teams.TeamInput {
	in := teams.TeamInput{Name: b.Name, Club: b.Club, City: b.City, Captain: b.Captain}
	for i := range b.Players {
		in.Players = append(in.Players, b.Players[i].input())
	}
	return in
}

func (h *handler) postTeam(c *gin.Context) error {
	id, body, err := kit.PathBody[teamBody](c, "id")
	if err != nil {
		return err
	}
	t, err := h.Teams.RegisterTeam(c.Request.Context(), id, body.input())
	if err != nil {
		return err
	}
	c.JSON(http.StatusCreated, newTeamView(t))
	return nil
}

// teamDetailsBody is the body of PATCH /events/{id}/teams/{team}.
type teamDetailsBody struct {
	Name              *string `json:"name"`
	Club              *string `json:"club"`
	City              *string `json:"city"`
	Captain           *string `json:"captain"`
	WithdrawFromRound *int    `json:"withdraw_from_round"`
	StartNo           *int    `json:"start_no"`
	Reason            string  `json:"reason"`
	// TeamID, when given, must be the ID of the team the path's start
	// number names (teams.TeamRef).
	TeamID int64 `json:"team_id"`
}

func (h *handler) patchTeam(c *gin.Context) error {
	ids, body, err := kit.PathIDsBody[teamDetailsBody](c, "id", "team")
	if err != nil {
		return err
	}
	t, err := h.Teams.UpdateTeam(c.Request.Context(), ids[0], teams.TeamRef{No: int(ids[1]), ID: body.TeamID},
		teams.TeamInput{Name: body.Name, Club: body.Club, City: body.City, Captain: body.Captain, WithdrawFromRound: body.WithdrawFromRound, StartNo: body.StartNo},
		body.Reason)
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, newTeamView(t))
	return nil
}

// reserveBody is the body of POST /events/{id}/teams/{team}/players: the
// player, and optionally the ID of the team the path's start number names.
type reserveBody struct {
	teamPlayerBody
	TeamID int64 `json:"team_id"`
}

// postTeamPlayer adds a player at the end of a team's roster.
func (h *handler) postTeamPlayer(c *gin.Context) error {
	ids, body, err := kit.PathIDsBody[reserveBody](c, "id", "team")
	if err != nil {
		return err
	}
	t, err := h.Teams.AddTeamPlayer(c.Request.Context(), ids[0], teams.TeamRef{No: int(ids[1]), ID: body.TeamID}, body.input())
	if err != nil {
		return err
	}
	c.JSON(http.StatusCreated, newTeamView(t))
	return nil
}

// playerTeamBody names the team to move to by its start number (team),
// its ID (team_id), or both, which must agree.
type playerTeamBody struct {
	Team   int    `json:"team"`
	TeamID int64  `json:"team_id"`
	Reason string `json:"reason"`
}

// putPlayerTeam moves a player to the end of another team's roster before
// round 1; the answer is the team the player joined.
func (h *handler) putPlayerTeam(c *gin.Context) error {
	ids, body, err := kit.PathIDsBody[playerTeamBody](c, "id", "pid")
	if err != nil {
		return err
	}
	t, err := h.Teams.MoveTeamPlayer(c.Request.Context(), ids[0], ids[1], teams.TeamRef{No: body.Team, ID: body.TeamID}, body.Reason)
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, newTeamView(t))
	return nil
}

func (h *handler) getTeams(c *gin.Context) error {
	id, err := core.PathInt(c, "id")
	if err != nil {
		return err
	}
	teams, err := h.Teams.Teams(c.Request.Context(), id)
	if err != nil {
		return err
	}
	views := make([]teamView, len(teams))
	for i := range teams {
		views[i] = newTeamView(&teams[i])
	}
	c.JSON(http.StatusOK, teamsView{views})
	return nil
}

func (h *handler) getTeamTieBreaks(c *gin.Context) error {
	c.JSON(http.StatusOK, shapes.TieBreaksView{TieBreaks: shapes.TieBreakViews(h.Teams.TeamTieBreaks())})
	return nil
}

type matchPointsJSON struct {
	Win  float64 `json:"win"`
	Draw float64 `json:"draw"`
	Loss float64 `json:"loss"`
	Bye  float64 `json:"bye"`
}

type teamSettingsView struct {
	Boards            int             `json:"boards"`
	MatchPoints       matchPointsJSON `json:"match_points"`
	Ranking           string          `json:"ranking"`
	TieBreaks         []string        `json:"tiebreaks"`
	ColourPreferences string          `json:"colour_preferences"`
}

func newTeamSettingsView(s *teams.TeamSettings) teamSettingsView {
	v := teamSettingsView{Boards: s.Boards, MatchPoints: matchPointsJSON{s.MatchWin, s.MatchDraw, s.MatchLoss, s.MatchBye}, Ranking: string(s.Ranking),
		TieBreaks: s.TieBreaks, ColourPreferences: string(s.ColourPreferences)}
	if v.TieBreaks == nil {
		v.TieBreaks = []string{}
	}
	return v
}

type teamSettingsBody struct {
	Boards            *int             `json:"boards"`
	MatchPoints       *matchPointsJSON `json:"match_points"`
	Ranking           *string          `json:"ranking"`
	TieBreaks         *[]string        `json:"tiebreaks"`
	ColourPreferences *string          `json:"colour_preferences"`
	Reason            string           `json:"reason"`
}

func (h *handler) getTeamSettings(c *gin.Context) error {
	id, err := core.PathInt(c, "id")
	if err != nil {
		return err
	}
	s, err := h.Teams.TeamSettings(c.Request.Context(), id)
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, newTeamSettingsView(s))
	return nil
}

func (h *handler) putTeamSettings(c *gin.Context) error {
	id, body, err := kit.PathBody[teamSettingsBody](c, "id")
	if err != nil {
		return err
	}
	in := teams.TeamSettingsInput{Boards: body.Boards, Ranking: body.Ranking, TieBreaks: body.TieBreaks, ColourPreferences: body.ColourPreferences}
	if mp := body.MatchPoints; mp != nil {
		in.MatchPoints = &teams.MatchPoints{Win: mp.Win, Draw: mp.Draw, Loss: mp.Loss, Bye: mp.Bye}
	}
	s, err := h.Teams.UpdateTeamSettings(c.Request.Context(), id, in, body.Reason)
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, newTeamSettingsView(s))
	return nil
}

type lineupBody struct {
	Players []int64 `json:"players"`
	Reason  string  `json:"reason"`
}

// putLineup sets a team's line-up for a round: {"players": [id, …]} from
// board 1 down, 0 for an empty board. The team is its start number.
func (h *handler) putLineup(c *gin.Context) error {
	ids, body, err := kit.PathIDsBody[lineupBody](c, "id", "n", "team")
	if err != nil {
		return err
	}
	if body.Players == nil {
		return tournament.Invalid("players", "is required: the player IDs from board 1 down, 0 for an empty board")
	}
	_, err = h.Teams.SetLineup(c.Request.Context(), teams.LineupInput{
		EventID: ids[0], Round: int(ids[1]), TeamNo: int(ids[2]), Players: body.Players, Reason: body.Reason,
	})
	if err != nil {
		return err
	}
	return h.AnswerRound(c, http.StatusOK, ids[0], int(ids[1]))
}

// putBoardResult enters the result of one board of a match, with the body
// of the core results endpoint.
func (h *handler) putBoardResult(c *gin.Context) error {
	ids, body, err := kit.PathIDsBody[shapes.ResultBody](c, "id", "n", "table", "board")
	if err != nil {
		return err
	}
	in, err := body.Input(ids[0], int(ids[1]), int(ids[3]))
	if err != nil {
		return err
	}
	r, err := h.Teams.RecordMatchResult(c.Request.Context(), teams.MatchResultInput{Table: int(ids[2]), ResultInput: in})
	if err != nil {
		return err
	}
	// The result was entered in a match, so the event is a team
	// competition and its round has matches.
	rr, err := h.Teams.ReadRound(c.Request.Context(), ids[0], int(ids[1]))
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, struct {
		shapes.TeamRoundView
		Warnings []shapes.WarningView `json:"warnings,omitempty"`
	}{shapes.NewTeamRoundView(catalog.For(core.JSONLang(c)), rr.TeamRound, rr.Team.Event, rr.Team.Settings), shapes.WarningViews(core.JSONLocalizer(c), r.Warnings)})
	return nil
}

// teamsView lists an event's teams.
type teamsView struct {
	Teams []teamView `json:"teams"`
}
