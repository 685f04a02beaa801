package events

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"adiukh/api/core"
	"adiukh/api/v1/shapes"
	"adiukh/tournament"
	"adiukh/tournament/teams"
)

type standingsRowView struct {
	Rank      int                `json:"rank"`
	RankTo    int                `json:"rank_to"`
	StartNo   int                `json:"start_no"`
	Name      string             `json:"name"`
	Title     string             `json:"title,omitempty"`
	Club      string             `json:"club"`
	Rating    int                `json:"rating"`
	Score     float64            `json:"score"`
	TieBreaks map[string]float64 `json:"tiebreaks"`
	// Playoff is the play-off event that decided the player's place among
	// those tied with them; absent where tie-breaks did.
	Playoff int64 `json:"playoff,omitempty"`
}

type standingsView struct {
	AfterRound        int                   `json:"after_round"`
	EveryFinishedGame bool                  `json:"every_finished_game,omitempty"`
	TieBreaks         []shapes.TieBreakView `json:"tiebreaks"`
	Rows              []standingsRowView    `json:"rows"`
	// Incomplete names the tie-breaks that leave out the UnscoredGames
	// games imported without their score (adiukh-points).
	Incomplete    []shapes.TieBreakView `json:"incomplete,omitempty"`
	UnscoredGames int                   `json:"unscored_games,omitempty"`
	// StalePlayoffs are the finished play-offs whose players are no longer
	// tied (the event reopened and corrected): not applied.
	StalePlayoffs []int64 `json:"stale_playoffs,omitempty"`
}

func newStandingsView(st *tournament.Standings) standingsView {
	v := standingsView{AfterRound: st.AfterRound, EveryFinishedGame: st.EveryFinishedGame, TieBreaks: shapes.TieBreakViews(st.TieBreaks), Rows: make([]standingsRowView, len(st.Rows)),
		Incomplete: shapes.TieBreakViews(st.Incomplete()), UnscoredGames: st.UnscoredGames, StalePlayoffs: st.StalePlayoffs}
	for i, r := range st.Rows {
		tbs := r.TieBreaks
		if tbs == nil {
			tbs = map[string]float64{}
		}
		v.Rows[i] = standingsRowView{Rank: r.Rank, RankTo: r.RankTo, StartNo: r.StartNo, Name: r.Name, Title: r.Title, Club: r.Club, Rating: r.Rating, Score: r.Score, TieBreaks: tbs, Playoff: r.Playoff}
	}
	return v
}

// getStandings answers the standings after ?round=N, by default after the
// last finished round.
func (h *handler) getStandings(c *gin.Context) error {
	id, err := core.PathInt(c, "id")
	if err != nil {
		return err
	}
	round, err := core.QueryInt(c, "round")
	if err != nil {
		return err
	}
	t, err := h.tables(c, id, round)
	if err != nil {
		return err
	}
	if t.Teams != nil {
		c.JSON(http.StatusOK, newTeamStandingsView(t.Teams.Standings))
		return nil
	}
	c.JSON(http.StatusOK, newStandingsView(t.Players.Standings))
	return nil
}

// tables reads an event's standings and crosstable; a composition
// contest, which has neither, is refused with where its results are.
func (h *handler) tables(c *gin.Context, id int64, round int) (*teams.EventTables, error) {
	t, err := h.Teams.Tables(c.Request.Context(), id, round)
	if err == nil && t.Players == nil && t.Teams == nil {
		return nil, tournament.NotFound("event %d is a composition contest: it has no standings or crosstable; its results are at /api/v1/events/%d/contest/award", id, id)
	}
	return t, err
}

type crossCellView struct {
	Round int `json:"round"`
	// Opponent is the opponent's start number; null for a bye or a round
	// the player was not paired in.
	Opponent *int `json:"opponent"`
	// Color is "white", "black", or null without an opponent.
	Color     *string `json:"color"`
	Score     *string `json:"score"`
	EndReason *string `json:"end_reason"`
	Points    float64 `json:"points"`
}

