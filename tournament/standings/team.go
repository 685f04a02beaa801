package standings

import (
	"fmt"
	"slices"
)

// Points names the two scores of a team event.
type Points int

const (
	// MatchPoints: a won match earns the match-win points, a drawn one the
	// match-draw points.
	MatchPoints Points = iota + 1
	// GamePoints: the sum of the team's board results in the game scoring table.
	GamePoints
)

// TeamScoring is the scoring of a team event.
type TeamScoring struct {
	Game                           Scoring // each board, as in an individual event
	MatchWin, MatchDraw, MatchLoss float64
	// MatchBye is what the pairing-allocated bye of a team earns; the team
	// is also credited a won game on every board (as FIDE's tie-break
	// calculator does).
	MatchBye float64
}

// Board is one game of a team match, seen from the two teams.
type Board struct {
	Number     int  // 1 is the top board
	Home, Away int  // player IDs; 0 when the team fielded nobody (a forfeit)
	HomeWhite  bool // colours alternate by board; the pairing says who starts
	Kind       Kind // Played, Forfeit or DoubleForfeit
	// Adiukh points of the two players: 17:7, 12:12, 24:0, 0:0.
	HomePoints, AwayPoints int
}

// Match is one team pairing of a round. Away == 0 gives the home team the
// pairing-allocated bye; such a match has no boards.
type Match struct {
	Home, Away int // team start numbers
	Boards     []Board
}

// MaxBoards bounds the boards of a match; it only keeps absurd input from
// exhausting memory.
const MaxBoards = 100

// TeamInput is everything team standings are computed from.
type TeamInput struct {
	Teams      []int // team start numbers
	Boards     int   // boards per match
	Rounds     [][]Match
	Scoring    TeamScoring
	Ranking    Points // which score ranks first
	RoundRobin bool
	Order      []ID // team tie-breaks, most important first
}

// Team tie-break IDs. Direct encounter and Adiukh points keep the IDs of the
// individual tie-breaks.
const (
	TeamMatchPoints     ID = "match-points"
	TeamGamePoints      ID = "game-points"
	BuchholzMatchPoints ID = "buchholz-mp"
	BuchholzGamePoints  ID = "buchholz-gp"
	ESBMatchMatch       ID = "esb-mp-mp"
	ESBMatchGame        ID = "esb-mp-gp"
	ESBGameMatch        ID = "esb-gp-mp"
	ESBGameGame         ID = "esb-gp-gp"
	BoardCount          ID = "board-count"
)

var teamRegistry = []TieBreak{
	{TeamMatchPoints},
	{TeamGamePoints},
	{DirectEncounter},
	{BuchholzMatchPoints},
	{BuchholzGamePoints},
	{ESBMatchMatch},
	{ESBMatchGame},
	{ESBGameMatch},
	{ESBGameGame},
	{BoardCount},
	{AdiukhPoints},
}

// AllTeam returns every registered team tie-break in a fixed order.
func AllTeam() []TieBreak { return slices.Clone(teamRegistry) }

// LookupTeam finds a registered team tie-break by ID.
func LookupTeam(id ID) (TieBreak, bool) {
	i := slices.IndexFunc(teamRegistry, func(t TieBreak) bool { return t.ID == id })
	if i < 0 {
		return TieBreak{}, false
	}
	return teamRegistry[i], true
}

// TeamPreset is the default order for a team event ranked first by the given
// score: the other score, the matches between the tied teams, the Extended
// Sonneborn-Berger that weighs the primary score of the opponents by the
// other points won against them, Buchholz, board count and Adiukh points.
func TeamPreset(ranking Points) []ID {
	if ranking == GamePoints {
		return []ID{TeamMatchPoints, DirectEncounter, ESBGameMatch, BuchholzGamePoints, BoardCount, AdiukhPoints}
	}
	return []ID{TeamGamePoints, DirectEncounter, ESBMatchGame, BuchholzMatchPoints, BoardCount, AdiukhPoints}
}

// TeamRow is one line of the team standings.
type TeamRow struct {
	Rank, RankLast int
	StartNo        int
	MatchPoints    float64
	GamePoints     float64
	Score          float64 // the score that ranks first (TeamInput.Ranking)
	TieBreaks      map[ID]float64
}

// BoardRow is one player's line in the standings of one board.
type BoardRow struct {
	Board          int
	Rank, RankLast int
	Player, Team   int // player ID, team start number
	Games          int // rounds the player was fielded on this board
	Points         float64
	Percent        float64 // points as a percentage of winning every game
	AdiukhPoints   int
}

