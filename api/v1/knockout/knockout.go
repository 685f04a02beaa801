// Package knockout is the JSON API of knockout events (issue 68): the
// bracket, and the games and lots of its matches.
package knockout

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"adiukh/api/core"
	"adiukh/api/v1/kit"
	"adiukh/tournament"
	"adiukh/tournament/brackets"
	"adiukh/tournament/catalog"
	ko "adiukh/tournament/knockout"
)

type handler struct {
	*kit.Kit
}

// Routes registers the bracket on read (anyone who may read the event) and
// the matches' games and lots on write (its arbiters).
func Routes(k *kit.Kit, read, write gin.IRoutes) {
	h := &handler{Kit: k}
	read.GET("/events/:id/knockout", h.EventJSON(h.JSON(h.getBracket)))
	write.POST("/events/:id/knockout/games", h.JSON(h.postGame))
	write.POST("/events/:id/knockout/lots", h.JSON(h.postLot))
	write.POST("/events/:id/knockout/ties/lot", h.JSON(h.postTieLot))
	write.POST("/events/:id/knockout/sheets", h.JSON(h.postSheet))
}

type stageJSON struct {
	Games       int    `json:"games"`
	Tempo       string `json:"tempo"`
	TimeControl string `json:"time_control,omitempty"`
}

// sideJSON is a side of a match or a tie: a player, or a team (whose
// name is never empty).
type sideJSON struct {
	ID      int64  `json:"id"`
	StartNo int    `json:"start_no"`
	Name    string `json:"name,omitempty"`
	Rating  int    `json:"rating,omitempty"`
}

type gameJSON struct {
	Number int `json:"number"`
	// Stage is 0 for the match's own games, i for its i-th tie-break
	// stage, played at Tempo.
	Stage     int    `json:"stage"`
	Tempo     string `json:"tempo,omitempty"`
	WhiteID   int64  `json:"white_id"`
	Score     string `json:"score"`
	EndReason string `json:"end_reason"`
	Reason    string `json:"reason,omitempty"`
	// HasMoves says the game has a score sheet, or moves played on the
	// site, which games.pdn writes and the game's page shows.
	HasMoves bool `json:"has_moves"`
	// GameID is the server's game of a game played on the site (GET
	// /api/v1/games/{id}); absent for one played over the board.
	GameID int64 `json:"game_id,omitempty"`
}

type lotJSON struct {
	WinnerID int64  `json:"winner_id"`
	Reason   string `json:"reason"`
}

type nextJSON struct {
	Number  int    `json:"number"`
	Stage   int    `json:"stage"`
	Tempo   string `json:"tempo,omitempty"`
	WhiteID int64  `json:"white_id"`
}

// matchJSON is a match: board, players (black null for a bye), the score of
// its own games and of each tie-break stage, White's first, its games,
// the lot, the winner who goes through, and what it waits for.
type matchJSON struct {
	Round      int          `json:"round"`
	Board      int          `json:"board"`
	White      *sideJSON    `json:"white"`
	Black      *sideJSON    `json:"black"`
	ThirdPlace bool         `json:"third_place"`
	Score      [2]float64   `json:"score"`
	Stages     [][2]float64 `json:"tie_break_scores"`
	Games      []gameJSON   `json:"games"`
	Result     string       `json:"result,omitempty"`
	WinnerID   int64        `json:"winner_id,omitempty"`
	Lot        *lotJSON     `json:"lot,omitempty"`
	Next       *nextJSON    `json:"next_game,omitempty"`
	AwaitsLot  bool         `json:"awaits_lot"`
}

// roundJSON is a round of the bracket: its rows are matches of players
// (matchRowsJSON) or ties of teams (tieRowsJSON), the other left out.
type roundJSON struct {
	Number int `json:"number"`
	// Stage is "final", "semi_finals", "quarter_finals" or "round_of"
	// (of Of sides); Title the round's name in the answer's language.
	Stage string `json:"stage"`
	Of    int    `json:"of"`
	Title string `json:"title"`
	*matchRowsJSON
	*tieRowsJSON
}