type crossRowView struct {
	StartNo int             `json:"start_no"`
	Name    string          `json:"name"`
	Title   string          `json:"title,omitempty"`
	Club    string          `json:"club"`
	Rating  int             `json:"rating"`
	Rank    int             `json:"rank"`
	RankTo  int             `json:"rank_to"`
	Score   float64         `json:"score"`
	Games   []crossCellView `json:"games"`
}

func newCrossCellView(cell teams.CrosstableCell) crossCellView {
	v := crossCellView{Round: cell.Round, Points: cell.Points}
	if cell.OpponentNo != 0 {
		opp, color := cell.OpponentNo, "black"
		if cell.White {
			color = "white"
		}
		v.Opponent, v.Color = &opp, &color
	}
	if cell.Result != nil {
		reason := string(cell.Result.EndReason)
		v.EndReason = &reason
		if cell.Score != "" {
			score := cell.Score
			v.Score = &score
		}
	}
	return v
}

// getCrosstable answers every player's games round by round, by start number.
func (h *handler) getCrosstable(c *gin.Context) error {
	id, err := core.PathInt(c, "id")
	if err != nil {
		return err
	}
	t, err := h.tables(c, id, 0)
	if err != nil {
		return err
	}
	if t.Teams != nil {
		c.JSON(http.StatusOK, crosstableView[teamCrossRowView]{t.Teams.Standings.AfterRound, teamCrossRowViews(t.Teams)})
		return nil
	}
	ct := t.Players
	rows := make([]crossRowView, len(ct.Rows))
	for i, r := range ct.Rows {
		rows[i] = crossRowView{StartNo: r.Player.StartNo, Name: r.Player.Name, Title: r.Player.Title, Club: r.Player.Club, Rating: r.Player.Rating,
			Rank: r.Rank, RankTo: r.RankTo, Score: r.Score, Games: make([]crossCellView, len(r.Games))}
		for j, cell := range r.Games {
			rows[i].Games[j] = newCrossCellView(cell)
		}
	}
	c.JSON(http.StatusOK, crosstableView[crossRowView]{ct.Standings.AfterRound, rows})
	return nil
}

func (h *handler) getAudit(c *gin.Context) error {
	id, err := core.PathInt(c, "id")
	if err != nil {
		return err
	}
	entries, err := h.Events.Audit(c.Request.Context(), id)
	if err != nil {
		return err
	}
	l := core.JSONLocalizer(c)
	views := make([]core.AuditView, len(entries))
	for i, e := range entries {
		views[i] = core.NewAuditView(e, l)
	}
	c.JSON(http.StatusOK, auditView{views})
	return nil
}

type teamStandingsRowView struct {
	Rank    int    `json:"rank"`
	RankTo  int    `json:"rank_to"`
	StartNo int    `json:"start_no"`
	Name    string `json:"name"`
	Club    string `json:"club"`
	// Withdrawn is set when the team has withdrawn from any round, as in
	// the standings CSV and JSON; WithdrawFromRound names the round.
	Withdrawn         bool               `json:"withdrawn"`
	WithdrawFromRound int                `json:"withdraw_from_round,omitempty"`
	MatchPoints       float64            `json:"match_points"`
	GamePoints        float64            `json:"game_points"`
	Score             float64            `json:"score"`
	TieBreaks         map[string]float64 `json:"tiebreaks"`
	// Playoff is the play-off event that decided the team's place among
	// the teams tied with it; absent when the tie-breaks did.
	Playoff int64 `json:"playoff,omitempty"`
}

type boardRowView struct {
	Rank     int    `json:"rank"`
	RankTo   int    `json:"rank_to"`
	PlayerID int64  `json:"player_id"`
	Name     string `json:"name"`
	// Federation is the player's, as the individual standings give it.
	Federation string  `json:"federation,omitempty"`
	Team       int     `json:"team"`
	Games      int     `json:"games"`
	Points     float64 `json:"points"`
	Percent    float64 `json:"percent"`
	// AdiukhPoints are an Adiukh event's only (the checkers won): a game
	// scored as a win, a draw or a loss has none to count.
	AdiukhPoints *int `json:"adiukh_points,omitempty"`
}

type boardStandingsView struct {
	Board int            `json:"board"`
	Rows  []boardRowView `json:"rows"`
}