// TeamStandings are the team rows in rank order and, per board (index
// board-1), the players' rows in rank order.
type TeamStandings struct {
	Teams  []TeamRow
	Boards [][]BoardRow
}

func (s TeamScoring) validate() error {
	if err := s.Game.validate(); err != nil {
		return err
	}
	match := Scoring{Win: s.MatchWin, Draw: s.MatchDraw, Loss: s.MatchLoss, Bye: s.MatchBye, ForfeitWin: s.MatchWin}
	if err := match.validate(); err != nil {
		return fmt.Errorf("match %w", err)
	}
	return nil
}

// teamRecords is a team event turned into two tables over the same rounds,
// one scored in match points and one in game points, plus what only teams
// have.
type teamRecords struct {
	byMatch, byGame *table
	adiukh          []int
	boardPoints     []map[int]float64 // per team: board number → game points
	boards          []map[int]*BoardRow
}

// ComputeTeams ranks the teams of a team event and the players of each board.
func ComputeTeams(in TeamInput) (TeamStandings, error) {
	if err := checkOrderIn(in.Order, LookupTeam); err != nil {
		return TeamStandings{}, err
	}
	if in.Ranking != MatchPoints && in.Ranking != GamePoints {
		return TeamStandings{}, fmt.Errorf("ranking: choose match points or game points, got %d", int(in.Ranking))
	}
	rec, err := buildTeamRecords(in)
	if err != nil {
		return TeamStandings{}, err
	}

	primary := rec.byMatch
	if in.Ranking == GamePoints {
		primary = rec.byGame
	}
	values := make([]map[ID]float64, len(in.Teams))
	for i := range in.Teams {
		values[i] = rec.values(i)
	}
	for i, points := range primary.pointsAgainstEqualScores() {
		values[i][DirectEncounter] = points
	}

	// Fewer points on the lower boards is better: board count ranks low first.
	key := func(i int, id ID) float64 {
		if id == BoardCount {
			return -values[i][id]
		}
		return values[i][id]
	}
	var out TeamStandings
	for _, g := range primary.rank(in.Order, key) {
		first := len(out.Teams) + 1
		for _, i := range g {
			out.Teams = append(out.Teams, TeamRow{
				Rank: first, RankLast: first + len(g) - 1,
				StartNo:     in.Teams[i],
				MatchPoints: rec.byMatch.players[i].score,
				GamePoints:  rec.byGame.players[i].score,
				Score:       primary.players[i].score,
				TieBreaks:   values[i],
			})
		}
	}
	out.Boards = rankBoards(rec.boards)
	return out, nil
}

// values computes the team tie-breaks of team i except direct encounter.
func (rec *teamRecords) values(i int) map[ID]float64 {
	v := make(map[ID]float64, len(teamRegistry))
	for _, tb := range teamRegistry {
		v[tb.ID] = 0
	}
	v[TeamMatchPoints] = rec.byMatch.players[i].score
	v[TeamGamePoints] = rec.byGame.players[i].score
	v[BuchholzMatchPoints] = sumOpponents(rec.byMatch.contributions(rec.byMatch.players[i]))
	v[BuchholzGamePoints] = sumOpponents(rec.byGame.contributions(rec.byGame.players[i]))
	v[ESBMatchMatch] = rec.esb(rec.byMatch, rec.byMatch, i)
	v[ESBMatchGame] = rec.esb(rec.byMatch, rec.byGame, i)
	v[ESBGameMatch] = rec.esb(rec.byGame, rec.byMatch, i)
	v[ESBGameGame] = rec.esb(rec.byGame, rec.byGame, i)
	for board, points := range rec.boardPoints[i] {
		v[BoardCount] += float64(board) * points
	}
	v[AdiukhPoints] = float64(rec.adiukh[i])
	return v
}

// esb is the (Extended) Sonneborn-Berger of team i: over the Buchholz
// entries of the opponents table (the opponents' adjusted scores, with
// C.07's unplayed-round rules), each opponent score times the points the
// team won in that round in the own table.
func (rec *teamRecords) esb(opponents, own *table, i int) float64 {
	total := 0.0
	for _, c := range opponents.contributions(opponents.players[i]) {
		total += c.opponentScore * own.players[i].rounds[c.round].points
	}
	return total
}