type matchRowsJSON struct {
	Paired  bool        `json:"paired"`
	Status  string      `json:"status,omitempty"`
	Matches []matchJSON `json:"matches"`
}

type tieRowsJSON struct {
	Ties []tieJSON `json:"ties"`
}

// bracketJSON is the bracket of a knockout of players or of teams; one of
// teams says so, with its boards (teamsJSON).
type bracketJSON struct {
	EventID int64 `json:"event_id"`
	*teamsJSON
	// MatchGames is the games of a match, or the legs of a tie.
	MatchGames int         `json:"match_games"`
	TieBreaks  []stageJSON `json:"tie_break_games"`
	ThirdPlace bool        `json:"third_place"`
	Seeding    string      `json:"seeding"`
	Rounds     []roundJSON `json:"rounds"`
	Winner     *sideJSON   `json:"winner"`
	RunnerUp   *sideJSON   `json:"runner_up"`
	Third      *sideJSON   `json:"third"`
}

type teamsJSON struct {
	Teams  bool `json:"teams"`
	Boards int  `json:"boards"`
}

func playerOf(p *ko.PlayerRef) *sideJSON {
	if p == nil {
		return nil
	}
	return &sideJSON{ID: p.ID, StartNo: p.StartNo, Name: p.Name, Rating: p.Rating}
}

func matchOf(e *tournament.Event, m *ko.MatchView) matchJSON {
	out := matchJSON{Round: m.Round, Board: m.Board, White: playerOf(m.White), Black: playerOf(m.Black), ThirdPlace: m.ThirdPlace,
		Score: m.Score, Stages: m.Stages, Games: []gameJSON{}, WinnerID: m.WinnerID, AwaitsLot: m.AwaitsLot}
	if out.Stages == nil {
		out.Stages = [][2]float64{}
	}
	for _, g := range m.Games {
		out.Games = append(out.Games, gameJSON{Number: g.Number, Stage: g.Stage, Tempo: g.Tempo, WhiteID: g.WhiteID,
			Score: g.Result.Score(), EndReason: string(g.Result.EndReason), Reason: g.Reason, HasMoves: g.Sheet != nil, GameID: g.PlayedID})
	}
	if m.Result != nil {
		out.Result = e.ScoreText(*m.Result)
	}
	if m.Lot != nil {
		out.Lot = &lotJSON{WinnerID: m.Lot.WinnerID, Reason: m.Lot.Reason}
	}
	if m.Next != nil {
		out.Next = &nextJSON{Number: m.Next.Number, Stage: m.Next.Stage, Tempo: m.Next.Tempo, WhiteID: m.Next.WhiteID}
	}
	return out
}

// bracketOf is the bracket as the API answers it, in the language l.
func bracketOf(l *catalog.Localizer, b *brackets.Bracket) bracketJSON {
	e := b.Event()
	k := e.Knockout
	out := bracketJSON{EventID: e.ID, MatchGames: k.MatchGames, TieBreaks: []stageJSON{}, ThirdPlace: k.ThirdPlace, Seeding: k.Seeding, Rounds: []roundJSON{}}
	for _, s := range k.TieBreaks {
		out.TieBreaks = append(out.TieBreaks, stageJSON(s))
	}
	if t := b.Ties; t != nil {
		boards := b.Boards()
		out.teamsJSON = &teamsJSON{Teams: true, Boards: boards}
		out.Winner, out.RunnerUp, out.Third = teamOf(t.Winner, boards), teamOf(t.RunnerUp, boards), teamOf(t.Third, boards)
		for _, r := range t.Rounds {
			rows := &tieRowsJSON{Ties: []tieJSON{}}
			for i := range r.Ties {
				rows.Ties = append(rows.Ties, tieOf(e, boards, &r.Ties[i]))
			}
			out.Rounds = append(out.Rounds, roundJSON{Number: r.Number, Stage: r.Stage, Of: r.Of, Title: roundTitle(l, r.Stage, r.Of), tieRowsJSON: rows})
		}
		return out
	}
	m := b.Matches
	out.Winner, out.RunnerUp, out.Third = playerOf(m.Winner), playerOf(m.RunnerUp), playerOf(m.Third)
	for _, r := range m.Rounds {
		rows := &matchRowsJSON{Paired: r.Paired, Status: string(r.Status), Matches: []matchJSON{}}
		for i := range r.Matches {
			rows.Matches = append(rows.Matches, matchOf(e, &r.Matches[i]))
		}
		out.Rounds = append(out.Rounds, roundJSON{Number: r.Number, Stage: r.Stage, Of: r.Of, Title: roundTitle(l, r.Stage, r.Of), matchRowsJSON: rows})
	}
	return out
}

