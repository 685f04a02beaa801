package shapes

import (
	"adiukh/tournament"
	"adiukh/tournament/catalog"
	"adiukh/tournament/teams"
)

// matchGameView is one board of a match. White and Black are player IDs;
// an empty board side is null, and such a board has no game number and no
// version: its forfeit follows from the line-up.
type matchGameView struct {
	Board int `json:"board"`
	// Game is the game's number within the round, under which the core
	// API's results endpoint takes its result.
	Game      *int    `json:"game"`
	White     *int64  `json:"white"`
	Black     *int64  `json:"black"`
	Score     *string `json:"score"`
	EndReason *string `json:"end_reason"`
	Version   *int    `json:"version"`
	// Opening and MicroGames are a micro-match board's, as a round of
	// players has them: the opening drawn, the two games (entered under
	// the game's number, PUT …/games/{game}/micro/{1|2}).
	Opening    *OpeningView    `json:"opening,omitempty"`
	MicroGames []MicroGameView `json:"micro_games,omitempty"`
}

type matchView struct {
	Table int `json:"table"`
	Home  int `json:"home"`
	// Away is null for the bye.
	Away *int `json:"away"`
	// The points are null until every board has its result.
	HomeGamePoints  *float64        `json:"home_game_points"`
	AwayGamePoints  *float64        `json:"away_game_points"`
	HomeMatchPoints *float64        `json:"home_match_points"`
	AwayMatchPoints *float64        `json:"away_match_points"`
	Games           []matchGameView `json:"games"`
}

func newMatchView(m *teams.Match, e *tournament.Event, ts teams.TeamSettings) matchView {
	v := matchView{Table: m.Table, Home: m.HomeNo, Games: make([]matchGameView, len(m.Boards))}
	if !m.IsBye() {
		away := m.AwayNo
		v.Away = &away
	}
	if ms := m.Score(e, ts); ms.Done {
		v.HomeGamePoints, v.HomeMatchPoints = &ms.HomeGamePoints, &ms.HomeMatchPoints
		if !m.IsBye() {
			v.AwayGamePoints, v.AwayMatchPoints = &ms.AwayGamePoints, &ms.AwayMatchPoints
		}
	}
	for i := range m.Boards {
		b := &m.Boards[i]
		g := matchGameView{Board: b.Board}
		white, black := b.HomePlayerID, b.AwayPlayerID
		if !b.HomeWhite() {
			white, black = black, white
		}
		if white != 0 {
			g.White = &white
		}
		if black != 0 {
			g.Black = &black
		}
		if b.Game != nil {
			number, version := b.Game.Board, b.Game.Version
			g.Game, g.Version = &number, &version
		}
		if r := b.Result(e); r.Done {
			reason := string(r.EndReason)
			score := fmtScore(r, b.HomeWhite())
			g.EndReason, g.Score = &reason, &score
		}
		v.Games[i] = g
	}
	return v
}

// fmtScore writes a board's points white first, like a game's score.
func fmtScore(r teams.BoardResult, homeWhite bool) string {
	res := tournament.Result{White: r.HomePoints, Black: r.AwayPoints, EndReason: r.EndReason}
	if !homeWhite {
		res.White, res.Black = res.Black, res.White
	}
	return res.Score()
}

// TeamRoundView is a round of a team competition: its matches.
type TeamRoundView struct {
	Number  int         `json:"number"`
	Status  string      `json:"status"`
	Matches []matchView `json:"matches"`
}

// NewTeamRoundView is a team round in the reader's language l (its
// micro-match games' sheet problems).
func NewTeamRoundView(l *catalog.Localizer, r *teams.TeamRound, e *tournament.Event, ts teams.TeamSettings) TeamRoundView {
	v := TeamRoundView{Number: r.Number, Status: string(r.Status), Matches: make([]matchView, len(r.Matches))}
	for i := range r.Matches {
		m := &r.Matches[i]
		v.Matches[i] = newMatchView(m, e, ts)
		if !e.MicroMatch.On() || m.IsBye() {
			continue
		}
		for j := range m.Boards {
			b := &m.Boards[j]
			v.Matches[i].Games[j].Opening = NewOpeningView(r.OpeningOf(teams.GameNumber(m.Table, b.Board, ts.Boards)))
			if b.Game != nil {
				v.Matches[i].Games[j].MicroGames = MicroGameViews(l, b.Game, true)
			}
		}
	}
	return v
}
