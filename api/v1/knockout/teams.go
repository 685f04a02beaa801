package knockout

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"adiukh/api/v1/kit"
	"adiukh/tournament"
	"adiukh/tournament/teams"
)

// The bracket of a knockout of teams: its ties, each leg's match score and
// board results, and the lot of a level tie.

type legPlayerJSON struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
}

// legBoardJSON is a board of a leg: who played for each team (null for an
// empty board), whether the home team had White, the result from the
// home team's side, and the board's game in its round with the version a
// result entered on it sends (PUT …/rounds/{round}/matches/{table}/boards/{board}/result).
type legBoardJSON struct {
	Board     int            `json:"board"`
	Home      *legPlayerJSON `json:"home_player"`
	Away      *legPlayerJSON `json:"away_player"`
	HomeWhite bool           `json:"home_white"`
	Result    string         `json:"result,omitempty"`
	Game      int            `json:"game,omitempty"`
	Version   int            `json:"version,omitempty"`
}

// legJSON is a leg of a tie: the team round and table it is played at,
// the home team, its board points and match points (home first) once every
// board has its result, and its boards.
type legJSON struct {
	Number      int            `json:"number"`
	Stage       int            `json:"stage"`
	Tempo       string         `json:"tempo,omitempty"`
	TimeControl string         `json:"time_control,omitempty"`
	Round       int            `json:"round"`
	Table       int            `json:"table"`
	HomeID      int64          `json:"home_id"`
	Done        bool           `json:"done"`
	Score       [2]float64     `json:"score"`
	MatchPoints [2]float64     `json:"match_points"`
	Boards      []legBoardJSON `json:"boards"`
}

// stageTotalJSON adds up a stage's legs from the top team's side.
type stageTotalJSON struct {
	Legs        int        `json:"legs"`
	MatchPoints [2]float64 `json:"match_points"`
	BoardPoints [2]float64 `json:"board_points"`
}

type nextLegJSON struct {
	Number int    `json:"number"`
	Stage  int    `json:"stage"`
	Tempo  string `json:"tempo,omitempty"`
	HomeID int64  `json:"home_id"`
}

// tieJSON is a tie: its number in the round, its teams (bottom null for a
// bye; top at home in the first leg), its legs and each stage's totals,
// the team that goes through, the lot, and what it waits for.
type tieJSON struct {
	Round      int              `json:"round"`
	Tie        int              `json:"tie"`
	Top        *sideJSON        `json:"top"`
	Bottom     *sideJSON        `json:"bottom"`
	ThirdPlace bool             `json:"third_place"`
	Legs       []legJSON        `json:"legs"`
	Stages     []stageTotalJSON `json:"stages"`
	WinnerID   int64            `json:"winner_id,omitempty"`
	Lot        *lotJSON         `json:"lot,omitempty"`
	Next       *nextLegJSON     `json:"next_leg,omitempty"`
	AwaitsLot  bool             `json:"awaits_lot"`
	MayLot     bool             `json:"may_lot"`
}

func teamOf(t *teams.Team, boards int) *sideJSON {
	if t == nil {
		return nil
	}
	return &sideJSON{ID: t.ID, StartNo: t.StartNo, Name: t.Name, Rating: t.Rating(boards)}
}

func tieOf(e *tournament.Event, boards int, t *teams.KnockoutTie) tieJSON {
	out := tieJSON{Round: t.Round, Tie: t.Number, Top: teamOf(t.Top, boards), Bottom: teamOf(t.Bottom, boards), ThirdPlace: t.ThirdPlace,
		Legs: []legJSON{}, Stages: []stageTotalJSON{}, WinnerID: t.WinnerID, AwaitsLot: t.AwaitsLot, MayLot: t.MayLot}
	for _, l := range t.Legs {
		lj := legJSON{Number: l.Number, Stage: l.Stage, Tempo: l.Tempo, TimeControl: l.TimeControl, Round: l.EventRound, Table: l.Match.Table,
			HomeID: l.Match.HomeID, Done: l.Score.Done, Score: [2]float64{l.Score.HomeGamePoints, l.Score.AwayGamePoints},
			MatchPoints: [2]float64{l.Score.HomeMatchPoints, l.Score.AwayMatchPoints}, Boards: []legBoardJSON{}}
		for _, b := range t.Boards(e, l) {
			bj := legBoardJSON{Board: b.Board, HomeWhite: b.HomeWhite, Result: b.Result}
			if b.Game != nil {
				bj.Game, bj.Version = b.Game.Board, b.Game.Version
			}
			if b.Home != nil {
				bj.Home = &legPlayerJSON{ID: b.Home.ID, Name: b.Home.Name}
			}
			if b.Away != nil {
				bj.Away = &legPlayerJSON{ID: b.Away.ID, Name: b.Away.Name}
			}
			lj.Boards = append(lj.Boards, bj)
		}
		out.Legs = append(out.Legs, lj)
	}
	for _, st := range t.Stages {
		out.Stages = append(out.Stages, stageTotalJSON{Legs: st.Legs, MatchPoints: [2]float64{st.Top, st.Bottom}, BoardPoints: [2]float64{st.TopBoards, st.BottomBoards}})
	}
	if t.Lot != nil {
		out.Lot = &lotJSON{WinnerID: t.Lot.WinnerID, Reason: t.Lot.Reason}
	}
	if t.Next != nil {
		out.Next = &nextLegJSON{Number: t.Next.Number, Stage: t.Next.Stage, Tempo: string(t.Next.Tempo), HomeID: t.NextHomeID}
	}
	return out
}

// tieLotBody is a level tie decided by lot: its bracket round and number
// there, the start number of the team drawn and the reason.
type tieLotBody struct {
	Round  int    `json:"round"`
	Tie    int    `json:"tie"`
	TeamNo int    `json:"team_no"`
	Reason string `json:"reason"`
}

func (h *handler) postTieLot(c *gin.Context) error {
	id, body, err := kit.PathBody[tieLotBody](c, "id")
	if err != nil {
		return err
	}
	t, err := h.Teams.DecideTieByLot(c.Request.Context(), teams.KnockoutLotInput{EventID: id, Round: body.Round, Tie: body.Tie, TeamNo: body.TeamNo, Reason: body.Reason})
	if err != nil {
		return err
	}
	e, err := h.Events.Event(c.Request.Context(), id)
	if err != nil {
		return err
	}
	ts, err := h.Teams.TeamSettings(c.Request.Context(), id)
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, tieOf(e, ts.Boards, t))
	return nil
}