// roundTitle names a round as the documents do.
func roundTitle(l *catalog.Localizer, stage string, of int) string {
	switch stage {
	case "final", "semi_finals", "quarter_finals":
		return l.T("knockout." + stage)
	}
	return l.Sprintf("knockout.round_of", of/2)
}

func (h *handler) getBracket(c *gin.Context) error {
	id, err := core.PathInt(c, "id")
	if err != nil {
		return err
	}
	b, err := h.Brackets.Bracket(c.Request.Context(), id)
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, bracketOf(core.JSONLocalizer(c), b))
	return nil
}

// gameBody is the result of one game of a match.
type gameBody struct {
	Round     int    `json:"round"`
	Board     int    `json:"board"`
	Number    int    `json:"number"`
	Score     string `json:"score"`
	EndReason string `json:"end_reason"`
	Reason    string `json:"reason"`
}

func (h *handler) postGame(c *gin.Context) error {
	id, body, err := kit.PathBody[gameBody](c, "id")
	if err != nil {
		return err
	}
	m, err := h.Knockout.RecordGame(c.Request.Context(), ko.GameInput{EventID: id, Round: body.Round, Board: body.Board, Number: body.Number,
		Score: body.Score, EndReason: body.EndReason, Reason: body.Reason})
	if err != nil {
		return err
	}
	return h.answerMatch(c, id, m)
}

// lotBody is a match decided by lot.
type lotBody struct {
	Round    int    `json:"round"`
	Board    int    `json:"board"`
	WinnerID int64  `json:"winner_id"`
	Reason   string `json:"reason"`
}

func (h *handler) postLot(c *gin.Context) error {
	id, body, err := kit.PathBody[lotBody](c, "id")
	if err != nil {
		return err
	}
	m, err := h.Knockout.DecideByLot(c.Request.Context(), ko.LotInput{EventID: id, Round: body.Round, Board: body.Board, WinnerID: body.WinnerID, Reason: body.Reason})
	if err != nil {
		return err
	}
	return h.answerMatch(c, id, m)
}

// sheetBody is the score sheet of one game of a match.
type sheetBody struct {
	Round  int    `json:"round"`
	Board  int    `json:"board"`
	Number int    `json:"number"`
	Sheet  string `json:"sheet"`
	Reason string `json:"reason"`
}

func (h *handler) postSheet(c *gin.Context) error {
	id, body, err := kit.PathBody[sheetBody](c, "id")
	if err != nil {
		return err
	}
	m, err := h.Knockout.SubmitSheet(c.Request.Context(), ko.SheetInput{EventID: id, Round: body.Round, Board: body.Board, Number: body.Number,
		Sheet: body.Sheet, Reason: body.Reason})
	if err != nil {
		return err
	}
	return h.answerMatch(c, id, m)
}

// answerMatch answers the match as the bracket now shows it.
func (h *handler) answerMatch(c *gin.Context, eventID int64, m *ko.MatchView) error {
	b, err := h.Knockout.Bracket(c.Request.Context(), eventID)
	if err != nil {
		return err
	}
	for _, r := range b.Rounds {
		for i := range r.Matches {
			if r.Number == m.Round && r.Matches[i].Board == m.Board {
				c.JSON(http.StatusOK, matchOf(b.Event, &r.Matches[i]))
				return nil
			}
		}
	}
	return tournament.NotFound("board %d of round %d not found", m.Board, m.Round)
}