func buildTeamRecords(in TeamInput) (*teamRecords, error) {
	if err := in.Scoring.validate(); err != nil {
		return nil, err
	}
	if in.Boards < 1 || in.Boards > MaxBoards {
		return nil, fmt.Errorf("boards: a match has 1 to %d boards, got %d", MaxBoards, in.Boards)
	}
	s := in.Scoring
	boards := float64(in.Boards)
	matchScoring := Scoring{Win: s.MatchWin, Draw: s.MatchDraw, Loss: s.MatchLoss, Bye: s.MatchBye, ForfeitWin: s.MatchWin}
	// A match scored in game points: all boards won, drawn, lost; a bye wins every board.
	gameScoring := Scoring{Win: boards * s.Game.Win, Draw: boards * s.Game.Draw, Loss: boards * s.Game.Loss, Bye: boards * s.Game.Win, ForfeitWin: boards * s.Game.Win}
	var byMatch, byGame []*player
	rec := &teamRecords{}

	index := make(map[int]int, len(in.Teams))
	for i, sn := range in.Teams {
		if sn <= 0 {
			return nil, fmt.Errorf("team %d: start number must be positive, got %d", i+1, sn)
		}
		if _, dup := index[sn]; dup {
			return nil, fmt.Errorf("team %d: start number %d is used twice", i+1, sn)
		}
		index[sn] = i
		byMatch = append(byMatch, absentThroughout(Player{StartNo: sn}, len(in.Rounds)))
		byGame = append(byGame, absentThroughout(Player{StartNo: sn}, len(in.Rounds)))
		rec.adiukh = append(rec.adiukh, 0)
		rec.boardPoints = append(rec.boardPoints, map[int]float64{})
	}
	rec.boards = make([]map[int]*BoardRow, in.Boards)
	for b := range rec.boards {
		rec.boards[b] = map[int]*BoardRow{}
	}
	playerTeam := map[int]int{}

	for r, matches := range in.Rounds {
		seen := map[int]bool{}
		for m, match := range matches {
			where := fmt.Sprintf("round %d, match %d", r+1, m+1)
			if match.Home == match.Away {
				return nil, fmt.Errorf("%s: team %d cannot play itself", where, match.Home)
			}
			for _, sn := range []int{match.Home, match.Away} {
				if sn == 0 {
					continue
				}
				if _, ok := index[sn]; !ok {
					return nil, fmt.Errorf("%s: team start number %d is not a team of the event", where, sn)
				}
				if seen[sn] {
					return nil, fmt.Errorf("%s: team %d is paired twice in round %d", where, sn, r+1)
				}
				seen[sn] = true
			}
			home, ok := index[match.Home]
			if !ok {
				return nil, fmt.Errorf("%s: home team start number %d is not a team of the event", where, match.Home)
			}
			if match.Away == 0 {
				if len(match.Boards) > 0 {
					return nil, fmt.Errorf("%s: a bye has no boards, got %d", where, len(match.Boards))
				}
				byMatch[home].rounds[r] = roundRecord{kind: PairingBye, opponent: noOpponent, points: matchScoring.Bye, share: matchScoring.Bye / matchScoring.Win}
				byGame[home].rounds[r] = roundRecord{kind: PairingBye, opponent: noOpponent, points: gameScoring.Bye, share: 1}
				continue
			}
			away := index[match.Away]
			homeGP, awayGP, err := rec.addBoards(where, match, home, away, in, playerTeam)
			if err != nil {
				return nil, err
			}
			homeMP, awayMP := s.MatchDraw, s.MatchDraw
			if homeGP > awayGP {
				homeMP, awayMP = s.MatchWin, s.MatchLoss
			} else if homeGP < awayGP {
				homeMP, awayMP = s.MatchLoss, s.MatchWin
			}
			byMatch[home].rounds[r] = roundRecord{kind: Played, opponent: away, points: homeMP, share: homeMP / matchScoring.Win}
			byMatch[away].rounds[r] = roundRecord{kind: Played, opponent: home, points: awayMP, share: awayMP / matchScoring.Win}
			byGame[home].rounds[r] = roundRecord{kind: Played, opponent: away, points: homeGP, share: homeGP / gameScoring.Win}
			byGame[away].rounds[r] = roundRecord{kind: Played, opponent: home, points: awayGP, share: awayGP / gameScoring.Win}
		}
	}
	rec.byMatch = newTable(byMatch, matchScoring, in.RoundRobin)
	rec.byGame = newTable(byGame, gameScoring, in.RoundRobin)
	return rec, nil
}