type teamStandingsView struct {
	AfterRound int                    `json:"after_round"`
	Ranking    string                 `json:"ranking"`
	TieBreaks  []shapes.TieBreakView  `json:"tiebreaks"`
	Rows       []teamStandingsRowView `json:"rows"`
	Boards     []boardStandingsView   `json:"boards"`
	// StalePlayoffs are the finished play-offs whose teams are no longer
	// tied: their decision is not applied.
	StalePlayoffs []int64 `json:"stale_playoffs,omitempty"`
}

func newTeamStandingsView(st *teams.TeamStandings) teamStandingsView {
	v := teamStandingsView{AfterRound: st.AfterRound, Ranking: string(st.Settings.Ranking), TieBreaks: shapes.TieBreakViews(st.TieBreaks),
		Rows: make([]teamStandingsRowView, len(st.Rows)), Boards: make([]boardStandingsView, len(st.Boards)), StalePlayoffs: st.StalePlayoffs}
	for i, r := range st.Rows {
		v.Rows[i] = teamStandingsRowView{Rank: r.Rank, RankTo: r.RankTo, StartNo: r.StartNo, Name: r.Name, Club: r.Club,
			Withdrawn: r.WithdrawnFrom > 0, WithdrawFromRound: r.WithdrawnFrom,
			MatchPoints: r.MatchPoints, GamePoints: r.GamePoints, Score: r.Score, TieBreaks: r.TieBreaks, Playoff: r.Playoff}
	}
	graded := st.Event.Game.Variant().GradedScores()
	for b, rows := range st.Boards {
		v.Boards[b] = boardStandingsView{Board: b + 1, Rows: make([]boardRowView, len(rows))}
		for i, r := range rows {
			v.Boards[b].Rows[i] = boardRowView{Rank: r.Rank, RankTo: r.RankTo, PlayerID: r.PlayerID, Name: r.Name, Federation: r.Federation, Team: r.TeamNo,
				Games: r.Games, Points: r.Points, Percent: r.Percent}
			if graded {
				v.Boards[b].Rows[i].AdiukhPoints = &r.AdiukhPoints
			}
		}
	}
	return v
}

type teamCrossCellView struct {
	Round int `json:"round"`
	// Opponent is the other team's start number; null for the bye or a
	// round without a match. Home is null without an opponent.
	Opponent *int  `json:"opponent"`
	Home     *bool `json:"home"`
	Bye      bool  `json:"bye"`
	// The points are null until every board of the match has a result.
	GamePoints         *float64 `json:"game_points"`
	OpponentGamePoints *float64 `json:"opponent_game_points"`
	MatchPoints        *float64 `json:"match_points"`
}

type teamCrossRowView struct {
	StartNo     int                 `json:"start_no"`
	Name        string              `json:"name"`
	Club        string              `json:"club"`
	Rank        int                 `json:"rank"`
	RankTo      int                 `json:"rank_to"`
	MatchPoints float64             `json:"match_points"`
	GamePoints  float64             `json:"game_points"`
	Matches     []teamCrossCellView `json:"matches"`
}

// teamCrossRowViews are every team's matches round by round, by start
// number.
func teamCrossRowViews(ct *teams.TeamCrosstable) []teamCrossRowView {
	rows := make([]teamCrossRowView, len(ct.Rows))
	for i, r := range ct.Rows {
		rows[i] = teamCrossRowView{StartNo: r.Team.StartNo, Name: r.Team.Name, Club: r.Team.Club, Rank: r.Rank, RankTo: r.RankTo,
			MatchPoints: r.MatchPoints, GamePoints: r.GamePoints, Matches: make([]teamCrossCellView, len(r.Matches))}
		for j, cell := range r.Matches {
			v := teamCrossCellView{Round: cell.Round, Bye: cell.Bye}
			if cell.OpponentNo != 0 {
				opp, home := cell.OpponentNo, cell.Home
				v.Opponent, v.Home = &opp, &home
			}
			if cell.Done {
				v.GamePoints, v.MatchPoints = &cell.GamePoints, &cell.MatchPoints
				if !cell.Bye {
					v.OpponentGamePoints = &cell.OpponentGamePoints
				}
			}
			rows[i].Matches[j] = v
		}
	}
	return rows
}