// addBoards checks and scores the boards of one match and returns the two
// teams' game points.
func (rec *teamRecords) addBoards(where string, match Match, home, away int, in TeamInput, playerTeam map[int]int) (homeGP, awayGP float64, err error) {
	seenBoard := map[int]bool{}
	for _, b := range match.Boards {
		at := fmt.Sprintf("%s, board %d", where, b.Number)
		if b.Number < 1 || b.Number > in.Boards {
			return 0, 0, fmt.Errorf("%s: boards are numbered 1 to %d", at, in.Boards)
		}
		if seenBoard[b.Number] {
			return 0, 0, fmt.Errorf("%s: the board is listed twice", at)
		}
		seenBoard[b.Number] = true
		if !b.Kind.hasOpponent() {
			return 0, 0, fmt.Errorf("%s: a board is played, forfeited or double forfeited, got %s", at, b.Kind)
		}
		if err := checkScore(b.Kind, b.HomePoints, b.AwayPoints); err != nil {
			return 0, 0, fmt.Errorf("%s: %w", at, err)
		}
		if b.Kind == Played && (b.Home == 0 || b.Away == 0) {
			return 0, 0, fmt.Errorf("%s: a played game needs a player on both sides", at)
		}
		if b.Kind == Forfeit && (b.HomePoints == MaxPoints && b.Home == 0 || b.AwayPoints == MaxPoints && b.Away == 0) {
			return 0, 0, fmt.Errorf("%s: the side that wins by forfeit must have fielded a player", at)
		}
		g := Game{Kind: b.Kind, WhitePoints: b.HomePoints, BlackPoints: b.AwayPoints}
		hp, ap := sidePoints(g, in.Scoring.Game)
		homeGP += hp
		awayGP += ap
		rec.boardPoints[home][b.Number] += hp
		rec.boardPoints[away][b.Number] += ap
		rec.adiukh[home] += b.HomePoints
		rec.adiukh[away] += b.AwayPoints
		for _, side := range []struct {
			player, team int
			points       float64
			adiukh       int
		}{{b.Home, home, hp, b.HomePoints}, {b.Away, away, ap, b.AwayPoints}} {
			if side.player == 0 {
				continue
			}
			if t, ok := playerTeam[side.player]; ok && t != side.team {
				return 0, 0, fmt.Errorf("%s: player %d plays for team %d and team %d", at, side.player, in.Teams[t], in.Teams[side.team])
			}
			playerTeam[side.player] = side.team
			row := rec.boards[b.Number-1][side.player]
			if row == nil {
				row = &BoardRow{Board: b.Number, Player: side.player, Team: in.Teams[side.team]}
				rec.boards[b.Number-1][side.player] = row
			}
			row.Games++
			row.Points += side.points
			row.AdiukhPoints += side.adiukh
			row.Percent = 100 * row.Points / (float64(row.Games) * in.Scoring.Game.Win)
		}
	}
	return homeGP, awayGP, nil
}

// rankBoards orders the players of each board by points, then by
// percentage (the same points from fewer games), then by Adiukh points;
// players equal on all three share the place.
func rankBoards(boards []map[int]*BoardRow) [][]BoardRow {
	out := make([][]BoardRow, len(boards))
	for b, players := range boards {
		rows := make([]BoardRow, 0, len(players))
		for _, row := range players {
			rows = append(rows, *row)
		}
		better := func(x, y BoardRow) int {
			switch {
			case x.Points != y.Points:
				return cmpDesc(x.Points, y.Points)
			case x.Percent != y.Percent:
				return cmpDesc(x.Percent, y.Percent)
			}
			return cmpDesc(float64(x.AdiukhPoints), float64(y.AdiukhPoints))
		}
		slices.SortFunc(rows, func(x, y BoardRow) int {
			if c := better(x, y); c != 0 {
				return c
			}
			return x.Player - y.Player
		})
		for i := 0; i < len(rows); {
			j := i + 1
			for j < len(rows) && better(rows[i], rows[j]) == 0 {
				j++
			}
			for k := i; k < j; k++ {
				rows[k].Rank, rows[k].RankLast = i+1, j
			}
			i = j
		}
		out[b] = rows
	}
	return out
}

func cmpDesc(a, b float64) int {
	switch {
	case a > b:
		return -1
	case a < b:
		return 1
	}
	return 0
}
